// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Adaptive average pooling (AdaptiveAvgPool-8): data `[N, C, X1, ... Xf]` (f = 1 to 3) is averaged over
/// bins [floor(i * X / Y), ceil((i + 1) * X / Y)) into the spatial output sizes Y given by a 1-D integer input.
class AdaptiveAvgPool : public Op {
public:
    OPENVINO_OP("AdaptiveAvgPool", "opset8", Op);

    AdaptiveAvgPool() = default;
    /// @param output_shape 1-D integer tensor of the f spatial output sizes.
    AdaptiveAvgPool(const Output<Node>& data, const Output<Node>& output_shape);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
