// SPDX-License-Identifier: Apache-2.0
#pragma once

// The devices a Core knows: for each name, where its plugin library is and which properties to give
// the plugin, and the plugin itself once loaded. Libraries are loaded on first use, one load at a
// time per device; a failed load leaves the device registered and unloaded, so the next use retries.

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "devmux/plugin/iplugin.hpp"
#include "devmux/registry_info.hpp"
#include "openvino/core/any.hpp"

namespace devmux {
namespace registry {

/// What is registered for one device.
struct PluginSource {
    std::string name;
    /// Absolute path, or a bare file name for the dynamic loader's search.
    std::string library_path;
    /// The plugins.xml the plugin came from (empty for Core::register_plugin), for messages.
    std::string xml_file;
    /// Given to the plugin's set_property right after it is created: the xml properties (or
    /// register_plugin's config), then what set_property(device) calls added, so that a plugin
    /// loaded again after unload_plugin is configured as before.
    ov::AnyMap config;
    /// set_property("NAME.id", ...) calls, applied after `config` with ov::device::id set.
    std::map<std::string, ov::AnyMap> config_per_id;
    /// PROXY_CONFIGURATION_* properties: kept out of the plugin, for the proxy.
    ov::AnyMap proxy_config;
    /// Set for a plugin built into the runtime (a proxy): it creates the plugin instead of a library.
    std::function<std::shared_ptr<IPlugin>()> factory;
    /// The registered properties as text, for describe_plugins.
    std::map<std::string, std::string> described_properties;

    /// "device 'CPU' (library '/x/libdevmux_cpu.so', from '/x/plugins.xml')", for messages.
    std::string describe() const;
};

/// A loaded plugin and the library that holds its code.
struct LoadedPlugin {
    std::shared_ptr<void> library;
    std::shared_ptr<IPlugin> plugin;
    /// ov::supported_properties as the plugin reported it after loading (empty if it does not answer).
    std::vector<std::string> supported_properties;

    bool supports(const std::string& key) const;
    LoadedPlugin() = default;
    LoadedPlugin(const LoadedPlugin&) = delete;
    LoadedPlugin& operator=(const LoadedPlugin&) = delete;
    /// The plugin goes before the library that holds its code.
    ~LoadedPlugin();
};

class PluginRegistry {
public:
    /// Called on every newly created plugin, after its name is set and before any property is
    /// applied (the Core gives it its ICore here), then once the registered properties are applied
    /// (the Core applies its global properties here). Both run without the registry lock held.
    struct Hooks {
        std::function<void(IPlugin&)> attach;
        std::function<void(const PluginSource&, LoadedPlugin&)> configure;
    };

    explicit PluginRegistry(Hooks hooks);
    ~PluginRegistry();

    /// Registers every source, or none: throws ov::Exception naming @p origin and the device when a
    /// name is invalid, repeated in @p sources or already registered.
    void add(std::vector<PluginSource> sources, const std::string& origin);

    bool is_registered(const std::string& name) const;
    /// Registered names, sorted.
    std::vector<std::string> names() const;

    /// The loaded plugin of @p name, loading it now if needed. Throws ov::Exception listing the
    /// registered devices for an unknown name, and naming the device, the library and the cause
    /// when loading fails.
    std::shared_ptr<LoadedPlugin> get(const std::string& name) const;

    /// The loaded plugin of @p name, or null when it is not loaded; loads nothing.
    std::shared_ptr<LoadedPlugin> get_if_loaded(const std::string& name) const;

    /// Runs @p action on the loaded plugin of every device (not loading any), while no load of that
    /// device can run, so a plugin that is being loaded gets the action after its load.
    void for_each_loaded(const std::function<void(const std::string&, LoadedPlugin&)>& action) const;

    /// Adds to the properties given to the plugin when it is (re)loaded; @p device_id empty for all
    /// of the device's ids.
    void remember_config(const std::string& name, const std::string& device_id, const ov::AnyMap& config);

    /// Drops the loaded plugin of @p name. Throws ov::Exception when the name is unknown or the
    /// plugin is not loaded.
    void unload(const std::string& name);

    /// A copy of what is registered for @p name (the proxy reads its PROXY_CONFIGURATION_* here).
    /// Throws ov::Exception for an unknown name.
    PluginSource source_of(const std::string& name) const;

    /// What describe_plugins reports.
    std::vector<PluginDescription> describe() const;

    /// "Registered devices: CPU, GPU" or a hint when there are none, for messages.
    std::string registered_devices_text() const;

private:
    struct Entry;
    std::shared_ptr<Entry> find_entry(const std::string& name) const;
    std::shared_ptr<LoadedPlugin> load(const PluginSource& source) const;

    Hooks m_hooks;
    // Guards m_entries (the map and each entry's source, loaded pointer and last error). Never held
    // while plugin code runs: loading and plugin calls happen under the entry's own load mutex only.
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<Entry>> m_entries;
};

}  // namespace registry
}  // namespace devmux
