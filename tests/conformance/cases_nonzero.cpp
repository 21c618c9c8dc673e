// SPDX-License-Identifier: Apache-2.0
// Conformance cases of NonZero-3. Its output width is the number of non-zero values, known only at run time:
// devices that compile static shapes only refuse these cases (docs/api-differences.md), and the
// query-equals-compile check is what they assert there; its values are checked against independent numbers in
// cases_spec_examples.cpp. Integer inputs in [-1, 1] hold about a third zeros; real inputs pass through Relu,
// which zeroes about half of them.
#include "case_builders.hpp"
#include "openvino/op/non_zero.hpp"
#include "openvino/op/relu.hpp"

namespace conformance {
namespace {

using namespace case_builders;

OpCase non_zero(const std::string& name, const ov::Shape& shape, const Type& index_type, bool through_relu) {
    return {"NonZero_" + name, "NonZero", through_relu ? reals : numbers, [=](const Type& t) {
                auto x = par(t, shape);
                ov::Output<ov::Node> data = x;
                if (through_relu)
                    data = std::make_shared<v0::Relu>(x);
                return model_of(std::make_shared<v3::NonZero>(data, index_type), {x});
            },
            {Range{-1, 1}}};
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    cases.push_back(non_zero("2x3x4_i64", {2, 3, 4}, ov::element::i64, false));
    cases.push_back(non_zero("7_i32", {7}, i32, false));
    cases.push_back(non_zero("relu_3x5", {3, 5}, ov::element::i64, true));
}

}  // namespace conformance
