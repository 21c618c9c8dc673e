// SPDX-License-Identifier: Apache-2.0
#include "proxy/proxy_config.hpp"

#include <algorithm>
#include <climits>
#include <sstream>

#include "openvino/core/except.hpp"

namespace devmux {
namespace proxy {

int parse_priority(const std::string& text, const std::string& what) {
    size_t used = 0;
    long value = 0;
    try {
        value = std::stol(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    OPENVINO_ASSERT(used != 0 && used == text.size() && value >= INT_MIN && value <= INT_MAX, what,
                    ": the priority '", text, "' is not an integer (lower is preferred)");
    return static_cast<int>(value);
}

BackendSelection parse_backend_selection(const ov::Any& value, const std::string& where) {
    ov::Any copy = value;
    std::string text;
    try {
        text = copy.as<std::string>();
    } catch (const std::exception&) {
        OPENVINO_THROW(where, ": ", backend_selection_key, " must be ", selection_measured, " or ",
                       selection_priority, ", not a value of type ", ov::util::type_name(copy.type_info()));
    }
    if (text == selection_measured)
        return BackendSelection::measured;
    if (text == selection_priority)
        return BackendSelection::priority;
    OPENVINO_THROW(where, ": ", backend_selection_key, " '", text, "' is not ", selection_measured, " or ",
                   selection_priority);
}

const char* to_string(BackendSelection selection) {
    return selection == BackendSelection::measured ? selection_measured : selection_priority;
}

std::map<std::string, int> parse_device_priorities(const ov::Any& value, const std::string& what) {
    std::vector<std::string> entries;
    if (value.is<std::vector<std::string>>()) {
        entries = value.as<std::vector<std::string>>();
    } else {
        ov::Any copy = value;
        std::string text = copy.as<std::string>();
        std::replace(text.begin(), text.end(), ',', ' ');
        std::istringstream in(text);
        for (std::string entry; in >> entry;)
            entries.push_back(entry);
    }
    std::map<std::string, int> priorities;
    for (const auto& entry : entries) {
        const auto colon = entry.find(':');
        OPENVINO_ASSERT(colon != std::string::npos && colon != 0 && entry.find(':', colon + 1) == std::string::npos,
                        what, ": the ", device_priorities_key, " entry '", entry,
                        "' is malformed: the format is \"<plugin>:<priority>\"");
        priorities[entry.substr(0, colon)] =
            parse_priority(entry.substr(colon + 1), what + ", " + device_priorities_key + " entry '" + entry + "'");
    }
    return priorities;
}

std::vector<std::string> ordered_members(const ProxyConfig& config, const std::map<std::string, int>& priorities) {
    if (config.alias_for.empty()) {
        if (!config.internal_name.empty())
            return {config.internal_name};
        if (!config.fallback_chain.empty())
            return {config.fallback_chain.front()};
        return {};
    }
    int unset = INT_MIN;
    for (const auto& name : config.alias_for) {
        const auto it = priorities.find(name);
        if (it != priorities.end())
            unset = std::max(unset, it->second);
    }
    unset = unset == INT_MIN ? 0 : (unset == INT_MAX ? INT_MAX : unset + 1);
    std::vector<std::pair<int, std::string>> keyed;
    for (const auto& name : config.alias_for) {
        const auto it = priorities.find(name);
        keyed.emplace_back(it == priorities.end() ? unset : it->second, name);
    }
    // Stable: equal priorities keep registration order, so the device indices never depend on chance.
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> names;
    for (const auto& kv : keyed)
        names.push_back(kv.second);
    return names;
}

}  // namespace proxy
}  // namespace devmux
