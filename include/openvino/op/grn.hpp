// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Global response normalisation (GRN-1): x / sqrt(bias + sum over channels of x^2), for inputs of
/// rank 2 to 4 with channels on axis 1.
class GRN : public Op {
public:
    OPENVINO_OP("GRN", "opset1", Op);

    GRN() = default;
    /// @param bias Added to the sum of squares (IR "bias").
    GRN(const Output<Node>& data, float bias);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    float get_bias() const { return m_bias; }

private:
    float m_bias = 1.0f;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
