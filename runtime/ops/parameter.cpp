// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/parameter.hpp"


namespace ov {
namespace op {
namespace v0 {

Parameter::Parameter(const element::Type& element_type, const PartialShape& pshape)
    : m_partial_shape(pshape), m_element_type(element_type) {
    constructor_validate_and_infer_types();
}

void Parameter::validate_and_infer_types() { set_output_type(0, m_element_type, m_partial_shape); }

bool Parameter::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("shape", m_partial_shape);
    visitor.on_attribute("element_type", m_element_type);
    return true;
}

std::shared_ptr<Node> Parameter::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.empty(), "Parameter '", get_friendly_name(), "' takes no inputs");
    return std::make_shared<Parameter>(m_element_type, m_partial_shape);
}

}  // namespace v0
}  // namespace op
}  // namespace ov

