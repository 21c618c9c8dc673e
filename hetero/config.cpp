// SPDX-License-Identifier: Apache-2.0
#include "config.hpp"

#include <optional>

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

std::string joined(const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : ",") + item;
    return text;
}

std::shared_ptr<const kit::PropertyTable> make_table() {
    auto table = std::make_shared<kit::PropertyTable>("HETERO");
    table->add(ov::device::priorities.name(), ov::Any(std::string()),
               "a comma-separated string or a list of device names",
               [](const ov::Any& value) { return ov::Any(joined(parse_priorities(value))); })
        .add(ov::device::properties.name(), ov::Any(ov::AnyMap{}), "a map from device names to maps of properties",
             [](const ov::Any& value) {
                 ov::AnyMap devices = as_map(value, ov::device::properties.name());
                 for (auto& device : devices)
                     device.second = as_map(device.second, std::string(ov::device::properties.name()) + " for " + device.first);
                 return ov::Any(devices);
             })
        .add(ov::enable_profiling, false, "true or false")
        .add_read_only(ov::device::full_name,
                       [](const kit::PropertyValues&, const std::string&) { return std::string("HETERO"); })
        .add_read_only(ov::device::capabilities,
                       [](const kit::PropertyValues&, const std::string&) {
                           return std::vector<std::string>{ov::device::capability::EXPORT_IMPORT};
                       })
        // A virtual device: the Core lists the devices below it instead.
        .add_read_only(ov::available_devices,
                       [](const kit::PropertyValues&, const std::string&) { return std::vector<std::string>{}; })
        .forward_unknown_keys();
    return table;
}

}  // namespace

const std::shared_ptr<const kit::PropertyTable>& Config::table() {
    static const std::shared_ptr<const kit::PropertyTable> hetero_table = make_table();
    return hetero_table;
}

Config::Config() : m_values(table()) {}

void Config::set(const ov::AnyMap& properties) {
    const std::string device_properties_key = ov::device::properties.name();
    const std::string device_prefix = device_properties_key + "_";
    // Two forms are not single keys of the table: the proxy's internal answer (never listed, one
    // model's) and DEVICE_PROPERTIES_<device>, which adds to the device's entry of ov::device::properties.
    ov::AnyMap own;
    std::map<std::string, ov::AnyMap> added;
    std::optional<std::map<std::string, std::string>> answer;
    for (const auto& [key, value] : properties) {
        if (key == hetero_known_affinities_key) {
            answer.emplace();
            if (value.is<std::map<std::string, std::string>>()) {
                ov::Any copy = value;
                answer = copy.as<std::map<std::string, std::string>>();
            } else {
                for (const auto& op : as_map(value, key)) {
                    ov::Any device = op.second;
                    OPENVINO_ASSERT(device.is<std::string>(), "HETERO: property '", key,
                                    "' must map op names to device names; op '", op.first, "' has a ",
                                    ov::util::type_name(device.type_info()));
                    (*answer)[op.first] = device.as<std::string>();
                }
            }
        } else if (key.compare(0, device_prefix.size(), device_prefix) == 0) {
            for (const auto& p : as_map(value, key))
                added[key.substr(device_prefix.size())][p.first] = p.second;
        } else {
            own[key] = value;
        }
    }
    kit::PropertyValues values = m_values;
    values.set(own);
    m_values = std::move(values);
    if (answer)
        known_first_answer = std::move(answer);
    devices = parse_priorities(m_values.get(ov::device::priorities.name()));
    profiling = m_values.get(ov::enable_profiling);
    const auto given = own.find(device_properties_key);
    if (given != own.end()) {
        ov::Any converted = m_values.get(device_properties_key);  // as<>() refers into it: keep it alive
        for (auto& device : converted.as<ov::AnyMap>())
            for (const auto& p : device.second.as<ov::AnyMap>())
                device_properties[device.first][p.first] = p.second;
    }
    for (const auto& device : added)
        for (const auto& p : device.second)
            device_properties[device.first][p.first] = p.second;
    shared = m_values.forwarded();
    // HETERO's own profiling switch is also handed to every device that supports it.
    m_profiling_given = m_profiling_given || own.count(ov::enable_profiling.name()) != 0;
    if (m_profiling_given)
        shared[ov::enable_profiling.name()] = profiling;
}

ov::Any Config::get(const std::string& name) const {
    if (name == ov::device::properties.name())
        return device_properties;  // every entry merged, as set() accumulates them
    return m_values.get(name);
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
