// SPDX-License-Identifier: Apache-2.0
#include "compiled_model.hpp"


#include "devmux/kit/export_format.hpp"
#include "devmux/memory_properties.hpp"
#include "dynamic_request.hpp"
#include "infer_request.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/constant.hpp"
#include "plugin.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {

const char* const export_plugin_name = "CPU";

CompiledModel::CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const Config& config)
    : ICompiledModel(model, plugin),
      m_config(config),
      m_source(model->clone()),
      m_model_name(model->get_friendly_name()),
      m_dynamic_plan(plan_dynamic(*model)),
      m_specialised_plans(m_dynamic_plan ? std::make_shared<SpecialisedPlans>(*m_dynamic_plan->model()) : nullptr),
      m_plan(m_dynamic_plan ? nullptr : plan_model(*model)),
      m_streams(m_config.streams(), m_config.request_threads()),
      m_properties(make_property_table()) {}

std::shared_ptr<const kit::ExecutionPlan> CompiledModel::plan_model(const ov::Model& model) const {
    auto prepared = prepare_model(model);
    check_compilable(model, *prepared);
    std::vector<ov::element::Type> input_types, output_types;
    for (const auto& input : inputs())
        input_types.push_back(input.get_element_type());
    for (const auto& output : outputs())
        output_types.push_back(output.get_element_type());
    const bool bf16 = m_config.get(ov::hint::inference_precision.name()).as<ov::element::Type>() == ov::element::bf16;
    return build_plan(prepared, input_types, output_types, m_config.request_threads(), bf16);
}

std::shared_ptr<const kit::DynamicReferencePlan> CompiledModel::plan_dynamic(const ov::Model& model) const {
    // The passes never make a static model dynamic: a static model is prepared once, by plan_model.
    if (!needs_dynamic_request(model))
        return nullptr;
    auto prepared = prepare_model(model);
    if (!needs_dynamic_request(*prepared))
        return nullptr;  // folding resolved every shape
    check_compilable(model, *prepared);
    std::vector<ov::element::Type> input_types, output_types;
    for (const auto& input : inputs())
        input_types.push_back(input.get_element_type());
    for (const auto& output : outputs())
        output_types.push_back(output.get_element_type());
    const std::string device = get_plugin() ? get_plugin()->get_device_name() : std::string("CPU");
    return std::make_shared<const kit::DynamicReferencePlan>(prepared, device, input_types, output_types);
}

uint64_t CompiledModel::weights_bytes() const {
    uint64_t bytes = 0;
    if (m_dynamic_plan) {
        for (const auto& op : m_dynamic_plan->model()->get_ordered_ops())
            if (const auto* constant = ov::as_type<const ov::op::v0::Constant>(op.get()))
                bytes += constant->get_byte_size();
        return bytes;
    }
    for (const auto& op : m_plan->model->get_ordered_ops())
        if (const auto* constant = ov::as_type<const ov::op::v0::Constant>(op.get()))
            bytes += constant->get_byte_size();
    for (const auto& step : m_plan->steps)
        if (const auto* holder = dynamic_cast<const HoldsWeights*>(step.kernel.get()))
            bytes += holder->held_weight_bytes();
    return bytes;
}

uint64_t CompiledModel::scratch_bytes() const {
    uint64_t bytes = 0;
    if (!m_plan)
        return bytes;  // a dynamic model's values are allocated per inference, by its ops
    for (const auto& step : m_plan->steps)
        bytes += step.scratch_bytes;
    return bytes;
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
    auto self = std::static_pointer_cast<const CompiledModel>(shared_from_this());
    if (m_dynamic_plan)
        return std::make_shared<DynamicInferRequest>(self);
    return std::make_shared<InferRequest>(self);
}

void CompiledModel::export_model(std::ostream& stream) const {
    // The payload: the settings that define this compiled model, then the source model (compiled again
    // on import: compiling is cheaper than a second, plan-level format to keep in step).
    kit::ExportWriter writer(stream, export_plugin_name, get_plugin() ? get_plugin()->get_device_name() : "CPU");
    writer.write_properties(m_config.to_map());
    writer.write_model(*m_source);
    writer.finish();
}

std::shared_ptr<const ov::Model> CompiledModel::get_runtime_model() const {
    return m_dynamic_plan ? m_dynamic_plan->model() : m_plan->model;
}

void CompiledModel::set_property(const ov::AnyMap& properties) {
    kit::refuse_compiled_model_settings("CPU", properties);
}

std::shared_ptr<const kit::PropertyTable> CompiledModel::make_property_table() const {
    auto table = std::make_shared<kit::PropertyTable>("CPU compiled model '" + m_model_name + "'");
    const std::string device = get_plugin() ? get_plugin()->get_device_name() : std::string("CPU");
    table->add_read_only(ov::model_name, kit::fixed_value(m_model_name))
        .add_read_only(ov::optimal_number_of_infer_requests, kit::fixed_value(m_config.optimal_requests()))
        .add_read_only(ov::execution_devices, kit::fixed_value(std::vector<std::string>{device}))
        // The streams and threads in effect, where the plugin's keys hold what was asked (AUTO, 0).
        .add_read_only(ov::num_streams, kit::fixed_value(ov::streams::Num(static_cast<int32_t>(m_config.streams()))))
        .add_read_only(ov::inference_num_threads, kit::fixed_value(static_cast<int32_t>(m_config.threads())))
        .add_read_only(memory::weights_bytes, kit::fixed_value(weights_bytes()))
        .add_read_only(memory::request_arena_bytes, kit::fixed_value(static_cast<uint64_t>(m_plan ? m_plan->arena_bytes : 0)))
        .add_read_only(memory::request_scratch_bytes, kit::fixed_value(scratch_bytes()));
    // Every other compile setting reads back as it was compiled with.
    for (const auto& property : Config::settable_properties())
        if (property != ov::device::id.name() && !table->find(property))
            table->add_read_only(property, kit::fixed_value(m_config.get(property)));
    return table;
}

ov::Any CompiledModel::get_property(const std::string& name) const { return m_properties.get(name); }

}  // namespace cpu
}  // namespace devmux
