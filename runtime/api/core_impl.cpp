// SPDX-License-Identifier: Apache-2.0
#include "api/core_impl.hpp"

#include <filesystem>
#include <set>

#include "config/plugins_xml.hpp"
#include "core/tensor_access.hpp"
#include "devmux/plugin/iremote_context.hpp"
#include "devmux/kit/export_format.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"
#include "proxy/registration.hpp"

namespace devmux {
namespace fs = std::filesystem;

namespace {
bool has_prefix(const std::string& text, const std::string& prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}
bool has_suffix(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string any_as_text(const ov::Any& value) {
    ov::Any copy = value;
    try {
        return copy.as<std::string>();
    } catch (const std::exception&) {
        return "<" + ov::util::type_name(copy.type_info()) + ">";
    }
}

// Plugins keep their version strings in their own library; a copy made here stays valid after the
// plugin is unloaded. The strings are never freed: there are only as many as distinct versions seen.
const char* intern(const char* text) {
    static std::mutex* mutex = new std::mutex;  // guards strings
    static std::set<std::string>* strings = new std::set<std::string>;
    std::lock_guard<std::mutex> lock(*mutex);
    return strings->insert(text ? text : "").first->c_str();
}

// Core::register_plugin's argument, resolved as OpenVINO does: a path (with '/') is taken relative to
// the working directory; a plugin name "x" becomes "libx.so"; a file name is used from the working
// directory when it is there and otherwise left to the dynamic loader's search.
std::string resolve_library_argument(const std::string& plugin) {
    if (plugin.empty())
        OPENVINO_THROW("register_plugin: the plugin library is empty");
    std::error_code ec;
    if (plugin.find('/') != std::string::npos) {
        auto path = fs::absolute(plugin, ec);
        return (ec ? fs::path(plugin) : path).lexically_normal().string();
    }
    std::string file = plugin;
    if (!has_suffix(file, ".so") && file.find(".so.") == std::string::npos)
        file = "lib" + file + ".so";
    if (fs::is_regular_file(file, ec))
        return fs::absolute(file, ec).lexically_normal().string();
    return file;
}

// Splits the registered properties: PROXY_CONFIGURATION_* stay with the Core (for the proxy), the
// rest goes to the plugin.
void fill_source_config(registry::PluginSource& source, const ov::AnyMap& properties) {
    for (const auto& kv : properties) {
        source.described_properties[kv.first] = any_as_text(kv.second);
        if (proxy::is_registration_key(kv.first))
            source.proxy_config[kv.first] = kv.second;
        else
            source.config[kv.first] = kv.second;
    }
}

std::vector<std::string> split_list(const std::string& list) {
    std::vector<std::string> items;
    size_t start = 0;
    while (start <= list.size()) {
        const auto comma = list.find(',', start);
        const auto end = comma == std::string::npos ? list.size() : comma;
        if (end > start)
            items.push_back(list.substr(start, end - start));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return items;
}

std::string without_id(const std::string& device_name) {
    return device_name.substr(0, device_name.find('.'));
}
}  // namespace

CoreImpl::CoreImpl()
    : m_registry(registry::PluginRegistry::Hooks{
          [this](IPlugin& plugin) { plugin.set_core(std::weak_ptr<ICore>(weak_from_this())); },
          [this](const registry::PluginSource& source, registry::LoadedPlugin& loaded) {
              const ov::AnyMap global = global_properties_for(loaded);
              if (global.empty())
                  return;
              try {
                  loaded.plugin->set_property(global);
              } catch (const std::exception& e) {
                  OPENVINO_THROW("The plugin of ", source.describe(),
                                 " refused the properties set for every device with Core::set_property: ", e.what());
              }
          }}) {}

CoreImpl::~CoreImpl() = default;

void CoreImpl::register_plugins(const std::string& xml_config_file) {
    const config::PluginsXml xml = config::parse_plugins_xml(xml_config_file);
    std::vector<registry::PluginSource> sources;
    for (const auto& entry : xml.plugins) {
        registry::PluginSource source;
        source.name = entry.name;
        source.library_path = entry.library_path;
        source.xml_file = xml.path;
        ov::AnyMap properties;
        for (const auto& kv : entry.properties)
            properties[kv.first] = kv.second;
        fill_source_config(source, properties);
        sources.push_back(std::move(source));
    }
    register_sources(std::move(sources), "Plugins file '" + xml.path + "'");
}

void CoreImpl::register_plugin(const std::string& plugin, const std::string& device_name, const ov::AnyMap& config) {
    registry::PluginSource source;
    source.name = device_name;
    source.library_path = resolve_library_argument(plugin);
    fill_source_config(source, config);
    std::vector<registry::PluginSource> sources;
    sources.push_back(std::move(source));
    register_sources(std::move(sources), "register_plugin('" + plugin + "', '" + device_name + "')");
}

void CoreImpl::register_sources(std::vector<registry::PluginSource> sources, const std::string& origin) {
    // Held across the whole registration so that two registrations cannot both create one alias.
    std::lock_guard<std::mutex> lock(m_proxy_mutex);
    std::vector<proxy::Entry> entries;
    for (const auto& source : sources)
        entries.push_back(proxy::Entry{source.name, source.proxy_config});
    proxy::Registration registration = proxy::register_entries(
        m_proxies, entries, origin,
        proxy::RegisteredPlugins{[this](const std::string& name) { return m_registry.is_registered(name); },
                                 [this](const std::string& name) { return m_registry.source_of(name).describe(); }});
    for (size_t i = 0; i < sources.size(); ++i)
        sources[i].name = registration.real_names[i];
    for (const auto& alias : registration.new_aliases) {
        registry::PluginSource source;
        source.name = alias;
        source.xml_file = sources.empty() ? std::string() : sources.front().xml_file;
        // What the alias was formed from, for describe_plugins (later registrations may add members).
        std::string members;
        for (const auto& member : registration.proxies[alias].alias_for)
            members += (members.empty() ? "" : " ") + member;
        source.described_properties[proxy::alias_for_key] = members;
        std::weak_ptr<const CoreImpl> core = weak_from_this();
        std::weak_ptr<CoreImpl> host = weak_from_this();
        source.factory = [core, host, alias]() -> std::shared_ptr<IPlugin> {
            return proxy::create_proxy_plugin(core, host, alias);
        };
        sources.push_back(std::move(source));
    }
    m_registry.add(std::move(sources), origin);
    m_proxies = std::move(registration.proxies);
}

std::optional<proxy::ProxyConfig> CoreImpl::proxy_config(const std::string& alias) const {
    std::lock_guard<std::mutex> lock(m_proxy_mutex);
    const auto it = m_proxies.find(alias);
    if (it == m_proxies.end())
        return std::nullopt;
    return it->second;
}

std::set<std::string> CoreImpl::hidden_devices() const {
    std::lock_guard<std::mutex> lock(m_proxy_mutex);
    return proxy::hidden_devices(m_proxies);
}

void CoreImpl::unload_plugin(const std::string& device_name) {
    m_registry.unload(without_id(device_name));
}

void CoreImpl::apply_core_properties(const registry::LoadedPlugin& plugin, ov::AnyMap& config) const {
    config.erase(ov::enable_mmap.name());
    const std::string cache_dir = ov::cache_dir.name();
    if (!plugin.supports(cache_dir)) {
        // devmux's Core does not cache compiled models itself; a device that cannot cache ignores the folder.
        config.erase(cache_dir);
        return;
    }
    if (config.count(cache_dir) == 0) {
        std::lock_guard<std::mutex> lock(m_config_mutex);
        if (m_cache_dir)
            config[cache_dir] = *m_cache_dir;
    }
}

ov::AnyMap CoreImpl::global_properties_for(const registry::LoadedPlugin& plugin) const {
    std::lock_guard<std::mutex> lock(m_config_mutex);
    ov::AnyMap config;
    for (const auto& kv : m_global_config) {
        if (plugin.supports(kv.first))
            config.insert(kv);
    }
    if (m_cache_dir && plugin.supports(ov::cache_dir.name()))
        config[ov::cache_dir.name()] = *m_cache_dir;
    return config;
}

ParsedDeviceName CoreImpl::parse(const std::string& device_name, const ov::AnyMap& properties) const {
    const std::string base = device_name.substr(0, device_name.find_first_of(".:"));
    bool alias = false;
    {
        std::lock_guard<std::mutex> lock(m_proxy_mutex);
        alias = m_proxies.count(base) != 0;
    }
    return parse_device_name_into_config(device_name, properties, alias);
}

CoreImpl::Target CoreImpl::resolve(const std::string& device_name, const ov::AnyMap& properties) const {
    Target target;
    target.parsed = parse(device_name, properties);
    target.plugin = m_registry.get(target.parsed.device_name);
    apply_core_properties(*target.plugin, target.parsed.config);
    return target;
}

ov::CompiledModel CoreImpl::compile(const std::shared_ptr<const ov::Model>& model, const std::string& device_name,
                                    const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "compile_model for device '", device_name, "' was given a null model");
    const Target target = resolve(device_name, properties);
    auto compiled = target.plugin->plugin->compile_model(model, target.parsed.config);
    OPENVINO_ASSERT(compiled, "The plugin of device '", device_name, "' returned no compiled model");
    return ov::CompiledModel(compiled, target.plugin->library);
}

ov::CompiledModel CoreImpl::import(std::istream& model, const std::string& device_name,
                                   const ov::AnyMap& properties) const {
    const Target target = resolve(device_name, properties);
    // Every plugin's export starts with one header (devmux/kit/export_format.hpp). The versions are
    // checked here, naming the device; the importing plugin checks that the header names it. An alias
    // reads the header itself, once it knows the device asked for (proxy/plugin.cpp).
    const bool alias = proxy_config(target.parsed.device_name).has_value();
    if (!alias && model.tellg() != std::istream::pos_type(-1)) {
        const std::string who = "import_model on device '" + device_name + "'";
        const auto header = kit::peek_export_header(model, who);
        OPENVINO_ASSERT(header, who, ": the stream is not a model exported by a devmux plugin (no '",
                        kit::export_magic, "' header)");
        kit::check_export_header(*header, {}, who);
    }
    auto compiled = target.plugin->plugin->import_model(model, target.parsed.config);
    OPENVINO_ASSERT(compiled, "The plugin of device '", device_name, "' imported no compiled model");
    return ov::CompiledModel(compiled, target.plugin->library);
}

namespace {
// A plugin's compiled model for another plugin (HETERO): the returned pointer also keeps the
// compiled model's library loaded, released after the compiled model itself.
std::shared_ptr<ICompiledModel> holding_library(const std::shared_ptr<ICompiledModel>& compiled,
                                                const std::shared_ptr<void>& library) {
    return std::shared_ptr<ICompiledModel>(compiled.get(), [model = compiled, so = library](ICompiledModel*) mutable {
        model.reset();
        so.reset();
    });
}
}  // namespace

std::shared_ptr<ICompiledModel> CoreImpl::compile_model(const std::shared_ptr<const ov::Model>& model,
                                                        const std::string& device_name,
                                                        const ov::AnyMap& properties) const {
    const ov::CompiledModel compiled = compile(model, device_name, properties);
    return holding_library(compiled._impl, compiled._so);
}

std::shared_ptr<ICompiledModel> CoreImpl::import_model(std::istream& model, const std::string& device_name,
                                                       const ov::AnyMap& properties) const {
    const ov::CompiledModel compiled = import(model, device_name, properties);
    return holding_library(compiled._impl, compiled._so);
}

ov::SupportedOpsMap CoreImpl::query_model(const std::shared_ptr<const ov::Model>& model, const std::string& device_name,
                                          const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "query_model for device '", device_name, "' was given a null model");
    const Target target = resolve(device_name, properties);
    return target.plugin->plugin->query_model(model, target.parsed.config);
}

ov::Any CoreImpl::get_property(const std::string& device_name, const std::string& name,
                               const ov::AnyMap& arguments) const {
    if (device_name.empty())
        return get_core_property(name);
    const ParsedDeviceName parsed = parse(device_name, arguments);
    const auto plugin = m_registry.get(parsed.device_name);
    // The value may hold a type whose code is in the plugin library: the copy keeps the library loaded.
    return ov::Any(plugin->plugin->get_property(name, parsed.config), plugin->library);
}

ov::Any CoreImpl::get_core_property(const std::string& name) const {
    if (name == ov::supported_properties.name()) {
        return std::vector<ov::PropertyName>{ov::PropertyName(ov::supported_properties),
                                             ov::PropertyName(ov::cache_dir), ov::PropertyName(ov::enable_mmap)};
    }
    std::lock_guard<std::mutex> lock(m_config_mutex);
    if (name == ov::cache_dir.name())
        return m_cache_dir.value_or(std::string());
    if (name == ov::enable_mmap.name())
        return m_enable_mmap;
    OPENVINO_THROW("The Core has no property '", name, "' (its properties: ", ov::supported_properties.name(), ", ",
                   ov::cache_dir.name(), ", ", ov::enable_mmap.name(),
                   "); ask a device for its own properties, e.g. get_property(\"CPU\", \"", name, "\")");
}

std::vector<std::string> CoreImpl::get_available_devices() const {
    std::vector<std::string> devices;
    const std::set<std::string> hidden = hidden_devices();
    for (const auto& name : m_registry.names()) {
        if (hidden.count(name))
            continue;  // served through its alias; still addressable by its own name
        std::vector<std::string> ids;
        std::shared_ptr<registry::LoadedPlugin> plugin;
        try {
            plugin = m_registry.get(name);
        } catch (const std::exception&) {
            continue;  // a load failure is kept by the registry (describe_plugins shows it)
        }
        try {
            const ov::Any value = plugin->plugin->get_property(ov::available_devices.name(), {});
            ids = value.as<std::vector<std::string>>();
            std::lock_guard<std::mutex> lock(m_device_list_mutex);
            m_device_list_errors.erase(name);
        } catch (const std::exception& e) {
            // A plugin that cannot list its devices has none available; the others still count, and the
            // failure is kept for describe_plugins (devmux devices shows it).
            std::lock_guard<std::mutex> lock(m_device_list_mutex);
            m_device_list_errors[name] = e.what();
            continue;
        }
        if (ids.size() == 1) {
            devices.push_back(name);
        } else {
            for (const auto& id : ids) {
                if (!id.empty())
                    devices.push_back(name + "." + id);
            }
        }
    }
    return devices;
}

std::map<std::string, ov::Version> CoreImpl::get_versions(const std::string& device_name) const {
    std::vector<std::string> names;
    const auto colon = device_name.find(':');
    if (colon != std::string::npos) {
        for (const auto& item : split_list(device_name.substr(colon + 1)))
            names.push_back(without_id(item));
        names.push_back(device_name.substr(0, colon));
    } else {
        names.push_back(without_id(device_name));
    }
    std::map<std::string, ov::Version> versions;
    for (const auto& name : names) {
        if (!m_registry.is_registered(name))
            continue;  // as OpenVINO: devices that are not registered are left out
        const auto plugin = m_registry.get(name);
        const ov::Version& version = plugin->plugin->get_version();
        versions[name] = ov::Version{intern(version.buildNumber), intern(version.description)};
    }
    return versions;
}

void CoreImpl::set_property(const ov::AnyMap& properties) {
    const std::string device_properties = ov::device::properties.name();
    const std::string cache_dir_key = ov::cache_dir.name();
    const std::string mmap_key = ov::enable_mmap.name();

    // ov::device::properties entries go to the devices they name; the rest is for every device.
    std::map<std::string, ov::AnyMap> per_device;
    ov::AnyMap global;
    for (const auto& kv : properties) {
        ov::Any value = kv.second;
        if (kv.first == device_properties) {
            for (const auto& device : value.as<ov::AnyMap>()) {
                ov::Any sub = device.second;
                for (const auto& p : sub.as<ov::AnyMap>())
                    per_device[device.first][p.first] = p.second;
            }
        } else if (has_prefix(kv.first, device_properties + "_")) {
            for (const auto& p : value.as<ov::AnyMap>())
                per_device[kv.first.substr(device_properties.size() + 1)][p.first] = p.second;
        } else {
            global[kv.first] = kv.second;
        }
    }

    std::optional<std::string> cache_dir;
    std::optional<bool> enable_mmap;
    if (global.count(cache_dir_key)) {
        ov::Any value = global[cache_dir_key];
        cache_dir = value.as<std::string>();
    }
    if (global.count(mmap_key)) {
        ov::Any value = global[mmap_key];
        enable_mmap = value.as<bool>();
        global.erase(mmap_key);
    }
    {
        std::lock_guard<std::mutex> lock(m_config_mutex);
        if (cache_dir)
            m_cache_dir = cache_dir;
        if (enable_mmap)
            m_enable_mmap = *enable_mmap;
        for (const auto& kv : global) {
            if (kv.first != cache_dir_key)
                m_global_config[kv.first] = kv.second;
        }
    }

    // Plugins loaded later get the stored properties when they load; loaded ones get them now.
    std::vector<std::string> errors;
    m_registry.for_each_loaded([&](const std::string& name, registry::LoadedPlugin& plugin) {
        ov::AnyMap config;
        for (const auto& kv : global) {
            if (plugin.supports(kv.first))
                config.insert(kv);
        }
        if (config.empty())
            return;
        try {
            plugin.plugin->set_property(config);
        } catch (const std::exception& e) {
            errors.push_back("device '" + name + "': " + e.what());
        }
    });
    for (const auto& kv : per_device)
        set_property(kv.first, kv.second);
    if (!errors.empty()) {
        std::string text;
        for (const auto& error : errors)
            text += "\n  " + error;
        OPENVINO_THROW("set_property: some loaded plugins refused the properties:", text);
    }
}

void CoreImpl::set_property(const std::string& device_name, const ov::AnyMap& properties) {
    if (device_name.empty()) {
        set_property(properties);
        return;
    }
    const auto colon = device_name.find(':');
    if (colon != std::string::npos)
        OPENVINO_THROW("set_property takes one device, not the device list '", device_name, "': set the properties of '",
                       device_name.substr(0, colon), "' and of each listed device separately");
    if (properties.empty())
        return;
    ParsedDeviceName parsed = parse(device_name, properties);
    const auto plugin = m_registry.get(parsed.device_name);
    ov::AnyMap& config = parsed.config;
    config.erase(ov::enable_mmap.name());  // a Core property, not a device's
    if (!plugin->supports(ov::cache_dir.name()))
        config.erase(ov::cache_dir.name());  // see apply_core_properties
    if (config.empty())
        return;
    plugin->plugin->set_property(config);

    // Remembered so that the plugin is configured the same way if it is unloaded and loaded again.
    std::string device_id = parsed.device_id;
    const auto id = config.find(ov::device::id.name());
    if (id != config.end()) {
        ov::Any value = id->second;
        device_id = value.as<std::string>();
        config.erase(id);
    }
    m_registry.remember_config(parsed.device_name, device_id, config);
}

std::shared_ptr<IRemoteContext> CoreImpl::get_default_context(const std::string& device_name) const {
    const ov::RemoteContext context = default_context(device_name);
    const auto& impl = RemoteContextAccess::impl(context);
    // The returned pointer also keeps the library that holds the context's code loaded.
    return std::shared_ptr<IRemoteContext>(impl.get(), [keep = context](IRemoteContext*) mutable { keep = {}; });
}

ov::RemoteContext CoreImpl::default_context(const std::string& device_name) const {
    const Target target = resolve(device_name, {});
    auto context = target.plugin->plugin->get_default_context(target.parsed.config);
    OPENVINO_ASSERT(context, "The plugin of device '", device_name, "' gave no default context");
    return RemoteContextAccess::make(context, target.plugin->library);
}

ov::RemoteContext CoreImpl::create_context(const std::string& device_name, const ov::AnyMap& params) const {
    const Target target = resolve(device_name, params);
    auto context = target.plugin->plugin->create_context(target.parsed.config);
    OPENVINO_ASSERT(context, "The plugin of device '", device_name, "' created no context");
    return RemoteContextAccess::make(context, target.plugin->library);
}

std::vector<PluginDescription> CoreImpl::describe_plugins() const {
    std::vector<PluginDescription> plugins = m_registry.describe();
    std::lock_guard<std::mutex> lock(m_device_list_mutex);
    for (auto& plugin : plugins) {
        const auto error = m_device_list_errors.find(plugin.name);
        if (error != m_device_list_errors.end())
            plugin.devices_error = error->second;
    }
    return plugins;
}

}  // namespace devmux
