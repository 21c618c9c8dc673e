// SPDX-License-Identifier: Apache-2.0
// Patterns of PyTorch-traced models whose ranks an If hides (docs/onnx.md, "Real models"; Silero VAD has both):
// an If whose condition is known when the model is read (a test of an input's rank) takes its branch inline and
// keeps that branch's shapes; a Conv whose input has an unknown rank (an If whose branches give different
// ranks) takes the rank of its filters; and a reduction over given axes needs no rank. Run on CPU against values computed here (seeded random inputs;
// tolerance 1e-5 absolute).

#include <gtest/gtest.h>

#include <random>

#include "onnx/onnx_pb.h"
#include "openvino/op/if.hpp"
#include "openvino/runtime/core.hpp"

namespace {

void add_input(onnx::GraphProto& graph, const std::string& name, const std::vector<int64_t>& dims,
               int32_t type = onnx::TensorProto::FLOAT) {
    auto* input = graph.add_input();
    input->set_name(name);
    auto* tensor = input->mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(type);
    auto* shape = tensor->mutable_shape();
    for (const auto d : dims) {
        if (d < 0)
            shape->add_dim()->set_dim_param("n");
        else
            shape->add_dim()->set_dim_value(d);
    }
}

void add_output(onnx::GraphProto& graph, const std::string& name) {
    auto* output = graph.add_output();
    output->set_name(name);
    output->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
}

onnx::NodeProto* add_node(onnx::GraphProto& graph, const std::string& type, const std::vector<std::string>& inputs,
                          const std::vector<std::string>& outputs) {
    auto* node = graph.add_node();
    node->set_op_type(type);
    for (const auto& in : inputs)
        node->add_input(in);
    for (const auto& out : outputs)
        node->add_output(out);
    return node;
}

void add_ints(onnx::GraphProto& graph, const std::string& name, const std::vector<int64_t>& dims,
              const std::vector<int64_t>& values) {
    auto* tensor = graph.add_initializer();
    tensor->set_name(name);
    tensor->set_data_type(onnx::TensorProto::INT64);
    for (const auto d : dims)
        tensor->add_dims(d);
    for (const auto v : values)
        tensor->add_int64_data(v);
}

onnx::GraphProto* set_graph(onnx::NodeProto& node, const std::string& name) {
    auto* attribute = node.add_attribute();
    attribute->set_name(name);
    attribute->set_type(onnx::AttributeProto::GRAPH);
    return attribute->mutable_g();
}

std::vector<float> random_values(size_t n, unsigned seed) {
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> value(-2.0f, 2.0f);
    std::vector<float> values(n);
    for (auto& v : values)
        v = value(generator);
    return values;
}

std::shared_ptr<ov::Model> read(ov::Core& core, const onnx::ModelProto& model) {
    return core.read_model(model.SerializeAsString(), ov::Tensor());
}

bool has_if(const std::shared_ptr<ov::Model>& model) {
    for (const auto& op : model->get_ordered_ops())
        if (ov::as_type_ptr<ov::op::v8::If>(op))
            return true;
    return false;
}

// x: [n, 3, 4] (n unknown when read). If Size(Shape(x)) == 3 (known: the rank) then Unsqueeze(x, 0) (rank 4) else
// Identity(x) (rank 3); then ReduceMean over axis -1, which needs the rank when the model is read.
TEST(OnnxTracedRank, KnownIfConditionTakesItsBranchWithItsShapes) {
    onnx::ModelProto model;
    model.set_ir_version(8);
    model.add_opset_import()->set_version(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {-1, 3, 4});
    add_ints(graph, "three", {}, {3});
    add_ints(graph, "zero", {1}, {0});
    add_node(graph, "Shape", {"x"}, {"shape"});
    add_node(graph, "Size", {"shape"}, {"rank"});
    add_node(graph, "Equal", {"rank", "three"}, {"is_rank3"});
    auto* choice = add_node(graph, "If", {"is_rank3"}, {"chosen"});
    auto& then_branch = *set_graph(*choice, "then_branch");
    add_node(then_branch, "Unsqueeze", {"x", "zero"}, {"batched"});
    add_output(then_branch, "batched");
    auto& else_branch = *set_graph(*choice, "else_branch");
    add_node(else_branch, "Identity", {"x"}, {"same"});
    add_output(else_branch, "same");
    auto* mean = add_node(graph, "ReduceMean", {"chosen"}, {"y"});
    auto* axes = mean->add_attribute();
    axes->set_name("axes");
    axes->set_type(onnx::AttributeProto::INTS);
    axes->add_ints(-1);
    add_output(graph, "y");

    ov::Core core;
    const auto read_model = read(core, model);
    EXPECT_FALSE(has_if(read_model)) << "the known condition's branch is taken inline";
    ASSERT_TRUE(read_model->output().get_partial_shape().rank().is_static());
    EXPECT_EQ(read_model->output().get_partial_shape().rank().get_length(), 4);

    const size_t n = 2;
    const auto x = random_values(n * 3 * 4, 31);
    read_model->reshape(ov::PartialShape{static_cast<int64_t>(n), 3, 4});
    auto request = core.compile_model(read_model, "CPU").create_infer_request();
    request.set_input_tensor(ov::Tensor(ov::element::f32, ov::Shape{n, 3, 4}, const_cast<float*>(x.data())));
    request.infer();
    const auto y = request.get_output_tensor();
    EXPECT_EQ(y.get_shape(), (ov::Shape{1, n, 3, 1}));
    for (size_t row = 0; row < n * 3; ++row) {
        double sum = 0;
        for (size_t k = 0; k < 4; ++k)
            sum += x[row * 4 + k];
        EXPECT_NEAR(y.data<float>()[row], sum / 4, 1e-5) << "row " << row;
    }
}

// x: [1, 2, 8]; If(flag) then Identity(x) (rank 3) else Squeeze(x, 0) (rank 2): the If's output has an unknown
// rank. The Conv after it (filters [4, 2, 3], pads 1) takes the filters' rank.
TEST(OnnxTracedRank, ConvTakesItsRankFromItsFiltersWhenItsInputsIsUnknown) {
    onnx::ModelProto model;
    model.set_ir_version(8);
    model.add_opset_import()->set_version(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {1, 2, 8});
    add_input(graph, "flag", {}, onnx::TensorProto::BOOL);
    add_ints(graph, "zero", {1}, {0});
    const auto w = random_values(4 * 2 * 3, 32);
    auto* filters = graph.add_initializer();
    filters->set_name("w");
    filters->set_data_type(onnx::TensorProto::FLOAT);
    for (const int64_t d : {4, 2, 3})
        filters->add_dims(d);
    for (const float v : w)
        filters->add_float_data(v);
    auto* choice = add_node(graph, "If", {"flag"}, {"chosen"});
    auto& then_branch = *set_graph(*choice, "then_branch");
    add_node(then_branch, "Identity", {"x"}, {"same"});
    add_output(then_branch, "same");
    auto& else_branch = *set_graph(*choice, "else_branch");
    add_node(else_branch, "Squeeze", {"x", "zero"}, {"squeezed"});
    add_output(else_branch, "squeezed");
    auto* conv = add_node(graph, "Conv", {"chosen", "w"}, {"y"});
    auto* pads = conv->add_attribute();
    pads->set_name("pads");
    pads->set_type(onnx::AttributeProto::INTS);
    pads->add_ints(1);
    pads->add_ints(1);
    add_output(graph, "y");

    ov::Core core;
    const auto read_model = read(core, model);
    ASSERT_TRUE(read_model->output().get_partial_shape().rank().is_static());
    EXPECT_EQ(read_model->output().get_partial_shape().rank().get_length(), 3);

    const auto x = random_values(2 * 8, 33);
    auto request = core.compile_model(read_model, "CPU").create_infer_request();
    request.set_tensor("x", ov::Tensor(ov::element::f32, ov::Shape{1, 2, 8}, const_cast<float*>(x.data())));
    ov::Tensor flag(ov::element::boolean, ov::Shape{});
    *flag.data<char>() = 1;
    request.set_tensor("flag", flag);
    request.infer();
    const auto y = request.get_output_tensor();
    ASSERT_EQ(y.get_shape(), (ov::Shape{1, 4, 8}));
    for (size_t o = 0; o < 4; ++o)
        for (size_t t = 0; t < 8; ++t) {
            double sum = 0;
            for (size_t c = 0; c < 2; ++c)
                for (size_t k = 0; k < 3; ++k) {
                    const int64_t at = static_cast<int64_t>(t + k) - 1;
                    if (at >= 0 && at < 8)
                        sum += static_cast<double>(x[c * 8 + static_cast<size_t>(at)]) * w[(o * 2 + c) * 3 + k];
                }
            EXPECT_NEAR(y.data<float>()[o * 8 + t], sum, 1e-5) << "channel " << o << ", step " << t;
        }
}

// x: [1, 3, 4]; If(flag) then Identity(x) (rank 3) else Squeeze(x, 0) (rank 2): ReduceMean over the given axis 1
// of a value of unknown rank (only a reduction over all axes needs the rank when the model is read).
TEST(OnnxTracedRank, ReductionOverGivenAxesNeedsNoRank) {
    onnx::ModelProto model;
    model.set_ir_version(8);
    model.add_opset_import()->set_version(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {1, 3, 4});
    add_input(graph, "flag", {}, onnx::TensorProto::BOOL);
    add_ints(graph, "zero", {1}, {0});
    auto* choice = add_node(graph, "If", {"flag"}, {"chosen"});
    auto& then_branch = *set_graph(*choice, "then_branch");
    add_node(then_branch, "Identity", {"x"}, {"same"});
    add_output(then_branch, "same");
    auto& else_branch = *set_graph(*choice, "else_branch");
    add_node(else_branch, "Squeeze", {"x", "zero"}, {"squeezed"});
    add_output(else_branch, "squeezed");
    auto* mean = add_node(graph, "ReduceMean", {"chosen"}, {"y"});
    auto* axes = mean->add_attribute();
    axes->set_name("axes");
    axes->set_type(onnx::AttributeProto::INTS);
    axes->add_ints(1);
    auto* keepdims = mean->add_attribute();
    keepdims->set_name("keepdims");
    keepdims->set_type(onnx::AttributeProto::INT);
    keepdims->set_i(0);
    add_output(graph, "y");

    ov::Core core;
    const auto read_model = read(core, model);
    const auto x = random_values(3 * 4, 34);
    auto request = core.compile_model(read_model, "CPU").create_infer_request();
    request.set_tensor("x", ov::Tensor(ov::element::f32, ov::Shape{1, 3, 4}, const_cast<float*>(x.data())));
    ov::Tensor flag(ov::element::boolean, ov::Shape{});
    *flag.data<char>() = 1;
    request.set_tensor("flag", flag);
    request.infer();
    const auto y = request.get_output_tensor();
    ASSERT_EQ(y.get_shape(), (ov::Shape{1, 4}));
    for (size_t k = 0; k < 4; ++k) {
        const double mean_of_column = (static_cast<double>(x[k]) + x[4 + k] + x[8 + k]) / 3;
        EXPECT_NEAR(y.data<float>()[k], mean_of_column, 1e-5) << "column " << k;
    }
}

}  // namespace
