// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Element-wise conversion to destination_type.
///
/// Real to integer truncates towards zero (as OpenVINO's reference Convert does: 2.7 -> 2, -2.7 -> -2);
/// devmux also saturates values outside the destination range and maps NaN to 0, where OpenVINO leaves
/// the result undefined. Integer to narrower integer wraps modulo 2^N. To boolean gives value != 0.
/// Real to f16/bf16 rounds to nearest even.
class Convert : public Op {
public:
    OPENVINO_OP("Convert", "opset1", Op);

    Convert() = default;
    /// @param arg The input.
    /// @param destination_type Output element type (IR attribute "destination_type").
    Convert(const Output<Node>& arg, const ov::element::Type& destination_type);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const element::Type& get_destination_type() const { return m_destination_type; }
    void set_destination_type(const element::Type& destination_type) { m_destination_type = destination_type; }
    const element::Type& get_convert_element_type() const { return m_destination_type; }
    void set_convert_element_type(const element::Type& destination_type) { m_destination_type = destination_type; }

private:
    element::Type m_destination_type;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
