// SPDX-License-Identifier: Apache-2.0
// Patterns of PyTorch-traced models whose ranks an If hides (docs/onnx.md, "Real models"; Silero VAD has both):
// an If whose condition is known when the model is read (a test of an input's rank) takes its branch inline and
// keeps that branch's shapes; a Conv whose input has an unknown rank (an If whose branches give different
// ranks) takes the rank of its filters; and a reduction over given axes needs no rank. Run on CPU against values computed here (seeded random inputs;
// tolerance 1e-5 absolute).

#include <gtest/gtest.h>

#include "onnx_graph_builder.hpp"
#include "openvino/op/if.hpp"
#include "openvino/runtime/core.hpp"

namespace {
using namespace onnx_test;

bool has_if(const std::shared_ptr<ov::Model>& model) {
    for (const auto& op : model->get_ordered_ops())
        if (ov::as_type_ptr<ov::op::v8::If>(op))
            return true;
    return false;
}

// The inputs 'flag' (a boolean) and the initializer 'zero', and 'chosen' = If(flag) then Identity(x) (x's rank) else
// Squeeze(x, 0) (one less): a value whose rank is unknown when the model is read.
void add_identity_or_squeezed_if(onnx::GraphProto& graph) {
    add_input(graph, "flag", {}, onnx::TensorProto::BOOL);
    add_ints(graph, "zero", {1}, {0});
    auto* choice = add_node(graph, "If", {"flag"}, {"chosen"});
    auto& then_branch = *set_graph(*choice, "then_branch");
    add_node(then_branch, "Identity", {"x"}, {"same"});
    add_output(then_branch, "same");
    auto& else_branch = *set_graph(*choice, "else_branch");
    add_node(else_branch, "Squeeze", {"x", "zero"}, {"squeezed"});
    add_output(else_branch, "squeezed");
}

// Runs `model` (of add_identity_or_squeezed_if) on CPU with flag true, taking the Identity branch.
ov::Tensor infer_identity_branch(ov::Core& core, const std::shared_ptr<ov::Model>& model, const std::vector<float>& x,
                                 const ov::Shape& x_shape) {
    auto request = core.compile_model(model, "CPU").create_infer_request();
    request.set_tensor("x", ov::Tensor(ov::element::f32, x_shape, const_cast<float*>(x.data())));
    ov::Tensor flag(ov::element::boolean, ov::Shape{});
    *flag.data<char>() = 1;
    request.set_tensor("flag", flag);
    request.infer();
    // A deep copy: the request's output may be memory the request owns.
    const auto output = request.get_output_tensor();
    ov::Tensor y(output.get_element_type(), output.get_shape());
    output.copy_to(y);
    return y;
}

// x: [n, 3, 4] (n unknown when read). If Size(Shape(x)) == 3 (known: the rank) then Unsqueeze(x, 0) (rank 4) else
// Identity(x) (rank 3); then ReduceMean over axis -1, which needs the rank when the model is read.
TEST(OnnxTracedRank, KnownIfConditionTakesItsBranchWithItsShapes) {
    auto model = model_of_opset(13);
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
    set_ints(*mean, "axes", {-1});
    add_output(graph, "y");

    ov::Core core;
    const auto read_model = read(core, model);
    EXPECT_FALSE(has_if(read_model)) << "the known condition's branch is taken inline";
    ASSERT_TRUE(read_model->output().get_partial_shape().rank().is_static());
    EXPECT_EQ(read_model->output().get_partial_shape().rank().get_length(), 4);

    const size_t n = 2;
    const auto x = random_values(n * 3 * 4, 31, -2.0f, 2.0f);
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
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {1, 2, 8});
    const auto w = random_values(4 * 2 * 3, 32, -2.0f, 2.0f);
    add_floats(graph, "w", {4, 2, 3}, w);
    add_identity_or_squeezed_if(graph);
    auto* conv = add_node(graph, "Conv", {"chosen", "w"}, {"y"});
    set_ints(*conv, "pads", {1, 1});
    add_output(graph, "y");

    ov::Core core;
    const auto read_model = read(core, model);
    ASSERT_TRUE(read_model->output().get_partial_shape().rank().is_static());
    EXPECT_EQ(read_model->output().get_partial_shape().rank().get_length(), 3);

    const auto x = random_values(2 * 8, 33, -2.0f, 2.0f);
    const auto y = infer_identity_branch(core, read_model, x, ov::Shape{1, 2, 8});
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
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {1, 3, 4});
    add_identity_or_squeezed_if(graph);
    auto* mean = add_node(graph, "ReduceMean", {"chosen"}, {"y"});
    set_ints(*mean, "axes", {1});
    set_int(*mean, "keepdims", 0);
    add_output(graph, "y");

    ov::Core core;
    const auto read_model = read(core, model);
    const auto x = random_values(3 * 4, 34, -2.0f, 2.0f);
    const auto y = infer_identity_branch(core, read_model, x, ov::Shape{1, 3, 4});
    ASSERT_EQ(y.get_shape(), (ov::Shape{1, 4}));
    for (size_t k = 0; k < 4; ++k) {
        const double mean_of_column = (static_cast<double>(x[k]) + x[4 + k] + x[8 + k]) / 3;
        EXPECT_NEAR(y.data<float>()[k], mean_of_column, 1e-5) << "column " << k;
    }
}

}  // namespace
