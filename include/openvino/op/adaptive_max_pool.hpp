// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Adaptive max pooling (AdaptiveMaxPool-8): the bins of AdaptiveAvgPool-8, taking the maximum. Output 0
/// holds the maxima, output 1 their indices within each channel's flattened spatial input (index_element_type).
class AdaptiveMaxPool : public Op {
public:
    OPENVINO_OP("AdaptiveMaxPool", "opset8", Op);

    AdaptiveMaxPool() = default;
    /// @param output_shape       1-D integer tensor of the f spatial output sizes.
    /// @param index_element_type i32 or i64 (IR "index_element_type").
    AdaptiveMaxPool(const Output<Node>& data, const Output<Node>& output_shape,
                    const element::Type& index_element_type = element::i64);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const element::Type& get_index_element_type() const { return m_index_element_type; }
    void set_index_element_type(const element::Type& type) { m_index_element_type = type; }

private:
    element::Type m_index_element_type = element::i64;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
