// SPDX-License-Identifier: Apache-2.0
#include "ops/op_registry.hpp"

#include <algorithm>
#include <cstdlib>

namespace devmux {

OpRegistry& OpRegistry::instance() {
    static OpRegistry registry;
    return registry;
}

int opset_number(const std::string& opset) {
    if (opset.rfind("opset", 0) != 0 || opset.size() == 5)
        return -1;
    const std::string digits = opset.substr(5);
    if (!std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
        return -1;
    return std::atoi(digits.c_str());
}

void OpRegistry::add(const ov::DiscreteTypeInfo& info, Factory factory) {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto& versions = m_entries[info.name];
    const std::string opset = info.get_version();
    versions.erase(std::remove_if(versions.begin(), versions.end(), [&](const Entry& e) { return e.opset == opset; }),
                   versions.end());
    versions.push_back({opset_number(opset), opset, std::move(factory)});
    std::sort(versions.begin(), versions.end(),
              [](const Entry& a, const Entry& b) { return a.opset_number < b.opset_number; });
}

std::shared_ptr<ov::Node> OpRegistry::create(const std::string& type_name, const std::string& opset) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto found = m_entries.find(type_name);
    if (found == m_entries.end())
        return nullptr;
    const int wanted = opset_number(opset);
    const Entry* best = nullptr;
    for (const auto& entry : found->second) {
        if (entry.opset == opset)
            return entry.factory();
        if (wanted >= 0 && entry.opset_number >= 0 && entry.opset_number <= wanted)
            best = &entry;
    }
    return best ? best->factory() : nullptr;
}

std::vector<std::pair<std::string, std::string>> OpRegistry::list() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [name, versions] : m_entries)
        for (const auto& v : versions)
            out.emplace_back(name, v.opset);
    return out;
}

}  // namespace devmux
