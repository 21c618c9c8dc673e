// SPDX-License-Identifier: Apache-2.0
// The table of single-op cases: every op type devmux implements, over representative attributes and
// shapes, each for the element types it is defined for. A device claims a case when query_model on its
// model reports every operation node.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "openvino/openvino.hpp"

namespace conformance {

struct Range {
    double lo, hi;
};

struct OpCase {
    std::string name;                      // op type and parameters, e.g. "Convolution_k3_s2_p1"
    std::string op;                        // the op type under test (the tolerance table's key)
    std::vector<ov::element::Type> types;  // the element types the case is built for
    std::function<std::shared_ptr<ov::Model>(const ov::element::Type&)> build;
    std::vector<Range> ranges{};           // per model input; missing ones use the default range of the type
    bool accumulates = false;              // sums many terms: the looser tolerance (summation order differs)
};

/// Every case, in a stable order (their addresses stay valid for the process).
const std::vector<OpCase>& op_cases();

/// The largest normalised error accepted for a case's op at element type type.
double tolerance(const OpCase& c, const ov::element::Type& type);

}  // namespace conformance
