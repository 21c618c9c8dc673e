// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "config.hpp"
#include "devmux/kit/execution_plan.hpp"
#include "devmux/kit/property_table.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "kernels.hpp"

namespace devmux {
class CompletionQueue;
namespace opencl {

class Plugin;

/// A model compiled for one OpenCL device: its plan (arena in device memory), its kernels and the weights
/// they read, uploaded once and shared by its requests. Immutable after construction.
class CompiledModel : public ICompiledModel {
public:
    CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                  const Config& config);

    std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
    /// A request finished by the device's wait and completion threads, no thread per request.
    std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
    void export_model(std::ostream& model) const override;
    std::shared_ptr<const ov::Model> get_runtime_model() const override;
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name) const override;
    /// The memory of the device it runs on (RemoteContext): its tensors are bound without host copies.
    std::shared_ptr<IRemoteContext> get_context() const override;

    const std::shared_ptr<const kit::ExecutionPlan>& plan() const { return m_plan; }
    const std::shared_ptr<DeviceContext>& device() const { return m_device; }
    const Config& config() const { return m_config; }

private:
    std::shared_ptr<const kit::PropertyTable> make_property_table() const;

    Config m_config;
    std::shared_ptr<DeviceContext> m_device;
    DeviceThreads m_threads;
    std::shared_ptr<const ov::Model> m_source;
    std::string m_model_name;
    std::shared_ptr<ConstantPool> m_constants;
    std::shared_ptr<const kit::ExecutionPlan> m_plan;
    kit::PropertyValues m_properties;  // read-only; declared last: built from the above
};

extern const char* const export_plugin_name;

}  // namespace opencl
}  // namespace devmux
