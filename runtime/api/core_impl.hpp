// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "devmux/registry_info.hpp"
#include "openvino/runtime/compiled_model.hpp"
#include "openvino/runtime/core.hpp"
#include "proxy/proxy_host.hpp"
#include "registry/device_name.hpp"
#include "registry/plugin_registry.hpp"

namespace devmux {

/// What ov::Core does, and the ICore that plugins (HETERO) use to reach other devices through it.
class CoreImpl : public ICore, public proxy::ProxyHost, public std::enable_shared_from_this<CoreImpl> {
public:
    CoreImpl();
    ~CoreImpl() override;

    void register_plugins(const std::string& xml_config_file);
    void register_plugin(const std::string& plugin, const std::string& device_name, const ov::AnyMap& config);
    void unload_plugin(const std::string& device_name);

    ov::CompiledModel compile(const std::shared_ptr<const ov::Model>& model, const std::string& device_name,
                              const ov::AnyMap& properties) const;
    ov::CompiledModel import(std::istream& model, const std::string& device_name, const ov::AnyMap& properties) const;
    std::map<std::string, ov::Version> get_versions(const std::string& device_name) const override;
    void set_property(const ov::AnyMap& properties);
    void set_property(const std::string& device_name, const ov::AnyMap& properties) override;
    std::vector<PluginDescription> describe_plugins() const;
    ov::RemoteContext create_context(const std::string& device_name, const ov::AnyMap& params) const;
    ov::RemoteContext default_context(const std::string& device_name) const;

    /// What is registered for @p alias, or nothing when it is not an alias (for the proxy).
    std::optional<proxy::ProxyConfig> proxy_config(const std::string& alias) const override;
    bool is_registered(const std::string& device_name) const override { return m_registry.is_registered(device_name); }

    // ICore
    std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                  const std::string& device_name,
                                                  const ov::AnyMap& properties) const override;
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const std::string& device_name,
                                                 const ov::AnyMap& properties) const override;
    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model, const std::string& device_name,
                                    const ov::AnyMap& properties) const override;
    /// An empty @p device_name asks the Core's own properties.
    ov::Any get_property(const std::string& device_name, const std::string& name,
                         const ov::AnyMap& arguments) const override;
    std::vector<std::string> get_available_devices() const override;
    std::shared_ptr<IRemoteContext> get_default_context(const std::string& device_name) const override;

private:
    struct Target {
        std::shared_ptr<registry::LoadedPlugin> plugin;
        ParsedDeviceName parsed;
    };
    /// parse_device_name_into_config, keeping ov::device::properties for other devices when the name
    /// is a proxy alias (the alias hands them to its fallback plugins).
    ParsedDeviceName parse(const std::string& device_name, const ov::AnyMap& properties) const;
    /// The loaded plugin for @p device_name and the properties to give it.
    Target resolve(const std::string& device_name, const ov::AnyMap& properties) const;
    /// Core properties in a device's configuration: ENABLE_MMAP stays in the Core, CACHE_DIR goes
    /// only to plugins that support it (and is added from the Core's when absent).
    void apply_core_properties(const registry::LoadedPlugin& plugin, ov::AnyMap& config) const;
    /// The global properties (set_property without device) that a plugin supports.
    ov::AnyMap global_properties_for(const registry::LoadedPlugin& plugin) const;
    ov::Any get_core_property(const std::string& name) const;
    /// Registers plugins from one origin (a plugins.xml, a register_plugin call), all or none: the proxy's
    /// rules (proxy/registration) form the aliases their PROXY_CONFIGURATION_* properties ask for, and a
    /// proxy plugin is registered for each new alias.
    void register_sources(std::vector<registry::PluginSource> sources, const std::string& origin);
    /// Members and internal plugins of aliases: left out of get_available_devices.
    std::set<std::string> hidden_devices() const;

    registry::PluginRegistry m_registry;
    // Guards m_cache_dir, m_enable_mmap and m_global_config (the global properties).
    mutable std::mutex m_config_mutex;
    std::optional<std::string> m_cache_dir;
    bool m_enable_mmap = true;
    ov::AnyMap m_global_config;
    // Guards m_proxies. Taken without the registry lock, and only around map reads and the commit of
    // a registration, never while a plugin runs.
    mutable std::mutex m_proxy_mutex;
    std::map<std::string, proxy::ProxyConfig> m_proxies;
    // Guards m_device_list_errors: per plugin, why it could not list its devices when last asked.
    mutable std::mutex m_device_list_mutex;
    mutable std::map<std::string, std::string> m_device_list_errors;
};

/// Reaches the implementation behind an ov::Core (for devmux's own extensions and tests).
struct CoreAccess {
    static const std::shared_ptr<CoreImpl>& impl(const ov::Core& core) { return core._impl; }
};

}  // namespace devmux
