// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v4 {

/// @brief Element-wise Swish x * sigmoid(beta * x), with beta 1 unless the optional second input gives it
/// (a scalar of the data's type). Evaluates real types.
class Swish : public Op {
public:
    OPENVINO_OP("Swish", "opset4", Op);

    Swish() = default;
    /// @param arg The input.
    explicit Swish(const Output<Node>& arg);
    /// @param arg The input.
    /// @param beta The scalar beta.
    Swish(const Output<Node>& arg, const Output<Node>& beta);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v4
}  // namespace op
}  // namespace ov
