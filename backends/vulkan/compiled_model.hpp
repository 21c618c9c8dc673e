// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "devmux/kit/execution_plan.hpp"
#include "devmux/kit/property_table.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "vk_device.hpp"

namespace devmux {
namespace vulkan {

class Plugin;

/// A model compiled for one Vulkan device: the prepared graph's execution plan, its pipelines and its
/// uploaded weights, shared read-only by its requests (each request has its own arena, descriptor sets,
/// command buffer and fence). Immutable after construction, so every method is safe from several threads.
class CompiledModel : public ICompiledModel {
public:
    CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                  const kit::PropertyValues& values, std::shared_ptr<Device> device, std::string device_id);

    std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
    /// A request finished by the device's fence thread (no thread per request).
    std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
    /// Writes the original model and the compile properties; Plugin::import_model compiles it again.
    void export_model(std::ostream& model) const override;
    std::shared_ptr<const ov::Model> get_runtime_model() const override;
    /// Throws ov::NotImplemented: a compiled model's properties are fixed at compile time.
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name) const override;
    /// The memory of the device it runs on (RemoteContext).
    std::shared_ptr<IRemoteContext> get_context() const override;

    const std::shared_ptr<const kit::ExecutionPlan>& plan() const { return m_plan; }
    const std::shared_ptr<Device>& device() const { return m_device; }
    bool profiling() const { return m_profiling; }

private:
    std::shared_ptr<const kit::PropertyTable> make_property_table() const;

    kit::PropertyValues m_config;
    std::shared_ptr<Device> m_device;
    std::string m_device_id;
    std::shared_ptr<const ov::Model> m_source;  // a clone of the user's model, for export
    std::string m_model_name;
    bool m_profiling = false;
    Device::CacheUse m_cache;  // the pipeline cache under ov::cache_dir (empty file: none)
    ov::element::Type m_precision;  // what the plan computes in: the hint where the device has it, else f32
    std::shared_ptr<const kit::ExecutionPlan> m_plan;
    kit::PropertyValues m_properties;  // read-only, fixed at compile time; declared last: built from the above
};

/// The plugin name in the header of VULKAN's exports (devmux/kit/export_format.hpp).
extern const char* const export_plugin_name;

}  // namespace vulkan
}  // namespace devmux
