// SPDX-License-Identifier: Apache-2.0
// Builds small ONNX models in memory for the ONNX tests, so that each test states only its graph.
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "openvino/runtime/core.hpp"

namespace onnx_test {

// A negative dimension is dynamic (a named dim_param).
inline void set_tensor_type(onnx::ValueInfoProto& value, const std::vector<int64_t>& dims,
                            int32_t type = onnx::TensorProto::FLOAT) {
    auto* tensor = value.mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(type);
    auto* shape = tensor->mutable_shape();
    for (const auto d : dims) {
        if (d < 0)
            shape->add_dim()->set_dim_param("n");
        else
            shape->add_dim()->set_dim_value(d);
    }
}

inline void add_input(onnx::GraphProto& graph, const std::string& name, const std::vector<int64_t>& dims,
                      int32_t type = onnx::TensorProto::FLOAT) {
    auto* input = graph.add_input();
    input->set_name(name);
    set_tensor_type(*input, dims, type);
}

// An output of unknown shape: the reader infers it.
inline void add_output(onnx::GraphProto& graph, const std::string& name, int32_t type = onnx::TensorProto::FLOAT) {
    auto* output = graph.add_output();
    output->set_name(name);
    output->mutable_type()->mutable_tensor_type()->set_elem_type(type);
}

inline void add_shaped_output(onnx::GraphProto& graph, const std::string& name, const std::vector<int64_t>& dims,
                              int32_t type = onnx::TensorProto::FLOAT) {
    auto* output = graph.add_output();
    output->set_name(name);
    set_tensor_type(*output, dims, type);
}

inline onnx::NodeProto* add_node(onnx::GraphProto& graph, const std::string& type,
                                 const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                                 const std::string& name = "") {
    auto* node = graph.add_node();
    node->set_op_type(type);
    if (!name.empty())
        node->set_name(name);
    for (const auto& in : inputs)
        node->add_input(in);
    for (const auto& out : outputs)
        node->add_output(out);
    return node;
}

// An initializer with no data yet: the caller fills it in.
inline onnx::TensorProto* add_initializer(onnx::GraphProto& graph, const std::string& name,
                                          const std::vector<int64_t>& dims, int32_t type = onnx::TensorProto::FLOAT) {
    auto* tensor = graph.add_initializer();
    tensor->set_name(name);
    tensor->set_data_type(type);
    for (const auto d : dims)
        tensor->add_dims(d);
    return tensor;
}

inline onnx::TensorProto* add_floats(onnx::GraphProto& graph, const std::string& name,
                                     const std::vector<int64_t>& dims, const std::vector<float>& values) {
    auto* tensor = add_initializer(graph, name, dims, onnx::TensorProto::FLOAT);
    for (const auto v : values)
        tensor->add_float_data(v);
    return tensor;
}

// INT64 values go to int64_data; every narrower integer type (and BOOL) to int32_data, as ONNX stores them.
inline onnx::TensorProto* add_ints(onnx::GraphProto& graph, const std::string& name, const std::vector<int64_t>& dims,
                                   const std::vector<int64_t>& values, int32_t type = onnx::TensorProto::INT64) {
    auto* tensor = add_initializer(graph, name, dims, type);
    for (const auto v : values) {
        if (type == onnx::TensorProto::INT64)
            tensor->add_int64_data(v);
        else
            tensor->add_int32_data(static_cast<int32_t>(v));
    }
    return tensor;
}

inline onnx::AttributeProto* add_attribute(onnx::NodeProto& node, const std::string& name,
                                           onnx::AttributeProto::AttributeType type) {
    auto* attribute = node.add_attribute();
    attribute->set_name(name);
    attribute->set_type(type);
    return attribute;
}

inline void set_int(onnx::NodeProto& node, const std::string& name, int64_t value) {
    add_attribute(node, name, onnx::AttributeProto::INT)->set_i(value);
}

inline void set_ints(onnx::NodeProto& node, const std::string& name, const std::vector<int64_t>& values) {
    auto* attribute = add_attribute(node, name, onnx::AttributeProto::INTS);
    for (const auto v : values)
        attribute->add_ints(v);
}

inline void set_string(onnx::NodeProto& node, const std::string& name, const std::string& value) {
    add_attribute(node, name, onnx::AttributeProto::STRING)->set_s(value);
}

inline onnx::GraphProto* set_graph(onnx::NodeProto& node, const std::string& name) {
    return add_attribute(node, name, onnx::AttributeProto::GRAPH)->mutable_g();
}

inline onnx::ModelProto model_of_opset(int64_t opset) {
    onnx::ModelProto model;
    model.set_ir_version(8);
    model.add_opset_import()->set_version(opset);
    return model;
}

inline std::string bytes_of(const onnx::ModelProto& model) {
    std::string bytes;
    model.SerializeToString(&bytes);
    return bytes;
}

inline std::shared_ptr<ov::Model> read(ov::Core& core, const onnx::ModelProto& model) {
    return core.read_model(bytes_of(model), ov::Tensor());
}

// Writes `bytes` (a model's, or faulty ones) to `path` and returns the path.
inline std::string write_file(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

inline std::vector<float> random_values(size_t n, unsigned seed, float low = -1.0f, float high = 1.0f) {
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> value(low, high);
    std::vector<float> values(n);
    for (auto& v : values)
        v = value(generator);
    return values;
}

}  // namespace onnx_test
