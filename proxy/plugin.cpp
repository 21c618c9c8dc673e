// SPDX-License-Identifier: Apache-2.0
#include "proxy/plugin.hpp"

#include <algorithm>
#include <iomanip>
#include <set>
#include <sstream>

#include "devmux/kit/export_format.hpp"
#include "devmux/plugin/device_identity.hpp"
#include "devmux/plugin/hetero_properties.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/version.hpp"
#include "registry/device_name.hpp"

namespace devmux {
namespace proxy {
namespace {

std::string join(const std::vector<std::string>& items, const char* separator) {
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : separator) + item;
    return text;
}

std::vector<std::string> as_list(const ov::Any& value) {
    if (value.is<std::vector<std::string>>())
        return value.as<std::vector<std::string>>();
    ov::Any copy = value;
    std::string text = copy.as<std::string>();
    std::replace(text.begin(), text.end(), ',', ' ');
    std::istringstream in(text);
    std::vector<std::string> items;
    for (std::string item; in >> item;)
        items.push_back(item);
    return items;
}

// The device's UUID; nothing (with @p error set) when it cannot be read: such a device stands alone.
std::optional<ov::device::UUID> read_uuid(const ICore& core, const std::string& device, std::string& error) {
    try {
        ov::Any value = core.get_property(device, ov::device::uuid.name(), {});
        if (value.is<ov::device::UUID>())
            return value.as<ov::device::UUID>();
        std::istringstream in(value.as<std::string>());
        ov::device::UUID uuid{};
        in >> uuid;
        return uuid;
    } catch (const std::exception& e) {
        error = e.what();
        return std::nullopt;
    }
}

ov::AnyMap as_property_map(const ov::Any& value) {
    if (value.is<ov::AnyMap>())
        return value.as<ov::AnyMap>();
    ov::Any copy = value;
    try {
        return copy.as<ov::AnyMap>();
    } catch (const std::exception& e) {
        OPENVINO_THROW("Property '", ov::device::properties.name(), "' must hold a map of properties: ", e.what());
    }
}

bool is_selection_key(const std::string& key) {
    return key == backend_selection_key || key == measurement_warmup_key || key == measurement_runs_key ||
           key == measurement_budget_ms_key;
}

bool is_proxy_key(const std::string& key) {
    return key == ov::device::id.name() || key == ov::device::priorities.name() || key == alias_for_key ||
           key == device_priorities_key || key.rfind("PROXY_CONFIGURATION_", 0) == 0 || is_selection_key(key);
}

std::string hex_of(const ov::device::UUID& uuid) {
    std::ostringstream hex;
    for (const auto byte : uuid.uuid)
        hex << std::hex << std::setw(2) << std::setfill('0') << static_cast<unsigned>(byte);
    return hex.str();
}

std::string hetero_target(const std::vector<std::string>& chain) {
    if (chain.size() == 1)
        return chain.front();
    return "HETERO:" + join(chain, ",");
}

}  // namespace

ProxyPlugin::ProxyPlugin(std::weak_ptr<const ICore> core, std::weak_ptr<ProxyHost> host, std::string alias)
    : m_core(std::move(core)),
      m_host(std::move(host)),
      m_alias(std::move(alias)) {
    set_version(ov::Version{"devmux-proxy", "devmux proxy: device alias over several plugins"});
}

std::shared_ptr<const ICore> ProxyPlugin::core() const {
    auto core = m_core.lock();
    OPENVINO_ASSERT(core, "The Core of alias '", m_alias, "' no longer exists");
    return core;
}

std::shared_ptr<ProxyHost> ProxyPlugin::host() const {
    auto host = m_host.lock();
    OPENVINO_ASSERT(host, "The Core of alias '", m_alias, "' no longer exists");
    return host;
}

Enumeration ProxyPlugin::enumerate() const {
    const auto core_impl = core();
    const auto registry = host();
    const auto config = registry->proxy_config(m_alias);
    OPENVINO_ASSERT(config, "'", m_alias, "' is not a registered alias");
    std::map<std::string, int> priorities = config->priorities;
    std::vector<std::string> chain = config->fallback_chain;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_priorities)
            priorities = *m_priorities;
        if (m_chain)
            chain = *m_chain;
    }
    // The alias in a chain means the plugin whose name it took.
    for (auto& entry : chain) {
        if (entry == m_alias && !config->internal_name.empty())
            entry = config->internal_name;
    }

    Enumeration found;
    found.members = ordered_members(*config, priorities);
    std::vector<std::string> asked;
    std::set<std::string> available_members;
    for (const auto& member : found.members) {
        std::vector<std::string> ids;
        try {
            ov::Any value = core_impl->get_property(member, ov::available_devices.name(), {});
            ids = value.as<std::vector<std::string>>();
        } catch (const std::exception& e) {
            asked.push_back(member + " (unavailable: " + e.what() + ")");
            found.errors.push_back(member + ": cannot list its devices: " + e.what());
            continue;
        }
        asked.push_back(member + " (" + std::to_string(ids.size()) + (ids.size() == 1 ? " device)" : " devices)"));
        if (!ids.empty())
            available_members.insert(member);
        for (const auto& id : ids) {
            const std::string full = id.empty() ? member : member + "." + id;
            // UUIDs only merge devices of different plugins: an alias of one plugin needs none (as the
            // reference), and a missing one is then no failure worth reporting.
            std::string uuid_error;
            const auto uuid = found.members.size() > 1 ? read_uuid(*core_impl, full, uuid_error) : std::nullopt;
            if (!uuid && found.members.size() > 1)
                found.errors.push_back(full + ": cannot read " + ov::device::uuid.name() + " (" + uuid_error +
                                       "), so it is not merged with another plugin's device");
            ProxyDevice* same = nullptr;
            if (uuid) {
                for (auto& device : found.devices) {
                    const bool owned_by_member =
                        std::any_of(device.owners.begin(), device.owners.end(),
                                    [&](const auto& owner) { return owner.first == member; });
                    // One plugin's two devices with one UUID stay two devices: only plugins are merged.
                    if (device.uuid && *device.uuid == *uuid && !owned_by_member) {
                        same = &device;
                        break;
                    }
                }
            }
            if (!same) {
                found.devices.emplace_back();
                same = &found.devices.back();
                same->uuid = uuid;
            }
            same->owners.emplace_back(member, full);
        }
    }
    found.asked = join(asked, ", ");

    const std::set<std::string> members(found.members.begin(), found.members.end());
    for (auto& device : found.devices) {
        const auto owner_of = [&](const std::string& plugin) -> const std::string* {
            for (const auto& owner : device.owners) {
                if (owner.first == plugin)
                    return &owner.second;
            }
            return nullptr;
        };
        bool primary_found = false;
        for (const auto& entry : chain) {
            const std::string* full = owner_of(entry);
            if (!primary_found) {
                if (full) {
                    device.chain.push_back(*full);
                    device.chain_plugins.push_back(entry);
                    primary_found = true;
                }
                continue;
            }
            if (full) {
                device.chain.push_back(*full);
                device.chain_plugins.push_back(entry);
            } else if (members.count(entry) == 0 && registry->is_registered(entry)) {
                // A plugin outside the alias (CPU) serves every device of the alias as a whole.
                device.chain.push_back(entry);
                device.chain_plugins.push_back(entry);
            }
            // A member that does not see this device (different or no UUID) cannot help it.
        }
        if (!primary_found) {
            device.chain.push_back(device.owners.front().second);
            device.chain_plugins.push_back(device.owners.front().first);
        }
    }
    return found;
}

size_t ProxyPlugin::index_of(const ov::AnyMap& properties) const {
    const auto it = properties.find(ov::device::id.name());
    if (it == properties.end()) {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_default_index;
    }
    ov::Any value = it->second;
    const std::string text = value.as<std::string>();
    size_t used = 0;
    unsigned long index = 0;
    try {
        index = std::stoul(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    OPENVINO_ASSERT(used != 0 && used == text.size(), "'", m_alias, ".", text, "': the device id of alias '", m_alias,
                    "' is an index (", m_alias, ".0, ", m_alias, ".1, ...), not '", text, "'");
    return index;
}

const ProxyDevice& ProxyPlugin::device_at(const Enumeration& found, size_t index) const {
    if (found.devices.empty())
        OPENVINO_THROW("Alias '", m_alias, "' has no devices: none of its plugins reported one (asked: ",
                       found.asked.empty() ? std::string("no plugin is a member") : found.asked, ")",
                       errors_note(found));
    if (index >= found.devices.size())
        OPENVINO_THROW("Alias '", m_alias, "' has no device ", index, ": it has ", found.devices.size(),
                       found.devices.size() == 1 ? " device (" : " devices (", public_name(found, 0),
                       found.devices.size() == 1 ? "" : " ... " + public_name(found, found.devices.size() - 1),
                       "); asked: ", found.asked);
    return found.devices[index];
}

std::string ProxyPlugin::public_name(const Enumeration& found, size_t index) const {
    return found.devices.size() == 1 ? m_alias : m_alias + "." + std::to_string(index);
}

std::string ProxyPlugin::target_of(const ProxyDevice& device) {
    return hetero_target(device.chain);
}

ov::AnyMap ProxyPlugin::for_hardware(const ov::AnyMap& properties) const {
    ov::AnyMap config;
    for (const auto& kv : properties) {
        if (!is_proxy_key(kv.first) && kv.first != hetero_known_affinities_key)
            config.insert(kv);
    }
    std::map<std::string, ov::AnyMap> per_device;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        per_device = m_device_properties;
    }
    const auto given = config.find(ov::device::properties.name());
    if (given != config.end()) {
        for (const auto& device : as_property_map(given->second))
            for (const auto& kv : as_property_map(device.second))
                per_device[device.first][kv.first] = kv.second;
    }
    if (!per_device.empty()) {
        // The Core gives each hardware device its own entries (and HETERO hands them on to the devices
        // it compiles subgraphs on); entries for plugins that take no part are dropped there.
        ov::AnyMap all;
        for (const auto& kv : per_device)
            all[kv.first] = kv.second;
        config[ov::device::properties.name()] = all;
    }
    return config;
}

std::string ProxyPlugin::errors_note(const Enumeration& found) {
    if (found.errors.empty())
        return {};
    return "; while enumerating the alias's devices: " + join(found.errors, "; ");
}

std::shared_ptr<ICompiledModel> ProxyPlugin::compile_model(const std::shared_ptr<const ov::Model>& model,
                                                           const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "compile_model for alias '", m_alias, "' was given a null model");
    const Enumeration found = enumerate();
    try {
        return compile_on(found, model, properties);
    } catch (const ov::Exception& e) {
        // The failures met while enumerating may be why the device or its chain is not what was meant.
        if (found.errors.empty())
            throw;
        OPENVINO_THROW(e.what(), errors_note(found));
    }
}

std::shared_ptr<ICompiledModel> ProxyPlugin::compile_on(const Enumeration& found,
                                                        const std::shared_ptr<const ov::Model>& model,
                                                        const ov::AnyMap& properties) const {
    const size_t index = index_of(properties);
    const ProxyDevice& device = device_at(found, index);
    const ov::AnyMap config = for_hardware(properties);
    // Read (and so checked) whatever the device: a wrong value is refused on every device alike.
    const BackendSelection selection = selection_of(properties);
    measurement_settings(properties, {}, "compile_model on '" + public_name(found, index) + "'");
    if (device.owners.size() > 1 && selection == BackendSelection::measured)
        return compile_measured(found, index, model, properties, config);
    return compile_chain(device.chain, model, config);
}

std::shared_ptr<ICompiledModel> ProxyPlugin::compile_chain(const std::vector<std::string>& chain,
                                                           const std::shared_ptr<const ov::Model>& model,
                                                           const ov::AnyMap& config, std::string* target) const {
    const auto core_impl = core();
    if (target)
        *target = chain.front();
    // The hardware plugin's own compiled model comes back whenever one plugin runs the whole model, so
    // nothing of the proxy stays on the infer path.
    if (chain.size() == 1)
        return core_impl->compile_model(model, chain.front(), config);
    // Several plugins: one question to the primary decides whether the others are needed at all.
    const ov::SupportedOpsMap answer = core_impl->query_model(model, chain.front(), config);
    const auto ops = model->get_ops();
    const bool primary_runs_all = std::all_of(ops.begin(), ops.end(), [&](const std::shared_ptr<ov::Node>& op) {
        return answer.count(op->get_friendly_name()) != 0;
    });
    if (primary_runs_all)
        return core_impl->compile_model(model, chain.front(), config);
    // HETERO takes the primary's answer instead of asking again, then asks each fallback only about
    // the ops still unassigned.
    ov::AnyMap known;
    for (const auto& kv : answer)
        known[kv.first] = kv.second;
    ov::AnyMap hetero_config = config;
    hetero_config[hetero_known_affinities_key] = known;
    if (target)
        *target = hetero_target(chain);
    return core_impl->compile_model(model, hetero_target(chain), hetero_config);
}

BackendSelection ProxyPlugin::selection_of(const ov::AnyMap& properties) const {
    const auto given = properties.find(backend_selection_key);
    if (given != properties.end())
        return parse_backend_selection(given->second, "compile_model on '" + m_alias + "'");
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_selection)
            return *m_selection;
    }
    const auto config = host()->proxy_config(m_alias);
    if (config && config->backend_selection)
        return *config->backend_selection;
    return BackendSelection::priority;
}

std::string ProxyPlugin::versions_of(const std::vector<Candidate>& candidates) const {
    const auto core_impl = core();
    std::string versions = std::string("devmux ") + ov::get_openvino_version().buildNumber;
    for (const auto& candidate : candidates) {
        versions += "|" + candidate.primary;
        try {
            // Another build of a member's plugin may be faster or slower: its decision is not this one's.
            for (const auto& plugin : host()->get_versions(candidate.primary))
                versions += ";plugin " + plugin.first + "=" + plugin.second.buildNumber + " (" +
                            plugin.second.description + ")";
            ov::Any name = core_impl->get_property(candidate.primary, ov::device::full_name.name(), {});
            versions += "=" + name.as<std::string>();
            ov::Any supported = core_impl->get_property(candidate.primary, ov::supported_properties.name(), {});
            for (const auto& key : supported.as<std::vector<ov::PropertyName>>()) {
                const std::string& text = key;
                if (text.find("DRIVER_VERSION") != std::string::npos) {
                    ov::Any version = core_impl->get_property(candidate.primary, text, {});
                    versions += ";" + text + "=" + version.as<std::string>();
                }
            }
        } catch (const std::exception&) {
            versions += "=?";  // what cannot be read cannot tell versions apart
        }
    }
    return versions;
}

std::shared_ptr<ICompiledModel> ProxyPlugin::compile_measured(const Enumeration& found, size_t index,
                                                              const std::shared_ptr<const ov::Model>& model,
                                                              const ov::AnyMap& properties,
                                                              const ov::AnyMap& config) const {
    const ProxyDevice& device = found.devices[index];
    const std::string where = "compile_model on '" + public_name(found, index) + "'";
    // Nothing to fill for a dynamic input: the configured order decides.
    for (const auto& input : model->inputs()) {
        if (input.get_partial_shape().is_dynamic())
            return compile_chain(device.chain, model, config);
    }
    // Each member that sees the device leads once; the rest of the device's chain follows it as today.
    std::vector<Candidate> candidates;
    for (const auto& owner : device.owners) {
        Candidate candidate{owner.second, {owner.second}};
        for (const auto& entry : device.chain) {
            if (entry != owner.second)
                candidate.chain.push_back(entry);
        }
        candidates.push_back(std::move(candidate));
    }
    MeasurementSettings settings;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        settings = m_measurement;
    }
    settings = measurement_settings(properties, settings, where);

    std::string chains;
    for (const auto& candidate : candidates)
        chains += (chains.empty() ? "" : ";") + join(candidate.chain, ",");
    const std::string memory_key =
        model_digest(*model) + "|" + (device.uuid ? hex_of(*device.uuid) : "no-uuid") + "|" + chains;
    std::string cache_dir;
    const auto dir = properties.find(ov::cache_dir.name());
    if (dir != properties.end()) {
        ov::Any value = dir->second;
        cache_dir = value.as<std::string>();
    } else {
        try {
            cache_dir = core()->get_property("", ov::cache_dir.name(), {}).as<std::string>();
        } catch (const std::exception&) {
        }
    }
    const std::string disk_key =
        cache_dir.empty() ? std::string() : hex_of(uuid_from_name(memory_key + "|" + versions_of(candidates)));

    std::optional<Decision> decided = m_decisions.find(memory_key);
    if (decided) {
        decided->source = "decided earlier in this process";
    } else if (!cache_dir.empty()) {
        decided = read_decision(cache_dir, disk_key);
        if (decided) {
            decided->source = "read from " + cache_dir;
            m_decisions.store(memory_key, *decided);
        }
    }
    if (decided) {
        const auto chosen = std::find_if(candidates.begin(), candidates.end(),
                                         [&](const Candidate& c) { return c.primary == decided->chosen; });
        if (chosen != candidates.end()) {
            try {
                return with_measurements(compile_chain(chosen->chain, model, config), model, describe(*decided));
            } catch (const std::exception&) {
                // What was chosen no longer compiles (a driver changed under the same versions): measure again.
                m_decisions.forget(memory_key);
            }
        }
    }

    Decision decision;
    std::shared_ptr<ICompiledModel> best;
    double best_ms = 0;
    // A candidate that compiled but could not be timed: the seeded inputs may be what fails (an integer
    // divisor of 1 is fine, an index of 1 may be out of range), not the backend. When no candidate can be
    // timed, the one the configured order prefers among these is kept.
    std::shared_ptr<ICompiledModel> untimed;
    std::string untimed_primary;
    const auto order_of = [&](const std::string& primary) {
        const auto it = std::find(device.chain.begin(), device.chain.end(), primary);
        return it == device.chain.end() ? device.chain.size() : static_cast<size_t>(it - device.chain.begin());
    };
    for (const auto& candidate : candidates) {
        Measurement measurement;
        measurement.primary = candidate.primary;
        std::shared_ptr<ICompiledModel> compiled;
        try {
            compiled = compile_chain(candidate.chain, model, config, &measurement.target);
            const double ms = measure_latency(*compiled, settings, measurement.runs);
            measurement.median_ms = ms;
            if (!best || ms < best_ms) {
                best = std::move(compiled);  // the previous best is released here
                best_ms = ms;
                decision.chosen = candidate.primary;
            }
        } catch (const std::exception& e) {
            measurement.error = e.what();
            if (compiled && !best && (!untimed || order_of(candidate.primary) < order_of(untimed_primary))) {
                untimed = std::move(compiled);
                untimed_primary = candidate.primary;
            }
        }
        decision.measurements.push_back(std::move(measurement));
    }
    if (!best && untimed) {
        best = std::move(untimed);
        decision.chosen = untimed_primary;
        decision.source = "none could be timed: the configured order decides";
    }
    if (!best) {
        std::string errors;
        for (const auto& m : decision.measurements)
            errors += "\n  " + m.primary + (m.target.empty() || m.target == m.primary ? "" : " via " + m.target) +
                      ": " + m.error;
        OPENVINO_THROW(where, ": ", backend_selection_key, "=", selection_measured,
                       " found no backend that compiles and runs the model:", errors);
    }
    m_decisions.store(memory_key, decision);
    if (!cache_dir.empty())
        write_decision(cache_dir, disk_key, decision);
    return with_measurements(best, model, describe(decision));  // a decision read back names its own source
}

std::shared_ptr<ICompiledModel> ProxyPlugin::import_model(std::istream& model, const ov::AnyMap& properties) const {
    const Enumeration found = enumerate();
    const ProxyDevice& device = device_at(found, index_of(properties));
    // The blob is the hardware plugin's own or HETERO's, as the compile chose (the proxy adds no header):
    // its export header names the plugin and the device that wrote it, and that picks the importer.
    std::string target = device.chain.front();
    if (device.chain.size() > 1) {
        const std::string who = "import_model on '" + public_name(found, index_of(properties)) + "'";
        const auto header = kit::peek_export_header(model, who);
        OPENVINO_ASSERT(header, who, ": the stream is not a model exported by a devmux plugin (no '",
                        kit::export_magic, "' header)");
        const auto member = std::find_if(device.chain.begin(), device.chain.end(), [&](const std::string& name) {
            return name.substr(0, name.find('.')) == header->device;
        });
        if (member != device.chain.end())
            target = *member;
        else if (header->plugin == "HETERO")
            target = target_of(device);
        else
            OPENVINO_THROW(who, ": the model was exported by plugin '", header->plugin, "' on device '",
                           header->device, "', which serves none of this device's plugins (", join(device.chain, ", "),
                           ")");
    }
    return core()->import_model(model, target, for_hardware(properties));
}

std::shared_ptr<IRemoteContext> ProxyPlugin::get_default_context(const ov::AnyMap& params) const {
    const Enumeration found = enumerate();
    const size_t index = index_of(params);
    const ProxyDevice& device = device_at(found, index);
    if (device.chain.size() > 1)
        OPENVINO_NOT_IMPLEMENTED("'", public_name(found, index), "' is served by several plugins (", target_of(device),
                                 "), so it has no one default context; ask ", device.chain.front(), " for its own");
    return core()->get_default_context(device.chain.front());
}

ov::SupportedOpsMap ProxyPlugin::query_model(const std::shared_ptr<const ov::Model>& model,
                                             const ov::AnyMap& properties) const {
    const Enumeration found = enumerate();
    const size_t index = index_of(properties);
    const ProxyDevice& device = device_at(found, index);
    ov::SupportedOpsMap result = core()->query_model(model, target_of(device), for_hardware(properties));
    const std::string name = public_name(found, index);
    for (auto& kv : result)
        kv.second = name;
    return result;
}

void ProxyPlugin::set_property(const ov::AnyMap& properties) {
    ov::AnyMap rest;
    ov::AnyMap device_entries;  // the ov::device::properties entries of this call
    std::optional<size_t> index;
    for (const auto& kv : properties) {
        if (kv.first == ov::device::id.name()) {
            index = index_of(properties);
        } else if (kv.first == device_priorities_key) {
            auto priorities = parse_device_priorities(kv.second, "set_property('" + m_alias + "')");
            std::lock_guard<std::mutex> lock(m_mutex);
            m_priorities = std::move(priorities);
        } else if (kv.first == ov::device::priorities.name()) {
            auto chain = as_list(kv.second);
            std::lock_guard<std::mutex> lock(m_mutex);
            m_chain = std::move(chain);
        } else if (kv.first == ov::device::properties.name()) {
            // Kept for every later compile, query and import: a fallback gets its entries whenever it
            // compiles part of a model. The primary's entries also reach it now (below).
            for (const auto& device : as_property_map(kv.second)) {
                const ov::AnyMap values = as_property_map(device.second);
                {
                    std::lock_guard<std::mutex> lock(m_mutex);
                    for (const auto& value : values)
                        m_device_properties[device.first][value.first] = value.second;
                }
                device_entries[device.first] = values;
            }
        } else if (kv.first == backend_selection_key) {
            const auto selection = parse_backend_selection(kv.second, "set_property('" + m_alias + "')");
            std::lock_guard<std::mutex> lock(m_mutex);
            m_selection = selection;
        } else if (is_selection_key(kv.first)) {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_measurement = measurement_settings({kv}, m_measurement, "set_property('" + m_alias + "')");
        } else if (kv.first == alias_for_key || kv.first.rfind("PROXY_CONFIGURATION_", 0) == 0) {
            OPENVINO_THROW("set_property('", m_alias, "'): '", kv.first,
                           "' is set where the plugins are registered (plugins.xml or register_plugin)");
        } else {
            rest.insert(kv);
        }
    }
    if (!rest.empty() || !device_entries.empty()) {
        // Other properties configure the plugin that serves the device, with its ov::device::properties
        // entries (a key given both ways must agree).
        std::string primary;
        try {
            const Enumeration found = enumerate();
            primary = device_at(found, index ? *index : index_of({})).chain.front();
        } catch (const std::exception&) {
            if (!rest.empty())
                throw;
            // Only entries for the plugins, kept above: they wait for the alias to have devices.
        }
        for (const auto& entry : device_entries) {
            if (primary.empty())
                break;
            if (!is_config_applicable(primary, entry.first))
                continue;
            for (const auto& value : as_property_map(entry.second)) {
                const auto same = rest.find(value.first);
                if (same != rest.end()) {
                    ov::Any a = same->second, b = value.second;
                    OPENVINO_ASSERT(a.as<std::string>() == b.as<std::string>(), "set_property('", m_alias,
                                    "'): property ", value.first, " is given as '", a.as<std::string>(),
                                    "' and, for ", entry.first, " (the primary plugin), as '", b.as<std::string>(),
                                    "'");
                }
                rest[value.first] = value.second;
            }
        }
        if (!rest.empty())
            host()->set_property(primary, rest);
    }
    if (index) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_default_index = *index;
    }
}

ov::Any ProxyPlugin::get_property(const std::string& name, const ov::AnyMap& arguments) const {
    if (name == ov::device::id.name()) {
        std::lock_guard<std::mutex> lock(m_mutex);
        return std::to_string(m_default_index);
    }
    if (name == backend_selection_key)
        return std::string(to_string(selection_of({})));
    if (is_selection_key(name)) {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (name == measurement_warmup_key)
            return m_measurement.warmup;
        if (name == measurement_runs_key)
            return m_measurement.runs;
        return m_measurement.budget_ms;
    }
    if (name == ov::device::properties.name()) {
        ov::AnyMap stored;
        std::lock_guard<std::mutex> lock(m_mutex);
        for (const auto& kv : m_device_properties)
            stored[kv.first] = kv.second;
        return stored;
    }
    const Enumeration found = enumerate();
    if (name == ov::available_devices.name()) {
        std::vector<std::string> ids;
        for (size_t i = 0; i < found.devices.size(); ++i)
            ids.push_back(std::to_string(i));
        return ids;
    }
    if (name == alias_for_key)
        return found.members;
    if (name == device_priorities_key) {
        const auto config = host()->proxy_config(m_alias);
        std::map<std::string, int> priorities = config ? config->priorities : std::map<std::string, int>{};
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (m_priorities)
                priorities = *m_priorities;
        }
        std::vector<std::string> entries;
        for (const auto& member : found.members) {
            const auto it = priorities.find(member);
            if (it != priorities.end())
                entries.push_back(member + ":" + std::to_string(it->second));
        }
        return entries;
    }
    const ProxyDevice& device = device_at(found, index_of(arguments));
    // As the reference: the plugins that serve the device, primary first; PROXY_SERVING_DEVICES and
    // PROXY_COMPILE_TARGET give the hardware devices.
    if (name == ov::device::priorities.name())
        return device.chain_plugins;
    if (name == serving_devices_key) {
        std::vector<std::string> serving;
        for (const auto& owner : device.owners)
            serving.push_back(owner.second);
        return serving;
    }
    if (name == compile_target_key)
        return target_of(device);
    if (name == enumeration_errors_key)
        return found.errors;
    ov::AnyMap forwarded;
    for (const auto& kv : arguments) {
        if (kv.first != ov::device::id.name())
            forwarded.insert(kv);
    }
    if (name == ov::supported_properties.name()) {
        std::vector<ov::PropertyName> names;
        try {
            ov::Any value = core()->get_property(device.chain.front(), name, forwarded);
            if (value.is<std::vector<ov::PropertyName>>()) {
                names = value.as<std::vector<ov::PropertyName>>();
            } else {
                for (const auto& key : value.as<std::vector<std::string>>())
                    names.emplace_back(key);
            }
        } catch (const std::exception&) {
            // A primary that cannot list its properties leaves only the alias's own.
        }
        for (const ov::PropertyName& own : {ov::PropertyName(ov::device::id.name(), ov::PropertyMutability::RW),
                                            ov::PropertyName(ov::available_devices.name(), ov::PropertyMutability::RO),
                                            ov::PropertyName(ov::device::priorities.name(), ov::PropertyMutability::RW),
                                            ov::PropertyName(alias_for_key, ov::PropertyMutability::RO),
                                            ov::PropertyName(device_priorities_key, ov::PropertyMutability::RW),
                                            ov::PropertyName(serving_devices_key, ov::PropertyMutability::RO),
                                            ov::PropertyName(compile_target_key, ov::PropertyMutability::RO),
                                            ov::PropertyName(enumeration_errors_key, ov::PropertyMutability::RO),
                                            ov::PropertyName(backend_selection_key, ov::PropertyMutability::RW),
                                            ov::PropertyName(measurement_warmup_key, ov::PropertyMutability::RW),
                                            ov::PropertyName(measurement_runs_key, ov::PropertyMutability::RW),
                                            ov::PropertyName(measurement_budget_ms_key, ov::PropertyMutability::RW),
                                            ov::PropertyName(ov::device::properties.name(), ov::PropertyMutability::RW)}) {
            if (std::find(names.begin(), names.end(), own) == names.end())
                names.push_back(own);
        }
        return names;
    }
    // Everything else (full name, uuid, type, ...) is the primary's.
    return core()->get_property(device.chain.front(), name, forwarded);
}

}  // namespace proxy
}  // namespace devmux
