// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "config.hpp"
#include "devmux/plugin/iplugin.hpp"

namespace devmux {
namespace cpu {

/// The "CPU" device: runs models on the host processor with an execution plan of f32 kernels.
class Plugin : public IPlugin {
public:
    Plugin();

    std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                  const ov::AnyMap& properties) const override;
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const ov::AnyMap& properties) const override;
    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                    const ov::AnyMap& properties) const override;
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name, const ov::AnyMap& arguments) const override;

    /// The plugin's defaults with `properties` applied (throws for an invalid one).
    Config merged_config(const ov::AnyMap& properties) const;

private:
    // m_mutex guards m_config: set_property may run while other threads compile or query.
    mutable std::mutex m_mutex;
    Config m_config;
};

}  // namespace cpu
}  // namespace devmux
