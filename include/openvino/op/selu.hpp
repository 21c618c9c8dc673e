// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Element-wise scaled exponential linear unit lambda * (x > 0 ? x : alpha * (e^x - 1)), where alpha
/// and lambda are one-element inputs of the data's type. Evaluates real types.
class Selu : public Op {
public:
    OPENVINO_OP("Selu", "opset1", Op);

    Selu() = default;
    /// @param data The input.
    /// @param alpha One-element tensor: the scale of the negative branch.
    /// @param lambda One-element tensor: the scale of the result.
    Selu(const Output<Node>& data, const Output<Node>& alpha, const Output<Node>& lambda);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
