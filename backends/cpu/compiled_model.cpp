// SPDX-License-Identifier: Apache-2.0
#include "compiled_model.hpp"


#include "infer_request.hpp"
#include "devmux/kit/export_format.hpp"
#include "plugin.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {

const char* const export_plugin_name = "CPU";

CompiledModel::CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const Config& config)
    : ICompiledModel(model, plugin), m_config(config), m_model_name(model->get_friendly_name()) {
    m_source = model->clone();
    auto prepared = prepare_model(*model);
    check_compilable(*model, *prepared);
    std::vector<ov::element::Type> input_types, output_types;
    for (const auto& input : inputs())
        input_types.push_back(input.get_element_type());
    for (const auto& output : outputs())
        output_types.push_back(output.get_element_type());
    m_plan = build_plan(prepared, input_types, output_types);
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
    return std::make_shared<InferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

void CompiledModel::export_model(std::ostream& stream) const {
    // The payload: the settings that define this compiled model, then the source model (compiled again
    // on import: compiling is cheaper than a second, plan-level format to keep in step).
    kit::ExportWriter writer(stream, export_plugin_name, get_plugin() ? get_plugin()->get_device_name() : "CPU");
    writer.write_properties(m_config.to_map());
    writer.write_model(*m_source);
    writer.finish();
}

std::shared_ptr<const ov::Model> CompiledModel::get_runtime_model() const { return m_plan->model; }

void CompiledModel::set_property(const ov::AnyMap& properties) {
    std::string keys;
    for (const auto& kv : properties)
        keys += (keys.empty() ? "" : ", ") + kv.first;
    OPENVINO_NOT_IMPLEMENTED("CPU: a compiled model's properties are fixed at compile time; cannot set ", keys);
}

ov::Any CompiledModel::get_property(const std::string& name) const {
    if (name == ov::supported_properties.name()) {
        std::vector<ov::PropertyName> names{
            ov::PropertyName(ov::supported_properties.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::model_name.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::optimal_number_of_infer_requests.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::execution_devices.name(), ov::PropertyMutability::RO)};
        for (const auto& property : Config::settable_properties())
            if (property != ov::device::id.name())
                names.emplace_back(property, ov::PropertyMutability::RO);
        return names;
    }
    if (name == ov::model_name.name())
        return m_model_name;
    if (name == ov::optimal_number_of_infer_requests.name())
        return m_config.optimal_requests();
    if (name == ov::execution_devices.name())
        return std::vector<std::string>{get_plugin() ? get_plugin()->get_device_name() : std::string("CPU")};
    if (name == ov::num_streams.name())
        return ov::streams::Num(static_cast<int32_t>(m_config.streams()));
    if (name == ov::inference_num_threads.name())
        return static_cast<int32_t>(m_config.threads());
    if (Config::is_settable(name) && name != ov::device::id.name())
        return m_config.get(name);
    OPENVINO_THROW("CPU: compiled model '", m_model_name, "' has no property ", name);
}

}  // namespace cpu
}  // namespace devmux
