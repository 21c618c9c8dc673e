// SPDX-License-Identifier: Apache-2.0
#include "openvino/core/node.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "openvino/op/constant.hpp"

namespace ov {

// ---- DiscreteTypeInfo ----

bool DiscreteTypeInfo::operator==(const DiscreteTypeInfo& o) const {
    auto same = [](const char* a, const char* b) { return a == b || (a && b && std::strcmp(a, b) == 0); };
    return same(name, o.name) && same(version_id, o.version_id);
}

bool DiscreteTypeInfo::operator<(const DiscreteTypeInfo& o) const {
    const int by_name = std::strcmp(name ? name : "", o.name ? o.name : "");
    if (by_name != 0)
        return by_name < 0;
    return std::strcmp(version_id ? version_id : "", o.version_id ? o.version_id : "") < 0;
}

bool DiscreteTypeInfo::is_castable(const DiscreteTypeInfo& target) const {
    for (const DiscreteTypeInfo* info = this; info; info = info->parent)
        if (*info == target)
            return true;
    return false;
}

std::ostream& operator<<(std::ostream& os, const DiscreteTypeInfo& info) {
    return os << (info.name ? info.name : "?") << "-" << (info.version_id ? info.version_id : "");
}

// ---- descriptor::Tensor ----

const std::string& descriptor::Tensor::get_any_name() const {
    OPENVINO_ASSERT(!m_names.empty(), "Attempt to get a name for a tensor that has no names");
    return *std::min_element(m_names.begin(), m_names.end());
}

// ---- Node ----

namespace {
std::atomic<size_t> next_instance_id{0};
}

Node::Node() : m_instance_id(next_instance_id++) {}

Node::Node(const OutputVector& arguments, size_t output_size) : Node() {
    set_arguments(arguments);
    set_output_size(output_size);
}

Node::~Node() {
    for (size_t i = 0; i < m_inputs.size(); ++i)
        disconnect(i);
}

void Node::connect(size_t input_index, const Output<Node>& source) {
    // No virtual calls here: this runs inside Node's constructor, before the op's type exists.
    OPENVINO_ASSERT(source.get_node(), "Input ", input_index, " is connected to no node");
    OPENVINO_ASSERT(source.get_index() < source.get_node()->get_output_size(), "Input ", input_index, " reads output ",
                    source.get_index(), " of ", *source.get_node(), ", which has ",
                    source.get_node()->get_output_size(), " outputs");
    disconnect(input_index);
    auto& slot = m_inputs[input_index];
    slot.source = source.get_node_shared_ptr();
    slot.source_index = source.get_index();
    slot.source->m_outputs[slot.source_index].targets.insert({this, input_index});
}

void Node::disconnect(size_t input_index) {
    auto& slot = m_inputs[input_index];
    if (slot.source)
        slot.source->m_outputs[slot.source_index].targets.erase({this, input_index});
    slot.source.reset();
}

void Node::set_argument(size_t i, const Output<Node>& argument) {
    if (i >= m_inputs.size())
        m_inputs.resize(i + 1);
    connect(i, argument);
}

void Node::set_arguments(const OutputVector& arguments) {
    for (size_t i = 0; i < m_inputs.size(); ++i)
        disconnect(i);
    m_inputs.clear();
    m_inputs.resize(arguments.size());
    for (size_t i = 0; i < arguments.size(); ++i)
        connect(i, arguments[i]);
}

void Node::set_output_size(size_t n) {
    const size_t old = m_outputs.size();
    m_outputs.resize(n);
    for (size_t i = old; i < n; ++i)
        m_outputs[i].tensor = std::make_shared<descriptor::Tensor>(element::dynamic, PartialShape::dynamic());
}

void Node::set_output_type(size_t i, const element::Type& type, const PartialShape& shape) {
    if (i >= m_outputs.size())
        set_output_size(i + 1);
    m_outputs[i].tensor->set_type_and_shape(type, shape);
}

void Node::share_output_tensor(size_t i, const std::shared_ptr<descriptor::Tensor>& tensor) {
    if (i >= m_outputs.size())
        set_output_size(i + 1);
    m_outputs[i].tensor = tensor;
}

Node::InputSlot& Node::input_slot(size_t i) {
    OPENVINO_ASSERT(i < m_inputs.size(), get_type_name(), " '", get_friendly_name(), "' has no input ", i);
    return m_inputs[i];
}

Node::OutputSlot& Node::output_slot(size_t i) {
    OPENVINO_ASSERT(i < m_outputs.size(), get_type_name(), " '", get_friendly_name(), "' has no output ", i);
    return m_outputs[i];
}

const Node::OutputSlot& Node::output_slot(size_t i) const {
    OPENVINO_ASSERT(i < m_outputs.size(), get_type_name(), " '", get_friendly_name(), "' has no output ", i);
    return m_outputs[i];
}

const std::string& Node::get_name() const {
    if (m_unique_name.empty())
        m_unique_name = std::string(get_type_name()) + "_" + std::to_string(m_instance_id);
    return m_unique_name;
}

const std::string& Node::get_friendly_name() const { return m_friendly_name.empty() ? get_name() : m_friendly_name; }

bool Node::evaluate(TensorVector&, const TensorVector&) const { return false; }

bool Node::constant_fold(OutputVector& output_values, const OutputVector& input_values) {
    if (!has_evaluate() || get_output_size() == 0)
        return false;
    TensorVector inputs;
    for (const auto& value : input_values) {
        auto constant = as_type_ptr<op::v0::Constant>(value.get_node_shared_ptr());
        if (!constant)
            return false;
        inputs.push_back(constant->get_tensor_view());
    }
    TensorVector outputs;
    for (size_t i = 0; i < get_output_size(); ++i) {
        const auto& shape = get_output_partial_shape(i);
        const auto& type = get_output_element_type(i);
        if (!shape.is_static() || !type.is_static())
            return false;
        outputs.emplace_back(type, shape.to_shape());
    }
    if (!evaluate(outputs, inputs))
        return false;
    output_values.clear();
    for (auto& tensor : outputs)
        output_values.push_back(std::make_shared<op::v0::Constant>(tensor));
    return true;
}

std::shared_ptr<Node> Node::copy_with_new_inputs(const OutputVector& new_args) const {
    auto copy = clone_with_new_inputs(new_args);
    copy->m_friendly_name = get_friendly_name();
    copy->m_rt_info = m_rt_info;
    for (size_t i = 0; i < std::min(get_output_size(), copy->get_output_size()); ++i) {
        copy->m_outputs[i].tensor->set_names(m_outputs[i].tensor->get_names());
        copy->m_outputs[i].rt_info = m_outputs[i].rt_info;
    }
    for (size_t i = 0; i < std::min(get_input_size(), copy->get_input_size()); ++i)
        copy->m_inputs[i].rt_info = m_inputs[i].rt_info;
    return copy;
}

Input<Node> Node::input(size_t i) {
    input_slot(i);
    return Input<Node>(this, i);
}
Input<const Node> Node::input(size_t i) const {
    OPENVINO_ASSERT(i < m_inputs.size(), get_type_name(), " '", get_friendly_name(), "' has no input ", i);
    return Input<const Node>(this, i);
}
Output<Node> Node::output(size_t i) {
    output_slot(i);
    return Output<Node>(this, i);
}
Output<const Node> Node::output(size_t i) const {
    output_slot(i);
    return Output<const Node>(this, i);
}
std::vector<Input<Node>> Node::inputs() {
    std::vector<Input<Node>> v;
    for (size_t i = 0; i < m_inputs.size(); ++i)
        v.emplace_back(this, i);
    return v;
}
std::vector<Input<const Node>> Node::inputs() const {
    std::vector<Input<const Node>> v;
    for (size_t i = 0; i < m_inputs.size(); ++i)
        v.emplace_back(this, i);
    return v;
}
std::vector<Output<Node>> Node::outputs() {
    std::vector<Output<Node>> v;
    for (size_t i = 0; i < m_outputs.size(); ++i)
        v.emplace_back(this, i);
    return v;
}
std::vector<Output<const Node>> Node::outputs() const {
    std::vector<Output<const Node>> v;
    for (size_t i = 0; i < m_outputs.size(); ++i)
        v.emplace_back(this, i);
    return v;
}

Output<Node> Node::input_value(size_t i) const {
    OPENVINO_ASSERT(i < m_inputs.size(), get_type_name(), " '", get_friendly_name(), "' has no input ", i);
    const auto& slot = m_inputs[i];
    OPENVINO_ASSERT(slot.source, "Input ", i, " of ", get_type_name(), " '", get_friendly_name(), "' is not connected");
    return Output<Node>(slot.source, slot.source_index);
}

OutputVector Node::input_values() const {
    OutputVector v;
    for (size_t i = 0; i < m_inputs.size(); ++i)
        v.push_back(input_value(i));
    return v;
}

std::shared_ptr<Node> Node::get_input_node_shared_ptr(size_t i) const { return input_value(i).get_node_shared_ptr(); }
Node* Node::get_input_node_ptr(size_t i) const { return input_value(i).get_node(); }

const element::Type& Node::get_input_element_type(size_t i) const {
    const auto& slot = m_inputs.at(i);
    OPENVINO_ASSERT(slot.source, "Input ", i, " of ", get_type_name(), " '", get_friendly_name(), "' is not connected");
    return slot.source->m_outputs[slot.source_index].tensor->get_element_type();
}
const PartialShape& Node::get_input_partial_shape(size_t i) const {
    const auto& slot = m_inputs.at(i);
    OPENVINO_ASSERT(slot.source, "Input ", i, " of ", get_type_name(), " '", get_friendly_name(), "' is not connected");
    return slot.source->m_outputs[slot.source_index].tensor->get_partial_shape();
}
Shape Node::get_input_shape(size_t i) const { return get_input_partial_shape(i).to_shape(); }
const element::Type& Node::get_output_element_type(size_t i) const { return output_slot(i).tensor->get_element_type(); }
const PartialShape& Node::get_output_partial_shape(size_t i) const { return output_slot(i).tensor->get_partial_shape(); }
Shape Node::get_output_shape(size_t i) const { return get_output_partial_shape(i).to_shape(); }

const element::Type& Node::get_element_type() const {
    OPENVINO_ASSERT(get_output_size() == 1, get_type_name(), " '", get_friendly_name(), "' has ", get_output_size(),
                    " outputs; get_element_type() needs exactly one");
    return get_output_element_type(0);
}
Shape Node::get_shape() const {
    OPENVINO_ASSERT(get_output_size() == 1, get_type_name(), " '", get_friendly_name(), "' has ", get_output_size(),
                    " outputs; get_shape() needs exactly one");
    return get_output_shape(0);
}

descriptor::Tensor& Node::get_output_tensor(size_t i) const { return *output_slot(i).tensor; }

descriptor::Tensor& Node::get_input_tensor(size_t i) const { return input_value(i).get_tensor(); }

std::set<Input<Node>> Node::get_output_target_inputs(size_t i) const {
    std::set<Input<Node>> targets;
    for (const auto& t : output_slot(i).targets)
        targets.insert(Input<Node>(t.first, t.second));
    return targets;
}

NodeVector Node::get_users() const {
    NodeVector users;
    for (const auto& out : m_outputs)
        for (const auto& t : out.targets) {
            auto user = t.first->shared_from_this();
            if (std::find(users.begin(), users.end(), user) == users.end())
                users.push_back(user);
        }
    return users;
}

std::ostream& operator<<(std::ostream& os, const Node& node) {
    return os << node.get_type_name() << " '" << node.get_friendly_name() << "'";
}

// ---- Output / Input ----

template <typename NodeType>
Output<NodeType>::Output(NodeType* node, size_t index) : m_index(index) {
    if (!node)
        return;
    auto owner = node->weak_from_this().lock();
    OPENVINO_ASSERT(owner, "An output of ", *node, " was requested before the node is owned by a shared_ptr");
    m_node = std::static_pointer_cast<NodeType>(owner);
}

template <typename NodeType>
descriptor::Tensor& Output<NodeType>::get_tensor() const {
    OPENVINO_ASSERT(m_node, "The output refers to no node");
    return *const_cast<Node*>(static_cast<const Node*>(m_node.get()))->output_slot(m_index).tensor;
}

template <typename NodeType>
std::shared_ptr<descriptor::Tensor> Output<NodeType>::get_tensor_ptr() const {
    OPENVINO_ASSERT(m_node, "The output refers to no node");
    return const_cast<Node*>(static_cast<const Node*>(m_node.get()))->output_slot(m_index).tensor;
}

template <typename NodeType>
RTMap& Output<NodeType>::get_rt_info() const {
    return const_cast<Node*>(static_cast<const Node*>(m_node.get()))->output_slot(m_index).rt_info;
}

template <typename NodeType>
std::set<Input<Node>> Output<NodeType>::get_target_inputs() const {
    return m_node->get_output_target_inputs(m_index);
}

template <typename NodeType>
void Output<NodeType>::replace(const Output<Node>& replacement) const {
    for (auto& input : get_target_inputs())
        if (input.get_node() != replacement.get_node())
            input.replace_source_output(replacement);
}

template <typename NodeType>
Output<Node> Input<NodeType>::get_source_output() const {
    return m_node->input_value(m_index);
}
template <typename NodeType>
const element::Type& Input<NodeType>::get_element_type() const {
    return m_node->get_input_element_type(m_index);
}
template <typename NodeType>
Shape Input<NodeType>::get_shape() const {
    return m_node->get_input_shape(m_index);
}
template <typename NodeType>
const PartialShape& Input<NodeType>::get_partial_shape() const {
    return m_node->get_input_partial_shape(m_index);
}
template <typename NodeType>
descriptor::Tensor& Input<NodeType>::get_tensor() const {
    return get_source_output().get_tensor();
}
template <typename NodeType>
RTMap& Input<NodeType>::get_rt_info() const {
    return const_cast<Node*>(static_cast<const Node*>(m_node))->input_slot(m_index).rt_info;
}
template <typename NodeType>
void Input<NodeType>::replace_source_output(const Output<Node>& new_source) const {
    const_cast<Node*>(static_cast<const Node*>(m_node))->set_argument(m_index, new_source);
}

template class Output<Node>;
template class Output<const Node>;
template class Input<Node>;
template class Input<const Node>;

std::ostream& operator<<(std::ostream& os, const Output<Node>& output) {
    return os << *output.get_node() << " output " << output.get_index();
}
std::ostream& operator<<(std::ostream& os, const Output<const Node>& output) {
    return os << *output.get_node() << " output " << output.get_index();
}

}  // namespace ov
