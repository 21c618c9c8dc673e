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

class GraphConverter {
public:
    /// `opsets`: the model's opset imports (domain -> version). `parent`: the enclosing graph of a body,
    /// whose values the body may read (they become Parameters of the body, listed in outer_reads()).
    GraphConverter(std::string origin, std::string model_dir, std::map<std::string, int64_t> opsets,
                   GraphConverter* parent = nullptr);

    /// Converts `graph`: its initializers, inputs, nodes in order; returns its outputs (named as in ONNX).
    /// A body's inputs are Parameters named after them; `body_input_parameters` receives them in order.
    ov::OutputVector convert(const onnx::GraphProto& graph);

    /// The value named `name` in this graph or, for a body, in an enclosing one.
    ov::Output<ov::Node> value(const std::string& name, const std::string& reader);
    bool has_value(const std::string& name) const;

    const std::vector<std::shared_ptr<ov::op::v0::Parameter>>& parameters() const { return m_parameters; }
    /// For a body: the values of enclosing graphs it reads, each with the Parameter that stands for it.
    const std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>>& outer_reads() const {
        return m_outer_reads;
    }
    const std::string& origin() const { return m_origin; }
    const std::string& model_dir() const { return m_model_dir; }
    const std::map<std::string, int64_t>& opsets() const { return m_opsets; }

    /// Converts an If/Loop/Scan body into a Model whose Parameters are the body's inputs followed by the
    /// outer values it reads (listed in `outer`, in that order).
    std::shared_ptr<ov::Model> convert_body(
        const onnx::GraphProto& body,
        std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>>& outer);

private:
    void convert_node(const onnx::NodeProto& node);
    ov::Output<ov::Node> outer_value(const std::string& name, const std::string& reader);

    std::string m_origin, m_model_dir;
    std::map<std::string, int64_t> m_opsets;
    GraphConverter* m_parent;
    std::map<std::string, ov::Output<ov::Node>> m_values;
    std::vector<std::shared_ptr<ov::op::v0::Parameter>> m_parameters;
    std::vector<std::pair<ov::Output<ov::Node>, std::shared_ptr<ov::op::v0::Parameter>>> m_outer_reads;
};

}  // namespace onnx_frontend
}  // namespace devmux
