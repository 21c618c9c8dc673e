// SPDX-License-Identifier: Apache-2.0
#include "plugin.hpp"

#include <dlfcn.h>

#include <istream>

#include "compiled_model.hpp"
#include "devmux/kit/export_format.hpp"
#include "transformations.hpp"

#ifdef DEVMUX_CPU_HAVE_DNNL
#include <omp.h>
#endif

namespace devmux {
namespace cpu {
namespace {
// oneDNN's OpenMP runtime keeps a pool of worker threads per calling thread; when one of this plugin's
// stream threads ends, its pool's workers exit on their own, asynchronously. If a Core unloads the plugin
// meanwhile, the OpenMP library is unmapped under a worker still unwinding its stack, and the process dies
// (seen in CI as a SIGSEGV in pthread_exit). Pinning the OpenMP runtime keeps its code mapped until the
// process ends; the plugin itself still unloads.
void pin_openmp_runtime() {
#ifdef DEVMUX_CPU_HAVE_DNNL
    Dl_info runtime{};
    if (dladdr(reinterpret_cast<void*>(&omp_get_max_threads), &runtime) && runtime.dli_fname)
        dlopen(runtime.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#endif
}
}  // namespace

Plugin::Plugin() {
    pin_openmp_runtime();
    set_device_name("CPU");
    set_version(ov::Version{"0.1.0", "devmux CPU plugin"});
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

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const ov::Model>& model,
                                                      const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "CPU: compile_model needs a model, got null");
    const Config config = merged_config(properties);
    auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
    return std::make_shared<CompiledModel>(model, self, config);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& stream, const ov::AnyMap& properties) const {
    kit::ExportReader reader(stream, export_plugin_name, "CPU");
    ov::AnyMap exported = reader.read_properties();
    auto model = reader.read_model();
    // The properties given to import_model win over the exported ones.
    for (const auto& kv : properties)
        exported[kv.first] = kv.second;
    return compile_model(model, exported);
}

ov::SupportedOpsMap Plugin::query_model(const std::shared_ptr<const ov::Model>& model,
                                        const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "CPU: query_model needs a model, got null");
    merged_config(properties);  // an invalid property fails here as it would in compile_model
    // Decide on the graph compile_model plans, with the statement compile_model checks: query equals compile.
    return op_support().query(*model, *prepare_model(*model), get_device_name());
}

void Plugin::set_property(const ov::AnyMap& properties) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_config.set(properties);
}

ov::Any Plugin::get_property(const std::string& name, const ov::AnyMap&) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_config.get(name);
}

}  // namespace cpu
}  // namespace devmux
