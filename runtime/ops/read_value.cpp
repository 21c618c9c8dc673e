// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/read_value.hpp"

#include <cstring>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

namespace v3 {

ReadValue::ReadValue(const Output<Node>& init_value, const std::string& variable_id)
    : ReadValueBase({init_value}), m_variable_id(variable_id) {
    constructor_validate_and_infer_types();
}

void ReadValue::validate_and_infer_types() {
    OPENVINO_ASSERT(get_input_size() == 1, devmux::ref::describe(*this), ": expects 1 input (init_value), got ",
                    get_input_size());
    const auto& type = get_input_element_type(0);
    const auto& shape = get_input_partial_shape(0);
    // v3 owns its variable; it describes the initial value and is found by the Assign of the same id.
    const util::VariableInfo info{shape, type, m_variable_id};
    if (!m_variable)
        m_variable = std::make_shared<util::Variable>(info);
    else
        m_variable->update(info);
    set_output_type(0, type, shape);
}

std::shared_ptr<Node> ReadValue::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<ReadValue>(new_args[0], m_variable_id);
}

bool ReadValue::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("variable_id", m_variable_id);
    return true;
}

bool ReadValue::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 1, devmux::ref::describe(*this), ": evaluate() expects 1 input, got ",
                    inputs.size());
    devmux::ref::copy_to_output(inputs[0], outputs, 0);
    return true;
}

}  // namespace v3

namespace v6 {

ReadValue::ReadValue(const Output<Node>& init_value, const std::shared_ptr<util::Variable>& variable)
    : ReadValueBase({init_value}) {
    OPENVINO_ASSERT(variable, devmux::ref::describe(*this), ": the variable is null");
    m_variable = variable;
    constructor_validate_and_infer_types();
}

ReadValue::ReadValue(const std::shared_ptr<util::Variable>& variable) {
    OPENVINO_ASSERT(variable, devmux::ref::describe(*this), ": the variable is null");
    m_variable = variable;
    constructor_validate_and_infer_types();
}

void ReadValue::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() <= 1, name, ": expects at most 1 input (init_value), got ", get_input_size());
    if (!m_variable) {
        // Not bound yet (IR reader): the initial value decides until set_variable().
        if (get_input_size() == 1)
            set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
        else
            set_output_type(0, element::dynamic, PartialShape::dynamic());
        return;
    }
    auto info = m_variable->get_info();
    if (get_input_size() == 1) {
        const auto& type = get_input_element_type(0);
        const auto& shape = get_input_partial_shape(0);
        if (!info.data_type.is_static()) {
            // A variable created from an id alone takes the type and shape of its initial value.
            info.data_type = type;
            info.data_shape = shape;
            m_variable->update(info);
        } else {
            OPENVINO_ASSERT(type.is_dynamic() || type == info.data_type, name, ": initial value of type ", type,
                            " does not match variable '", info.variable_id, "' of type ", info.data_type);
            OPENVINO_ASSERT(shape.compatible(info.data_shape), name, ": initial value of shape ", shape,
                            " does not match variable '", info.variable_id, "' of shape ", info.data_shape);
        }
    }
    set_output_type(0, info.data_type.is_static() ? info.data_type : element::dynamic, info.data_shape);
}

std::shared_ptr<Node> ReadValue::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() <= 1, devmux::ref::describe(*this), ": expects at most 1 input, got ",
                    new_args.size());
    auto copy = std::make_shared<ReadValue>();
    copy->m_variable = m_variable;
    copy->m_variable_id = m_variable_id;
    copy->set_arguments(new_args);
    copy->validate_and_infer_types();
    return copy;
}

bool ReadValue::visit_attributes(AttributeVisitor& visitor) {
    const std::string current = m_variable ? m_variable->get_info().variable_id : m_variable_id;
    std::string id = current;
    visitor.on_attribute("variable_id", id);
    if (id != current) {
        // The bound variable belongs to another id; the reader binds the right one with set_variable().
        m_variable.reset();
        m_variable_id = id;
    }
    return true;
}

void ReadValue::set_variable(const std::shared_ptr<util::Variable>& variable) {
    m_variable = variable;
    if (variable)
        m_variable_id = variable->get_info().variable_id;
    if (get_input_size() <= 1)
        validate_and_infer_types();
}

std::string ReadValue::get_variable_id() const {
    if (m_variable)
        return m_variable->get_info().variable_id;
    OPENVINO_ASSERT(!m_variable_id.empty(), devmux::ref::describe(*this), ": has no variable and no variable_id");
    return m_variable_id;
}

bool ReadValue::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    if (inputs.size() == 1) {
        devmux::ref::copy_to_output(inputs[0], outputs, 0);
        return true;
    }
    OPENVINO_ASSERT(inputs.empty(), name, ": evaluate() expects at most 1 input, got ", inputs.size());
    // Without an initial value the variable starts as zeros of its declared type and shape.
    OPENVINO_ASSERT(m_variable && m_variable->get_info().data_type.is_static() &&
                        m_variable->get_info().data_shape.is_static(),
                    name, ": without an initial value the variable needs a static type and shape");
    const auto& info = m_variable->get_info();
    auto& out = devmux::ref::prepare_output(outputs, 0, info.data_type, info.data_shape.to_shape());
    if (out.get_byte_size() != 0)
        std::memset(out.data(), 0, out.get_byte_size());
    return true;
}

}  // namespace v6
}  // namespace op
}  // namespace ov

