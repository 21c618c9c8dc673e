// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "openvino/core/node.hpp"

namespace ov {

/// @brief Run-time information about one opset: the op classes it holds and a factory for each.
///
/// The opsets devmux provides (get_opset1() ... get_opset14()) hold the op versions of that opset that
/// devmux implements, as its op table lists them (opset14 only in part: its AvgPool and MaxPool).
class OpSet {
public:
    OpSet() = default;
    /// @param name The opset's name, e.g. "opset8".
    explicit OpSet(const std::string& name) : m_name(name) {}

    /// @brief The opset's name ("opset8"); empty for an opset built without one.
    const std::string& get_name() const { return m_name; }
    /// @brief The number of op types in the opset.
    std::set<NodeTypeInfo>::size_type size() const { return m_types.size(); }

    /// @brief Inserts OP_TYPE under name, with its default constructor as factory.
    template <typename OP_TYPE>
    void insert(const std::string& name) {
        insert(name, OP_TYPE::get_type_info_static(), [] { return static_cast<Node*>(new OP_TYPE()); });
    }
    /// @brief Inserts OP_TYPE under its type name.
    template <typename OP_TYPE>
    void insert() {
        insert<OP_TYPE>(OP_TYPE::get_type_info_static().name);
    }
    /// @brief Inserts an op type under name, with a factory that returns a new default-constructed op.
    void insert(const std::string& name, const NodeTypeInfo& type_info, std::function<Node*()> factory);

    /// @brief The type infos of the ops in the opset.
    const std::set<NodeTypeInfo>& get_types_info() const { return m_types; }
    /// @brief Same as get_types_info().
    const std::set<NodeTypeInfo>& get_type_info_set() const { return m_types; }

    /// @brief A new default-constructed op of the type named name, which the caller owns; nullptr if none.
    Node* create(const std::string& name) const;
    /// @brief As create(), comparing the name without regard to case.
    Node* create_insensitive(const std::string& name) const;

    /// @brief Whether the opset holds exactly this op version.
    bool contains_type(const NodeTypeInfo& type_info) const { return m_types.count(type_info) > 0; }
    /// @brief Whether the opset holds OP_TYPE.
    template <typename OP_TYPE>
    bool contains_type() const {
        return contains_type(OP_TYPE::get_type_info_static());
    }
    /// @brief Whether the opset holds an op type named name.
    bool contains_type(const std::string& name) const { return m_by_name.count(name) > 0; }
    /// @brief As contains_type(name), comparing without regard to case.
    bool contains_type_insensitive(const std::string& name) const;
    /// @brief Whether node's op version is in the opset.
    bool contains_op_type(const Node* node) const { return node && contains_type(node->get_type_info()); }

private:
    std::string m_name;
    std::set<NodeTypeInfo> m_types;
    std::map<std::string, std::function<Node*()>> m_by_name;
};

/// @brief opset1 ... opset14, each with the op versions of that opset that devmux implements.
const OpSet& get_opset1();
const OpSet& get_opset2();
const OpSet& get_opset3();
const OpSet& get_opset4();
const OpSet& get_opset5();
const OpSet& get_opset6();
const OpSet& get_opset7();
const OpSet& get_opset8();
const OpSet& get_opset9();
const OpSet& get_opset10();
const OpSet& get_opset11();
const OpSet& get_opset12();
const OpSet& get_opset13();
/// @brief The part of opset14 that devmux implements.
const OpSet& get_opset14();

/// @brief Every opset devmux provides, by name ("opset1" ... "opset14").
const std::map<std::string, std::function<const ov::OpSet&()>>& get_available_opsets();

}  // namespace ov
