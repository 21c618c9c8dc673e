// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/arithmetic_reductions_keep_dims.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Sum of the elements along the given axes (ReduceSum-1).
class ReduceSum : public util::ArithmeticReductionKeepDims {
public:
    OPENVINO_OP("ReduceSum", "opset1", util::ArithmeticReductionKeepDims);

    ReduceSum() = default;
    /// @param arg            The data.
    /// @param reduction_axes The axes to reduce: integer scalar or 1-D tensor, negative values count from the end.
    /// @param keep_dims      Keep each reduced axis as an axis of size 1.
    ReduceSum(const Output<Node>& arg, const Output<Node>& reduction_axes, bool keep_dims = false);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
