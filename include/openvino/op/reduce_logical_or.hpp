// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/logical_reduction_keep_dims.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief True where any element along the given axes is true (ReduceLogicalOr-1); boolean data.
class ReduceLogicalOr : public util::LogicalReductionKeepDims {
public:
    OPENVINO_OP("ReduceLogicalOr", "opset1", util::LogicalReductionKeepDims);

    ReduceLogicalOr() = default;
    /// @param arg            The data.
    /// @param reduction_axes The axes to reduce: integer scalar or 1-D tensor, negative values count from the end.
    /// @param keep_dims      Keep each reduced axis as an axis of size 1.
    ReduceLogicalOr(const Output<Node>& arg, const Output<Node>& reduction_axes, bool keep_dims = false);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
