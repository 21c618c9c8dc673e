// SPDX-License-Identifier: Apache-2.0
// ONNX PRelu: the slope's broadcast as ONNX defines it (numpy's rule from opset 7, a 1-d slope per channel
// before), and one OpenVINO PRelu in the converted model, which the CPU fuses into the convolution before it.

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "onnx_graph_builder.hpp"
#include "openvino/runtime/core.hpp"

namespace {
using namespace onnx_test;

const ov::Shape data_shape{2, 3, 2, 3};  // channels and the last axis both 3: the two readings differ

// y = PRelu(x, slope) with a 1-d slope of 3 values.
onnx::ModelProto prelu_model(int64_t opset, const std::vector<float>& slope) {
    auto model = model_of_opset(opset);
    auto& graph = *model.mutable_graph();
    graph.set_name("prelu");
    add_input(graph, "x", {2, 3, 2, 3});
    add_floats(graph, "slope", {3}, slope);
    add_node(graph, "PRelu", {"x", "slope"}, {"y"}, "act");
    add_output(graph, "y");
    return model;
}

std::vector<float> run_on_cpu(ov::Core& core, const std::shared_ptr<ov::Model>& model, std::vector<float> x) {
    auto request = core.compile_model(model, "CPU").create_infer_request();
    request.set_input_tensor(ov::Tensor(ov::element::f32, data_shape, x.data()));
    request.infer();
    const auto out = request.get_output_tensor();
    return std::vector<float>(out.data<float>(), out.data<float>() + out.get_size());
}

std::set<std::string> op_types(const ov::Model& model) {
    std::set<std::string> types;
    for (const auto& op : model.get_ordered_ops())
        types.insert(op->get_type_name());
    return types;
}

TEST(OnnxPRelu, AOneDimensionalSlopeRunsAlongTheLastAxisFromOpset7AndAlongTheChannelsBefore) {
    const auto slope = random_values(3, 41, 0.1f, 0.9f);
    const auto x = random_values(ov::shape_size(data_shape), 42, -2.0f, 2.0f);
    ov::Core core;
    for (const int64_t opset : {6, 13}) {
        const auto model = read(core, prelu_model(opset, slope));
        const auto types = op_types(*model);
        EXPECT_TRUE(types.count("PRelu")) << "opset " << opset;
        EXPECT_FALSE(types.count("Select")) << "opset " << opset << ": one PRelu, not Less, Multiply and Select";
        const auto y = run_on_cpu(core, model, x);
        ASSERT_EQ(y.size(), x.size());
        for (size_t i = 0; i < x.size(); ++i) {
            const size_t channel = i / 6 % 3, last = i % 3;
            const float s = slope[opset < 7 ? channel : last];
            EXPECT_FLOAT_EQ(y[i], x[i] < 0.0f ? x[i] * s : x[i]) << "opset " << opset << ", element " << i;
        }
    }
}

TEST(OnnxPRelu, AfterAConvolutionRunsInsideItOnCpu) {
    auto model = model_of_opset(13);
    auto& graph = *model.mutable_graph();
    add_input(graph, "x", {1, 4, 8, 8});
    add_floats(graph, "w", {8, 4, 3, 3}, random_values(8 * 4 * 9, 43));
    add_floats(graph, "b", {8}, random_values(8, 45));
    add_floats(graph, "slope", {1}, {0.25f});
    auto* conv = add_node(graph, "Conv", {"x", "w", "b"}, {"c"}, "conv");
    set_ints(*conv, "pads", {1, 1, 1, 1});
    add_node(graph, "PRelu", {"c", "slope"}, {"y"}, "act");
    add_output(graph, "y");
    ov::Core core;
    auto compiled = core.compile_model(read(core, model), "CPU", ov::enable_profiling(true));
    auto request = compiled.create_infer_request();
    auto x = random_values(4 * 64, 44);
    request.set_input_tensor(ov::Tensor(ov::element::f32, ov::Shape{1, 4, 8, 8}, x.data()));
    request.infer();
    std::set<std::string> steps;
    for (const auto& record : request.get_profiling_info())
        if (record.status == ov::ProfilingInfo::Status::EXECUTED)
            steps.insert(record.node_type);
    EXPECT_EQ(steps, std::set<std::string>{"FusedConvolution"});
}

}  // namespace
