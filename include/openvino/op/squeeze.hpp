// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Removes dimensions of size 1: those listed by the axes input, or all of them without one.
class Squeeze : public Op {
public:
    OPENVINO_OP("Squeeze", "opset1", Op);
    Squeeze() = default;
    /// @brief Removes the listed axes (0-D or 1-D integer tensor; negative values count from the end).
    Squeeze(const Output<Node>& data, const Output<Node>& axes);
    /// @brief Removes every dimension of size 1.
    explicit Squeeze(const Output<Node>& data);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
};

}  // namespace v0
}  // namespace op
}  // namespace ov
