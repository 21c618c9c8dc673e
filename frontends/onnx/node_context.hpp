// SPDX-License-Identifier: Apache-2.0
#pragma once

// What a converter sees of one ONNX node: its inputs as OpenVINO outputs, its attributes, the opset it is
// read under, and a description for messages.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "openvino/core/except.hpp"
#include "openvino/core/node.hpp"
#include "openvino/op/constant.hpp"

namespace devmux {
namespace onnx_frontend {

class GraphConverter;

/// The element type of an ONNX data type, or throws naming `where`.
ov::element::Type element_type_of(int32_t onnx_type, const std::string& where);

class NodeContext {
public:
    NodeContext(const onnx::NodeProto& node, int64_t opset, std::vector<ov::Output<ov::Node>> inputs,
                GraphConverter& graph)
        : m_node(node), m_opset(opset), m_inputs(std::move(inputs)), m_graph(graph) {}

    const onnx::NodeProto& proto() const { return m_node; }
    int64_t opset() const { return m_opset; }
    GraphConverter& graph() const { return m_graph; }
    /// "node 'name' (OpType, opset N)", for messages.
    std::string describe() const;

    size_t input_count() const { return m_inputs.size(); }
    /// Whether input `i` is given (ONNX leaves an optional input out, or names it "").
    bool has_input(size_t i) const { return i < m_inputs.size() && m_inputs[i].get_node() != nullptr; }
    ov::Output<ov::Node> input(size_t i) const;
    /// The value of input `i` when it is a Constant (directly or through known shape arithmetic), else throws.
    std::vector<int64_t> const_ints(size_t i, const char* what) const;
    std::vector<double> const_floats(size_t i, const char* what) const;
    /// Whether input `i` is given and its value is known when the model is read.
    bool input_is_constant(size_t i) const;

    bool has_attr(const std::string& name) const { return attr(name) != nullptr; }
    int64_t attr_int(const std::string& name, int64_t fallback) const;
    int64_t attr_int(const std::string& name) const;
    float attr_float(const std::string& name, float fallback) const;
    std::string attr_string(const std::string& name, const std::string& fallback) const;
    std::vector<int64_t> attr_ints(const std::string& name, std::vector<int64_t> fallback = {}) const;
    std::vector<float> attr_floats(const std::string& name, std::vector<float> fallback = {}) const;
    const onnx::TensorProto* attr_tensor(const std::string& name) const;
    const onnx::GraphProto* attr_graph(const std::string& name) const;

    /// Throws ov::Exception naming the node with `why`.
    [[noreturn]] void fail(const std::string& why) const;

private:
    const onnx::AttributeProto* attr(const std::string& name) const;
    const onnx::NodeProto& m_node;
    int64_t m_opset;
    std::vector<ov::Output<ov::Node>> m_inputs;
    GraphConverter& m_graph;
};

using Converter = std::function<ov::OutputVector(const NodeContext&)>;

/// The converter for `op_type` of the default domain under `opset`: the table entry with the highest
/// since-version not above it; null when the op has none.
const Converter* find_converter(const std::string& op_type, int64_t opset);

/// Whether `op_type` reads a sequence (its input 0): the sequence ops of ops/sequence.cpp.
bool is_sequence_consumer(const std::string& op_type);

}  // namespace onnx_frontend
}  // namespace devmux
