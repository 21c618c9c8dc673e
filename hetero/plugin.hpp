// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "config.hpp"
#include "devmux/plugin/iplugin.hpp"

namespace devmux {
namespace hetero {

/// What HETERO knows about the devices of one compile or query, asked once each through the Core.
class DeviceCatalog {
public:
    DeviceCatalog(std::shared_ptr<ICore> core, const Config& config);

    ICore& core() const { return *m_core; }
    const Config& config() const { return m_config; }
    /// The properties a device lists as supported; throws ov::Exception naming an unknown device.
    const std::vector<std::string>& supported(const std::string& device);
    /// What to give `device` when compiling or querying on it: the HETERO-level properties it
    /// supports and the ov::device::properties entries (the Core picks the ones naming it).
    ov::AnyMap properties_for(const std::string& device);
    /// Whether `device` runs ops of dynamic shape: its query_model takes the Parameter of dynamic shape of a
    /// model that only passes that input through (CPU does; devices that need static shapes refuse it). Asked
    /// once per catalog, and only for a model with dynamic shapes; a device whose query throws does not.
    bool runs_dynamic_shapes(const std::string& device);

private:
    std::shared_ptr<ICore> m_core;
    Config m_config;
    std::map<std::string, std::vector<std::string>> m_supported;
    std::map<std::string, bool> m_runs_dynamic;
};

/// The "HETERO" device: splits a model across the devices of its priority list and runs the pieces
/// through the Core, as an application would. Never includes another plugin's headers.
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

    /// The plugin's configuration with `properties` applied; devices checked.
    Config merged_config(const ov::AnyMap& properties) const;
    /// The Core, or an ov::Exception when the plugin was made outside one.
    std::shared_ptr<ICore> core() const;

private:
    // m_mutex guards m_config: set_property may run while other threads compile or query.
    mutable std::mutex m_mutex;
    Config m_config;
};

/// Greedy assignment in priority order: the first device is asked about the whole model, each later
/// one only about the ops no earlier device took. An op with a dynamic input or output shape (and so every
/// op downstream whose shapes depend on it) goes only to a device that runs dynamic shapes
/// (DeviceCatalog::runs_dynamic_shapes), whatever a device that needs static shapes answers. Shape computations (shape_computation_anchors) stay
/// with a device only together with the ops they compute shapes for; a Convert that only converts the
/// output of an op a later device takes moves to that device with it when it can. Returns compute op ->
/// device (device names as the devices answer them); ops no device takes are absent. `refusal_notes`,
/// when given, gets why a later device may have refused an op for a reason of the split, not of the op.
std::map<std::string, std::string> assign_compute_ops(const std::shared_ptr<const ov::Model>& model,
                                                      DeviceCatalog& catalog,
                                                      std::map<std::string, std::string>* refusal_notes = nullptr);

/// Completes an assignment of compute ops for the query answer: Constants go with their first
/// assigned consumer, Results with their producer, Parameters with their first assigned consumer
/// (left out when none is assigned; an unused Parameter goes to `first_device`).
ov::SupportedOpsMap complete_assignment(const ov::Model& model, const std::map<std::string, std::string>& compute,
                                        const std::string& first_device);

}  // namespace hetero
}  // namespace devmux
