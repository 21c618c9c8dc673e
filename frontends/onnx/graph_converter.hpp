// SPDX-License-Identifier: Apache-2.0
#pragma once

// One ONNX graph (the model's, or an If/Loop/Scan body) converted node by node into OpenVINO outputs.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "node_context.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/parameter.hpp"

namespace devmux {
namespace onnx_frontend {

// External data files of one model, each mapped once and shared by the Constants that read it (onnx_reader.cpp).
class ExternalFiles;

class GraphConverter {
public:
    /// `opsets`: the model's opset imports (domain -> version). `graph_owner` keeps the protobuf that holds the
    /// converted graph alive: initializers' bytes stay there and Constants share them instead of copying (null:
    /// they are copied). `parent`: the enclosing graph of a body, whose values the body may read (they become
    /// Parameters of the body, listed in outer_reads()).
    GraphConverter(std::string origin, std::string model_dir, std::map<std::string, int64_t> opsets,
                   std::shared_ptr<const void> graph_owner, GraphConverter* parent = nullptr);

    /// Converts `graph`: its initializers, inputs, nodes in order; returns its outputs (named as in ONNX).
    /// A body's inputs are Parameters named after them; `body_input_parameters` receives them in order.
    ov::OutputVector convert(const onnx::GraphProto& graph);

    /// The value named `name` in this graph or, for a body, in an enclosing one.
    ov::Output<ov::Node> value(const std::string& name, const std::string& reader);
    bool has_value(const std::string& name) const;

    /// A sequence value (docs/onnx.md, "Sequences"): ov::Model has no sequence type, so the converter holds each
    /// sequence as the list of its tensors, and the sequence ops (ops/sequence.cpp) work on those lists.
    struct Sequence {
        ov::element::Type element_type;
        std::vector<ov::Output<ov::Node>> elements;
        std::string made_by;  // the node that made it, described for messages
    };
    /// Whether `name` is a sequence of this graph or of an enclosing one.
    bool has_sequence(const std::string& name) const;
    /// The sequence `name` of this graph, read by `reader` (a NodeContext's describe()); throws if there is none.
    const Sequence& sequence(const std::string& name, const std::string& reader) const;
    void set_sequence(const std::string& name, Sequence sequence);

    const std::vector<std::shared_ptr<ov::op::v0::Parameter>>& parameters() const { return m_parameters; }
    /// For a body: the values of enclosing graphs it reads, each with the Parameter that stands for it.
    const std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>>& outer_reads() const {
        return m_outer_reads;
    }
    const std::string& origin() const { return m_origin; }
    const std::string& model_dir() const { return m_model_dir; }
    const std::map<std::string, int64_t>& opsets() const { return m_opsets; }

    /// A TensorProto of this graph (an initializer, a Constant node's value) as a Constant that shares its bytes
    /// with the graph's protobuf, or with the mapped external data file, where they are aligned for its type.
    std::shared_ptr<ov::op::v0::Constant> constant(const onnx::TensorProto& tensor, const std::string& where);

    /// Converts an If/Loop/Scan body into a Model whose Parameters are the body's inputs followed by the
    /// outer values it reads (listed in `outer`, in that order). `body` lies inside this graph's protobuf.
    std::shared_ptr<ov::Model> convert_body(
        const onnx::GraphProto& body,
        std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>>& outer);
    /// The same for a body copied out of the model (a Loop body with its input types filled in): the copy is
    /// kept alive by the Constants that share its bytes.
    std::shared_ptr<ov::Model> convert_body(
        const std::shared_ptr<const onnx::GraphProto>& body,
        std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>>& outer);

private:
    void convert_node(const onnx::NodeProto& node);
    ov::Output<ov::Node> outer_value(const std::string& name, const std::string& reader);
    std::shared_ptr<ov::Model> convert_body_owned_by(
        const onnx::GraphProto& body, std::shared_ptr<const void> owner,
        std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>>& outer);

    std::string m_origin, m_model_dir;
    std::map<std::string, int64_t> m_opsets;
    std::shared_ptr<const void> m_graph_owner;
    std::shared_ptr<ExternalFiles> m_external_files;
    GraphConverter* m_parent;
    std::map<std::string, ov::Output<ov::Node>> m_values;
    std::map<std::string, Sequence> m_sequences;
    std::vector<std::shared_ptr<ov::op::v0::Parameter>> m_parameters;
    std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>> m_outer_reads;
};

}  // namespace onnx_frontend
}  // namespace devmux
