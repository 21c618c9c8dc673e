// SPDX-License-Identifier: Apache-2.0
#include "openvino/core/model.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "openvino/op/util/variable_extension.hpp"

namespace ov {
namespace {
std::atomic<size_t> next_model_id{0};

ResultVector results_of(const OutputVector& outputs) {
    ResultVector results;
    for (const auto& output : outputs) {
        if (auto result = as_type_ptr<op::v0::Result>(output.get_node_shared_ptr()))
            results.push_back(result);
        else
            results.push_back(std::make_shared<op::v0::Result>(output));
    }
    return results;
}

ResultVector results_of(const NodeVector& nodes) {
    OutputVector outputs;
    for (const auto& node : nodes)
        for (size_t i = 0; i < node->get_output_size(); ++i)
            outputs.push_back(node->output(i));
    return results_of(outputs);
}
}  // namespace

Model::Model(const ResultVector& results, const ParameterVector& parameters, const std::string& name)
    : Model(results, SinkVector{}, parameters, name) {}
Model::Model(const OutputVector& results, const ParameterVector& parameters, const std::string& name)
    : Model(results_of(results), SinkVector{}, parameters, name) {}
Model::Model(const NodeVector& results, const ParameterVector& parameters, const std::string& name)
    : Model(results_of(results), SinkVector{}, parameters, name) {}
Model::Model(const std::shared_ptr<Node>& result, const ParameterVector& parameters, const std::string& name)
    : Model(results_of(NodeVector{result}), SinkVector{}, parameters, name) {}
Model::Model(const OutputVector& results, const SinkVector& sinks, const ParameterVector& parameters,
             const std::string& name)
    : Model(results_of(results), sinks, parameters, name) {}
Model::Model(const ResultVector& results, const SinkVector& sinks, const ParameterVector& parameters,
             const std::string& name)
    : Model(results, sinks, parameters, op::util::VariableVector{}, name) {}
Model::Model(const OutputVector& results, const SinkVector& sinks, const ParameterVector& parameters,
             const op::util::VariableVector& variables, const std::string& name)
    : Model(results_of(results), sinks, parameters, variables, name) {}

Model::Model(const ResultVector& results, const SinkVector& sinks, const ParameterVector& parameters,
             const op::util::VariableVector& variables, const std::string& name)
    : m_results(results),
      m_sinks(sinks),
      m_parameters(parameters),
      m_variables(variables),
      m_name("Model" + std::to_string(next_model_id++)),
      m_friendly_name(name) {
    check_and_collect();
}

void Model::check_and_collect() {
    const auto ops = get_ordered_ops();
    std::unordered_set<const Node*> declared(m_parameters.size());
    for (const auto& p : m_parameters)
        declared.insert(p.get());
    std::unordered_set<std::string> variable_ids;
    for (const auto& v : m_variables)
        variable_ids.insert(v->get_info().variable_id);
    for (const auto& op : ops) {
        if (is_type<op::v0::Parameter>(op) && !declared.count(op.get()))
            OPENVINO_THROW("Model '", get_friendly_name(), "' uses Parameter '", op->get_friendly_name(),
                           "', which is not in its parameter list");
        if (auto* ext = dynamic_cast<op::util::VariableExtension*>(op.get())) {
            auto variable = ext->get_variable();
            if (variable && variable_ids.insert(variable->get_info().variable_id).second)
                m_variables.push_back(variable);
        }
    }
}

std::shared_ptr<op::util::Variable> Model::get_variable_by_id(const std::string& id) const {
    for (const auto& v : m_variables)
        if (v->get_info().variable_id == id)
            return v;
    return nullptr;
}

void Model::add_sinks(const SinkVector& sinks) {
    m_sinks.insert(m_sinks.end(), sinks.begin(), sinks.end());
    check_and_collect();
}

void Model::add_variables(const op::util::VariableVector& variables) {
    for (const auto& v : variables)
        if (!get_variable_by_id(v->get_info().variable_id))
            m_variables.push_back(v);
}

std::vector<std::shared_ptr<Node>> Model::get_ordered_ops() const {
    // Iterative depth-first post-order, so deep graphs cannot overflow the stack.
    enum class Mark { none, open, done };
    std::unordered_map<const Node*, Mark> marks;
    std::vector<std::shared_ptr<Node>> order;
    auto visit = [&](const std::shared_ptr<Node>& root) {
        if (marks[root.get()] == Mark::done)
            return;
        std::vector<std::pair<std::shared_ptr<Node>, size_t>> stack{{root, 0}};
        marks[root.get()] = Mark::open;
        while (!stack.empty()) {
            auto& [node, next_input] = stack.back();
            if (next_input < node->get_input_size()) {
                auto producer = node->get_input_node_shared_ptr(next_input++);
                Mark& mark = marks[producer.get()];
                if (mark == Mark::open)
                    OPENVINO_THROW("Model '", get_friendly_name(), "' has a cycle through ", *producer);
                if (mark == Mark::none) {
                    mark = Mark::open;
                    stack.emplace_back(producer, 0);
                }
                continue;
            }
            marks[node.get()] = Mark::done;
            order.push_back(node);
            stack.pop_back();
        }
    };
    for (const auto& p : m_parameters)
        visit(p);
    for (const auto& r : m_results)
        visit(r);
    for (const auto& s : m_sinks)
        visit(s);
    return order;
}

void Model::validate_nodes_and_infer_types() const {
    for (const auto& op : get_ordered_ops())
        op->validate_and_infer_types();
}

bool Model::is_dynamic() const {
    for (const auto& op : get_ordered_ops())
        for (size_t i = 0; i < op->get_output_size(); ++i)
            if (op->get_output_partial_shape(i).is_dynamic())
                return true;
    return false;
}

std::vector<Output<Node>> Model::inputs() {
    std::vector<Output<Node>> v;
    for (const auto& p : m_parameters)
        v.emplace_back(p, 0);
    return v;
}
std::vector<Output<const Node>> Model::inputs() const {
    std::vector<Output<const Node>> v;
    for (const auto& p : m_parameters)
        v.emplace_back(std::shared_ptr<const Node>(p), 0);
    return v;
}
std::vector<Output<Node>> Model::outputs() {
    std::vector<Output<Node>> v;
    for (const auto& r : m_results)
        v.emplace_back(r, 0);
    return v;
}
std::vector<Output<const Node>> Model::outputs() const {
    std::vector<Output<const Node>> v;
    for (const auto& r : m_results)
        v.emplace_back(std::shared_ptr<const Node>(r), 0);
    return v;
}

namespace {
template <typename Port>
Port find_port(const std::vector<Port>& ports, const std::string& tensor_name, const char* what,
               const std::string& model_name) {
    for (const auto& port : ports)
        if (port.get_names().count(tensor_name))
            return port;
    OPENVINO_THROW("Model '", model_name, "' has no ", what, " with tensor name '", tensor_name, "'");
}
template <typename Port>
Port only_port(const std::vector<Port>& ports, const char* what, const std::string& model_name) {
    OPENVINO_ASSERT(ports.size() == 1, "Model '", model_name, "' has ", ports.size(), " ", what,
                    "s; name or index the one you want");
    return ports[0];
}
template <typename Port>
Port port_at(const std::vector<Port>& ports, size_t i, const char* what, const std::string& model_name) {
    OPENVINO_ASSERT(i < ports.size(), "Model '", model_name, "' has ", ports.size(), " ", what, "s; index ", i,
                    " is out of range");
    return ports[i];
}
}  // namespace

Output<Node> Model::input() { return only_port(inputs(), "input", get_friendly_name()); }
Output<const Node> Model::input() const { return only_port(inputs(), "input", get_friendly_name()); }
Output<Node> Model::input(size_t i) { return port_at(inputs(), i, "input", get_friendly_name()); }
Output<const Node> Model::input(size_t i) const { return port_at(inputs(), i, "input", get_friendly_name()); }
Output<Node> Model::input(const std::string& n) { return find_port(inputs(), n, "input", get_friendly_name()); }
Output<const Node> Model::input(const std::string& n) const {
    return find_port(inputs(), n, "input", get_friendly_name());
}
Output<Node> Model::output() { return only_port(outputs(), "output", get_friendly_name()); }
Output<const Node> Model::output() const { return only_port(outputs(), "output", get_friendly_name()); }
Output<Node> Model::output(size_t i) { return port_at(outputs(), i, "output", get_friendly_name()); }
Output<const Node> Model::output(size_t i) const { return port_at(outputs(), i, "output", get_friendly_name()); }
Output<Node> Model::output(const std::string& n) { return find_port(outputs(), n, "output", get_friendly_name()); }
Output<const Node> Model::output(const std::string& n) const {
    return find_port(outputs(), n, "output", get_friendly_name());
}

const element::Type& Model::get_output_element_type(size_t i) const { return m_results.at(i)->get_element_type(); }
Shape Model::get_output_shape(size_t i) const { return m_results.at(i)->get_output_shape(0); }
const PartialShape& Model::get_output_partial_shape(size_t i) const {
    return m_results.at(i)->get_output_partial_shape(0);
}

int64_t Model::get_parameter_index(const std::shared_ptr<op::v0::Parameter>& parameter) const {
    for (size_t i = 0; i < m_parameters.size(); ++i)
        if (m_parameters[i] == parameter)
            return static_cast<int64_t>(i);
    return -1;
}

int64_t Model::get_result_index(const Output<const Node>& value) const {
    for (size_t i = 0; i < m_results.size(); ++i) {
        const Node* result = m_results[i].get();
        if (value.get_node() == result || (value.get_node() == result->get_input_node_ptr(0) &&
                                           value.get_index() == result->input_value(0).get_index()))
            return static_cast<int64_t>(i);
    }
    return -1;
}

std::shared_ptr<Model> Model::clone() const {
    std::unordered_map<const Node*, std::shared_ptr<Node>> copies;
    for (const auto& op : get_ordered_ops()) {
        OutputVector new_inputs;
        for (const auto& value : op->input_values())
            new_inputs.emplace_back(copies.at(value.get_node()), value.get_index());
        auto copy = op->copy_with_new_inputs(new_inputs);
        if (auto* ext = dynamic_cast<op::util::VariableExtension*>(op.get()))
            dynamic_cast<op::util::VariableExtension&>(*copy).set_variable(ext->get_variable());
        copies[op.get()] = copy;
    }
    ParameterVector parameters;
    for (const auto& p : m_parameters)
        parameters.push_back(std::static_pointer_cast<op::v0::Parameter>(copies.at(p.get())));
    ResultVector results;
    for (const auto& r : m_results)
        results.push_back(std::static_pointer_cast<op::v0::Result>(copies.at(r.get())));
    SinkVector sinks;
    for (const auto& s : m_sinks)
        sinks.push_back(std::static_pointer_cast<op::Sink>(copies.at(s.get())));
    auto model = std::make_shared<Model>(results, sinks, parameters, m_variables, m_friendly_name);
    model->m_rt_info = m_rt_info;
    return model;
}

std::shared_ptr<Model> clone_model(const Model& model) { return model.clone(); }

void Model::replace_parameter(size_t parameter_index, const std::shared_ptr<op::v0::Parameter>& parameter) {
    OPENVINO_ASSERT(parameter_index < m_parameters.size(), "Model '", get_friendly_name(), "': no input ",
                    parameter_index, " to replace (it has ", m_parameters.size(), ")");
    OPENVINO_ASSERT(parameter, "Model '", get_friendly_name(), "': replace_parameter needs a Parameter");
    m_parameters[parameter_index] = parameter;
}

void Model::reshape(const PartialShape& partial_shape) {
    OPENVINO_ASSERT(m_parameters.size() == 1, "Model '", get_friendly_name(),
                    "': reshape with one shape needs a model with one input; it has ", m_parameters.size());
    reshape(std::map<size_t, PartialShape>{{0, partial_shape}});
}

void Model::reshape(const std::map<std::string, PartialShape>& partial_shapes) {
    std::map<size_t, PartialShape> by_index;
    for (const auto& [name, shape] : partial_shapes) {
        bool found = false;
        for (size_t i = 0; i < m_parameters.size() && !found; ++i) {
            if (m_parameters[i]->output(0).get_names().count(name)) {
                by_index[i] = shape;
                found = true;
            }
        }
        OPENVINO_ASSERT(found, "Model '", get_friendly_name(), "': reshape names input '", name,
                        "', which no input tensor of the model has");
    }
    reshape(by_index);
}

void Model::reshape(const std::map<Output<Node>, PartialShape>& partial_shapes) {
    std::map<size_t, PartialShape> by_index;
    for (const auto& [port, shape] : partial_shapes) {
        bool found = false;
        for (size_t i = 0; i < m_parameters.size() && !found; ++i) {
            if (port.get_node() == m_parameters[i].get()) {
                by_index[i] = shape;
                found = true;
            }
        }
        OPENVINO_ASSERT(found, "Model '", get_friendly_name(), "': reshape got a port of ",
                        port.get_node() ? port.get_node()->get_friendly_name() : std::string("nothing"),
                        ", which is not an input of the model");
    }
    reshape(by_index);
}

void Model::reshape(const std::map<size_t, PartialShape>& partial_shapes) {
    std::map<size_t, PartialShape> old_shapes;
    for (const auto& [index, shape] : partial_shapes) {
        OPENVINO_ASSERT(index < m_parameters.size(), "Model '", get_friendly_name(), "': reshape of input ", index,
                        ", but it has ", m_parameters.size(), " inputs");
        old_shapes[index] = m_parameters[index]->get_partial_shape();
    }
    for (const auto& [index, shape] : partial_shapes)
        m_parameters[index]->set_partial_shape(shape);
    try {
        validate_nodes_and_infer_types();
    } catch (const std::exception& e) {
        // Put the model back as it was so the caller can keep using it.
        for (const auto& [index, shape] : old_shapes)
            m_parameters[index]->set_partial_shape(shape);
        validate_nodes_and_infer_types();
        OPENVINO_THROW("Model '", get_friendly_name(), "': reshape failed, the model keeps its shapes: ", e.what());
    }
}

namespace {
// The batch axis of a parameter from its layout, or -1 when its layout names no N.
int64_t batch_axis(const op::v0::Parameter& parameter) {
    const Layout layout = parameter.get_layout();
    if (layout.empty() || !layout::has_batch(layout))
        return -1;
    const auto& shape = parameter.get_partial_shape();
    OPENVINO_ASSERT(shape.rank_is_static(), "Input '", parameter.get_friendly_name(), "' with layout ", layout,
                    " has a dynamic rank, so its batch dimension is unknown");
    int64_t axis = layout::batch_idx(layout);
    const auto rank = static_cast<int64_t>(shape.size());
    if (axis < 0)
        axis += rank;
    OPENVINO_ASSERT(axis >= 0 && axis < rank, "Input '", parameter.get_friendly_name(), "': layout ", layout,
                    " does not fit its shape ", shape);
    return axis;
}
}  // namespace

Dimension get_batch(const std::shared_ptr<const Model>& model) {
    OPENVINO_ASSERT(model, "ov::get_batch: no model");
    bool found = false;
    Dimension batch = Dimension::dynamic();
    for (const auto& parameter : model->get_parameters()) {
        const int64_t axis = batch_axis(*parameter);
        if (axis < 0)
            continue;
        const Dimension dim = parameter->get_partial_shape()[static_cast<size_t>(axis)];
        OPENVINO_ASSERT(!found || Dimension::merge(batch, batch, dim), "ov::get_batch: model '",
                        model->get_friendly_name(), "' has inputs of different batch sizes (", batch, " and ", dim,
                        ")");
        if (!found)
            batch = dim;
        found = true;
    }
    OPENVINO_ASSERT(found, "ov::get_batch: no input of model '", model->get_friendly_name(),
                    "' has a layout with a batch dimension N; set one with ov::layout::set_layout or "
                    "PrePostProcessor input().model().set_layout()");
    return batch;
}

void set_batch(const std::shared_ptr<Model>& model, Dimension batch_size) {
    OPENVINO_ASSERT(model, "ov::set_batch: no model");
    std::map<size_t, PartialShape> shapes;
    const auto& parameters = model->get_parameters();
    for (size_t i = 0; i < parameters.size(); ++i) {
        const int64_t axis = batch_axis(*parameters[i]);
        if (axis < 0)
            continue;
        PartialShape shape = parameters[i]->get_partial_shape();
        shape[static_cast<size_t>(axis)] = batch_size;
        shapes[i] = shape;
    }
    OPENVINO_ASSERT(!shapes.empty(), "ov::set_batch: no input of model '", model->get_friendly_name(),
                    "' has a layout with a batch dimension N; set one with ov::layout::set_layout or "
                    "PrePostProcessor input().model().set_layout()");
    model->reshape(shapes);
}

}  // namespace ov
