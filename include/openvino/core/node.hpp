// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <atomic>
#include <cstddef>
#include <cstring>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <tuple>
#include <typeindex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/core/attribute_visitor.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/node_output.hpp"
#include "openvino/core/partial_shape.hpp"
#include "openvino/core/type/element_type.hpp"
#include "openvino/runtime/tensor.hpp"

namespace ov {

/// @brief Identifies an operation class: its type name and its opset ("opset1", "opset8", ...).
struct DiscreteTypeInfo {
    const char* name = nullptr;
    const char* version_id = nullptr;
    const DiscreteTypeInfo* parent = nullptr;

    bool is_castable(const DiscreteTypeInfo& target) const;
    std::string get_version() const { return version_id ? version_id : ""; }
    bool operator==(const DiscreteTypeInfo& o) const;
    bool operator!=(const DiscreteTypeInfo& o) const { return !(*this == o); }
    bool operator<(const DiscreteTypeInfo& o) const;
};
std::ostream& operator<<(std::ostream& os, const DiscreteTypeInfo& info);
/// @brief The type info of a node class, as OpenVINO names it.
using NodeTypeInfo = DiscreteTypeInfo;

class Node;
using NodeVector = std::vector<std::shared_ptr<Node>>;
using OutputVector = std::vector<Output<Node>>;

/// @brief A node of a model graph: an operation with inputs, outputs, attributes and rt_info.
///
/// Shapes and types are inferred at construction (validate_and_infer_types). Nodes own their
/// inputs' producers through shared pointers, so a graph lives as long as its Results are held.
class Node : public std::enable_shared_from_this<Node> {
public:
    virtual ~Node();

    virtual const DiscreteTypeInfo& get_type_info() const = 0;
    const char* get_type_name() const { return get_type_info().name; }
    /// @brief The type name, as OpenVINO's description() gives it.
    std::string description() const { return get_type_name(); }

    /// @brief Checks the inputs and sets the output types and shapes; throws ov::Exception naming the
    /// node when they are invalid.
    virtual void validate_and_infer_types() {}
    /// @brief Visits the attributes, for the IR reader and writer and for cloning.
    virtual bool visit_attributes(AttributeVisitor&) { return true; }
    /// @brief A copy of this node reading from other inputs (attributes copied, rt_info not).
    virtual std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const = 0;
    /// @brief Reference implementation: computes outputs from host tensors of the right size. Returns
    /// false when the op has none for these types.
    virtual bool evaluate(TensorVector& outputs, const TensorVector& inputs) const;
    virtual bool has_evaluate() const { return false; }
    /// @brief Folds this node when every input is a Constant; fills output_values with Constants.
    virtual bool constant_fold(OutputVector& output_values, const OutputVector& input_values);

    /// @brief clone_with_new_inputs plus friendly name and rt_info.
    std::shared_ptr<Node> copy_with_new_inputs(const OutputVector& new_args) const;

    /// @brief Unique name ("Add_12"), generated when no friendly name was given.
    const std::string& get_name() const;
    const std::string& get_friendly_name() const;
    void set_friendly_name(const std::string& name) { m_friendly_name = name; }
    size_t get_instance_id() const { return m_instance_id; }

    size_t get_input_size() const { return m_inputs.size(); }
    size_t get_output_size() const { return m_outputs.size(); }
    Input<Node> input(size_t i);
    Input<const Node> input(size_t i) const;
    Output<Node> output(size_t i);
    Output<const Node> output(size_t i) const;
    std::vector<Input<Node>> inputs();
    std::vector<Input<const Node>> inputs() const;
    std::vector<Output<Node>> outputs();
    std::vector<Output<const Node>> outputs() const;
    /// @brief The output connected to input i.
    Output<Node> input_value(size_t i) const;
    OutputVector input_values() const;
    std::shared_ptr<Node> get_input_node_shared_ptr(size_t i) const;
    Node* get_input_node_ptr(size_t i) const;
    const element::Type& get_input_element_type(size_t i) const;
    Shape get_input_shape(size_t i) const;
    const PartialShape& get_input_partial_shape(size_t i) const;
    const element::Type& get_output_element_type(size_t i) const;
    Shape get_output_shape(size_t i) const;
    const PartialShape& get_output_partial_shape(size_t i) const;
    /// @brief Element type of output 0 of a single-output node.
    const element::Type& get_element_type() const;
    /// @brief Shape of output 0 of a single-output node.
    Shape get_shape() const;
    std::set<Input<Node>> get_output_target_inputs(size_t i) const;
    /// @brief The tensor descriptor (type, shape, names) of output i.
    descriptor::Tensor& get_output_tensor(size_t i) const;
    /// @brief The tensor descriptor of the output feeding input i.
    descriptor::Tensor& get_input_tensor(size_t i) const;
    /// @brief Nodes reading any output of this node.
    NodeVector get_users() const;

    void set_output_type(size_t i, const element::Type& type, const PartialShape& shape);
    void set_output_size(size_t n);
    void set_argument(size_t i, const Output<Node>& argument);
    void set_arguments(const OutputVector& arguments);

    RTMap& get_rt_info() { return m_rt_info; }
    const RTMap& get_rt_info() const { return m_rt_info; }

    // Graph plumbing shared with Output/Input; not part of OpenVINO's API.
    struct InputSlot {
        std::shared_ptr<Node> source;
        size_t source_index = 0;
        RTMap rt_info;
    };
    struct OutputSlot {
        std::shared_ptr<descriptor::Tensor> tensor;
        std::set<std::pair<Node*, size_t>> targets;  // consumers, unregistered in their destructor
        RTMap rt_info;
    };
    InputSlot& input_slot(size_t i);
    OutputSlot& output_slot(size_t i);
    const OutputSlot& output_slot(size_t i) const;
    /// @brief Lets a Result present its producer's tensor (names included) as its own output.
    void share_output_tensor(size_t i, const std::shared_ptr<descriptor::Tensor>& tensor);

protected:
    Node();
    explicit Node(const OutputVector& arguments, size_t output_size = 1);
    /// @brief Called by op constructors once their attributes are set.
    void constructor_validate_and_infer_types() { validate_and_infer_types(); }

private:
    void connect(size_t input_index, const Output<Node>& source);
    void disconnect(size_t input_index);

    std::vector<InputSlot> m_inputs;
    std::vector<OutputSlot> m_outputs;
    std::string m_friendly_name;
    mutable std::string m_unique_name;
    size_t m_instance_id;
    RTMap m_rt_info;
};

/// @brief The shared pointer to a node as another type, or null.
template <typename T>
std::shared_ptr<T> as_type_ptr(const std::shared_ptr<Node>& node) {
    return node && node->get_type_info().is_castable(T::get_type_info_static()) ? std::static_pointer_cast<T>(node)
                                                                                 : nullptr;
}
template <typename T>
std::shared_ptr<const T> as_type_ptr(const std::shared_ptr<const Node>& node) {
    return node && node->get_type_info().is_castable(T::get_type_info_static())
               ? std::static_pointer_cast<const T>(node)
               : nullptr;
}
template <typename T, typename N>
T* as_type(N* node) {
    return node && node->get_type_info().is_castable(T::get_type_info_static()) ? static_cast<T*>(node) : nullptr;
}
template <typename T, typename N>
bool is_type(const N& node) {
    return node && node->get_type_info().is_castable(T::get_type_info_static());
}

std::ostream& operator<<(std::ostream& os, const Node& node);

}  // namespace ov

/// @brief Declares an op class's type info in its class body: OPENVINO_OP(name), OPENVINO_OP(name, opset)
/// or OPENVINO_OP(name, opset, ParentClass).
#define OPENVINO_OP(...) DEVMUX_OP_PICK(__VA_ARGS__, DEVMUX_OP3, DEVMUX_OP2, DEVMUX_OP1, unused)(__VA_ARGS__)
#define DEVMUX_OP_PICK(_1, _2, _3, NAME, ...) NAME
#define DEVMUX_OP1(TYPE_NAME) DEVMUX_OP_INFO(TYPE_NAME, "extension", nullptr)
#define DEVMUX_OP2(TYPE_NAME, OPSET_NAME) DEVMUX_OP_INFO(TYPE_NAME, OPSET_NAME, nullptr)
#define DEVMUX_OP3(TYPE_NAME, OPSET_NAME, PARENT) \
    DEVMUX_OP_INFO(TYPE_NAME, OPSET_NAME, &PARENT::get_type_info_static())
#define DEVMUX_OP_INFO(TYPE_NAME, OPSET_NAME, PARENT_INFO)                                 \
public:                                                                                    \
    static const ::ov::DiscreteTypeInfo& get_type_info_static() {                          \
        static const ::ov::DiscreteTypeInfo info{TYPE_NAME, OPSET_NAME, PARENT_INFO};      \
        return info;                                                                       \
    }                                                                                      \
    const ::ov::DiscreteTypeInfo& get_type_info() const override { return get_type_info_static(); }

/// @brief Declares the type info of a class outside the op hierarchy whose base declares a virtual
/// get_type_info() (e.g. a body input description): OPENVINO_RTTI(name) or OPENVINO_RTTI(name, version).
#define OPENVINO_RTTI(...) DEVMUX_RTTI_PICK(__VA_ARGS__, DEVMUX_RTTI2, DEVMUX_RTTI1, unused)(__VA_ARGS__)
#define DEVMUX_RTTI_PICK(_1, _2, NAME, ...) NAME
#define DEVMUX_RTTI1(TYPE_NAME) DEVMUX_OP_INFO(TYPE_NAME, "util", nullptr)
#define DEVMUX_RTTI2(TYPE_NAME, VERSION_NAME) DEVMUX_OP_INFO(TYPE_NAME, VERSION_NAME, nullptr)
