// SPDX-License-Identifier: Apache-2.0
// Power with a negative base: defined for whole exponents (the sign follows the exponent's parity), which a GPU's
// pow (exp2(b * log2(a))) is not, so a kernel must handle the sign itself. YOLO exports square and cube values
// through Power with a constant exponent.

#include "case_builders.hpp"

#include "openvino/op/power.hpp"

namespace {

using namespace conformance;
using namespace conformance::case_builders;

DEVMUX_CONFORMANCE_CASES(cases) {
    for (const double exponent : {2.0, 3.0, -1.0, 0.0}) {
        const std::string name = "Power_negative_base_exponent_" + std::to_string(static_cast<int>(exponent));
        cases.push_back({name, "Power", reals,
                         [exponent](const Type& t) {
                             auto x = par(t, {2, 3, 8});
                             auto e = v0::Constant::create(t, ov::Shape{}, std::vector<double>{exponent});
                             return model_of(std::make_shared<v1::Power>(x, e), {x});
                         },
                         {{-3, 3}}});
    }
}

}  // namespace
