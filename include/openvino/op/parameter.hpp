// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/core/layout.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief A model input.
class Parameter : public Op {
public:
    OPENVINO_OP("Parameter", "opset1", Op);
    Parameter() = default;
    Parameter(const element::Type& element_type, const PartialShape& pshape);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;

    const PartialShape& get_partial_shape() const { return m_partial_shape; }
    void set_partial_shape(const PartialShape& shape) { m_partial_shape = shape; }
    const element::Type& get_element_type() const { return m_element_type; }
    void set_element_type(const element::Type& type) { m_element_type = type; }
    /// @brief The layout set on this input (ov::layout::get_layout of its output).
    Layout get_layout() const;
    void set_layout(const Layout& layout);

private:
    PartialShape m_partial_shape;
    element::Type m_element_type;
};

}  // namespace v0
}  // namespace op

using ParameterVector = std::vector<std::shared_ptr<op::v0::Parameter>>;

}  // namespace ov
