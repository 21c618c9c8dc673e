// SPDX-License-Identifier: Apache-2.0
#include "ops/op_registry.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "openvino/core/except.hpp"

namespace devmux {
namespace {

// The table lists every op version of opset1 ... opset13, and of opset14 only the versions it names there:
// a layer of opset14 reads when its op is one of those, and is refused naming them otherwise.
constexpr int complete_table_opset = 13;
constexpr int newest_table_opset = 14;

std::string opsets_text(const std::set<int>& opsets) {
    std::string text;
    for (auto it = opsets.begin(); it != opsets.end();) {
        const int first = *it;
        int last = first;
        for (++it; it != opsets.end() && *it == last + 1; ++it)
            last = *it;
        text += (text.empty() ? "" : ", ") + std::string("opset") + std::to_string(first);
        if (last != first)
            text += " to opset" + std::to_string(last);
    }
    return text;
}

}  // namespace

OpRegistry& OpRegistry::instance() {
    static OpRegistry registry;
    return registry;
}

OpRegistry::OpRegistry() { add_op_table(*this); }

int OpRegistry::newest_opset() { return newest_table_opset; }

int OpRegistry::newest_complete_opset() { return complete_table_opset; }

int opset_number(const std::string& opset) {
    if (opset.rfind("opset", 0) != 0 || opset.size() == 5 || opset.size() > 8)
        return -1;
    const std::string digits = opset.substr(5);
    if (!std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
        return -1;
    return std::atoi(digits.c_str());
}

std::set<int> OpRegistry::parse_opsets(const std::string& text) {
    std::set<int> opsets;
    size_t pos = 0;
    auto number = [&](size_t& at) {
        size_t end = at;
        while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])))
            ++end;
        if (end == at || end - at > 3)
            OPENVINO_THROW("op table: '", text, "' is not a list of opset numbers such as \"1,3-13\"");
        const int value = std::atoi(text.substr(at, end - at).c_str());
        at = end;
        return value;
    };
    while (pos < text.size()) {
        const int first = number(pos);
        int last = first;
        if (pos < text.size() && text[pos] == '-') {
            ++pos;
            last = number(pos);
        }
        if (first < 1 || last < first || last > newest_table_opset)
            OPENVINO_THROW("op table: '", text, "' names opsets outside opset1 ... opset", newest_table_opset);
        for (int n = first; n <= last; ++n)
            opsets.insert(n);
        if (pos == text.size())
            break;
        if (text[pos] != ',' || pos + 1 == text.size())
            OPENVINO_THROW("op table: '", text, "' is not a list of opset numbers such as \"1,3-13\"");
        ++pos;
    }
    if (opsets.empty())
        OPENVINO_THROW("op table: an entry names no opset");
    return opsets;
}

void OpRegistry::add_version(OpVersion version) {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto& versions = m_types[version.type];
    // Two versions of one type in one opset would make an IR layer ambiguous: the table is wrong.
    for (const auto& other : versions)
        for (int n : version.opsets)
            if (other.opsets.count(n))
                OPENVINO_THROW("op table: ", version.type, " ", other.version, " and ", version.version,
                               " are both in opset", n);
    versions.push_back(std::move(version));
}

void OpRegistry::add_missing(const char* type, const char* version, const char* opsets, const char* why) {
    add_version({type, version, {}, parse_opsets(opsets), {}, why, nullptr});
}

void OpRegistry::add_extension(const ov::DiscreteTypeInfo& info, Factory factory) {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto& versions = m_types[info.name];
    const std::string opset = info.get_version();
    versions.erase(std::remove_if(versions.begin(), versions.end(),
                                  [&](const OpVersion& v) { return v.opsets.empty() && v.introduced_in == opset; }),
                   versions.end());
    versions.push_back({info.name, opset, opset, {}, {}, {}, std::move(factory)});
}

std::shared_ptr<ov::Node> OpRegistry::create(const std::string& type_name, const std::string& opset) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto found = m_types.find(type_name);
    if (found == m_types.end())
        return nullptr;
    const int wanted = opset_number(opset);
    for (const auto& version : found->second) {
        const bool matches = wanted >= 0 ? version.opsets.count(wanted) > 0
                                         : version.opsets.empty() && version.introduced_in == opset;
        if (matches)
            return version.factory ? std::shared_ptr<ov::Node>(version.factory()) : nullptr;
    }
    return nullptr;
}

std::string OpRegistry::why_not(const std::string& type_name, const std::string& opset) const {
    const std::string text = why_not_locked(type_name, opset);
    const int wanted = opset_number(opset);
    if (wanted > complete_table_opset && wanted <= newest_table_opset)
        return text + " (devmux implements " + opset + " only in part: " + implemented_in(wanted) + ")";
    return text;
}

std::string OpRegistry::implemented_in(int opset) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::string names;
    for (const auto& [name, versions] : m_types)
        for (const auto& version : versions)
            if (version.factory && version.opsets.count(opset))
                names += (names.empty() ? "" : ", ") + name + "-" + version.version.substr(1);
    return names.empty() ? "none of its ops" : names;
}

std::string OpRegistry::why_not_locked(const std::string& type_name, const std::string& opset) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    const int wanted = opset_number(opset);
    const auto found = m_types.find(type_name);
    if (found == m_types.end())
        return "unknown operation type '" + type_name + "'";
    if (wanted > newest_table_opset)
        return "operation " + type_name + " of " + opset + ": devmux implements OpenVINO's opset1 to opset" +
               std::to_string(complete_table_opset) + " and part of opset" + std::to_string(newest_table_opset) +
               ", and " + opset + " is newer";
    std::string members;
    for (const auto& version : found->second) {
        if (wanted >= 0 && version.opsets.count(wanted)) {
            std::string text = "operation " + type_name + "-" + version.version.substr(1) + " (" + opset +
                               ") is not implemented by devmux";
            if (!version.why_missing.empty())
                text += ": " + version.why_missing;
            return text;
        }
        const std::string where = version.opsets.empty() ? version.introduced_in : opsets_text(version.opsets);
        members += (members.empty() ? "" : "; ") + version.version + " in " + where;
    }
    return "operation " + type_name + " has no version in '" + opset + "' (" + members + ")";
}

std::vector<std::pair<std::string, std::string>> OpRegistry::list() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [name, versions] : m_types)
        for (const auto& v : versions)
            if (v.factory)
                out.emplace_back(name, v.introduced_in);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<OpRegistry::OpVersion> OpRegistry::versions() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<OpVersion> out;
    for (const auto& [name, versions] : m_types)
        for (const auto& v : versions)
            out.push_back(v);
    return out;
}

}  // namespace devmux
