// SPDX-License-Identifier: Apache-2.0
// Where HETERO places the small ops around a split (issue 23 §4): a shape computation (ShapeOf ->
// StridedSlice -> Multiply feeding Interpolate's sizes) goes with the op it computes a shape for, and a
// Convert that only converts the output of an op a later device runs goes to that device with it.
#include <gtest/gtest.h>

#include <random>

#include "common/test_utils.hpp"
#include "devmux/hetero/partition.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/interpolate.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/shape_of.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/strided_slice.hpp"
#include "openvino/runtime/core.hpp"

namespace {

// x[1,2,3,4] -> relu -> interpolate(relu, sizes = shape(relu)[2:4] * 2) -> out: the upsampling of
// road-segmentation-adas-0001, whose sizes are computed from the shape of the tensor it resizes.
std::shared_ptr<ov::Model> upsampling_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 2, 3, 4});
    x->set_friendly_name("x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto shape = std::make_shared<ov::op::v3::ShapeOf>(relu, ov::element::i64);
    shape->set_friendly_name("shape");
    auto begin = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{1}, std::vector<int64_t>{2});
    auto end = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{1}, std::vector<int64_t>{4});
    auto stride = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{1}, std::vector<int64_t>{1});
    auto spatial = std::make_shared<ov::op::v1::StridedSlice>(shape, begin, end, stride, std::vector<int64_t>{0},
                                                              std::vector<int64_t>{0});
    spatial->set_friendly_name("spatial");
    auto factor = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{1}, std::vector<int64_t>{2});
    auto sizes = std::make_shared<ov::op::v1::Multiply>(spatial, factor);
    sizes->set_friendly_name("sizes");
    auto scales = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2}, std::vector<float>{2.f, 2.f});
    auto axes = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2}, std::vector<int64_t>{2, 3});
    ov::op::v4::Interpolate::InterpolateAttrs attrs;
    attrs.mode = ov::op::v4::Interpolate::InterpolateMode::NEAREST;
    attrs.shape_calculation_mode = ov::op::v4::Interpolate::ShapeCalcMode::SIZES;
    attrs.pads_begin = {0, 0, 0, 0};
    attrs.pads_end = {0, 0, 0, 0};
    auto upsample = std::make_shared<ov::op::v4::Interpolate>(relu, sizes, scales, axes, attrs);
    upsample->set_friendly_name("upsample");
    auto out = std::make_shared<ov::op::v0::Result>(upsample);
    out->set_friendly_name("out");
    return std::make_shared<ov::Model>(ov::ResultVector{out}, ov::ParameterVector{x}, "upsampling");
}

// x -> relu -> sigmoid -> convert(f16) -> out: as an f16 model output after the legacy v10 conventions.
std::shared_ptr<ov::Model> converted_output_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8});
    x->set_friendly_name("x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto sigmoid = std::make_shared<ov::op::v0::Sigmoid>(relu);
    sigmoid->set_friendly_name("sigmoid");
    auto convert = std::make_shared<ov::op::v0::Convert>(sigmoid, ov::element::f16);
    convert->set_friendly_name("sigmoid/convert");
    auto out = std::make_shared<ov::op::v0::Result>(convert);
    out->set_friendly_name("out");
    return std::make_shared<ov::Model>(ov::ResultVector{out}, ov::ParameterVector{x}, "converted_output");
}

ov::Tensor random_input(const ov::Shape& shape) {
    ov::Tensor tensor(ov::element::f32, shape);
    std::mt19937 generator(23);
    std::uniform_real_distribution<float> values(-1.f, 1.f);
    for (size_t i = 0; i < tensor.get_size(); ++i)
        tensor.data<float>()[i] = values(generator);
    return tensor;
}

std::vector<float> run(ov::Core& core, const std::shared_ptr<ov::Model>& model, const std::string& device,
                       const ov::Tensor& input) {
    auto request = core.compile_model(model, device).create_infer_request();
    request.set_input_tensor(input);
    request.infer();
    const ov::Tensor output = request.get_output_tensor();
    EXPECT_EQ(output.get_element_type(), ov::element::f32);
    return std::vector<float>(output.data<float>(), output.data<float>() + output.get_size());
}

const char* const shape_ops = "Parameter,Result,Constant,Relu,ShapeOf,StridedSlice,Multiply";

TEST(HeteroSplitPlacement, ShapeComputationGoesWithTheOpItComputesAShapeFor) {
    ov::Core core;
    // MA can compute the shape but cannot resize; MB does everything.
    core.register_plugin(devmux_mock::library_path(), "MA", {{"MOCK_SUPPORTED_OPS", shape_ops}});
    core.register_plugin(devmux_mock::library_path(), "MB", {});
    const auto model = upsampling_model();
    const auto answer = core.query_model(model, "HETERO:MA,MB");
    EXPECT_EQ(answer.at("relu"), "MA.0");
    for (const char* name : {"shape", "spatial", "sizes", "upsample"})
        EXPECT_EQ(answer.at(name), "MB.0") << name;
    // Before: MA took the shape chain, MB saw the sizes as a run-time input, refused Interpolate for its
    // dynamic output shape, and the compile failed saying no device supports Interpolate.
    const ov::Tensor input = random_input({1, 2, 3, 4});
    const auto split = run(core, model, "HETERO:MA,MB", input);
    const auto whole = run(core, model, "MB", input);
    ASSERT_EQ(split.size(), 1u * 2 * 6 * 8);
    EXPECT_EQ(split, whole);  // the same reference kernels on both sides: bit-exact
}

TEST(HeteroSplitPlacement, ShapeComputedOnAnotherDeviceReachesTheConsumerAsAConstant) {
    ov::Core core;
    // MB resizes but has no ShapeOf: the ShapeOf stays on MA, and its value (known from static shapes)
    // is folded into MB's subgraph instead of crossing as a run-time tensor.
    core.register_plugin(devmux_mock::library_path(), "MA", {{"MOCK_SUPPORTED_OPS", shape_ops}});
    core.register_plugin(devmux_mock::library_path(), "MB",
                         {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,StridedSlice,Multiply,Interpolate"}});
    core.register_plugin(devmux_mock::library_path(), "MC", {});
    const auto model = upsampling_model();
    const auto answer = core.query_model(model, "HETERO:MA,MB");
    EXPECT_EQ(answer.at("shape"), "MA.0");
    EXPECT_EQ(answer.at("upsample"), "MB.0");
    const auto partition = devmux::hetero::describe_partition(
        model, {{"relu", "MA.0"}, {"shape", "MA.0"}, {"spatial", "MB.0"}, {"sizes", "MB.0"}, {"upsample", "MB.0"}});
    for (const auto& boundary : partition.boundaries)
        EXPECT_TRUE(boundary.consumer_subgraphs.empty() || boundary.producer != "shape")
            << "the shape crosses to subgraph " << boundary.consumer_subgraphs.front();
    const ov::Tensor input = random_input({1, 2, 3, 4});
    EXPECT_EQ(run(core, model, "HETERO:MA,MB", input), run(core, model, "MC", input));
}

TEST(HeteroSplitPlacement, ConvertOfALaterDevicesOutputStaysOnThatDevice) {
    ov::Core core;
    // MA converts but has no Sigmoid: the Convert after the Sigmoid runs on MB with it, not as one more
    // subgraph on MA.
    core.register_plugin(devmux_mock::library_path(), "MA", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Relu,Convert"}});
    core.register_plugin(devmux_mock::library_path(), "MB", {});
    const auto model = converted_output_model();
    const auto answer = core.query_model(model, "HETERO:MA,MB");
    EXPECT_EQ(answer.at("relu"), "MA.0");
    EXPECT_EQ(answer.at("sigmoid"), "MB.0");
    EXPECT_EQ(answer.at("sigmoid/convert"), "MB.0");
    EXPECT_EQ(answer.at("out"), "MB.0");
    auto compiled = core.compile_model(model, "HETERO:MA,MB");
    EXPECT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<std::string>(), "2");

    // A device that cannot convert leaves the Convert where it was.
    ov::Core other;
    other.register_plugin(devmux_mock::library_path(), "MA", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Relu,Convert"}});
    other.register_plugin(devmux_mock::library_path(), "MB", {{"MOCK_SUPPORTED_OPS", "Parameter,Result,Constant,Sigmoid"}});
    const auto kept = other.query_model(model, "HETERO:MA,MB");
    EXPECT_EQ(kept.at("sigmoid"), "MB.0");
    EXPECT_EQ(kept.at("sigmoid/convert"), "MA.0");
}

}  // namespace
