// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/reduction_base.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base of the arithmetic reductions (sum, product, mean, max, ...).
class ArithmeticReduction : public ReductionBase {
protected:
    ArithmeticReduction() = default;
    ArithmeticReduction(const Output<Node>& arg, const Output<Node>& reduction_axes)
        : ReductionBase(arg, reduction_axes) {}

public:
    OPENVINO_OP("ArithmeticReduction", "util", ReductionBase);
    void validate_and_infer_types() override;
};

}  // namespace util
}  // namespace op
}  // namespace ov
