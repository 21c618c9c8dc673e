// SPDX-License-Identifier: Apache-2.0
#include "compiled_model.hpp"

#include "devmux/kit/export_format.hpp"
#include "infer_request.hpp"
#include "plugin.hpp"
#include "remote_context.hpp"

namespace devmux {
namespace opencl {

const char* const export_plugin_name = "OPENCL";

CompiledModel::CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                             const Config& config)
    : ICompiledModel(model, plugin),
      m_config(config),
      m_device(plugin->device(config)),
      m_threads(plugin->threads(*m_device)),
      m_source(model->clone()),
      m_model_name(model->get_friendly_name()),
      m_constants(std::make_shared<ConstantPool>()),
      m_properties(make_property_table()) {
    m_constants->model = m_model_name;
    auto prepared = prepare_model(*model);
    op_support().check(*model, *prepared);
    cl_program program = m_device->program(m_config.cache_dir());
    kit::PlanOptions options;
    options.device = m_device->name();
    options.alignment = m_device->info().base_alignment;
    options.arena_space = device_memory;
    for (const auto& input : inputs())
        options.input_types.push_back(input.get_element_type());
    for (const auto& output : outputs())
        options.output_types.push_back(output.get_element_type());
    auto kernels = make_kernel_provider(m_device, program, m_constants);
    m_plan = kit::build_plan(prepared, *kernels, options);
}

std::shared_ptr<ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
    return std::make_shared<InferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

std::shared_ptr<IAsyncInferRequest> CompiledModel::create_infer_request() const {
    auto sync = std::static_pointer_cast<InferRequest>(create_sync_infer_request());
    return std::make_shared<AsyncInferRequest>(sync, m_threads);
}

void CompiledModel::export_model(std::ostream& stream) const {
    kit::ExportWriter writer(stream, export_plugin_name, get_plugin() ? get_plugin()->get_device_name() : "OPENCL");
    writer.write_properties(m_config.to_map());
    writer.write_model(*m_source);
    writer.finish();
}

std::shared_ptr<const ov::Model> CompiledModel::get_runtime_model() const { return m_plan->model; }

void CompiledModel::set_property(const ov::AnyMap& properties) {
    kit::refuse_compiled_model_settings("OPENCL", properties);
}

std::shared_ptr<const kit::PropertyTable> CompiledModel::make_property_table() const {
    auto table = std::make_shared<kit::PropertyTable>("OPENCL compiled model '" + m_model_name + "'");
    table->add_read_only(ov::model_name, kit::fixed_value(m_model_name))
        .add_read_only(ov::optimal_number_of_infer_requests, kit::fixed_value(m_config.optimal_requests()))
        .add_read_only(ov::execution_devices, kit::fixed_value(std::vector<std::string>{m_device->name()}))
        .add_read_only(ov::device::full_name, kit::fixed_value(m_device->info().name));
    for (const auto& key : Config::table()->settable_keys())
        if (!table->find(key))
            table->add_read_only(key, kit::fixed_value(m_config.get(key)));
    return table;
}

ov::Any CompiledModel::get_property(const std::string& name) const { return m_properties.get(name); }

std::shared_ptr<IRemoteContext> CompiledModel::get_context() const { return std::make_shared<RemoteContext>(m_device); }

}  // namespace opencl
}  // namespace devmux
