// SPDX-License-Identifier: Apache-2.0
#include "devmux/plugin/reference_executor.hpp"

#include <chrono>
#include <cstring>
#include <map>

#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"

namespace devmux {
namespace {

std::string describe(const ov::Node& node) {
    return std::string("'") + node.get_friendly_name() + "' (" + node.get_type_name() + ")";
}

}  // namespace

// ---- ReferencePlan ----

bool ReferencePlan::can_execute(const ov::Node& node) {
    return ov::is_type<ov::op::v0::Parameter>(&node) || ov::is_type<ov::op::v0::Constant>(&node) ||
           ov::is_type<ov::op::v0::Result>(&node) || ov::is_type<ov::op::util::ReadValueBase>(&node) ||
           ov::is_type<ov::op::util::AssignBase>(&node) || node.has_evaluate();
}

ReferencePlan::ReferencePlan(std::shared_ptr<const ov::Model> model, std::string device)
    : m_model(std::move(model)),
      m_device(std::move(device)) {
    OPENVINO_ASSERT(m_model, m_device, ": cannot plan a null model");
    std::map<std::pair<const ov::Node*, size_t>, size_t> slot_of;  // op output -> value slot
    std::map<std::string, size_t> variable_of;

    auto variable_index = [&](const std::string& id, const ov::element::Type& type, const ov::Shape& shape) {
        const auto found = variable_of.find(id);
        if (found != variable_of.end())
            return found->second;
        variable_of[id] = m_variables.size();
        m_variables.push_back(Variable{id, type, shape});
        return m_variables.size() - 1;
    };

    for (const auto& op : m_model->get_ordered_ops()) {
        const ov::Node& node = *op;
        OPENVINO_ASSERT(can_execute(node), m_device, ": op ", describe(node), " has no reference implementation");
        Step step{StepKind::Compute, &node, {}, {}, 0, 0};
        for (size_t i = 0; i < node.get_input_size(); ++i) {
            const auto source = node.input_value(i);
            step.inputs.push_back(slot_of.at({source.get_node(), source.get_index()}));
        }
        if (ov::is_type<ov::op::v0::Parameter>(&node)) {
            step.kind = StepKind::Parameter;
            auto parameter = std::const_pointer_cast<ov::op::v0::Parameter>(
                std::static_pointer_cast<const ov::op::v0::Parameter>(op));
            const int64_t index = m_model->get_parameter_index(parameter);
            OPENVINO_ASSERT(index >= 0, m_device, ": Parameter ", describe(node), " is not an input of the model");
            step.port = static_cast<size_t>(index);
        } else if (ov::is_type<ov::op::v0::Constant>(&node)) {
            step.kind = StepKind::Constant;
        } else if (ov::is_type<ov::op::v0::Result>(&node)) {
            step.kind = StepKind::Result;
            const int64_t index = m_model->get_result_index(node.output(0));
            OPENVINO_ASSERT(index >= 0, m_device, ": Result ", describe(node), " is not an output of the model");
            step.port = static_cast<size_t>(index);
        } else if (const auto read = ov::as_type<const ov::op::util::ReadValueBase>(&node)) {
            step.kind = StepKind::ReadValue;
            OPENVINO_ASSERT(node.get_output_partial_shape(0).is_static(), m_device, ": ReadValue ", describe(node),
                            " has the dynamic shape ", node.get_output_partial_shape(0),
                            "; the reference executor needs static shapes");
            step.variable = variable_index(read->get_variable_id(), node.get_output_element_type(0),
                                           node.get_output_shape(0));
        } else if (const auto assign = ov::as_type<const ov::op::util::AssignBase>(&node)) {
            step.kind = StepKind::Assign;
            OPENVINO_ASSERT(node.get_input_partial_shape(0).is_static(), m_device, ": Assign ", describe(node),
                            " has the dynamic shape ", node.get_input_partial_shape(0),
                            "; the reference executor needs static shapes");
            step.variable = variable_index(assign->get_variable_id(), node.get_input_element_type(0),
                                           node.get_input_shape(0));
            const Variable& variable = m_variables[step.variable];
            OPENVINO_ASSERT(variable.type == node.get_input_element_type(0) && variable.shape == node.get_input_shape(0),
                            m_device, ": Assign ", describe(node), " writes ", node.get_input_element_type(0), " ",
                            node.get_input_shape(0), " into variable '", variable.id, "', which holds ", variable.type,
                            " ", variable.shape);
        }

        for (size_t i = 0; i < node.get_output_size(); ++i) {
            if (step.kind == StepKind::Assign || step.kind == StepKind::Result) {
                // Their outputs pass the input through: no memory of their own.
                step.outputs.push_back(step.inputs.at(0));
            } else {
                const auto& shape = node.get_output_partial_shape(i);
                OPENVINO_ASSERT(shape.is_static(), m_device, ": op ", describe(node), " has the dynamic output shape ",
                                shape, " (output ", i, "); the reference executor needs static shapes");
                Value value;
                value.type = node.get_output_element_type(i);
                value.shape = shape.to_shape();
                value.constant = step.kind == StepKind::Constant ? &node : nullptr;
                value.from_input = step.kind == StepKind::Parameter;
                m_values.push_back(value);
                step.outputs.push_back(m_values.size() - 1);
            }
            slot_of[{&node, i}] = step.outputs.back();
        }
        m_steps.push_back(std::move(step));
    }
}

// ---- ReferenceExecutor::State ----

class ReferenceExecutor::State : public IVariableState {
public:
    State(const std::string& name, const ov::element::Type& type, const ov::Shape& shape, std::string device)
        : IVariableState(name),
          m_value(type, shape),
          m_device(std::move(device)) {
        reset();
    }

    void reset() override {
        std::memset(m_value.data(), 0, m_value.get_byte_size());
        m_initialized = false;
    }
    void set_state(const ov::Tensor& state) override {
        OPENVINO_ASSERT(state, m_device, ": cannot set variable '", get_name(), "' from an empty tensor");
        OPENVINO_ASSERT(state.get_element_type() == m_value.get_element_type() && state.get_shape() == m_value.get_shape(),
                        m_device, ": variable '", get_name(), "' holds ", m_value.get_element_type(), " ",
                        m_value.get_shape(), ", got a tensor of ", state.get_element_type(), " ", state.get_shape());
        state.copy_to(m_value);
        m_initialized = true;
    }
    ov::Tensor get_state() const override {
        ov::Tensor copy(m_value.get_element_type(), m_value.get_shape());
        m_value.copy_to(copy);
        return copy;
    }

    // What a ReadValue outputs: its initial input (else zeros) until the variable is first written.
    void read(const ov::TensorVector& init, ov::Tensor& out) const {
        if (m_initialized)
            m_value.copy_to(out);
        else if (!init.empty())
            init[0].copy_to(out);
        else
            std::memset(out.data(), 0, out.get_byte_size());
    }
    void write(const ov::Tensor& value) {
        value.copy_to(m_value);
        m_initialized = true;
    }

private:
    ov::Tensor m_value;
    std::string m_device;
    bool m_initialized = false;
};

// ---- ReferenceExecutor ----

ReferenceExecutor::ReferenceExecutor(std::shared_ptr<const ReferencePlan> plan) : m_plan(std::move(plan)) {
    OPENVINO_ASSERT(m_plan, "ReferenceExecutor needs a plan");
    m_values.resize(m_plan->m_values.size());
    for (size_t v = 0; v < m_plan->m_values.size(); ++v) {
        const auto& value = m_plan->m_values[v];
        if (value.constant) {
            const auto* constant = static_cast<const ov::op::v0::Constant*>(value.constant);
            // Constants are read-only for evaluate(); the tensor only lends their data.
            m_values[v] = ov::Tensor(value.type, value.shape, const_cast<void*>(constant->get_data_ptr()));
        } else if (!value.from_input) {
            m_values[v] = ov::Tensor(value.type, value.shape);
        }
    }
    for (const auto& variable : m_plan->m_variables) {
        auto state = std::make_shared<State>(variable.id, variable.type, variable.shape, m_plan->m_device);
        m_variables.push_back(state);
        m_states.push_back(state);
    }
    m_step_inputs.resize(m_plan->m_steps.size());
    m_step_outputs.resize(m_plan->m_steps.size());
    for (const auto& step : m_plan->m_steps) {
        ov::ProfilingInfo info;
        info.node_name = step.node->get_friendly_name();
        info.node_type = step.node->get_type_name();
        info.exec_type = "reference";
        const bool runs = step.kind != ReferencePlan::StepKind::Parameter && step.kind != ReferencePlan::StepKind::Constant;
        info.status = runs ? ov::ProfilingInfo::Status::EXECUTED : ov::ProfilingInfo::Status::NOT_RUN;
        m_profile.push_back(info);
    }
}

void ReferenceExecutor::bind_inputs(const std::vector<ov::Tensor>& inputs) {
    bool changed = !m_bound;
    m_bound_inputs.resize(inputs.size(), nullptr);
    for (const auto& step : m_plan->m_steps) {
        if (step.kind != ReferencePlan::StepKind::Parameter)
            continue;
        OPENVINO_ASSERT(step.port < inputs.size() && inputs[step.port], m_plan->m_device, ": input ",
                        describe(*step.node), " has no tensor");
        const ov::Tensor& tensor = inputs[step.port];
        const auto& value = m_plan->m_values[step.outputs.at(0)];
        OPENVINO_ASSERT(tensor.get_element_type() == value.type && tensor.get_shape() == value.shape, m_plan->m_device,
                        ": input ", describe(*step.node), " is ", tensor.get_element_type(), " ", tensor.get_shape(),
                        ", the compiled model expects ", value.type, " ", value.shape);
        if (m_bound_inputs[step.port] != tensor.data() || !m_values[step.outputs[0]]) {
            m_values[step.outputs[0]] = tensor;
            m_bound_inputs[step.port] = tensor.data();
            changed = true;
        }
    }
    if (!changed)
        return;
    // The per-step vectors hold tensor handles, so they are rebuilt only when a user tensor moved.
    for (size_t s = 0; s < m_plan->m_steps.size(); ++s) {
        const auto& step = m_plan->m_steps[s];
        m_step_inputs[s].clear();
        for (size_t slot : step.inputs)
            m_step_inputs[s].push_back(m_values[slot]);
        m_step_outputs[s].clear();
        for (size_t slot : step.outputs)
            m_step_outputs[s].push_back(m_values[slot]);
    }
    m_bound = true;
}

void ReferenceExecutor::run(const std::vector<ov::Tensor>& inputs, std::vector<ov::Tensor>& outputs, bool profiling) {
    bind_inputs(inputs);
    using clock = std::chrono::steady_clock;
    for (size_t s = 0; s < m_plan->m_steps.size(); ++s) {
        const auto& step = m_plan->m_steps[s];
        const auto start = profiling ? clock::now() : clock::time_point();
        ov::TensorVector& in = m_step_inputs[s];
        ov::TensorVector& out = m_step_outputs[s];
        try {
            switch (step.kind) {
            case ReferencePlan::StepKind::Parameter:
            case ReferencePlan::StepKind::Constant:
                break;
            case ReferencePlan::StepKind::Compute:
                if (!step.node->evaluate(out, in))
                    OPENVINO_THROW("no reference implementation for these inputs");
                break;
            case ReferencePlan::StepKind::ReadValue: {
                m_variables[step.variable]->read(in, out.at(0));
                break;
            }
            case ReferencePlan::StepKind::Assign:
                m_variables[step.variable]->write(in.at(0));
                break;
            case ReferencePlan::StepKind::Result: {
                OPENVINO_ASSERT(step.port < outputs.size(), "the request has no output ", step.port);
                ov::Tensor& target = outputs[step.port];
                if (!target)
                    target = ov::Tensor(in.at(0).get_element_type(), in.at(0).get_shape());
                in.at(0).copy_to(target);
                break;
            }
            }
        } catch (const std::exception& e) {
            OPENVINO_THROW(m_plan->m_device, ": op ", describe(*step.node), " failed: ", e.what());
        }
        if (profiling) {
            const auto elapsed = std::chrono::duration_cast<std::chrono::microseconds>(clock::now() - start);
            m_profile[s].real_time = elapsed;
            m_profile[s].cpu_time = elapsed;
        }
    }
}

}  // namespace devmux
