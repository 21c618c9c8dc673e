// SPDX-License-Identifier: Apache-2.0
#include "plugin.hpp"

#include <algorithm>
#include <sstream>

#include "compiled_model.hpp"
#include "openvino/core/except.hpp"

namespace devmux {
namespace auto_plugin {

namespace {

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> items;
    std::string item;
    std::istringstream stream(text);
    while (std::getline(stream, item, ',')) {
        item.erase(0, item.find_first_not_of(" \t"));
        item.erase(item.find_last_not_of(" \t") + 1);
        if (!item.empty())
            items.push_back(item);
    }
    return items;
}

std::string base_name(const std::string& device) {
    return device.substr(0, device.find('.'));
}

bool starts_with(const std::string& text, const std::string& prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

// "-CPU" excludes CPU and every CPU.<id>; "-GPU.1" only GPU.1.
bool is_excluded(const std::string& device, const std::vector<std::string>& exclusions) {
    for (const auto& excluded : exclusions)
        if (device == excluded || (excluded.find('.') == std::string::npos && base_name(device) == excluded))
            return true;
    return false;
}

template <class T>
T read_as(const ov::Any& value, const std::string& key) {
    try {
        ov::Any copy = value;
        return copy.as<T>();
    } catch (const std::exception& e) {
        OPENVINO_THROW("AUTO: bad value for ", key, ": ", e.what());
    }
}

}  // namespace

// ---- Config ----

void Config::set(const ov::AnyMap& properties) {
    for (const auto& [key, value] : properties) {
        if (key == ov::device::priorities.name()) {
            if (value.is<std::vector<std::string>>())
                priorities = read_as<std::vector<std::string>>(value, key);
            else
                priorities = split_list(read_as<std::string>(value, key));
        } else if (key == ov::intel_auto::enable_startup_fallback.name()) {
            startup_fallback = read_as<bool>(value, key);
        } else if (key == ov::intel_auto::enable_runtime_fallback.name()) {
            runtime_fallback = read_as<bool>(value, key);
        } else if (key == ov::intel_auto::schedule_policy.name()) {
            schedule_policy = read_as<ov::intel_auto::SchedulePolicy>(value, key);
        } else if (key == ov::hint::performance_mode.name()) {
            performance_mode = read_as<ov::hint::PerformanceMode>(value, key);
        } else if (key == ov::enable_profiling.name()) {
            profiling = read_as<bool>(value, key);
            shared[key] = profiling;
        } else if (key == ov::intel_auto::device_bind_buffer.name()) {
            read_as<bool>(value, key);  // accepted; tensors are always shared with the device request
        } else if (key == ov::device::properties.name()) {
            device_properties = value;
        } else {
            shared[key] = value;
        }
    }
}

std::string Config::priorities_text() const {
    std::string text;
    for (const auto& device : priorities)
        text += (text.empty() ? "" : ",") + device;
    return text;
}

// ---- ranking ----

int device_rank(const std::string& device, const std::optional<ov::device::Type>& type) {
    const std::string base = base_name(device);
    if (base == "CPU")
        return 4;
    // The type decides first (discrete before integrated); among devices of one type a GPU goes first.
    const bool discrete = type && *type == ov::device::Type::DISCRETE;
    const bool gpu = base == "GPU";
    return (discrete ? 0 : 2) + (gpu ? 0 : 1);
}

bool excluded_from_discovery(const std::string& device) {
    for (const char* name : {"HETERO", "AUTO", "MULTI", "BATCH", "NPU"})
        if (starts_with(device, name))
            return true;
    return false;
}

// ---- Plugin ----

Plugin::Plugin() {
    set_device_name("AUTO");
    set_version(ov::Version{"0.1.0", "devmux AUTO/MULTI plugin"});
}

std::shared_ptr<ICore> Plugin::core() const {
    auto core = get_core();
    OPENVINO_ASSERT(core, get_device_name(), ": the plugin was not loaded by a Core; it reaches devices only through one");
    return core;
}

Config Plugin::merged_config(const ov::AnyMap& properties) const {
    Config config;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        config = m_config;
    }
    config.set(properties);
    return config;
}

std::vector<Candidate> Plugin::candidates(const std::shared_ptr<const ov::Model>& model, const Config& config,
                                          std::vector<std::string>& refusals) const {
    auto icore = core();
    std::vector<std::string> named;
    std::vector<std::string> exclusions;
    for (const auto& device : config.priorities) {
        if (!device.empty() && device[0] == '-')
            exclusions.push_back(device.substr(1));
        else
            named.push_back(device);
    }
    OPENVINO_ASSERT(!is_multi() || !named.empty(),
                    "MULTI needs its devices: MULTI:<device>,<device> or ov::device::priorities");

    for (const auto& device : named)
        OPENVINO_ASSERT(!excluded_from_discovery(device) || base_name(device) == "NPU", get_device_name(),
                        ": the device list '", config.priorities_text(), "' names the virtual device '", device,
                        "'; list the devices themselves");
    std::vector<Candidate> ranked;
    if (!named.empty()) {
        // Named devices are tried in the order given, as OpenVINO does: no ranking by type.
        for (const auto& device : named)
            if (!is_excluded(device, exclusions))
                ranked.push_back({device, static_cast<int>(ranked.size())});
    } else {
        for (const auto& device : icore->get_available_devices()) {
            if (excluded_from_discovery(device) || is_excluded(device, exclusions))
                continue;
            std::optional<ov::device::Type> type;
            try {
                type = icore->get_property(device, ov::device::type.name(), {}).as<ov::device::Type>();
            } catch (const std::exception&) {
                // A device without a type ranks as an integrated one.
            }
            ranked.push_back({device, device_rank(device, type)});
        }
        std::stable_sort(ranked.begin(), ranked.end(),
                         [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });
    }

    std::vector<Candidate> accepted;
    for (const auto& candidate : ranked) {
        try {
            const ov::SupportedOpsMap answer =
                icore->query_model(model, candidate.device, properties_for(candidate.device, config, false));
            std::vector<std::string> missing;
            for (const auto& node : model->get_ops())
                if (!answer.count(node->get_friendly_name()))
                    missing.push_back(node->get_friendly_name() + " (" + node->get_type_name() + ")");
            if (missing.empty()) {
                accepted.push_back(candidate);
                continue;
            }
            std::string listed;
            for (size_t i = 0; i < missing.size() && i < 5; ++i)
                listed += (i ? ", " : "") + missing[i];
            if (missing.size() > 5)
                listed += " and " + std::to_string(missing.size() - 5) + " more";
            refusals.push_back(candidate.device + ": does not support op" + (missing.size() > 1 ? "s " : " ") + listed);
        } catch (const std::exception& e) {
            refusals.push_back(candidate.device + ": " + e.what());
        }
    }
    return accepted;
}

ov::AnyMap Plugin::properties_for(const std::string& device, const Config& config, bool throughput) const {
    auto icore = core();
    std::vector<std::string> names;
    try {
        // Kept in a variable: as<>() returns a reference into the Any.
        const ov::Any listed = icore->get_property(device, ov::supported_properties.name(), {});
        for (const auto& name : listed.as<std::vector<ov::PropertyName>>())
            names.push_back(name);
    } catch (const std::exception&) {
        // A device that cannot list its properties gets none of the shared ones.
    }
    const auto supports = [&names](const std::string& key) {
        return std::find(names.begin(), names.end(), key) != names.end();
    };
    ov::AnyMap properties;
    for (const auto& kv : config.shared)
        if (supports(kv.first))
            properties[kv.first] = kv.second;
    if (supports(ov::hint::performance_mode.name())) {
        // Each device of a cumulative-throughput model tunes for throughput; AUTO's single device gets
        // the hint as given.
        if (throughput)
            properties[ov::hint::performance_mode.name()] = ov::hint::PerformanceMode::THROUGHPUT;
        else if (config.performance_mode && *config.performance_mode != ov::hint::PerformanceMode::CUMULATIVE_THROUGHPUT)
            properties[ov::hint::performance_mode.name()] = *config.performance_mode;
    }
    if (config.device_properties)
        properties[ov::device::properties.name()] = *config.device_properties;
    return properties;
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const ov::Model>& model,
                                                      const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, get_device_name(), ": compile_model needs a model, got null");
    auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
    return CompiledModel::create(model, self, merged_config(properties));
}

ov::SupportedOpsMap Plugin::query_model(const std::shared_ptr<const ov::Model>& model,
                                        const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, get_device_name(), ": query_model needs a model, got null");
    const Config config = merged_config(properties);
    std::vector<std::string> refusals;
    const auto devices = candidates(model, config, refusals);
    ov::SupportedOpsMap answer;
    if (devices.empty())
        return answer;
    // Every op runs on the device AUTO would choose (MULTI: on each of them; the first is named).
    for (const auto& node : model->get_ops())
        answer[node->get_friendly_name()] = devices.front().device;
    return answer;
}

void Plugin::set_property(const ov::AnyMap& properties) {
    std::lock_guard<std::mutex> lock(m_mutex);
    Config updated = m_config;
    updated.set(properties);
    m_config = updated;
}

ov::Any Plugin::get_property(const std::string& name, const ov::AnyMap&) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (name == ov::supported_properties.name())
        return std::vector<ov::PropertyName>{
            ov::PropertyName(ov::supported_properties),
            ov::PropertyName(ov::device::full_name),
            ov::PropertyName(ov::available_devices),
            ov::PropertyName(ov::device::priorities.name()),
            ov::PropertyName(ov::intel_auto::enable_startup_fallback),
            ov::PropertyName(ov::intel_auto::enable_runtime_fallback),
            ov::PropertyName(ov::intel_auto::schedule_policy),
            ov::PropertyName(ov::intel_auto::device_bind_buffer),
            ov::PropertyName(ov::hint::performance_mode),
            ov::PropertyName(ov::enable_profiling),
            ov::PropertyName(ov::cache_dir),
        };
    if (name == ov::device::full_name.name())
        return get_device_name();
    if (name == ov::available_devices.name())
        return std::vector<std::string>{};  // a virtual device: the Core lists the devices below it
    if (name == ov::device::priorities.name())
        return m_config.priorities_text();
    if (name == ov::intel_auto::enable_startup_fallback.name())
        return m_config.startup_fallback;
    if (name == ov::intel_auto::enable_runtime_fallback.name())
        return m_config.runtime_fallback;
    if (name == ov::intel_auto::schedule_policy.name())
        return m_config.schedule_policy;
    if (name == ov::intel_auto::device_bind_buffer.name())
        return true;
    if (name == ov::hint::performance_mode.name())
        return m_config.performance_mode.value_or(is_multi() ? ov::hint::PerformanceMode::CUMULATIVE_THROUGHPUT
                                                             : ov::hint::PerformanceMode::LATENCY);
    if (name == ov::enable_profiling.name())
        return m_config.profiling;
    const auto shared = m_config.shared.find(name);
    if (shared != m_config.shared.end())
        return shared->second;
    OPENVINO_THROW(get_device_name(), ": unsupported property '", name, "'");
}

}  // namespace auto_plugin
}  // namespace devmux
