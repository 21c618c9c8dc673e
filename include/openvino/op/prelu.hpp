// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Parametric ReLU: x < 0 ? x * slope : x, per element.
///
/// The slope broadcasts to the data with numpy rules, except that a 1-D slope whose length equals the
/// channel dimension (axis 1; axis 0 for 1-D data) applies per channel, as in OpenVINO. The output has the
/// data's element type and shape; the slope may have another numeric type (f16 data with an f32 slope
/// occurs in real FP16 IRs) and is converted to the data's type for the product.
class PRelu : public Op {
public:
    OPENVINO_OP("PRelu", "opset1", Op);

    PRelu() = default;
    /// @param data The input.
    /// @param slope Negative slope.
    PRelu(const Output<Node>& data, const Output<Node>& slope);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
