// SPDX-License-Identifier: Apache-2.0
// FusedConvolution and fuse_convolutions: a fused graph, run on the reference path, computes what the
// unfused graph computes, for every activation with and without a following Add.

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "common/test_utils.hpp"
#include "devmux/kit/internal_ops.hpp"
#include "devmux/kit/reference_executor.hpp"
#include "devmux/kit/model_io.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/clamp.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "openvino/op/hswish.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/prelu.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/tanh.hpp"

namespace {

using devmux::kit::FusedActivation;
using devmux::kit::FusedConvolution;

std::shared_ptr<ov::op::v0::Constant> random_constant(const ov::Shape& shape, uint32_t seed) {
    return std::make_shared<ov::op::v0::Constant>(devmux_test::random_f32(shape, seed, -1.0f, 1.0f));
}

struct FusionCase {
    FusedActivation activation;
    bool addend;
    ov::op::PadType auto_pad;
};

std::string case_name(const ::testing::TestParamInfo<FusionCase>& info) {
    std::string pad = info.param.auto_pad == ov::op::PadType::EXPLICIT ? "Explicit" : "SameUpper";
    return std::string(devmux::kit::to_string(info.param.activation)) + (info.param.addend ? "_Addend_" : "_") + pad;
}

// data[1,3,9,9] -> Convolution(4x3x3x3, stride 2) -> Add(bias [1,4,1,1]) -> activation -> Add(addend).
std::shared_ptr<ov::Model> unfused_model(const FusionCase& c) {
    auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 3, 9, 9}, "data");
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, random_constant({4, 3, 3, 3}, 11), ov::Strides{2, 2},
                                                          ov::CoordinateDiff{1, 1}, ov::CoordinateDiff{0, 0},
                                                          ov::Strides{1, 1}, c.auto_pad);
    conv->set_friendly_name("conv");
    // The bias on the left: the matcher must accept the Add's inputs in either order.
    std::shared_ptr<ov::Node> value = std::make_shared<ov::op::v1::Add>(random_constant({1, 4, 1, 1}, 12), conv);
    value->set_friendly_name("bias");
    switch (c.activation) {
    case FusedActivation::None:
        break;
    case FusedActivation::Relu:
        value = std::make_shared<ov::op::v0::Relu>(value);
        break;
    case FusedActivation::Clamp:
        value = std::make_shared<ov::op::v0::Clamp>(value, -0.25, 0.5);
        break;
    case FusedActivation::Sigmoid:
        value = std::make_shared<ov::op::v0::Sigmoid>(value);
        break;
    case FusedActivation::Tanh:
        value = std::make_shared<ov::op::v0::Tanh>(value);
        break;
    case FusedActivation::PRelu:
        value = std::make_shared<ov::op::v0::PRelu>(value, random_constant({4}, 13));
        break;
    case FusedActivation::HSwish:
        value = std::make_shared<ov::op::v4::HSwish>(value);
        break;
    }
    ov::ParameterVector parameters{data};
    if (c.addend) {
        value->set_friendly_name("activation");
        const auto out_shape = value->get_output_partial_shape(0);
        auto addend = devmux_test::param(ov::element::f32, out_shape, "addend");
        parameters.push_back(addend);
        value = std::make_shared<ov::op::v1::Add>(value, addend);
    }
    value->set_friendly_name("last");
    value->output(0).get_tensor().set_names({"y"});
    return std::make_shared<ov::Model>(ov::OutputVector{value}, parameters, "fusion");
}

std::vector<ov::Tensor> run_reference(const std::shared_ptr<ov::Model>& model, const std::vector<ov::Tensor>& inputs) {
    auto plan = std::make_shared<devmux::kit::ReferencePlan>(model, "TEST");
    devmux::kit::ReferenceExecutor executor(plan);
    std::vector<ov::Tensor> outputs;
    for (const auto& output : model->outputs())
        outputs.emplace_back(output.get_element_type(), output.get_shape());
    executor.run(inputs, outputs, false);
    return outputs;
}

std::vector<ov::Tensor> seeded_inputs(const ov::Model& model) {
    std::vector<ov::Tensor> inputs;
    uint32_t seed = 100;
    for (const auto& input : model.inputs())
        inputs.push_back(devmux_test::random_f32(input.get_shape(), seed++, -2.0f, 2.0f));
    return inputs;
}

size_t count_type(const ov::Model& model, const char* type) {
    size_t n = 0;
    for (const auto& node : model.get_ordered_ops())
        n += std::string(node->get_type_name()) == type;
    return n;
}

void expect_close(const ov::Tensor& actual, const ov::Tensor& expected, float tolerance) {
    ASSERT_EQ(actual.get_shape(), expected.get_shape());
    const auto a = devmux_test::values<float>(actual), e = devmux_test::values<float>(expected);
    bool any_nonzero = false;
    for (size_t i = 0; i < e.size(); ++i) {
        EXPECT_NEAR(a[i], e[i], tolerance * (1.0f + std::fabs(e[i]))) << "element " << i;
        any_nonzero = any_nonzero || e[i] != 0.0f;
    }
    EXPECT_TRUE(any_nonzero) << "the comparison needs values that are not all zero";
}

class ConvolutionFusion : public ::testing::TestWithParam<FusionCase> {};

TEST_P(ConvolutionFusion, FusedGraphEvaluatesLikeTheUnfusedGraph) {
    const auto original = unfused_model(GetParam());
    auto fused = original->clone();
    ASSERT_EQ(devmux::kit::fuse_convolutions(*fused), 1u);
    EXPECT_EQ(count_type(*fused, "FusedConvolution"), 1u);
    EXPECT_EQ(count_type(*fused, "Convolution"), 0u);
    EXPECT_EQ(count_type(*fused, "Add"), 0u);
    // The fused op stands for the last op it replaced.
    const auto last = fused->get_results()[0]->get_input_node_shared_ptr(0);
    EXPECT_EQ(std::string(last->get_type_name()), "FusedConvolution");
    EXPECT_EQ(last->get_friendly_name(), "last");
    EXPECT_EQ(fused->output(0).get_any_name(), "y");

    const auto inputs = seeded_inputs(*original);
    const auto expected = run_reference(original, inputs);
    const auto actual = run_reference(fused, inputs);
    ASSERT_EQ(actual.size(), 1u);
    expect_close(actual[0], expected[0], 1e-5f);
}

TEST_P(ConvolutionFusion, FusedGraphSurvivesAnIrRoundTrip) {
    auto fused = unfused_model(GetParam())->clone();
    ASSERT_EQ(devmux::kit::fuse_convolutions(*fused), 1u);
    std::stringstream stream;
    devmux::kit::write_model(*fused, stream);
    auto read = devmux::kit::read_model(stream, "fused model");
    ASSERT_EQ(count_type(*read, "FusedConvolution"), 1u);
    const auto inputs = seeded_inputs(*fused);
    expect_close(run_reference(read, inputs)[0], run_reference(fused, inputs)[0], 0.0f);
}

std::vector<FusionCase> all_cases() {
    std::vector<FusionCase> cases;
    for (auto activation : {FusedActivation::None, FusedActivation::Relu, FusedActivation::Clamp,
                            FusedActivation::Sigmoid, FusedActivation::Tanh, FusedActivation::PRelu})
        for (bool addend : {false, true})
            cases.push_back({activation, addend, ov::op::PadType::EXPLICIT});
    cases.push_back({FusedActivation::Relu, true, ov::op::PadType::SAME_UPPER});
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Kit, ConvolutionFusion, ::testing::ValuesIn(all_cases()), case_name);

TEST(ConvolutionFusion, ValueReadTwiceIsNotFused) {
    // The bias Add's output feeds the Relu and the Result: fusing would compute it twice or lose it.
    auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 2, 5, 5}, "data");
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, random_constant({2, 2, 1, 1}, 3), ov::Strides{1, 1},
                                                          ov::CoordinateDiff{0, 0}, ov::CoordinateDiff{0, 0},
                                                          ov::Strides{1, 1});
    auto bias = std::make_shared<ov::op::v1::Add>(conv, random_constant({1, 2, 1, 1}, 4));
    auto relu = std::make_shared<ov::op::v0::Relu>(bias);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu, bias}, ov::ParameterVector{data}, "two_reads");
    // Only the bias Add itself (root, read twice) fuses with the Convolution; the Relu stays.
    EXPECT_EQ(devmux::kit::fuse_convolutions(*model), 1u);
    EXPECT_EQ(count_type(*model, "Relu"), 1u);
    EXPECT_EQ(count_type(*model, "FusedConvolution"), 1u);
}

TEST(ConvolutionFusion, BiasThatWidensTheOutputIsNotFused) {
    auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 2, 4, 4}, "data");
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, random_constant({2, 2, 1, 1}, 5), ov::Strides{1, 1},
                                                          ov::CoordinateDiff{0, 0}, ov::CoordinateDiff{0, 0},
                                                          ov::Strides{1, 1});
    auto bias = std::make_shared<ov::op::v1::Add>(conv, random_constant({3, 2, 1, 1}, 6));  // batch 1 -> 3
    auto model = std::make_shared<ov::Model>(ov::OutputVector{bias}, ov::ParameterVector{data}, "wide");
    EXPECT_EQ(devmux::kit::fuse_convolutions(*model), 0u);
    EXPECT_EQ(count_type(*model, "Convolution"), 1u);
}

// data -> Convolution -> bias -> PRelu -> Multiply(per-channel Constant) -> Add(per-channel Constant)
// [-> Add(addend)]: a batch normalisation placed after the activation, as head-pose and gaze models have.
std::shared_ptr<ov::Model> scale_shift_model(bool addend) {
    auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 3, 9, 9}, "data");
    auto conv = std::make_shared<ov::op::v1::Convolution>(data, random_constant({4, 3, 3, 3}, 21), ov::Strides{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::Strides{1, 1});
    auto bias = std::make_shared<ov::op::v1::Add>(conv, random_constant({1, 4, 1, 1}, 22));
    auto prelu = std::make_shared<ov::op::v0::PRelu>(bias, random_constant({4}, 23));
    // The scale on the left: the matcher takes the Multiply's inputs in either order.
    auto scale = std::make_shared<ov::op::v1::Multiply>(random_constant({1, 4, 1, 1}, 24), prelu);
    std::shared_ptr<ov::Node> value = std::make_shared<ov::op::v1::Add>(scale, random_constant({1, 4, 1, 1}, 25));
    ov::ParameterVector parameters{data};
    if (addend) {
        auto other = devmux_test::param(ov::element::f32, value->get_output_partial_shape(0), "addend");
        parameters.push_back(other);
        value = std::make_shared<ov::op::v1::Add>(other, value);
    }
    value->set_friendly_name("last");
    return std::make_shared<ov::Model>(ov::OutputVector{value}, parameters, "scale_shift");
}

TEST(ConvolutionFusion, ScaleShiftAfterTheActivationFusesOnlyWhenAsked) {
    for (bool addend : {false, true}) {
        SCOPED_TRACE(addend ? "with an addend" : "without an addend");
        const auto original = scale_shift_model(addend);
        auto by_default = original->clone();
        ASSERT_EQ(devmux::kit::fuse_convolutions(*by_default), 1u);
        EXPECT_EQ(count_type(*by_default, "Multiply"), 1u) << "without the option the scale-shift stays";

        auto fused = original->clone();
        devmux::kit::ConvolutionFusionOptions options;
        options.scale_shift = true;
        ASSERT_EQ(devmux::kit::fuse_convolutions(*fused, options), 1u);
        EXPECT_EQ(count_type(*fused, "Multiply"), 0u);
        EXPECT_EQ(count_type(*fused, "Add"), 0u);
        const auto last = fused->get_results()[0]->get_input_node_shared_ptr(0);
        const auto op = ov::as_type_ptr<FusedConvolution>(last);
        ASSERT_TRUE(op);
        EXPECT_TRUE(op->has_scale_shift());
        EXPECT_EQ(op->has_addend(), addend);
        EXPECT_EQ(op->get_activation(), FusedActivation::PRelu);
        EXPECT_EQ(op->get_input_size(), addend ? 7u : 6u);
        EXPECT_EQ(last->get_friendly_name(), "last");

        const auto inputs = seeded_inputs(*original);
        const auto expected = run_reference(original, inputs);
        expect_close(run_reference(fused, inputs)[0], expected[0], 1e-5f);
        std::stringstream stream;
        devmux::kit::write_model(*fused, stream);
        auto read = devmux::kit::read_model(stream, "scale-shift model");
        expect_close(run_reference(read, inputs)[0], expected[0], 1e-5f);
    }
}

TEST(ConvolutionFusion, ScaleThatVariesAlongAnotherAxisIsNotTaken) {
    // Built in a function so that no node outlives the graph: the pass visits the nodes still alive.
    const auto model = [] {
        auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 2, 4, 4}, "data");
        auto conv = std::make_shared<ov::op::v1::Convolution>(data, random_constant({2, 2, 1, 1}, 31),
                                                              ov::Strides{1, 1}, ov::CoordinateDiff{0, 0},
                                                              ov::CoordinateDiff{0, 0}, ov::Strides{1, 1});
        auto bias = std::make_shared<ov::op::v1::Add>(conv, random_constant({1, 2, 1, 1}, 32));
        auto relu = std::make_shared<ov::op::v0::Relu>(bias);
        auto scale = std::make_shared<ov::op::v1::Multiply>(relu, random_constant({1, 1, 1, 4}, 33));  // per column
        auto shift = std::make_shared<ov::op::v1::Add>(scale, random_constant({1, 2, 1, 1}, 34));
        return std::make_shared<ov::Model>(ov::OutputVector{shift}, ov::ParameterVector{data}, "per_column");
    }();
    devmux::kit::ConvolutionFusionOptions options;
    options.scale_shift = true;
    EXPECT_EQ(devmux::kit::fuse_convolutions(*model, options), 1u);
    EXPECT_EQ(count_type(*model, "Multiply"), 1u) << "only the convolution, bias and Relu fuse";
    EXPECT_EQ(count_type(*model, "Add"), 1u);
}

// A residual block: data -> Convolution [-> bias] -> Add(shortcut) [-> Multiply -> Add (per-channel
// Constants)] -> Relu, the form of ResNet (bias, then Relu) and of pre-activation blocks such as
// vehicle-attributes' (no bias, a batch normalisation, then Relu).
std::shared_ptr<ov::Model> residual_model(bool bias, bool scale_shift) {
    auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 3, 9, 9}, "data");
    auto shortcut = devmux_test::param(ov::element::f32, ov::PartialShape{1, 4, 9, 9}, "shortcut");
    std::shared_ptr<ov::Node> value = std::make_shared<ov::op::v1::Convolution>(
        data, random_constant({4, 3, 3, 3}, 41), ov::Strides{1, 1}, ov::CoordinateDiff{1, 1}, ov::CoordinateDiff{1, 1},
        ov::Strides{1, 1});
    if (bias)
        value = std::make_shared<ov::op::v1::Add>(value, random_constant({1, 4, 1, 1}, 42));
    value = std::make_shared<ov::op::v1::Add>(shortcut, value);  // the shortcut on the left: either order
    if (scale_shift) {
        value = std::make_shared<ov::op::v1::Multiply>(value, random_constant({1, 4, 1, 1}, 43));
        value = std::make_shared<ov::op::v1::Add>(value, random_constant({1, 4, 1, 1}, 44));
    }
    value = std::make_shared<ov::op::v0::Relu>(value);
    value->set_friendly_name("last");
    return std::make_shared<ov::Model>(ov::OutputVector{value}, ov::ParameterVector{data, shortcut}, "residual");
}

TEST(ConvolutionFusion, ResidualSumBeforeTheActivationFusesOnlyWhenAsked) {
    for (bool bias : {false, true})
        for (bool scale_shift : {false, true}) {
            SCOPED_TRACE(std::string(bias ? "bias" : "no bias") + (scale_shift ? ", scale-shift" : ""));
            const auto original = residual_model(bias, scale_shift);
            auto by_default = original->clone();
            devmux::kit::fuse_convolutions(*by_default);
            EXPECT_EQ(count_type(*by_default, "Relu"), 1u) << "without the option the Relu after the sum stays";

            auto fused = original->clone();
            devmux::kit::ConvolutionFusionOptions options;
            options.scale_shift = true;
            options.addend_first = true;
            ASSERT_EQ(devmux::kit::fuse_convolutions(*fused, options), 1u);
            EXPECT_EQ(count_type(*fused, "Relu"), 0u);
            EXPECT_EQ(count_type(*fused, "Add"), 0u);
            EXPECT_EQ(count_type(*fused, "Multiply"), 0u);
            const auto last = fused->get_results()[0]->get_input_node_shared_ptr(0);
            const auto op = ov::as_type_ptr<FusedConvolution>(last);
            ASSERT_TRUE(op);
            EXPECT_TRUE(op->has_addend());
            EXPECT_TRUE(op->addend_first());
            EXPECT_EQ(op->has_scale_shift(), scale_shift);
            EXPECT_EQ(op->get_activation(), FusedActivation::Relu);
            EXPECT_EQ(last->get_friendly_name(), "last");
            EXPECT_EQ(op->get_input_node_ptr(op->addend_input())->get_friendly_name(), "shortcut");

            // The sum comes before the Relu: inputs of both signs make the orders differ.
            const auto inputs = seeded_inputs(*original);
            const auto expected = run_reference(original, inputs);
            expect_close(run_reference(fused, inputs)[0], expected[0], 1e-5f);
            std::stringstream stream;
            devmux::kit::write_model(*fused, stream);
            auto read = devmux::kit::read_model(stream, "residual model");
            const auto reread = ov::as_type_ptr<FusedConvolution>(read->get_results()[0]->get_input_node_shared_ptr(0));
            ASSERT_TRUE(reread);
            EXPECT_TRUE(reread->addend_first()) << "the attribute survives export";
            expect_close(run_reference(read, inputs)[0], expected[0], 1e-5f);
        }
}

TEST(ConvolutionFusion, ConstantAfterTheConvolutionIsABiasNotAResidual) {
    const auto model = [] {
        auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 2, 4, 4}, "data");
        auto conv = std::make_shared<ov::op::v1::Convolution>(data, random_constant({2, 2, 1, 1}, 51),
                                                              ov::Strides{1, 1}, ov::CoordinateDiff{0, 0},
                                                              ov::CoordinateDiff{0, 0}, ov::Strides{1, 1});
        auto bias = std::make_shared<ov::op::v1::Add>(conv, random_constant({1, 2, 1, 1}, 52));
        return std::make_shared<ov::Model>(ov::OutputVector{std::make_shared<ov::op::v0::Relu>(bias)},
                                           ov::ParameterVector{data}, "biased");
    }();
    devmux::kit::ConvolutionFusionOptions options;
    options.addend_first = true;
    ASSERT_EQ(devmux::kit::fuse_convolutions(*model, options), 1u);
    const auto op = ov::as_type_ptr<FusedConvolution>(model->get_results()[0]->get_input_node_shared_ptr(0));
    ASSERT_TRUE(op);
    EXPECT_FALSE(op->has_addend());
    EXPECT_FALSE(op->addend_first());
}

TEST(ConvolutionFusion, AddendFirstWithoutAnAddendIsRefused) {
    auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 2, 4, 4}, "data");
    const auto error = devmux_test::error_of([&] {
        FusedConvolution op({data, random_constant({2, 2, 1, 1}, 7), random_constant({1, 2, 1, 1}, 8)}, {1, 1}, {0, 0},
                            {0, 0}, {1, 1}, ov::op::PadType::EXPLICIT, FusedActivation::Relu, 0.0, 0.0, false, false,
                            true);
    });
    EXPECT_NE(error.find("sums its addend first but has none"), std::string::npos) << error;
}

TEST(ConvolutionFusion, ConstructionRefusesAWrongInputCount) {
    auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 2, 4, 4}, "data");
    const auto error = devmux_test::error_of([&] {
        FusedConvolution op({data, random_constant({2, 2, 1, 1}, 7), random_constant({1, 2, 1, 1}, 8)}, {1, 1}, {0, 0},
                            {0, 0}, {1, 1}, ov::op::PadType::EXPLICIT, FusedActivation::PRelu, 0.0, 0.0, false);
    });
    EXPECT_NE(error.find("takes 4 inputs, got 3"), std::string::npos) << error;
}

// data -> depthwise GroupConvolution -> bias -> HSwish -> Multiply(scalar) -> Add(scalar): PP-LCNetV3's
// depthwise layer. The GroupConvolution and the HSwish fuse only where a backend asks for them. (Inputs in
// [-2, 2] and 9 taps in [-1, 1] reach both bends of the HSwish, -3 and 3.)
std::shared_ptr<ov::Model> depthwise_hswish_model() {
    auto data = devmux_test::param(ov::element::f32, ov::PartialShape{1, 4, 9, 9}, "data");
    auto conv = std::make_shared<ov::op::v1::GroupConvolution>(data, random_constant({4, 1, 1, 3, 3}, 31),
                                                               ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                               ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto bias = std::make_shared<ov::op::v1::Add>(conv, random_constant({1, 4, 1, 1}, 32));
    auto act = std::make_shared<ov::op::v4::HSwish>(bias);
    auto scale = std::make_shared<ov::op::v1::Multiply>(act, random_constant({1}, 33));
    auto value = std::make_shared<ov::op::v1::Add>(scale, random_constant({1}, 34));
    value->set_friendly_name("last");
    return std::make_shared<ov::Model>(ov::OutputVector{value}, ov::ParameterVector{data}, "depthwise_hswish");
}

TEST(ConvolutionFusion, GroupConvolutionAndHSwishFuseOnlyWhenAsked) {
    const auto original = depthwise_hswish_model();
    const auto& folded = original;
    auto by_default = folded->clone();
    EXPECT_EQ(devmux::kit::fuse_convolutions(*by_default), 0u) << "a GroupConvolution without the option";
    EXPECT_EQ(count_type(*by_default, "GroupConvolution"), 1u);

    devmux::kit::ConvolutionFusionOptions options;
    options.scale_shift = true;
    options.grouped = [](const ov::Node&) { return false; };
    auto refused = folded->clone();
    EXPECT_EQ(devmux::kit::fuse_convolutions(*refused, options), 0u) << "the predicate refuses it";

    options.grouped = [](const ov::Node& node) { return node.get_input_partial_shape(0).rank() == 4; };
    auto without_hswish = folded->clone();
    ASSERT_EQ(devmux::kit::fuse_convolutions(*without_hswish, options), 1u);
    EXPECT_EQ(count_type(*without_hswish, "HSwish"), 1u) << "an HSwish without the option stays";

    options.hswish = true;
    auto fused = folded->clone();
    ASSERT_EQ(devmux::kit::fuse_convolutions(*fused, options), 1u);
    EXPECT_EQ(count_type(*fused, "HSwish"), 0u);
    EXPECT_EQ(count_type(*fused, "GroupConvolution"), 0u);
    EXPECT_EQ(count_type(*fused, "Multiply"), 0u);
    const auto op = ov::as_type_ptr<FusedConvolution>(fused->get_results()[0]->get_input_node_shared_ptr(0));
    ASSERT_TRUE(op);
    EXPECT_TRUE(op->is_grouped());
    EXPECT_TRUE(op->has_scale_shift());
    EXPECT_EQ(op->get_activation(), FusedActivation::HSwish);
    EXPECT_EQ(op->get_friendly_name(), "last");

    // Against the original graph (unfolded, unfused), on the reference path; and the fused graph read back
    // from IR computes the same, grouped still.
    const auto inputs = seeded_inputs(*original);
    const auto expected = run_reference(original, inputs);
    expect_close(run_reference(without_hswish, inputs)[0], expected[0], 1e-5f);
    expect_close(run_reference(fused, inputs)[0], expected[0], 1e-5f);
    std::stringstream stream;
    devmux::kit::write_model(*fused, stream);
    auto read = devmux::kit::read_model(stream, "fused model");
    const auto read_op = ov::as_type_ptr<FusedConvolution>(read->get_results()[0]->get_input_node_shared_ptr(0));
    ASSERT_TRUE(read_op);
    EXPECT_TRUE(read_op->is_grouped());
    EXPECT_EQ(read_op->get_activation(), FusedActivation::HSwish);
    expect_close(run_reference(read, inputs)[0], run_reference(fused, inputs)[0], 0.0f);
}

}  // namespace
