// SPDX-License-Identifier: Apache-2.0
#include "config.hpp"

#include "devmux/plugin/hetero_properties.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux {
namespace hetero {
namespace {

std::string trim(const std::string& text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

std::vector<std::string> parse_priorities(const ov::Any& value) {
    std::vector<std::string> items;
    if (value.is<std::vector<std::string>>()) {
        for (const auto& item : value.as<std::vector<std::string>>())
            items.push_back(trim(item));
    } else {
        ov::Any copy = value;
        std::string text;
        try {
            text = copy.as<std::string>();
        } catch (const std::exception& e) {
            OPENVINO_THROW("HETERO: ", ov::device::priorities.name(),
                           " must be a comma-separated string or a list of device names: ", e.what());
        }
        size_t start = 0;
        for (;;) {
            const auto comma = text.find(',', start);
            items.push_back(trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
        if (items.size() == 1 && items[0].empty())
            items.clear();
    }
    for (const auto& item : items)
        OPENVINO_ASSERT(!item.empty(), "HETERO: ", ov::device::priorities.name(),
                        " has an empty device name in its list");
    return items;
}

ov::AnyMap as_map(const ov::Any& value, const std::string& key) {
    if (value.is<ov::AnyMap>())
        return value.as<ov::AnyMap>();
    ov::Any copy = value;
    try {
        return copy.as<ov::AnyMap>();
    } catch (const std::exception& e) {
        OPENVINO_THROW("HETERO: property '", key, "' must hold a map of properties: ", e.what());
    }
}

}  // namespace

void Config::set(const ov::AnyMap& properties) {
    const std::string device_properties_key = ov::device::properties.name();
    for (const auto& kv : properties) {
        const std::string& key = kv.first;
        if (key == ov::device::priorities.name()) {
            devices = parse_priorities(kv.second);
        } else if (key == hetero_known_affinities_key) {
            std::map<std::string, std::string> answer;
            if (kv.second.is<std::map<std::string, std::string>>()) {
                ov::Any copy = kv.second;
                answer = copy.as<std::map<std::string, std::string>>();
            } else {
                for (const auto& op : as_map(kv.second, key)) {
                    ov::Any device = op.second;
                    OPENVINO_ASSERT(device.is<std::string>(), "HETERO: property '", key, "' must map op names to device names; op '",
                                    op.first, "' has a ", ov::util::type_name(device.type_info()));
                    answer[op.first] = device.as<std::string>();
                }
            }
            known_first_answer = std::move(answer);
        } else if (key == device_properties_key) {
            for (const auto& device : as_map(kv.second, key))
                for (const auto& p : as_map(device.second, key + " for " + device.first))
                    device_properties[device.first][p.first] = p.second;
        } else if (key.compare(0, device_properties_key.size() + 1, device_properties_key + "_") == 0) {
            const std::string device = key.substr(device_properties_key.size() + 1);
            for (const auto& p : as_map(kv.second, key))
                device_properties[device][p.first] = p.second;
        } else {
            if (key == ov::enable_profiling.name()) {
                ov::Any copy = kv.second;
                try {
                    profiling = copy.as<bool>();
                } catch (const std::exception& e) {
                    OPENVINO_THROW("HETERO: ", key, " must be a boolean: ", e.what());
                }
            }
            shared[key] = kv.second;
        }
    }
}

std::string Config::priorities() const {
    std::string joined;
    for (const auto& device : devices)
        joined += (joined.empty() ? "" : ",") + device;
    return joined;
}

void Config::check_devices() const {
    OPENVINO_ASSERT(!devices.empty(),
                    "HETERO: no devices to run on; name them as HETERO:<device1>,<device2> or with ",
                    ov::device::priorities.name(), " (ov::device::priorities)");
    for (const auto& device : devices)
        OPENVINO_ASSERT(device.compare(0, 6, "HETERO") != 0, "HETERO: the device list '", priorities(),
                        "' names HETERO itself");
}

}  // namespace hetero
}  // namespace devmux
