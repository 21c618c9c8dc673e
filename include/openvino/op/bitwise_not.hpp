// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v13 {

/// @brief Element-wise bitwise complement of an integer input (logical negation of a boolean one).
class BitwiseNot : public Op {
public:
    OPENVINO_OP("BitwiseNot", "opset13", Op);

    BitwiseNot() = default;
    /// @param arg The input.
    explicit BitwiseNot(const Output<Node>& arg);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v13
}  // namespace op
}  // namespace ov
