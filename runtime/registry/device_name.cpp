// SPDX-License-Identifier: Apache-2.0
#include "registry/device_name.hpp"

#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux {
namespace {

struct NameParts {
    std::string device;
    std::string id;    // after the first '.'
    std::string list;  // after the first ':'
    bool has_dot = false;
    bool has_colon = false;
};

NameParts split_name(const std::string& name) {
    NameParts parts;
    const auto colon = name.find(':');
    if (colon != std::string::npos) {
        parts.has_colon = true;
        parts.device = name.substr(0, colon);
        parts.list = name.substr(colon + 1);
        return parts;
    }
    const auto dot = name.find('.');
    if (dot != std::string::npos) {
        parts.has_dot = true;
        parts.device = name.substr(0, dot);
        parts.id = name.substr(dot + 1);
        return parts;
    }
    parts.device = name;
    return parts;
}

bool starts_with(const std::string& text, const std::string& prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

const std::string& device_properties_key() {
    static const std::string key = ov::device::properties.name();
    return key;
}

// The value of an ov::device::properties entry as a map, parsing text such as "{NUM_STREAMS:2}".
ov::AnyMap as_property_map(const ov::Any& value, const std::string& key) {
    if (value.is<ov::AnyMap>())
        return value.as<ov::AnyMap>();
    ov::Any copy = value;  // as<>() caches conversions inside the Any; never do that to the caller's
    try {
        return copy.as<ov::AnyMap>();
    } catch (const std::exception& e) {
        OPENVINO_THROW("Property '", key, "' must hold a map of properties (ov::AnyMap): ", e.what());
    }
}

void merge_into(ov::AnyMap& target, const ov::AnyMap& source) {
    for (const auto& kv : source)
        target[kv.first] = kv.second;
}

void set_or_check(ov::AnyMap& config, const std::string& key, const std::string& value,
                  const std::string& device_name) {
    const auto it = config.find(key);
    if (it == config.end()) {
        config[key] = value;
        return;
    }
    ov::Any copy = it->second;
    const std::string given = copy.as<std::string>();
    if (given != value)
        OPENVINO_THROW("Device '", device_name, "' names ", key, " '", value, "' but the properties set ", key, " to '",
                       given, "'");
}

}  // namespace

bool is_virtual_device(const std::string& device_name) {
    for (const char* name : {"HETERO", "AUTO", "MULTI", "BATCH"}) {
        if (starts_with(device_name, name))
            return true;
    }
    return false;
}

bool is_config_applicable(const std::string& user_device_name, const std::string& subprop_device_name) {
    if (user_device_name == subprop_device_name)
        return true;
    const NameParts user = split_name(user_device_name);
    const NameParts sub = split_name(subprop_device_name);
    if (user.device != sub.device)
        return false;
    if (is_virtual_device(user.device)) {
        // A virtual device's configuration applies to exactly its own device list (or to all of its
        // instances when the sub-property names none).
        return sub.list.empty() || user.list == sub.list;
    }
    if (sub.id.empty())
        return true;
    // "GPU.0" applies to the tile "GPU.0.1". OpenVINO compares raw prefixes, which would also apply
    // "GPU.1" to "GPU.10"; the separator check keeps that from happening.
    return user.id == sub.id || starts_with(user.id, sub.id + ".");
}

ov::AnyMap flatten_device_properties(const std::string& user_device_name, const ov::AnyMap& properties,
                                     bool keep_other_devices) {
    const std::string& key = device_properties_key();
    const std::string prefix = key + "_";
    // A proxy alias keeps them like a virtual device: its fallback plugins compile parts of models.
    const bool is_virtual = is_virtual_device(user_device_name) || keep_other_devices;

    ov::AnyMap result;
    ov::AnyMap gathered;  // device name -> AnyMap, from both forms of ov::device::properties
    const auto whole = properties.find(key);
    if (whole != properties.end())
        gathered = as_property_map(whole->second, key);
    for (const auto& kv : properties) {
        if (kv.first == key)
            continue;
        if (!starts_with(kv.first, prefix)) {
            result.emplace(kv.first, kv.second);
            continue;
        }
        const std::string device = kv.first.substr(prefix.size());
        if (!is_virtual && !is_config_applicable(user_device_name, device))
            continue;  // meant for another hardware device
        // The entry named for one device overrides the same device's part of the whole map.
        ov::AnyMap merged = gathered.count(device) ? as_property_map(gathered[device], key + " for " + device)
                                                   : ov::AnyMap{};
        merge_into(merged, as_property_map(kv.second, kv.first));
        gathered[device] = merged;
    }

    // std::map order puts "GPU" before "GPU.1", so the more specific entry is applied last and wins.
    ov::AnyMap kept;
    for (const auto& kv : gathered) {
        if (is_config_applicable(user_device_name, kv.first))
            merge_into(result, as_property_map(kv.second, key + " for " + kv.first));
        else if (is_virtual)
            kept[kv.first] = kv.second;
        // else: for another hardware device; OpenVINO drops it too.
    }
    if (!kept.empty())
        result[key] = kept;
    return result;
}

ParsedDeviceName parse_device_name_into_config(const std::string& device_name, const ov::AnyMap& properties,
                                               bool keep_other_devices) {
    if (device_name.empty())
        OPENVINO_THROW("The device name is empty");
    const NameParts parts = split_name(device_name);
    if (parts.device.empty())
        OPENVINO_THROW("Device name '", device_name, "' has nothing before '", parts.has_colon ? ':' : '.', "'");
    if (parts.has_dot && parts.id.empty())
        OPENVINO_THROW("Device name '", device_name, "' has no device id after '.'");
    if (parts.has_colon && parts.list.empty())
        OPENVINO_THROW("Device name '", device_name, "' has no device list after ':'");

    ParsedDeviceName parsed;
    parsed.device_name = parts.device;
    parsed.device_id = parts.id;
    parsed.device_list = parts.list;
    parsed.config = flatten_device_properties(device_name, properties, keep_other_devices);
    if (!parts.id.empty())
        set_or_check(parsed.config, ov::device::id.name(), parts.id, device_name);
    if (!parts.list.empty())
        set_or_check(parsed.config, ov::device::priorities.name(), parts.list, device_name);
    return parsed;
}

}  // namespace devmux
