// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/util/scatter_nd_base.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief A copy of data with the slices addressed by the tuples of indices replaced by updates
/// (ScatterNDUpdate-3).
class ScatterNDUpdate : public util::ScatterNDBase {
public:
    OPENVINO_OP("ScatterNDUpdate", "opset4", util::ScatterNDBase);
    ScatterNDUpdate() = default;
    /// @param inputs  The tensor to copy and update
    /// @param indices Integer tensor whose last axis holds coordinates into inputs (negative counts from the end)
    /// @param updates The new slices: shape indices[:-1] + inputs[indices.shape[-1]:]
    ScatterNDUpdate(const Output<Node>& inputs, const Output<Node>& indices, const Output<Node>& updates);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
