// SPDX-License-Identifier: Apache-2.0
#pragma once

// The proxy's registration rules: how PROXY_CONFIGURATION_* properties of registered plugins form
// aliases (members, priorities, one fallback chain, internal names). The Core calls these while it
// registers a batch of plugins (a plugins.xml, a register_plugin call) and creates the alias plugins
// with create_proxy_plugin.

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "devmux/plugin/iplugin.hpp"
#include "openvino/core/any.hpp"
#include "proxy/proxy_config.hpp"
#include "proxy/proxy_host.hpp"

namespace devmux {
namespace proxy {

/// One registered plugin as the proxy rules see it.
struct Entry {
    std::string name;
    /// Its PROXY_CONFIGURATION_* properties (the rest goes to the plugin).
    ov::AnyMap proxy_properties;
};

/// What the rules need to know about the plugins registered before the batch.
struct RegisteredPlugins {
    std::function<bool(const std::string&)> is_registered;
    /// "device 'X' (library ..., from ...)", for collision messages.
    std::function<std::string(const std::string&)> describe;
};

/// The aliases after a batch and the name each entry's hardware plugin is registered under.
struct Registration {
    std::map<std::string, ProxyConfig> proxies;
    /// Per entry, in order: its own name, or the internal name when an alias took its name.
    std::vector<std::string> real_names;
    /// Aliases the batch created: the Core registers a proxy plugin for each.
    std::set<std::string> new_aliases;
};

/// Whether @p key is one of the proxy's registration keys (kept out of the plugin's configuration).
bool is_registration_key(const std::string& key);

/// Applies the rules to @p entries (all or nothing: an ov::Exception naming @p origin and the plugin
/// leaves @p existing as it was). @p existing holds the aliases registered before.
Registration register_entries(const std::map<std::string, ProxyConfig>& existing, const std::vector<Entry>& entries,
                              const std::string& origin, const RegisteredPlugins& registered);

/// Members and internal plugins of @p proxies: left out of get_available_devices.
std::set<std::string> hidden_devices(const std::map<std::string, ProxyConfig>& proxies);

/// The plugin behind @p alias. It reaches the member plugins through @p core and reads its
/// registration from @p host on every call.
std::shared_ptr<IPlugin> create_proxy_plugin(std::weak_ptr<const ICore> core, std::weak_ptr<ProxyHost> host,
                                             const std::string& alias);

}  // namespace proxy
}  // namespace devmux
