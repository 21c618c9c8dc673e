// SPDX-License-Identifier: Apache-2.0
#include "compiled_model.hpp"

#include <filesystem>

#include "devmux/kit/export_format.hpp"
#include "devmux/kit/passes.hpp"
#include "infer_request.hpp"
#include "kernels.hpp"
#include "plugin.hpp"
#include "remote_context.hpp"

namespace devmux {
namespace vulkan {

const char* const export_plugin_name = "VULKAN";

namespace {

// The pipeline cache kept under ov::cache_dir, merged into the device's before any pipeline is created.
Device::CacheUse load_pipeline_cache(const kit::PropertyValues& values, Device& device) {
    const std::string cache_dir = values.get(ov::cache_dir);
    if (cache_dir.empty())
        return {};
    std::error_code error;
    std::filesystem::create_directories(cache_dir, error);
    OPENVINO_ASSERT(!error, device.name(), ": cannot create the cache directory '", cache_dir, "' (",
                    ov::cache_dir.name(), "): ", error.message());
    return device.load_cache(cache_dir);
}

}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const kit::PropertyValues& values, std::shared_ptr<Device> device, std::string device_id)
    : ICompiledModel(model, plugin),
      m_config(values),
      m_device(std::move(device)),
      m_device_id(std::move(device_id)),
      m_model_name(model->get_friendly_name()),
      m_profiling(values.get(ov::enable_profiling)),
      m_cache(load_pipeline_cache(values, *m_device)),
      m_precision(kit::choose_inference_precision(m_device->name(), capabilities_of(m_device->physical()),
                                                  values.get(ov::hint::inference_precision))),
      m_properties(make_property_table()) {
    m_source = model->clone();
    // At f16 every value and constant is stored in f16 (the arithmetic stays f32).
    const bool f16 = m_precision == ov::element::f16;
    auto prepared = prepare_model(*model, m_precision);
    op_support().check(*model, *prepared);
    // The user sees the model's types: its ports, and its variables through query_state.
    kit::PlanOptions user_types;
    for (const auto& input : inputs())
        user_types.input_types.push_back(input.get_element_type());
    for (const auto& output : outputs())
        user_types.output_types.push_back(output.get_element_type());
    for (const auto& variable : model->get_variables())
        user_types.variable_types[variable->get_info().variable_id] = variable->get_info().data_type;
    m_plan = build_plan(prepared, m_device, f16, std::move(user_types));
    if (!m_cache.file.empty())
        m_device->save_cache(m_cache.file);
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
    return std::make_shared<InferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

std::shared_ptr<IAsyncInferRequest> CompiledModel::create_infer_request() const {
    return std::make_shared<AsyncInferRequest>(
        std::make_shared<InferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this())));
}

void CompiledModel::export_model(std::ostream& stream) const {
    kit::ExportWriter writer(stream, export_plugin_name, get_plugin() ? get_plugin()->get_device_name() : "VULKAN");
    ov::AnyMap settings = m_config.settable_values();  // the writer stores each value's string form
    settings[ov::device::id.name()] = m_device_id;
    writer.write_properties(settings);
    writer.write_model(*m_source);
    writer.finish();
}

std::shared_ptr<const ov::Model> CompiledModel::get_runtime_model() const { return m_plan->model; }

void CompiledModel::set_property(const ov::AnyMap& properties) {
    kit::refuse_compiled_model_settings("VULKAN", properties);
}

std::shared_ptr<const kit::PropertyTable> CompiledModel::make_property_table() const {
    auto table = std::make_shared<kit::PropertyTable>("VULKAN compiled model '" + m_model_name + "'");
    const uint32_t requests = m_config.get(ov::hint::num_requests);
    table->add_read_only(ov::model_name, kit::fixed_value(m_model_name))
        .add_read_only(ov::optimal_number_of_infer_requests, kit::fixed_value(requests > 0 ? std::min(requests, 2u) : 2u))
        .add_read_only(ov::execution_devices, kit::fixed_value(std::vector<std::string>{m_device->name()}))
        .add_read_only(ov::device::id, kit::fixed_value(m_device_id))
        // The precision compiled in, which is f32 where an f16 hint met a device without f16.
        .add_read_only(ov::hint::inference_precision, kit::fixed_value(m_precision))
        // Where the pipeline cache under ov::cache_dir is, and how many of its bytes this compile merged.
        .add_read_only("VULKAN_PIPELINE_CACHE_FILE", kit::fixed_value(m_cache.file))
        .add_read_only("VULKAN_PIPELINE_CACHE_LOADED_BYTES", kit::fixed_value(m_cache.loaded_bytes));
    // Every other compile setting reads back as it was compiled with.
    for (const auto& key : Plugin::table()->settable_keys())
        if (!table->find(key))
            table->add_read_only(key, kit::fixed_value(m_config.get(key)));
    return table;
}

std::shared_ptr<IRemoteContext> CompiledModel::get_context() const {
    return std::make_shared<RemoteContext>(m_device);
}

ov::Any CompiledModel::get_property(const std::string& name) const { return m_properties.get(name); }

}  // namespace vulkan
}  // namespace devmux
