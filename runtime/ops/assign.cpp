// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/assign.hpp"

#include <deque>
#include <unordered_set>

#include "openvino/op/read_value.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {

namespace {

// Checks new_value against a bound variable, or gives a variable without a type the value's type and shape.
void check_or_fill_variable(const Node& node, util::Variable& variable) {
    const auto name = devmux::ref::describe(node);
    auto info = variable.get_info();
    const auto& type = node.get_input_element_type(0);
    const auto& shape = node.get_input_partial_shape(0);
    if (!info.data_type.is_static()) {
        info.data_type = type;
        info.data_shape = shape;
        variable.update(info);
        return;
    }
    OPENVINO_ASSERT(type.is_dynamic() || type == info.data_type, name, ": value of type ", type,
                    " does not match variable '", info.variable_id, "' of type ", info.data_type);
    OPENVINO_ASSERT(shape.compatible(info.data_shape), name, ": value of shape ", shape, " does not match variable '",
                    info.variable_id, "' of shape ", info.data_shape);
}

}  // namespace

namespace v3 {

Assign::Assign(const Output<Node>& new_value, const std::string& variable_id)
    : AssignBase({new_value}), m_variable_id(variable_id) {
    constructor_validate_and_infer_types();
}

void Assign::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 1, name, ": expects 1 input (new_value), got ", get_input_size());
    // The variable is created by the ReadValue v3 of the same id among this op's producers; searched on
    // every validation because the input may have been reconnected.
    std::deque<Node*> queue{get_input_node_ptr(0)};
    std::unordered_set<Node*> seen{queue.front()};
    std::shared_ptr<util::Variable> found;
    while (!queue.empty() && !found) {
        Node* node = queue.front();
        queue.pop_front();
        if (auto* read = as_type<v3::ReadValue>(node)) {
            if (read->get_variable_id() == m_variable_id)
                found = read->get_variable();
        }
        for (size_t i = 0; i < node->get_input_size(); ++i)
            if (seen.insert(node->get_input_node_ptr(i)).second)
                queue.push_back(node->get_input_node_ptr(i));
    }
    OPENVINO_ASSERT(found, name, ": no ReadValue with variable_id '", m_variable_id,
                    "' among the producers of its input");
    m_variable = found;
    check_or_fill_variable(*this, *m_variable);
    set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
}

std::shared_ptr<Node> Assign::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", new_args.size());
    return std::make_shared<Assign>(new_args[0], m_variable_id);
}

bool Assign::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("variable_id", m_variable_id);
    return true;
}

bool Assign::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 1, devmux::ref::describe(*this), ": evaluate() expects 1 input, got ",
                    inputs.size());
    devmux::ref::copy_to_output(inputs[0], outputs, 0);
    return true;
}

}  // namespace v3

namespace v6 {

Assign::Assign(const Output<Node>& new_value, const std::shared_ptr<util::Variable>& variable)
    : AssignBase({new_value}) {
    OPENVINO_ASSERT(variable, devmux::ref::describe(*this), ": the variable is null");
    m_variable = variable;
    constructor_validate_and_infer_types();
}

void Assign::validate_and_infer_types() {
    OPENVINO_ASSERT(get_input_size() == 1, devmux::ref::describe(*this), ": expects 1 input (new_value), got ",
                    get_input_size());
    if (m_variable)
        check_or_fill_variable(*this, *m_variable);
    set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
}

std::shared_ptr<Node> Assign::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 1, devmux::ref::describe(*this), ": expects 1 input, got ", new_args.size());
    auto copy = std::make_shared<Assign>();
    copy->m_variable = m_variable;
    copy->m_variable_id = m_variable_id;
    copy->set_arguments(new_args);
    copy->validate_and_infer_types();
    return copy;
}

bool Assign::visit_attributes(AttributeVisitor& visitor) {
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

void Assign::set_variable(const std::shared_ptr<util::Variable>& variable) {
    m_variable = variable;
    if (variable)
        m_variable_id = variable->get_info().variable_id;
    if (get_input_size() == 1)
        validate_and_infer_types();
}

std::string Assign::get_variable_id() const {
    if (m_variable)
        return m_variable->get_info().variable_id;
    OPENVINO_ASSERT(!m_variable_id.empty(), devmux::ref::describe(*this), ": has no variable and no variable_id");
    return m_variable_id;
}

bool Assign::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 1, devmux::ref::describe(*this), ": evaluate() expects 1 input, got ",
                    inputs.size());
    devmux::ref::copy_to_output(inputs[0], outputs, 0);
    return true;
}

}  // namespace v6
}  // namespace op
}  // namespace ov

