// SPDX-License-Identifier: Apache-2.0
#include "registry/plugin_registry.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "config/plugins_xml.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"
#include "registry/shared_library.hpp"

namespace devmux {
namespace registry {
namespace fs = std::filesystem;

namespace {
using CreatePluginFn = void(std::shared_ptr<IPlugin>&);
using PluginApiVersionFn = uint32_t();

constexpr const char* create_plugin_symbol = "devmux_create_plugin";
constexpr const char* api_version_symbol = "devmux_plugin_api_version";

std::vector<std::string> read_supported_properties(const IPlugin& plugin) {
    std::vector<std::string> keys;
    try {
        ov::Any value = plugin.get_property(ov::supported_properties.name(), {});
        if (value.is<std::vector<std::string>>()) {
            keys = value.as<std::vector<std::string>>();
        } else {
            for (const auto& name : value.as<std::vector<ov::PropertyName>>())
                keys.push_back(name);
        }
    } catch (...) {
        // A plugin that cannot list its properties only loses the Core's filtering of global ones.
    }
    return keys;
}

std::string join(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text;
}
}  // namespace

std::string PluginSource::describe() const {
    std::ostringstream os;
    if (factory) {
        os << "device '" << name << "' (built into the runtime";
        if (!xml_file.empty())
            os << ", from '" << xml_file << "'";
        os << ")";
        return os.str();
    }
    os << "device '" << name << "' (library '" << library_path << "'";
    if (!xml_file.empty())
        os << ", from '" << xml_file << "'";
    os << ")";
    return os.str();
}

bool LoadedPlugin::supports(const std::string& key) const {
    return std::find(supported_properties.begin(), supported_properties.end(), key) != supported_properties.end();
}

LoadedPlugin::~LoadedPlugin() {
    plugin.reset();
    library.reset();
}

struct PluginRegistry::Entry {
    PluginSource source;
    std::shared_ptr<LoadedPlugin> loaded;
    std::string last_error;
    // Serialises loading this device, and for_each_loaded actions on its plugin, so that one library is
    // never loaded twice at once and a plugin being loaded is not configured behind the loader's back.
    std::mutex load_mutex;
};

PluginRegistry::PluginRegistry(Hooks hooks) : m_hooks(std::move(hooks)) {}

PluginRegistry::~PluginRegistry() = default;

void PluginRegistry::add(std::vector<PluginSource> sources, const std::string& origin) {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::set<std::string> batch;
    for (const auto& source : sources) {
        const std::string problem = config::device_name_problem(source.name);
        if (!problem.empty())
            OPENVINO_THROW(origin, ": plugin '", source.name, "' is refused: ", problem);
        if (!batch.insert(source.name).second)
            OPENVINO_THROW(origin, ": plugin '", source.name, "' is declared twice");
        const auto existing = m_entries.find(source.name);
        if (existing != m_entries.end())
            OPENVINO_THROW(origin, ": plugin '", source.name, "' is refused: ", existing->second->source.describe(),
                           " is already registered");
    }
    for (auto& source : sources) {
        auto entry = std::make_shared<Entry>();
        const std::string name = source.name;
        entry->source = std::move(source);
        m_entries.emplace(name, std::move(entry));
    }
}

bool PluginRegistry::is_registered(const std::string& name) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_entries.count(name) != 0;
}

std::vector<std::string> PluginRegistry::names() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<std::string> names;
    for (const auto& kv : m_entries)
        names.push_back(kv.first);
    return names;
}

std::string PluginRegistry::registered_devices_text() const {
    const auto registered = names();
    if (registered.empty())
        return "no device is registered (no plugins.xml beside the runtime library, and none given to the Core "
               "or to register_plugins / register_plugin)";
    return "registered devices: " + join(registered);
}

std::shared_ptr<PluginRegistry::Entry> PluginRegistry::find_entry(const std::string& name) const {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        const auto it = m_entries.find(name);
        if (it != m_entries.end())
            return it->second;
    }
    OPENVINO_THROW("Device '", name, "' is not registered; ", registered_devices_text());
}

std::shared_ptr<LoadedPlugin> PluginRegistry::get_if_loaded(const std::string& name) const {
    const auto entry = find_entry(name);
    std::lock_guard<std::mutex> lock(m_mutex);
    return entry->loaded;
}

std::shared_ptr<LoadedPlugin> PluginRegistry::get(const std::string& name) const {
    const auto entry = find_entry(name);
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (entry->loaded)
            return entry->loaded;
    }
    std::lock_guard<std::mutex> load_lock(entry->load_mutex);
    PluginSource source;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (entry->loaded)  // another thread loaded it while this one waited
            return entry->loaded;
        source = entry->source;
    }
    std::shared_ptr<LoadedPlugin> loaded;
    try {
        loaded = load(source);
    } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(m_mutex);
        entry->last_error = e.what();
        throw;
    }
    std::lock_guard<std::mutex> lock(m_mutex);
    entry->loaded = loaded;
    entry->last_error.clear();
    return loaded;
}

std::shared_ptr<LoadedPlugin> PluginRegistry::load(const PluginSource& source) const {
    if (source.factory) {
        auto loaded = std::make_shared<LoadedPlugin>();
        loaded->plugin = source.factory();
        OPENVINO_ASSERT(loaded->plugin, "The runtime created no plugin for ", source.describe());
        loaded->plugin->set_device_name(source.name);
        if (m_hooks.attach)
            m_hooks.attach(*loaded->plugin);
        if (!source.config.empty())
            loaded->plugin->set_property(source.config);
        loaded->supported_properties = read_supported_properties(*loaded->plugin);
        if (m_hooks.configure)
            m_hooks.configure(source, *loaded);
        return loaded;
    }
    std::string path = source.library_path;
    const std::string& name = source.name;
    if (path.find('/') == std::string::npos && !source.xml_file.empty()) {
        // A bare name that was not beside the xml file when it was parsed may be there now (built or
        // installed later); it still comes before the dynamic loader's own search.
        const fs::path beside = fs::path(source.xml_file).parent_path() / path;
        std::error_code ec;
        if (fs::is_regular_file(beside, ec))
            path = beside.string();
    }
    auto library = open_library(path, "Cannot load the plugin library '" + path + "' of device '" + name + "'");

    std::string error;
    void* create = find_symbol(library, create_plugin_symbol, &error);
    if (!create)
        OPENVINO_THROW("The library '", path, "' of device '", name, "' is not a devmux plugin: it does not export ",
                       create_plugin_symbol, " (", error, ")");
    void* version = find_symbol(library, api_version_symbol, &error);
    if (!version)
        OPENVINO_THROW("The library '", path, "' of device '", name, "' is not a devmux plugin: it does not export ",
                       api_version_symbol, " (", error, ")");
    // Checked before the factory runs: a plugin built for another API may not even agree on its signature.
    const uint32_t plugin_version = reinterpret_cast<PluginApiVersionFn*>(version)();
    if (plugin_version != plugin_api_version)
        OPENVINO_THROW("The plugin library '", path, "' of device '", name, "' was built for devmux plugin API version ",
                       plugin_version, ", but this runtime implements plugin API version ", plugin_api_version);

    auto loaded = std::make_shared<LoadedPlugin>();
    loaded->library = library;
    try {
        reinterpret_cast<CreatePluginFn*>(create)(loaded->plugin);
    } catch (const std::exception& e) {
        OPENVINO_THROW("The plugin factory of device '", name, "' (library '", path, "') failed: ", e.what());
    } catch (...) {
        OPENVINO_THROW("The plugin factory of device '", name, "' (library '", path, "') failed with an unknown error");
    }
    if (!loaded->plugin)
        OPENVINO_THROW("The plugin factory of device '", name, "' (library '", path, "') created no plugin");

    IPlugin& plugin = *loaded->plugin;
    plugin.set_device_name(name);
    if (m_hooks.attach)
        m_hooks.attach(plugin);

    const std::string origin = source.xml_file.empty() ? std::string("register_plugin") : "'" + source.xml_file + "'";
    try {
        if (!source.config.empty())
            plugin.set_property(source.config);
    } catch (const std::exception& e) {
        OPENVINO_THROW("The plugin of ", source.describe(), " refused the properties from ", origin, ": ", e.what());
    }
    for (const auto& kv : source.config_per_id) {
        ov::AnyMap config = kv.second;
        config[ov::device::id.name()] = kv.first;
        try {
            plugin.set_property(config);
        } catch (const std::exception& e) {
            OPENVINO_THROW("The plugin of ", source.describe(), " refused the properties set earlier for '", name, ".",
                           kv.first, "': ", e.what());
        }
    }
    loaded->supported_properties = read_supported_properties(plugin);
    if (m_hooks.configure)
        m_hooks.configure(source, *loaded);
    return loaded;
}

void PluginRegistry::for_each_loaded(const std::function<void(const std::string&, LoadedPlugin&)>& action) const {
    std::vector<std::pair<std::string, std::shared_ptr<Entry>>> entries;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        entries.assign(m_entries.begin(), m_entries.end());
    }
    for (const auto& kv : entries) {
        std::lock_guard<std::mutex> load_lock(kv.second->load_mutex);
        std::shared_ptr<LoadedPlugin> loaded;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            loaded = kv.second->loaded;
        }
        if (loaded)
            action(kv.first, *loaded);
    }
}

void PluginRegistry::remember_config(const std::string& name, const std::string& device_id,
                                     const ov::AnyMap& config) {
    const auto entry = find_entry(name);
    std::lock_guard<std::mutex> lock(m_mutex);
    ov::AnyMap& target = device_id.empty() ? entry->source.config : entry->source.config_per_id[device_id];
    for (const auto& kv : config)
        target[kv.first] = kv.second;
}

void PluginRegistry::unload(const std::string& name) {
    const auto entry = find_entry(name);
    std::shared_ptr<LoadedPlugin> released;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (!entry->loaded)
            OPENVINO_THROW("Cannot unload the plugin of ", entry->source.describe(), ": it is not loaded");
        released = std::move(entry->loaded);
        entry->loaded.reset();
    }
    // `released` is dropped here, outside the lock: a plugin's destructor may take time or call the Core.
}

PluginSource PluginRegistry::source_of(const std::string& name) const {
    const auto entry = find_entry(name);
    std::lock_guard<std::mutex> lock(m_mutex);
    return entry->source;
}

std::vector<PluginDescription> PluginRegistry::describe() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<PluginDescription> result;
    for (const auto& kv : m_entries) {
        const Entry& entry = *kv.second;
        PluginDescription description;
        description.name = entry.source.name;
        description.library_path = entry.source.library_path;
        description.xml_file = entry.source.xml_file;
        description.properties = entry.source.described_properties;
        description.loaded = entry.loaded != nullptr;
        description.failed = !description.loaded && !entry.last_error.empty();
        description.error = description.failed ? entry.last_error : std::string();
        result.push_back(std::move(description));
    }
    return result;
}

}  // namespace registry
}  // namespace devmux
