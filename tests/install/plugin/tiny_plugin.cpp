// SPDX-License-Identifier: Apache-2.0
// The TINY device: a plugin built only on the installed developer API. It runs a model with the
// reference executor, configures itself with a property table and exports in the common format.
#include <istream>
#include <mutex>

#include "devmux/kit/export_format.hpp"
#include "devmux/kit/property_table.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "devmux/kit/reference_executor.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/model.hpp"
#include "openvino/runtime/properties.hpp"

namespace tiny {
namespace {

std::shared_ptr<const devmux::kit::PropertyTable> make_table() {
    auto table = std::make_shared<devmux::kit::PropertyTable>("TINY");
    table->add(ov::enable_profiling, false, "true or false")
        .add_read_only(ov::available_devices,
                       [](const devmux::kit::PropertyValues&, const std::string&) { return std::vector<std::string>{"0"}; })
        .add_read_only(ov::device::full_name, [](const devmux::kit::PropertyValues&, const std::string&) {
            return std::string("tiny out-of-tree device");
        });
    return table;
}

class CompiledModel : public devmux::ICompiledModel {
public:
    CompiledModel(const std::shared_ptr<ov::Model>& model, const std::shared_ptr<const devmux::IPlugin>& plugin)
        : ICompiledModel(model, plugin),
          m_model(model),
          m_plan(std::make_shared<devmux::kit::ReferencePlan>(model, plugin->get_device_name())) {}

    std::shared_ptr<devmux::ISyncInferRequest> create_sync_infer_request() const override;

    void export_model(std::ostream& out) const override {
        devmux::kit::ExportWriter writer(out, "TINY", get_plugin()->get_device_name());
        writer.write_model(*m_model);
        writer.finish();
    }

    std::shared_ptr<const ov::Model> get_runtime_model() const override { return m_model; }
    void set_property(const ov::AnyMap&) override { OPENVINO_THROW("TINY: compiled model properties are fixed"); }
    ov::Any get_property(const std::string& name) const override {
        if (name == ov::model_name.name())
            return m_model->get_friendly_name();
        OPENVINO_THROW("TINY: compiled model has no property '", name, "'");
    }
    const std::shared_ptr<const devmux::kit::ReferencePlan>& plan() const { return m_plan; }

private:
    std::shared_ptr<ov::Model> m_model;
    std::shared_ptr<const devmux::kit::ReferencePlan> m_plan;
};

class InferRequest : public devmux::ISyncInferRequest {
public:
    explicit InferRequest(const std::shared_ptr<const CompiledModel>& compiled)
        : ISyncInferRequest(compiled), m_executor(compiled->plan()) {}
    void infer() override { m_executor.run(m_input_tensors, m_output_tensors, false); }

private:
    devmux::kit::ReferenceExecutor m_executor;
};

std::shared_ptr<devmux::ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
    return std::make_shared<InferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

class Plugin : public devmux::IPlugin {
public:
    Plugin() : m_values(make_table()) { set_version(ov::Version{"1", "tiny out-of-tree plugin"}); }

    std::shared_ptr<devmux::ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                          const ov::AnyMap& properties) const override {
        devmux::kit::PropertyValues values = current();
        values.set(properties);
        return std::make_shared<CompiledModel>(model->clone(), shared_from_this());
    }
    std::shared_ptr<devmux::ICompiledModel> import_model(std::istream& in, const ov::AnyMap& properties) const override {
        devmux::kit::ExportReader reader(in, "TINY", "TINY");
        return compile_model(reader.read_model(), properties);
    }
    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model, const ov::AnyMap&) const override {
        ov::SupportedOpsMap supported;
        for (const auto& op : model->get_ordered_ops())
            if (devmux::kit::ReferencePlan::can_execute(*op))
                supported[op->get_friendly_name()] = get_device_name();
        return supported;
    }
    void set_property(const ov::AnyMap& properties) override {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_values.set(properties);
    }
    ov::Any get_property(const std::string& name, const ov::AnyMap&) const override { return current().get(name); }

private:
    devmux::kit::PropertyValues current() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_values;
    }
    mutable std::mutex m_mutex;  // guards m_values
    devmux::kit::PropertyValues m_values;
};

}  // namespace
}  // namespace tiny

DEVMUX_DEFINE_PLUGIN(tiny::Plugin)
