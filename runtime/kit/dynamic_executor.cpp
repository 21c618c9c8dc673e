// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/dynamic_executor.hpp"

#include <chrono>
#include <cstring>
#include <map>

#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"
#include "openvino/op/util/variable.hpp"

namespace devmux {
namespace kit {
namespace {

std::string describe_with_version(const ov::Node& node) {
    return std::string("'") + node.get_friendly_name() + "' (" + node.get_type_name() + "-" +
           node.get_type_info().get_version() + ")";
}

std::string exception_message(const std::exception& e) { return e.what(); }

// The ops read their inputs as dense row-major memory; a strided view (an ROI tensor) is copied first.
ov::Tensor dense(const ov::Tensor& tensor) {
    if (tensor.is_continuous())
        return tensor;
    ov::Tensor copy(tensor.get_element_type(), tensor.get_shape());
    tensor.copy_to(copy);
    return copy;
}

ov::Tensor copy_of(const ov::Tensor& tensor) {
    ov::Tensor copy(tensor.get_element_type(), tensor.get_shape());
    tensor.copy_to(copy);
    return copy;
}

// Output tensors sized by shape inference on a copy of `node` whose inputs have the actual shapes (and,
// when the shapes depend on the data, the actual values): for ops whose evaluate() needs its outputs
// allocated. False when even that leaves a shape unknown.
bool size_outputs_by_inference(const ov::Node& node, const ov::TensorVector& inputs, ov::TensorVector& outputs) {
    for (int with_values = 0; with_values < 2; ++with_values) {
        ov::OutputVector args;
        for (const auto& input : inputs) {
            if (with_values)
                args.push_back(std::make_shared<ov::op::v0::Constant>(input));
            else
                args.push_back(std::make_shared<ov::op::v0::Parameter>(input.get_element_type(), input.get_shape()));
        }
        std::shared_ptr<ov::Node> copy;
        try {
            copy = node.clone_with_new_inputs(args);
        } catch (const std::exception&) {
            continue;
        }
        bool all_static = true;
        for (size_t i = 0; i < copy->get_output_size(); ++i)
            all_static = all_static && copy->get_output_partial_shape(i).is_static() &&
                         copy->get_output_element_type(i).is_static();
        if (!all_static)
            continue;
        outputs.assign(copy->get_output_size(), ov::Tensor());
        for (size_t i = 0; i < copy->get_output_size(); ++i)
            outputs[i] = ov::Tensor(copy->get_output_element_type(i), copy->get_output_shape(i));
        return true;
    }
    return false;
}

using VariableValue = DynamicReferenceExecutor::VariableValue;

class DynamicVariableState final : public IVariableState {
public:
    DynamicVariableState(const std::string& id, std::shared_ptr<VariableValue> slot, ov::element::Type type,
                         ov::PartialShape shape, std::string device)
        : IVariableState(id),
          m_slot(std::move(slot)),
          m_type(type),
          m_shape(std::move(shape)),
          m_device(std::move(device)) {}

    void reset() override {
        m_slot->value = ov::Tensor();
        m_slot->initialized = false;
    }
    void set_state(const ov::Tensor& state) override {
        OPENVINO_ASSERT(state, m_device, ": cannot set variable '", get_name(), "' from an empty tensor");
        OPENVINO_ASSERT((m_type.is_dynamic() || state.get_element_type() == m_type) &&
                            m_shape.compatible(state.get_shape()),
                        m_device, ": variable '", get_name(), "' holds ", m_type, " ", m_shape,
                        ", got a tensor of ", state.get_element_type(), " ", state.get_shape());
        m_slot->value = copy_of(state);
        m_slot->initialized = true;
    }
    ov::Tensor get_state() const override {
        if (m_slot->initialized)
            return copy_of(m_slot->value);
        // Not written yet: zeros where the shape is known (the initial value a ReadValue without init gives).
        OPENVINO_ASSERT(m_shape.is_static() && m_type.is_static(), m_device, ": variable '", get_name(),
                        "' of shape ", m_shape, " has no value yet (run an inference or set_state first)");
        ov::Tensor zeros(m_type, m_shape.to_shape());
        std::memset(zeros.data(), 0, zeros.get_byte_size());
        return zeros;
    }

private:
    std::shared_ptr<VariableValue> m_slot;
    ov::element::Type m_type;
    ov::PartialShape m_shape;
    std::string m_device;
};

}  // namespace

bool has_dynamic_shapes(const ov::Model& model) {
    for (const auto& parameter : model.get_parameters())
        if (parameter->get_output_partial_shape(0).is_dynamic())
            return true;
    for (const auto& op : model.get_ordered_ops())
        for (size_t i = 0; i < op->get_output_size(); ++i)
            if (op->get_output_partial_shape(i).is_dynamic())
                return true;
    return false;
}

// ---- DynamicReferencePlan ----

bool DynamicReferencePlan::can_execute(const ov::Node& node) {
    return ov::is_type<ov::op::v0::Parameter>(&node) || ov::is_type<ov::op::v0::Constant>(&node) ||
           ov::is_type<ov::op::v0::Result>(&node) || ov::is_type<ov::op::util::ReadValueBase>(&node) ||
           ov::is_type<ov::op::util::AssignBase>(&node) || node.has_evaluate();
}

DynamicReferencePlan::DynamicReferencePlan(std::shared_ptr<const ov::Model> model, std::string device,
                                           std::vector<ov::element::Type> input_types,
                                           std::vector<ov::element::Type> output_types)
    : m_model(std::move(model)),
      m_device(std::move(device)) {
    OPENVINO_ASSERT(m_model, m_device, ": cannot prepare a null model");
    const auto& parameters = m_model->get_parameters();
    const auto& results = m_model->get_results();
    OPENVINO_ASSERT(input_types.empty() || input_types.size() == parameters.size(), m_device, ": ",
                    input_types.size(), " input types for ", parameters.size(), " inputs");
    OPENVINO_ASSERT(output_types.empty() || output_types.size() == results.size(), m_device, ": ",
                    output_types.size(), " output types for ", results.size(), " outputs");
    std::map<const ov::Node*, size_t> parameter_index, result_index, step_of;
    for (size_t i = 0; i < parameters.size(); ++i)
        parameter_index[parameters[i].get()] = i;
    for (size_t i = 0; i < results.size(); ++i)
        result_index[results[i].get()] = i;
    std::map<std::string, size_t> variable_index;
    std::vector<size_t> last_reader;  // per value: the last step that reads it

    const auto boundary_convert = [](const ov::element::Type& from, const ov::element::Type& to) {
        auto source = std::make_shared<ov::op::v0::Parameter>(from, ov::PartialShape::dynamic());
        return std::static_pointer_cast<const ov::Node>(std::make_shared<ov::op::v0::Convert>(source, to));
    };

    for (const auto& op : m_model->get_ordered_ops()) {
        OPENVINO_ASSERT(can_execute(*op), m_device, ": op ", describe_with_version(*op),
                        " has no reference implementation");
        Step step;
        step.node = op;
        step.first_value = m_value_count;
        for (size_t i = 0; i < op->get_output_size(); ++i)
            OPENVINO_ASSERT(op->get_output_element_type(i).is_static(), m_device, ": op ", describe_with_version(*op),
                            " output ", i, " has dynamic element type; only dynamic shapes are supported");
        for (const auto& input : op->input_values()) {
            const auto source = step_of.find(input.get_node());
            OPENVINO_ASSERT(source != step_of.end(), m_device, ": op ", describe_with_version(*op), " reads op '",
                            input.get_node()->get_friendly_name(), "', which is not in the model's ordered ops");
            step.inputs.push_back(Source{source->second, input.get_index()});
        }
        if (const auto* constant = ov::as_type<const ov::op::v0::Constant>(op.get())) {
            // Wraps the model's own memory: ops never write their inputs, and outputs are copies.
            if (constant->get_byte_size() == 0 || !constant->get_data_ptr())
                step.constant = ov::Tensor(constant->get_element_type(), constant->get_shape());
            else
                step.constant = ov::Tensor(constant->get_element_type(), constant->get_shape(),
                                           const_cast<void*>(constant->get_data_ptr()));
        } else if (parameter_index.count(op.get())) {
            step.parameter = static_cast<int>(parameter_index[op.get()]);
            const auto model_type = op->get_output_element_type(0);
            if (!input_types.empty() && input_types[step.parameter] != model_type)
                step.convert = boundary_convert(input_types[step.parameter], model_type);
        } else if (result_index.count(op.get())) {
            step.result = static_cast<int>(result_index[op.get()]);
            const auto model_type = op->get_input_element_type(0);
            if (!output_types.empty() && output_types[step.result] != model_type)
                step.convert = boundary_convert(model_type, output_types[step.result]);
        } else if (ov::is_type<ov::op::v0::Parameter>(op.get())) {
            OPENVINO_THROW(m_device, ": Parameter ", describe_with_version(*op), " is not an input of the model");
        }
        std::string variable_id;
        if (const auto* read = ov::as_type<const ov::op::util::ReadValueBase>(op.get()))
            variable_id = read->get_variable_id();
        else if (const auto* assign = ov::as_type<const ov::op::util::AssignBase>(op.get()))
            variable_id = assign->get_variable_id();
        if (!variable_id.empty()) {
            auto found = variable_index.find(variable_id);
            if (found == variable_index.end()) {
                found = variable_index.emplace(variable_id, m_variables.size()).first;
                m_variables.push_back(variable_id);
            }
            step.variable = static_cast<int>(found->second);
        }
        const size_t index = m_steps.size();
        for (const auto& source : step.inputs)
            last_reader[m_steps[source.op].first_value + source.port] = index;
        step_of[op.get()] = index;
        m_value_count += op->get_output_size();
        last_reader.resize(m_value_count, index);  // a value nobody reads is released by its producer
        m_steps.push_back(std::move(step));
    }
    for (size_t value = 0; value < m_value_count; ++value)
        m_steps[last_reader[value]].release.push_back(value);
}

// ---- DynamicReferenceExecutor ----

DynamicReferenceExecutor::DynamicReferenceExecutor(std::shared_ptr<const DynamicReferencePlan> plan)
    : m_plan(std::move(plan)) {
    OPENVINO_ASSERT(m_plan, "DynamicReferenceExecutor needs a plan");
    m_values.resize(m_plan->value_count());
    m_variables.resize(m_plan->variables().size());
    m_states.resize(m_plan->variables().size());
    for (const auto& step : m_plan->steps()) {
        ov::ProfilingInfo info;
        info.node_name = step.node->get_friendly_name();
        info.node_type = step.node->get_type_name();
        info.exec_type = "ref_dynamic";
        const bool runs = step.parameter < 0 && step.result < 0 && !step.constant;
        info.status = runs ? ov::ProfilingInfo::Status::EXECUTED : ov::ProfilingInfo::Status::NOT_RUN;
        m_profile.push_back(info);
        if (step.variable < 0 || m_variables[step.variable])
            continue;
        const auto* extension = dynamic_cast<const ov::op::util::VariableExtension*>(step.node.get());
        ov::PartialShape shape = ov::PartialShape::dynamic();
        ov::element::Type type = ov::element::dynamic;
        if (extension && extension->get_variable()) {
            shape = extension->get_variable()->get_info().data_shape;
            type = extension->get_variable()->get_info().data_type;
        }
        auto slot = std::make_shared<VariableValue>();
        m_variables[step.variable] = slot;
        m_states[step.variable] = std::make_shared<DynamicVariableState>(m_plan->variables()[step.variable], slot,
                                                                         type, shape, m_plan->device());
    }
}

void DynamicReferenceExecutor::run(const std::vector<ov::Tensor>& inputs, std::vector<ov::Tensor>& outputs,
                                   bool profiling) {
    const auto& model = *m_plan->model();
    const std::string& device = m_plan->device();
    OPENVINO_ASSERT(inputs.size() == model.get_parameters().size(), device, ": the request has ", inputs.size(),
                    " input tensors, the model ", model.get_parameters().size());
    OPENVINO_ASSERT(outputs.size() == model.get_results().size(), device, ": the request has ", outputs.size(),
                    " output tensors, the model ", model.get_results().size());
    const auto& steps = m_plan->steps();
    // Values are dropped whatever happens, so a failed run holds no memory until the next one.
    struct Clear {
        std::vector<ov::Tensor>& values;
        ~Clear() {
            for (auto& value : values)
                value = ov::Tensor();
        }
    } clear{m_values};

    for (size_t s = 0; s < steps.size(); ++s) {
        const auto& step = steps[s];
        const ov::Node& node = *step.node;
        const auto start = std::chrono::steady_clock::now();
        ov::TensorVector args;
        for (const auto& source : step.inputs)
            args.push_back(m_values[steps[source.op].first_value + source.port]);
        ov::TensorVector results;
        try {
            if (step.constant) {
                results.push_back(step.constant);
            } else if (step.parameter >= 0) {
                const ov::Tensor& given = inputs[step.parameter];
                OPENVINO_ASSERT(given, "input ", step.parameter, " has no tensor (set one before infer)");
                const auto& expected = node.get_output_partial_shape(0);
                OPENVINO_ASSERT(expected.compatible(given.get_shape()), "input tensor has shape ", given.get_shape(),
                                ", the input expects ", expected);
                results.push_back(dense(given));
                if (step.convert) {
                    ov::TensorVector converted(1);
                    step.convert->evaluate(converted, results);
                    results = converted;
                }
            } else if (step.result >= 0) {
                ov::TensorVector value{args.at(0)};
                if (step.convert) {
                    ov::TensorVector converted(1);
                    step.convert->evaluate(converted, value);
                    value = converted;
                }
                ov::Tensor& out = outputs[step.result];
                if (!out || out.get_element_type() != value[0].get_element_type())
                    out = ov::Tensor(value[0].get_element_type(), value[0].get_shape());
                value[0].copy_to(out);  // sets the shape of a given tensor first
            } else if (step.variable >= 0 && ov::is_type<ov::op::util::AssignBase>(&node)) {
                auto& slot = *m_variables[step.variable];
                slot.value = copy_of(args.at(0));
                slot.initialized = true;
                for (size_t i = 0; i < node.get_output_size(); ++i)
                    results.push_back(args.at(0));
            } else if (step.variable >= 0 && m_variables[step.variable]->initialized) {
                results.push_back(m_variables[step.variable]->value);  // ReadValue of a written variable
            } else {
                // Any op, and a ReadValue before its variable is written (evaluate gives the initial value).
                results.resize(node.get_output_size());
                for (size_t i = 0; i < results.size(); ++i)
                    if (node.get_output_partial_shape(i).is_static())
                        results[i] = ov::Tensor(node.get_output_element_type(i), node.get_output_shape(i));
                std::string failure;
                bool done = false;
                try {
                    done = node.evaluate(results, args);
                } catch (const std::exception& e) {
                    failure = exception_message(e);
                }
                // An op whose evaluate() wants its outputs allocated: sized by shape inference, then again.
                if (!done) {
                    ov::TensorVector sized;
                    if (size_outputs_by_inference(node, args, sized)) {
                        results = sized;
                        failure.clear();
                        done = node.evaluate(results, args);
                    }
                }
                OPENVINO_ASSERT(done, failure.empty() ? std::string("evaluate() refused its inputs") : failure);
                OPENVINO_ASSERT(results.size() >= node.get_output_size(), "evaluate() gave ", results.size(),
                                " outputs, the op has ", node.get_output_size());
                for (size_t i = 0; i < node.get_output_size(); ++i)
                    OPENVINO_ASSERT(results[i], "evaluate() left output ", i, " empty");
            }
        } catch (const std::exception& e) {
            OPENVINO_THROW(device, ": op ", describe_with_version(node), " failed: ", e.what());
        }
        for (size_t i = 0; i < node.get_output_size() && i < results.size(); ++i)
            m_values[step.first_value + i] = std::move(results[i]);
        for (size_t value : step.release)
            m_values[value] = ov::Tensor();
        if (profiling) {
            const auto elapsed = std::chrono::duration_cast<std::chrono::microseconds>(
                std::chrono::steady_clock::now() - start);
            m_profile[s].real_time = elapsed;
            m_profile[s].cpu_time = elapsed;
        }
    }
}

}  // namespace kit
}  // namespace devmux
