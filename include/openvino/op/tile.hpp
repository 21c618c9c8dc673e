// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Repeats a tensor along each axis: output extent = input extent * repeats.
///
/// When repeats has more entries than data has axes, data gets leading axes of extent 1; when it has fewer,
/// repeats gets leading 1s.
class Tile : public Op {
public:
    OPENVINO_OP("Tile", "opset1", Op);
    Tile() = default;
    /// @brief Tiles data by the 1-D integer tensor repeats.
    Tile(const Output<Node>& data, const Output<Node>& repeats);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
};

}  // namespace v0
}  // namespace op
}  // namespace ov
