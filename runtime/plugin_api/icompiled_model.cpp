// SPDX-License-Identifier: Apache-2.0
#include "devmux/plugin/icompiled_model.hpp"

#include "devmux/plugin/iinfer_request.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "devmux/plugin/iremote_context.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux {

std::shared_ptr<IRemoteContext> IPlugin::create_context(const ov::AnyMap&) const {
    OPENVINO_NOT_IMPLEMENTED("device ", get_device_name(), " cannot create a remote context from parameters");
}

std::shared_ptr<IRemoteContext> IPlugin::get_default_context(const ov::AnyMap& params) const {
    const auto id = params.find(ov::device::id.name());
    std::string name = get_device_name();
    if (id != params.end()) {
        ov::Any value = id->second;
        const std::string text = value.as<std::string>();
        if (!text.empty())
            name += "." + text;
    }
    return make_host_context(name);
}

std::shared_ptr<IRemoteContext> ICore::get_default_context(const std::string& device_name) const {
    OPENVINO_NOT_IMPLEMENTED("This Core gives no default context (asked for device '", device_name, "')");
}

std::shared_ptr<IRemoteContext> ICompiledModel::get_context() const {
    OPENVINO_ASSERT(m_plugin, "The compiled model has no plugin to give its context");
    return m_plugin->get_default_context({});
}

std::shared_ptr<ICompiledModel> IPlugin::import_model(std::istream&, const ov::AnyMap&) const {
    OPENVINO_NOT_IMPLEMENTED("device ", get_device_name(), " cannot import a compiled model");
}

ICompiledModel::ICompiledModel(const std::shared_ptr<const ov::Model>& model,
                               const std::shared_ptr<const IPlugin>& plugin)
    : m_plugin(plugin) {
    if (!model)
        return;
    // Fresh Parameter and Result nodes carry the ports, so the compiled model does not depend on the
    // user's model staying alive or unchanged.
    ov::ParameterVector parameters;
    for (const auto& input : model->inputs()) {
        auto parameter = std::make_shared<ov::op::v0::Parameter>(input.get_element_type(), input.get_partial_shape());
        parameter->set_friendly_name(input.get_node()->get_friendly_name());
        parameter->output(0).set_names(input.get_names());
        parameter->get_rt_info() = input.get_node()->get_rt_info();
        parameters.push_back(parameter);
    }
    ov::ResultVector results;
    for (const auto& output : model->outputs()) {
        auto producer = std::make_shared<ov::op::v0::Parameter>(output.get_element_type(), output.get_partial_shape());
        const auto* original_result = output.get_node();
        producer->set_friendly_name(original_result->get_input_node_ptr(0)->get_friendly_name());
        producer->output(0).set_names(output.get_names());
        auto result = std::make_shared<ov::op::v0::Result>(producer);
        result->set_friendly_name(original_result->get_friendly_name());
        results.push_back(result);
        parameters.push_back(producer);
    }
    auto ports = std::make_shared<ov::Model>(results, parameters, model->get_friendly_name());
    for (size_t i = 0; i < model->inputs().size(); ++i)
        m_inputs.emplace_back(std::shared_ptr<const ov::Node>(parameters[i]), 0);
    for (const auto& result : results)
        m_outputs.emplace_back(std::shared_ptr<const ov::Node>(result), 0);
    m_ports_model = ports;
}

std::shared_ptr<IAsyncInferRequest> ICompiledModel::create_infer_request() const {
    return std::make_shared<IAsyncInferRequest>(create_sync_infer_request());
}

}  // namespace devmux
