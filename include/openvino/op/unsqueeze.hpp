// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Inserts dimensions of size 1 at the positions the axes input lists (positions in the output).
class Unsqueeze : public Op {
public:
    OPENVINO_OP("Unsqueeze", "opset1", Op);
    Unsqueeze() = default;
    /// @brief axes: 0-D or 1-D integer tensor of output positions; negative values count from the end.
    Unsqueeze(const Output<Node>& data, const Output<Node>& axes);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
};

}  // namespace v0
}  // namespace op
}  // namespace ov
