// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "devmux/kit/op_support.hpp"
#include "openvino/core/except.hpp"

/// @file
/// @brief A backend's kernel table: each entry pairs the ops it matches, the check that decides whether
/// it runs a node, and the factory that makes its kernel. query_model reads the table's statement
/// (support()) and compile_model the factory of the entry that statement accepted (entry_for()), so the
/// two make one decision and cannot disagree.

namespace devmux {
namespace kit {

/// @brief One kernel of a backend, as a table entry.
/// @tparam Factory The backend's kernel factory type (what its compile step calls for an accepted node).
template <typename Factory>
struct KernelEntry {
    /// @brief The type names it runs ("Add", "Subtract"), as ov::Node::get_type_name() gives them; "*" matches all.
    std::vector<std::string> types;
    /// @brief The opset of the versions it runs ("opset1"); empty for every version.
    std::string opset;
    /// @brief The element types every input and output must have; empty for any.
    std::vector<ov::element::Type> element_types;
    /// @brief Further conditions: why a node is refused (the text follows "op '<name>' (<Type>-<opset>) "),
    /// or "" when the entry runs it. Empty for none.
    std::function<std::string(const ov::Node&)> check;
    /// @brief Makes the kernel; may be empty for ops the planner handles itself (Parameter, Result, views).
    Factory make;
};

/// @brief The entries of one backend, in order: the first entry that accepts a node runs it.
template <typename Factory>
class KernelTable {
public:
    using Entry = KernelEntry<Factory>;

    /// @param device The device named in messages ("OPENCL").
    /// @param entries The entries, in the order they are tried.
    KernelTable(std::string device, std::vector<Entry> entries, bool require_static_shapes = true)
        : m_entries(std::move(entries)), m_support(std::move(device)) {
        m_support.require_static_shapes(require_static_shapes);
        for (size_t i = 0; i < m_entries.size(); ++i)
            for (const auto& type : m_entries[i].types)
                m_support.add(OpRule{type, m_entries[i].opset, m_entries[i].element_types, m_entries[i].check,
                                     static_cast<int>(i)});
    }

    /// @brief The statement query_model and compile_model's check read: one rule per type of each entry.
    const OpSupport& support() const { return m_support; }

    /// @brief The entry that runs `node`: the one whose rule support() accepted. Throws ov::Exception naming
    /// the device, the op and the reason when none does (compile_model checked support() first, so this means
    /// a planner asked for a node the statement refused).
    const Entry& entry_for(const ov::Node& node) const {
        std::string reason;
        const OpRule* rule = m_support.accepting_rule(node, &reason);
        OPENVINO_ASSERT(rule && rule->entry >= 0, m_support.device(), ": op '", node.get_friendly_name(), "' (",
                        OpSupport::describe_type(node), ") ", reason.empty() ? "has no kernel" : reason);
        return m_entries[static_cast<size_t>(rule->entry)];
    }

    const std::vector<Entry>& entries() const { return m_entries; }

private:
    std::vector<Entry> m_entries;
    OpSupport m_support;
};

}  // namespace kit
}  // namespace devmux
