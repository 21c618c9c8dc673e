// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/util/scatter_base.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief A copy of data whose slices along axis at the given indices are replaced by updates
/// (ScatterUpdate-3).
class ScatterUpdate : public util::ScatterBase {
public:
    OPENVINO_OP("ScatterUpdate", "opset3", util::ScatterBase);
    ScatterUpdate() = default;
    /// @param inputs  The tensor to copy and update
    /// @param indices Integer tensor of positions along the axis (negative counts from the end)
    /// @param updates The new slices: shape data[:axis] + indices + data[axis+1:]
    /// @param axis    Integer scalar: the axis (negative counts from the end)
    ScatterUpdate(const Output<Node>& inputs, const Output<Node>& indices, const Output<Node>& updates,
                  const Output<Node>& axis);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
