// SPDX-License-Identifier: Apache-2.0
#include "proxy/registration.hpp"

#include <algorithm>

#include "config/plugins_xml.hpp"
#include "openvino/core/except.hpp"
#include "proxy/plugin.hpp"

namespace devmux {
namespace proxy {
namespace {

std::string value_of(const Entry& entry, const char* key) {
    const auto it = entry.proxy_properties.find(key);
    if (it == entry.proxy_properties.end())
        return {};
    ov::Any value = it->second;
    return value.as<std::string>();
}

std::string join_chain(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names)
        text += (text.empty() ? "" : ", ") + name;
    return "[" + text + "]";
}

}  // namespace

bool is_registration_key(const std::string& key) {
    return key.rfind("PROXY_CONFIGURATION_", 0) == 0 || key == backend_selection_key;
}

Registration register_entries(const std::map<std::string, ProxyConfig>& existing, const std::vector<Entry>& entries,
                              const std::string& origin, const RegisteredPlugins& registered) {
    Registration result;
    result.proxies = existing;
    auto& proxies = result.proxies;
    std::set<std::string> real_names;  // names this batch registers as hardware plugins
    // Fallback links that name an alias: checked once the whole batch is in, since the plugin whose
    // name the alias takes may come later in the file.
    std::vector<std::pair<std::string, std::string>> links_to_alias;  // {where, alias}

    for (const Entry& entry : entries) {
        const std::string& name = entry.name;
        const std::string where = origin + ": plugin '" + name + "'";
        for (const auto& kv : entry.proxy_properties) {
            const std::string& key = kv.first;
            if (key != alias_key && key != priority_key && key != fallback_key && key != internal_name_key &&
                key != backend_selection_key)
                OPENVINO_THROW(where, ": unknown property '", key, "' (known: ", alias_key, ", ", priority_key, ", ",
                               fallback_key, ", ", internal_name_key, ", ", backend_selection_key, ")");
        }
        std::optional<BackendSelection> selection;
        const auto selection_value = entry.proxy_properties.find(backend_selection_key);
        if (selection_value != entry.proxy_properties.end())
            selection = parse_backend_selection(selection_value->second, where);
        const std::string alias = value_of(entry, alias_key);
        const std::string priority = value_of(entry, priority_key);
        const std::string fallback = value_of(entry, fallback_key);
        const std::string internal = value_of(entry, internal_name_key);
        if (entry.proxy_properties.count(alias_key) && alias.empty())
            OPENVINO_THROW(where, ": ", alias_key, " is empty");
        if (entry.proxy_properties.count(fallback_key) && fallback.empty())
            OPENVINO_THROW(where, ": ", fallback_key, " is empty");

        std::string proxy_name;  // the alias this plugin shapes, if any
        std::string real = name;
        if (!alias.empty()) {
            proxy_name = alias;
            if (alias == name)
                real = internal.empty() ? name + "_ov_internal" : internal;
            else if (!internal.empty())
                OPENVINO_THROW(where, ": ", internal_name_key, " '", internal, "' is only used when the alias '", alias,
                               "' takes the plugin's own name");
        } else if (!fallback.empty()) {
            // A fallback without an alias: the plugin's name becomes a proxy over it and its fallback.
            proxy_name = name;
            real = internal.empty() ? name + "_ov_internal" : internal;
        } else if (!internal.empty() || !priority.empty() || selection) {
            OPENVINO_THROW(where, ": ",
                           !internal.empty() ? internal_name_key : (!priority.empty() ? priority_key : backend_selection_key),
                           " needs ", alias_key, " (or ", fallback_key, ")");
        }
        result.real_names.push_back(real);
        if (proxy_name.empty()) {
            real_names.insert(name);
            continue;
        }
        if (!priority.empty() && alias.empty())
            OPENVINO_THROW(where, ": ", priority_key, " needs ", alias_key);

        for (const auto* checked : {&proxy_name, &real}) {
            const std::string problem = config::device_name_problem(*checked);
            if (!problem.empty())
                OPENVINO_THROW(where, ": the name '", *checked, "' is refused: ", problem);
        }
        auto found = proxies.find(proxy_name);
        if (found == proxies.end()) {
            if (registered.is_registered(proxy_name))
                OPENVINO_THROW(where, ": the alias '", proxy_name, "' collides with the registered plugin ",
                               registered.describe(proxy_name), "; an alias must not be the name of a hardware plugin");
            found = proxies.emplace(proxy_name, ProxyConfig{}).first;
            found->second.alias = proxy_name;
            result.new_aliases.insert(proxy_name);
        }
        ProxyConfig& proxy = found->second;
        if (std::find(proxy.origins.begin(), proxy.origins.end(), origin) == proxy.origins.end())
            proxy.origins.push_back(origin);
        const bool took_own_name = real != name;
        if (took_own_name) {
            if (!proxy.internal_name.empty() && proxy.internal_name != real)
                OPENVINO_THROW(where, ": the alias '", proxy_name, "' already took the name of plugin '",
                               proxy.internal_name, "'");
            proxy.internal_name = real;
        }
        if (!alias.empty()) {
            if (std::find(proxy.alias_for.begin(), proxy.alias_for.end(), real) != proxy.alias_for.end())
                OPENVINO_THROW(where, ": plugin '", real, "' is already a member of alias '", proxy_name, "'");
            proxy.alias_for.push_back(real);
        }
        if (!priority.empty())
            proxy.priorities[real] = parse_priority(priority, where + ", " + priority_key);
        if (selection) {
            // One alias, one rule: members that disagree leave no single answer.
            if (proxy.backend_selection && *proxy.backend_selection != *selection)
                OPENVINO_THROW(where, ": ", backend_selection_key, " '", to_string(*selection), "' contradicts '",
                               to_string(*proxy.backend_selection), "' given by another member of alias '", proxy_name,
                               "'");
            proxy.backend_selection = selection;
        }
        if (!fallback.empty()) {
            // In the chain, the plugin whose name the alias took is written as the alias (the proxy maps
            // it to the internal name), so that a link naming the alias, as in the reference, means it.
            const std::string self = took_own_name ? proxy_name : real;
            std::string next = fallback;
            if (!proxy.internal_name.empty() && next == proxy.internal_name)
                next = proxy_name;
            if (next == self)
                OPENVINO_THROW(where, ": ", fallback_key, " '", fallback, "' names the plugin itself");
            if (next == proxy_name)
                links_to_alias.emplace_back(where, proxy_name);
            // Links must form one chain: A->B then B->C gives A, B, C; anything else has no single order.
            auto& chain = proxy.fallback_chain;
            const bool has_self = std::find(chain.begin(), chain.end(), self) != chain.end();
            const bool has_next = std::find(chain.begin(), chain.end(), next) != chain.end();
            if (chain.empty()) {
                chain = {self, next};
            } else if (chain.back() == self && !has_next) {
                chain.push_back(next);
            } else if (chain.front() == next && !has_self) {
                chain.insert(chain.begin(), self);
            } else {
                OPENVINO_THROW(where, ": the fallback order of alias '", proxy_name, "' is ambiguous: '", self,
                               "' -> '", next, "' does not extend the chain ", join_chain(chain),
                               " at either end (each alias has one fallback chain: give each plugin at most one "
                               "fallback, linked end to start)");
            }
        }
        real_names.insert(real);
    }
    for (const auto& link : links_to_alias) {
        if (proxies[link.second].internal_name.empty())
            OPENVINO_THROW(link.first, ": ", fallback_key, " names the alias '", link.second,
                           "', but no plugin of that name joined it (a plugin registered as '", link.second, "' with ",
                           alias_key, "=", link.second, " is what a fallback to the alias means)");
    }
    for (const auto& name : real_names) {
        if (proxies.count(name))
            OPENVINO_THROW(origin, ": plugin '", name, "' collides with the alias '", name, "' (registered from ",
                           join_chain(proxies[name].origins), ")");
    }
    return result;
}

std::set<std::string> hidden_devices(const std::map<std::string, ProxyConfig>& proxies) {
    std::set<std::string> hidden;
    for (const auto& kv : proxies) {
        hidden.insert(kv.second.alias_for.begin(), kv.second.alias_for.end());
        if (!kv.second.internal_name.empty())
            hidden.insert(kv.second.internal_name);
    }
    return hidden;
}

std::shared_ptr<IPlugin> create_proxy_plugin(std::weak_ptr<const ICore> core, std::weak_ptr<ProxyHost> host,
                                             const std::string& alias) {
    return std::make_shared<ProxyPlugin>(std::move(core), std::move(host), alias);
}

}  // namespace proxy
}  // namespace devmux
