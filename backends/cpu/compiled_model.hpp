// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "config.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "exec_plan.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {

class Plugin;

/// A model compiled for the CPU: the prepared graph, its execution plan and the thread pool its requests
/// share. Immutable after construction, so every method is safe from several threads.
class CompiledModel : public ICompiledModel {
public:
    /// Prepares and plans `model`; throws ov::Exception for dynamic shapes or ops without a kernel.
    CompiledModel(const std::shared_ptr<const ov::Model>& model, const std::shared_ptr<const Plugin>& plugin,
                  const Config& config);

    std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
    /// Writes the original model (as IR) and the compile properties; Plugin::import_model recompiles it.
    void export_model(std::ostream& model) const override;
    std::shared_ptr<const ov::Model> get_runtime_model() const override;
    /// Throws ov::NotImplemented: a compiled model's properties are fixed at compile time.
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name) const override;

    const ExecutionPlan& plan() const { return m_plan; }
    const Config& config() const { return m_config; }
    ThreadPool& pool() const { return *m_pool; }

private:
    Config m_config;
    std::shared_ptr<const ov::Model> m_source;  // a clone of the user's model, for export
    std::string m_model_name;
    ExecutionPlan m_plan;
    std::unique_ptr<ThreadPool> m_pool;
};

/// The plugin name in the header of the CPU plugin's exports (devmux/kit/export_format.hpp).
extern const char* const export_plugin_name;

}  // namespace cpu
}  // namespace devmux
