// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <unordered_set>

#include "openvino/core/any.hpp"
#include "openvino/core/partial_shape.hpp"
#include "openvino/core/shape.hpp"
#include "openvino/core/type/element_type.hpp"

namespace ov {

class Node;
template <typename NodeType>
class Input;

namespace descriptor {
/// @brief What flows along an edge: element type, shape and the tensor's names.
class Tensor {
public:
    Tensor(const element::Type& type, const PartialShape& shape) : m_type(type), m_shape(shape) {}
    const element::Type& get_element_type() const { return m_type; }
    const PartialShape& get_partial_shape() const { return m_shape; }
    /// @brief The static shape; throws ov::Exception for a dynamic one.
    Shape get_shape() const { return m_shape.to_shape(); }
    const std::unordered_set<std::string>& get_names() const { return m_names; }
    void set_names(const std::unordered_set<std::string>& names) { m_names = names; }
    void add_names(const std::unordered_set<std::string>& names) { m_names.insert(names.begin(), names.end()); }
    /// @brief The smallest name in lexical order; throws ov::Exception when the tensor has none.
    const std::string& get_any_name() const;
    RTMap& get_rt_info() { return m_rt_info; }
    const RTMap& get_rt_info() const { return m_rt_info; }
    void set_type_and_shape(const element::Type& type, const PartialShape& shape) {
        m_type = type;
        m_shape = shape;
    }

private:
    element::Type m_type;
    PartialShape m_shape;
    std::unordered_set<std::string> m_names;
    RTMap m_rt_info;
};
}  // namespace descriptor

/// @brief One output port of a node. Output<Node> can change the graph, Output<const Node> cannot.
template <typename NodeType>
class Output {
public:
    Output() = default;
    Output(NodeType* node, size_t index);
    Output(const std::shared_ptr<NodeType>& node, size_t index) : Output(node.get(), index) {}
    /// @brief Output 0 of a single-output node.
    template <typename T, typename = typename std::enable_if<std::is_convertible<T*, NodeType*>::value>::type>
    Output(const std::shared_ptr<T>& node) : Output(node.get(), 0) {}
    /// @brief Converts Output<Node> to Output<const Node>.
    template <typename Other,
              typename = typename std::enable_if<!std::is_same<Other, NodeType>::value &&
                                                 std::is_convertible<Other*, NodeType*>::value>::type>
    Output(const Output<Other>& other) : m_node(other.get_node_shared_ptr()), m_index(other.get_index()) {}

    NodeType* get_node() const { return m_node.get(); }
    std::shared_ptr<NodeType> get_node_shared_ptr() const { return m_node; }
    size_t get_index() const { return m_index; }
    descriptor::Tensor& get_tensor() const;
    std::shared_ptr<descriptor::Tensor> get_tensor_ptr() const;
    const element::Type& get_element_type() const { return get_tensor().get_element_type(); }
    Shape get_shape() const { return get_tensor().get_shape(); }
    const PartialShape& get_partial_shape() const { return get_tensor().get_partial_shape(); }
    const std::unordered_set<std::string>& get_names() const { return get_tensor().get_names(); }
    std::string get_any_name() const { return get_tensor().get_any_name(); }
    void set_names(const std::unordered_set<std::string>& names) const { get_tensor().set_names(names); }
    void add_names(const std::unordered_set<std::string>& names) const { get_tensor().add_names(names); }
    RTMap& get_rt_info() const;
    /// @brief The inputs this output feeds.
    std::set<Input<Node>> get_target_inputs() const;
    /// @brief Makes every consumer of this output read from replacement instead.
    void replace(const Output<Node>& replacement) const;

    bool operator==(const Output& o) const { return m_node == o.m_node && m_index == o.m_index; }
    bool operator!=(const Output& o) const { return !(*this == o); }
    bool operator<(const Output& o) const {
        return m_node != o.m_node ? m_node < o.m_node : m_index < o.m_index;
    }

private:
    std::shared_ptr<NodeType> m_node;
    size_t m_index = 0;
};

/// @brief One input port of a node.
template <typename NodeType>
class Input {
public:
    Input() = default;
    Input(NodeType* node, size_t index) : m_node(node), m_index(index) {}
    NodeType* get_node() const { return m_node; }
    size_t get_index() const { return m_index; }
    /// @brief The output this input reads from.
    Output<Node> get_source_output() const;
    const element::Type& get_element_type() const;
    Shape get_shape() const;
    const PartialShape& get_partial_shape() const;
    descriptor::Tensor& get_tensor() const;
    RTMap& get_rt_info() const;
    /// @brief Reconnects this input to another output.
    void replace_source_output(const Output<Node>& new_source) const;
    bool operator==(const Input& o) const { return m_node == o.m_node && m_index == o.m_index; }
    bool operator!=(const Input& o) const { return !(*this == o); }
    bool operator<(const Input& o) const { return m_node != o.m_node ? m_node < o.m_node : m_index < o.m_index; }

private:
    NodeType* m_node = nullptr;
    size_t m_index = 0;
};

std::ostream& operator<<(std::ostream& os, const Output<Node>& output);
std::ostream& operator<<(std::ostream& os, const Output<const Node>& output);

}  // namespace ov
