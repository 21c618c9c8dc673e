// SPDX-License-Identifier: Apache-2.0
#pragma once

// The proxy: the plugin behind an alias such as "GPU". It owns no hardware; it enumerates the devices
// of its member plugins (grouping those with the same ov::device::uuid), numbers them GPU.0 ... GPU.N,
// and sends each call to the plugin (or HETERO chain) that serves the chosen device. It reaches the
// members only through the Core, as HETERO does.

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "devmux/plugin/iplugin.hpp"
#include "openvino/runtime/properties.hpp"
#include "proxy/proxy_config.hpp"
#include "proxy/proxy_host.hpp"
#include "proxy/selection.hpp"

namespace devmux {
namespace proxy {

/// One physical device of the alias.
struct ProxyDevice {
    std::optional<ov::device::UUID> uuid;
    /// The member plugins that report this device, in member order: {plugin, hardware device name}.
    std::vector<std::pair<std::string, std::string>> owners;
    /// The hardware devices that serve it, primary first, then the fallbacks ("CPU" for a plugin
    /// outside the alias, which HETERO uses as a whole).
    std::vector<std::string> chain;
    /// The plugins of chain, entry by entry ("VB VA"): what ov::device::priorities reports.
    std::vector<std::string> chain_plugins;
};

/// The alias's devices, as found on one call.
struct Enumeration {
    std::vector<std::string> members;
    /// "A (2 devices), B (failed: ...)", for messages.
    std::string asked;
    std::vector<ProxyDevice> devices;
    /// What went wrong while enumerating (a member that could not list its devices, a device whose
    /// ov::device::uuid could not be read): shown by PROXY_ENUMERATION_ERRORS and in compile errors.
    std::vector<std::string> errors;
};

class ProxyPlugin : public IPlugin {
public:
    ProxyPlugin(std::weak_ptr<const ICore> core, std::weak_ptr<ProxyHost> host, std::string alias);

    std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                  const ov::AnyMap& properties) const override;
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const ov::AnyMap& properties) const override;
    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                    const ov::AnyMap& properties) const override;
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name, const ov::AnyMap& arguments) const override;
    /// The context of the hardware device; a device served by several plugins has none (as the reference).
    std::shared_ptr<IRemoteContext> get_default_context(const ov::AnyMap& params) const override;

    /// Enumerates the devices now. Not cached: members may be loaded, unloaded or reconfigured between
    /// calls, and a compile's cost dwarfs a few property reads.
    Enumeration enumerate() const;

private:
    std::shared_ptr<const ICore> core() const;
    std::shared_ptr<ProxyHost> host() const;
    /// The index a call means: DEVICE_ID in @p properties, else the default.
    size_t index_of(const ov::AnyMap& properties) const;
    /// The device at @p index, or an ov::Exception saying how many devices exist and which plugins were asked.
    const ProxyDevice& device_at(const Enumeration& found, size_t index) const;
    /// "GPU.1", or "GPU" when the alias has one device.
    std::string public_name(const Enumeration& found, size_t index) const;
    /// What a compile or query of the device targets: the hardware device, or HETERO over its chain.
    static std::string target_of(const ProxyDevice& device);
    /// "; while enumerating ...: <errors>", or nothing when enumeration met no failure.
    static std::string errors_note(const Enumeration& found);
    std::shared_ptr<ICompiledModel> compile_on(const Enumeration& found, const std::shared_ptr<const ov::Model>& model,
                                               const ov::AnyMap& properties) const;
    /// Compiles on @p chain (primary first): on the primary alone when it runs every op (one query_model
    /// decides), else on HETERO over the chain. @p target, when given, receives what was compiled on.
    std::shared_ptr<ICompiledModel> compile_chain(const std::vector<std::string>& chain,
                                                  const std::shared_ptr<const ov::Model>& model,
                                                  const ov::AnyMap& config, std::string* target = nullptr) const;
    /// MEASURED on a device several members serve: a cached decision, else each member as primary timed.
    std::shared_ptr<ICompiledModel> compile_measured(const Enumeration& found, size_t index,
                                                     const std::shared_ptr<const ov::Model>& model,
                                                     const ov::AnyMap& properties, const ov::AnyMap& config) const;
    /// PROXY_BACKEND_SELECTION for a compile: its config's, else set_property's, else the registration's,
    /// else PRIORITY.
    BackendSelection selection_of(const ov::AnyMap& properties) const;
    /// What the decision file's key adds to the in-memory one: the devmux build and, per candidate, the
    /// device's full name and any driver version it reports, so that an update measures again.
    std::string versions_of(const std::vector<Candidate>& candidates) const;
    /// The caller's properties minus the proxy's own keys, with the ov::device::properties set on the
    /// alias for its plugins under the caller's own (the caller's win, key by key).
    ov::AnyMap for_hardware(const ov::AnyMap& properties) const;

    std::weak_ptr<const ICore> m_core;
    std::weak_ptr<ProxyHost> m_host;
    std::string m_alias;
    // Guards m_default_index, m_priorities, m_chain, m_device_properties, m_selection and m_measurement
    // (what set_property on the alias changed).
    mutable std::mutex m_mutex;
    size_t m_default_index = 0;
    std::optional<std::map<std::string, int>> m_priorities;
    std::optional<std::vector<std::string>> m_chain;
    /// ov::device::properties set on the alias: plugin or device name -> its properties, given with
    /// every compile, query and import so that a fallback compiling part of a model gets them.
    std::map<std::string, ov::AnyMap> m_device_properties;
    /// PROXY_BACKEND_SELECTION and PROXY_MEASUREMENT_* set on the alias.
    std::optional<BackendSelection> m_selection;
    MeasurementSettings m_measurement;
    /// MEASURED's decisions in this Core (the proxy is one per alias per Core), by model digest, device
    /// UUID and candidates. Thread-safe itself; two threads compiling one new model at once may both
    /// measure, and the later decision stays.
    mutable DecisionCache m_decisions;
};

}  // namespace proxy
}  // namespace devmux
