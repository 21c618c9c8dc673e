// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Splits a tensor along an axis into parts of the given lengths.
///
/// Inputs: data, axis (integer scalar, negative counts from the end) and split_lengths (1-D integer; one
/// entry may be -1, standing for what the others leave). There is one output per split_lengths entry.
class VariadicSplit : public Op {
public:
    OPENVINO_OP("VariadicSplit", "opset1", Op);
    VariadicSplit() = default;
    /// @brief Splits data along axis into parts of split_lengths elements.
    VariadicSplit(const Output<Node>& data, const Output<Node>& axis, const Output<Node>& split_lengths);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
};

}  // namespace v1
}  // namespace op
}  // namespace ov
