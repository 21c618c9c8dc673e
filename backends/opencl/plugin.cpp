// SPDX-License-Identifier: Apache-2.0
#include "plugin.hpp"

#include <dlfcn.h>

#include <istream>

#include "compiled_model.hpp"
#include "devmux/plugin/completion_queue.hpp"
#include "devmux/kit/export_format.hpp"
#include "kernels.hpp"
#include "remote_context.hpp"

namespace devmux {
namespace opencl {
namespace {
// The OpenCL ICD loader and the drivers it opens keep state in their globals for the process's life (PoCL's
// platform, the loader's vendor list). Unloading this plugin would unload the loader, and with it the only
// references to that state: memory then shows up as leaked under LeakSanitizer, and a driver's threads could
// outlive the code they run. The loader stays mapped until the process ends; the plugin itself still unloads.
void pin_icd_loader() {
    Dl_info loader{};
    if (dladdr(reinterpret_cast<void*>(&clGetPlatformIDs), &loader) && loader.dli_fname)
        dlopen(loader.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}
}  // namespace

Plugin::Plugin() {
    pin_icd_loader();
    set_device_name("OPENCL");
    set_version(ov::Version{"0.1.0", "devmux OPENCL plugin"});
}

Config Plugin::merged_config(const ov::AnyMap& properties) const {
    Config config;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        config = m_config;
    }
    config.set(properties);
    return config;
}

std::shared_ptr<DeviceContext> Plugin::device(const Config& config) const {
    const auto& enumeration = devices_of(config.admitted_types());
    if (enumeration.devices.empty())
        OPENVINO_THROW(get_device_name(), ": no device to run on: ", enumeration.why_none);
    const size_t index = config.device_index();
    OPENVINO_ASSERT(index < enumeration.devices.size(), get_device_name(), ": no device ", index, " (",
                    enumeration.devices.size(), " admitted devices)");
    const DeviceInfo& info = enumeration.devices[index];
    std::lock_guard<std::mutex> lock(m_mutex);
    auto& context = m_devices[info.device];
    if (!context)
        context = std::make_shared<DeviceContext>(info, get_device_name() + "." + std::to_string(index));
    return context;
}

DeviceThreads Plugin::threads(const DeviceContext& device) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto& threads = m_threads[&device];
    if (!threads.completions) {
        threads.completions = std::make_shared<CompletionQueue>(device.name());
        threads.waits = std::make_shared<CompletionQueue>(device.name());
    }
    return threads;
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const ov::Model>& model,
                                                      const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, get_device_name(), ": compile_model needs a model, got null");
    call_counters().count_compile_model();
    const Config config = merged_config(properties);
    auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
    return std::make_shared<CompiledModel>(model, self, config);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& stream, const ov::AnyMap& properties) const {
    kit::ExportReader reader(stream, export_plugin_name, get_device_name());
    ov::AnyMap exported = reader.read_properties();
    auto model = reader.read_model();
    for (const auto& kv : properties)
        exported[kv.first] = kv.second;
    auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
    return std::make_shared<CompiledModel>(model, self, merged_config(exported));
}

ov::SupportedOpsMap Plugin::query_model(const std::shared_ptr<const ov::Model>& model,
                                        const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, get_device_name(), ": query_model needs a model, got null");
    call_counters().count_query_model();
    const Config config = merged_config(properties);
    // Each op is reported on the device that would run it ("OPENCL.1"), so HETERO and the proxy place
    // subgraphs on that device and ov::execution_devices names it. No device: say why, as compile would.
    const auto context = device(config);
    return op_support().query(*model, *prepare_model(*model), context->name());
}

void Plugin::set_property(const ov::AnyMap& properties) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_config.set(properties);
}

std::shared_ptr<IRemoteContext> Plugin::get_default_context(const ov::AnyMap& params) const {
    return std::make_shared<RemoteContext>(device(merged_config(params)));
}

ov::Any Plugin::get_property(const std::string& name, const ov::AnyMap&) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_config.get(name);
}

}  // namespace opencl
}  // namespace devmux
