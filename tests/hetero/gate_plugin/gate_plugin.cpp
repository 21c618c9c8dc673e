// SPDX-License-Identifier: Apache-2.0
// The gate test plugin: see gate_control.hpp. A device without export, whose inferences a test can hold.

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "devmux/plugin/iremote_context.hpp"
#include "devmux/kit/dynamic_executor.hpp"
#include "devmux/kit/reference_executor.hpp"
#include "gate_control.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/model.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux_gate {
namespace {

struct Gate {
    bool armed = false;
    size_t entered = 0;
    size_t released = 0;
    size_t finished = 0;
};

// One registry for the library: tests reach it through the C functions below, inferences through
// pass_gate / leave_gate. g_mutex guards every Gate in gates(); g_changed signals any counter change.
std::mutex g_mutex;
std::condition_variable g_changed;
std::map<std::string, Gate>& gates() {
    static std::map<std::string, Gate> all;
    return all;
}

void pass_gate(const std::string& device) {
    std::unique_lock<std::mutex> lock(g_mutex);
    Gate& gate = gates()[device];
    if (!gate.armed)
        return;
    const size_t ticket = ++gate.entered;
    g_changed.notify_all();
    // Bounded, so a test that fails before opening the gate cannot hang its process.
    const bool opened = g_changed.wait_for(lock, std::chrono::seconds(20), [&] { return gate.released >= ticket; });
    if (!opened) {
        ++gate.finished;
        g_changed.notify_all();
        OPENVINO_THROW("GATE ", device, ": inference ", ticket, " was never let through (the test did not release it)");
    }
}

void leave_gate(const std::string& device) {
    std::lock_guard<std::mutex> lock(g_mutex);
    Gate& gate = gates()[device];
    if (gate.armed)
        ++gate.finished;
    g_changed.notify_all();
}

// GATE_MEMORY_SPACE: the device pretends its tensors live in a memory of its own (they are host
// bytes, so its kernels still read them), which makes HETERO copy boundaries to and from it.
class GateTensor : public devmux::IRemoteTensor {
public:
    GateTensor(const ov::element::Type& type, const ov::Shape& shape, std::string device, std::string space)
        : m_tensor(type, shape), m_device(std::move(device)), m_space(std::move(space)) {}
    const ov::element::Type& get_element_type() const override { return m_tensor.get_element_type(); }
    const ov::Shape& get_shape() const override { return m_tensor.get_shape(); }
    const std::string& get_device_name() const override { return m_device; }
    const std::string& get_memory_space() const override { return m_space; }
    ov::AnyMap get_params() const override { return {{devmux::memory_space_key, m_space}}; }
    void* host_data() const override { return m_tensor.data(); }
    void copy_to_host(ov::Tensor& dst) const override { m_tensor.copy_to(dst); }
    void copy_from_host(const ov::Tensor& src) override { src.copy_to(m_tensor); }

private:
    mutable ov::Tensor m_tensor;
    std::string m_device;
    std::string m_space;
};

class GateContext : public devmux::IRemoteContext {
public:
    GateContext(std::string device, std::string space) : m_device(std::move(device)), m_space(std::move(space)) {}
    const std::string& get_device_name() const override { return m_device; }
    const std::string& get_memory_space() const override { return m_space; }
    ov::AnyMap get_property() const override { return {{devmux::memory_space_key, m_space}}; }
    std::shared_ptr<devmux::IRemoteTensor> create_tensor(const ov::element::Type& type, const ov::Shape& shape,
                                                         const ov::AnyMap&) override {
        return std::make_shared<GateTensor>(type, shape, m_device, m_space);
    }

private:
    std::string m_device;
    std::string m_space;
};

class GateCompiledModel : public devmux::ICompiledModel {
public:
    // A model with dynamic shapes runs on the dynamic reference executor, as CPU runs one, so HETERO's tests
    // can hand this device tensors whose shapes are known only at run time, in a memory space of its own.
    GateCompiledModel(const std::shared_ptr<ov::Model>& model, const std::shared_ptr<const devmux::IPlugin>& plugin)
        : ICompiledModel(model, plugin),
          m_model(model),
          m_dynamic_plan(devmux::kit::has_dynamic_shapes(*model)
                             ? std::make_shared<devmux::kit::DynamicReferencePlan>(model, plugin->get_device_name())
                             : nullptr),
          m_plan(m_dynamic_plan ? nullptr
                                : std::make_shared<devmux::kit::ReferencePlan>(model, plugin->get_device_name())),
          m_device(plugin->get_device_name()) {}

    std::shared_ptr<devmux::ISyncInferRequest> create_sync_infer_request() const override;

    void export_model(std::ostream&) const override {
        OPENVINO_NOT_IMPLEMENTED("GATE ", m_device, ": this test device cannot export a compiled model");
    }
    std::shared_ptr<const ov::Model> get_runtime_model() const override { return m_model; }
    void set_property(const ov::AnyMap&) override {
        OPENVINO_NOT_IMPLEMENTED("GATE ", m_device, ": a compiled model has no settable properties");
    }
    ov::Any get_property(const std::string& name) const override {
        if (name == ov::supported_properties.name())
            return std::vector<ov::PropertyName>{ov::PropertyName(ov::supported_properties),
                                                 ov::PropertyName(ov::model_name)};
        if (name == ov::model_name.name())
            return m_model->get_friendly_name();
        OPENVINO_THROW("GATE ", m_device, " compiled model: unknown property '", name, "'");
    }

    const std::shared_ptr<const devmux::kit::ReferencePlan>& plan() const { return m_plan; }
    const std::shared_ptr<const devmux::kit::DynamicReferencePlan>& dynamic_plan() const { return m_dynamic_plan; }
    const std::string& device() const { return m_device; }

private:
    std::shared_ptr<ov::Model> m_model;
    std::shared_ptr<const devmux::kit::DynamicReferencePlan> m_dynamic_plan;  // null for static shapes
    std::shared_ptr<const devmux::kit::ReferencePlan> m_plan;                 // null for dynamic shapes
    std::string m_device;
};

class GateInferRequest : public devmux::ISyncInferRequest {
public:
    explicit GateInferRequest(const std::shared_ptr<const GateCompiledModel>& compiled)
        : ISyncInferRequest(compiled), m_compiled(compiled) {
        if (compiled->dynamic_plan())
            m_dynamic_executor = std::make_unique<devmux::kit::DynamicReferenceExecutor>(compiled->dynamic_plan());
        else
            m_executor = std::make_unique<devmux::kit::ReferenceExecutor>(compiled->plan());
    }

    void infer() override {
        pass_gate(m_compiled->device());
        try {
            if (m_dynamic_executor)
                m_dynamic_executor->run(m_input_tensors, m_output_tensors, false);
            else
                m_executor->run(m_input_tensors, m_output_tensors, false);
        } catch (...) {
            leave_gate(m_compiled->device());
            throw;
        }
        leave_gate(m_compiled->device());
    }
    std::vector<std::shared_ptr<devmux::IVariableState>> query_state() const override {
        return m_dynamic_executor ? m_dynamic_executor->states() : m_executor->states();
    }

private:
    std::shared_ptr<const GateCompiledModel> m_compiled;
    std::unique_ptr<devmux::kit::ReferenceExecutor> m_executor;                // static shapes
    std::unique_ptr<devmux::kit::DynamicReferenceExecutor> m_dynamic_executor;  // dynamic shapes
};

std::shared_ptr<devmux::ISyncInferRequest> GateCompiledModel::create_sync_infer_request() const {
    return std::make_shared<GateInferRequest>(std::static_pointer_cast<const GateCompiledModel>(shared_from_this()));
}

class GatePlugin : public devmux::IPlugin {
public:
    GatePlugin() { set_version(ov::Version{"0.1.0", "devmux HETERO gate test plugin"}); }

    std::shared_ptr<devmux::ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                          const ov::AnyMap& properties) const override {
        OPENVINO_ASSERT(model, "GATE ", get_device_name(), ": compile_model got a null model");
        for (const auto& kv : properties)
            check_key(kv.first);
        for (const auto& op : model->get_ordered_ops())
            OPENVINO_ASSERT(devmux::kit::ReferencePlan::can_execute(*op), "GATE ", get_device_name(), ": op '",
                            op->get_friendly_name(), "' (", op->get_type_name(), ") is not supported");
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            ++m_compile_calls;
        }
        return std::make_shared<GateCompiledModel>(model->clone(), shared_from_this());
    }

    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model, const ov::AnyMap&) const override {
        ov::SupportedOpsMap supported;
        for (const auto& op : model->get_ordered_ops())
            if (devmux::kit::ReferencePlan::can_execute(*op))
                supported[op->get_friendly_name()] = get_device_name();
        return supported;
    }

    void set_property(const ov::AnyMap& properties) override {
        for (const auto& kv : properties) {
            ov::Any value = kv.second;
            std::lock_guard<std::mutex> lock(m_mutex);
            if (kv.first == memory_space)
                m_memory_space = value.as<std::string>();
            else if (kv.first == fail_device_list)
                m_device_list_error = value.as<std::string>();
            else
                check_key(kv.first);
        }
    }

    std::shared_ptr<devmux::IRemoteContext> get_default_context(const ov::AnyMap& params) const override {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_memory_space.empty())
            return IPlugin::get_default_context(params);
        return std::make_shared<GateContext>(get_device_name(), m_memory_space);
    }

    ov::Any get_property(const std::string& name, const ov::AnyMap&) const override {
        if (name == ov::supported_properties.name())
            return std::vector<ov::PropertyName>{ov::PropertyName(ov::supported_properties),
                                                 ov::PropertyName(ov::available_devices),
                                                 ov::PropertyName(ov::device::full_name),
                                                 ov::PropertyName(ov::device::capabilities),
                                                 {compile_model_calls, ov::PropertyMutability::RO}};
        if (name == ov::available_devices.name()) {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (!m_device_list_error.empty())
                OPENVINO_THROW("GATE ", get_device_name(), ": ", m_device_list_error);
            return std::vector<std::string>{};
        }
        if (name == ov::device::full_name.name())
            return std::string("devmux gate test device");
        if (name == ov::device::capabilities.name())
            return std::vector<std::string>{};  // no EXPORT_IMPORT
        if (name == compile_model_calls) {
            std::lock_guard<std::mutex> lock(m_mutex);
            return m_compile_calls;
        }
        OPENVINO_THROW("GATE ", get_device_name(), ": unknown property '", name, "'");
    }

private:
    void check_key(const std::string& key) const {
        // What a Core or HETERO may hand on; this device has no settings of its own.
        OPENVINO_ASSERT(key == ov::device::priorities.name() || key == ov::device::properties.name() ||
                            key == ov::device::id.name(),
                        "GATE ", get_device_name(), ": unknown property '", key, "'");
    }

    mutable std::mutex m_mutex;  // guards m_compile_calls, m_memory_space and m_device_list_error
    mutable size_t m_compile_calls = 0;
    std::string m_memory_space;       // empty: host memory
    std::string m_device_list_error;  // set: available_devices throws it
};

}  // namespace
}  // namespace devmux_gate

extern "C" __attribute__((visibility("default"))) void devmux_gate_arm(const char* device) {
    std::lock_guard<std::mutex> lock(devmux_gate::g_mutex);
    devmux_gate::gates()[device] = devmux_gate::Gate{};
    devmux_gate::gates()[device].armed = true;
}

extern "C" __attribute__((visibility("default"))) void devmux_gate_release(const char* device, size_t count) {
    std::lock_guard<std::mutex> lock(devmux_gate::g_mutex);
    devmux_gate::gates()[device].released += count;
    devmux_gate::g_changed.notify_all();
}

extern "C" __attribute__((visibility("default"))) int devmux_gate_wait_entered(const char* device, size_t count,
                                                                               int timeout_ms) {
    std::unique_lock<std::mutex> lock(devmux_gate::g_mutex);
    devmux_gate::Gate& gate = devmux_gate::gates()[device];
    return devmux_gate::g_changed.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                                           [&] { return gate.entered >= count; })
               ? 1
               : 0;
}

extern "C" __attribute__((visibility("default"))) size_t devmux_gate_in_flight(const char* device) {
    std::lock_guard<std::mutex> lock(devmux_gate::g_mutex);
    const devmux_gate::Gate& gate = devmux_gate::gates()[device];
    return gate.entered - gate.finished;
}

DEVMUX_DEFINE_PLUGIN(devmux_gate::GatePlugin)
