// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/arithmetic_reductions_keep_dims.hpp"

namespace ov {
namespace op {
namespace v4 {

/// @brief Square root of the sum of squares of the elements along the given axes (ReduceL2-4).
class ReduceL2 : public util::ArithmeticReductionKeepDims {
public:
    OPENVINO_OP("ReduceL2", "opset4", util::ArithmeticReductionKeepDims);

    ReduceL2() = default;
    /// @param arg            The data.
    /// @param reduction_axes The axes to reduce: integer scalar or 1-D tensor, negative values count from the end.
    /// @param keep_dims      Keep each reduced axis as an axis of size 1.
    ReduceL2(const Output<Node>& arg, const Output<Node>& reduction_axes, bool keep_dims = false);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v4
}  // namespace op
}  // namespace ov
