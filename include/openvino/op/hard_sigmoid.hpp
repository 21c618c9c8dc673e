// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Element-wise max(0, min(1, alpha * x + beta)), where alpha and beta are one-element inputs of the
/// data's type. Evaluates real types.
class HardSigmoid : public Op {
public:
    OPENVINO_OP("HardSigmoid", "opset1", Op);

    HardSigmoid() = default;
    /// @param data The input.
    /// @param alpha One-element tensor: the slope.
    /// @param beta One-element tensor: the offset.
    HardSigmoid(const Output<Node>& data, const Output<Node>& alpha, const Output<Node>& beta);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
