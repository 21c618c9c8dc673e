// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <fstream>

#include "devmux/kit/model_io.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/assign.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/gather.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/shape_of.hpp"
#include "openvino/op/split.hpp"
#include "devmux/kit/passes.hpp"
#include "ops_shape/test_util.hpp"

using namespace ops_shape_test;
using ov::PartialShape;
using ov::Shape;

namespace {
std::shared_ptr<ov::op::v0::Constant> result_constant(const ov::Model& model, size_t i) {
    return ov::as_type_ptr<ov::op::v0::Constant>(model.get_results().at(i)->get_input_node_shared_ptr(0));
}
}  // namespace

TEST(FoldConstants, ConvertThenMultiplyCollapses) {
    // f16 weights behind a Convert, scaled: the pattern of the squeezenet IR v11.
    const std::vector<float> weights{0.5f, -1.25f, 2.f, 3.75f};
    auto c16 = constant(ov::element::f16, {2, 2}, weights);
    auto convert = std::make_shared<ov::op::v0::Convert>(c16, ov::element::f32);
    auto scale = constant(ov::element::f32, {}, std::vector<float>{-2.f});
    auto mul = std::make_shared<ov::op::v1::Multiply>(convert, scale);
    mul->set_friendly_name("scaled_weights");
    mul->output(0).set_names({"weights_out"});
    auto input = param(ov::element::f32, {2, 2});
    auto result = std::make_shared<ov::op::v0::Result>(mul);
    auto sum = std::make_shared<ov::op::v0::Result>(std::make_shared<ov::op::v1::Multiply>(input, mul));
    ov::Model model(ov::ResultVector{result, sum}, ov::ParameterVector{input});

    EXPECT_EQ(devmux::kit::fold_constants(model), 2u);
    auto folded = result_constant(model, 0);
    ASSERT_TRUE(folded);
    EXPECT_EQ(folded->get_friendly_name(), "scaled_weights");
    EXPECT_EQ(folded->get_element_type(), ov::element::f32);
    EXPECT_EQ(folded->get_shape(), (Shape{2, 2}));
    const auto values = folded->cast_vector<float>();
    for (size_t i = 0; i < 4; ++i)
        EXPECT_FLOAT_EQ(values[i], weights[i] * -2.f);  // all exact in f16 and f32
    // The tensor name moved with the value, and the second consumer reads the same Constant.
    EXPECT_EQ(model.output("weights_out").get_node_shared_ptr()->get_type_info(),
              ov::op::v0::Result::get_type_info_static());
    EXPECT_EQ(model.output("weights_out").get_names().count("weights_out"), 1u);
    EXPECT_EQ(model.get_results()[1]->get_input_node_shared_ptr(0)->get_input_node_shared_ptr(1), folded);
}

TEST(FoldConstants, ShapeSubgraphFoldsAndMakesReshapeStatic) {
    // Reshape(x, Concat(Gather(ShapeOf(x), [0, 1]), [-1])): flatten the trailing axes.
    auto x = param(ov::element::f32, {2, 3, 4, 5});
    auto shape = std::make_shared<ov::op::v3::ShapeOf>(x);
    auto leading = std::make_shared<ov::op::v8::Gather>(shape, i64_vector({0, 1}), i64_scalar(0));
    auto pattern = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{leading, i64_vector({-1})}, 0);
    pattern->set_friendly_name("pattern");
    auto reshape = std::make_shared<ov::op::v1::Reshape>(x, pattern, false);
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(reshape)}, ov::ParameterVector{x});
    // Shape inference already sees the pattern's value through ShapeOf (as OpenVINO's value propagation).
    EXPECT_EQ(model.get_output_partial_shape(0), (PartialShape{2, 3, 20}));

    EXPECT_EQ(devmux::kit::fold_constants(model), 3u);  // ShapeOf, Gather, Concat; Reshape reads a Parameter
    auto folded_pattern = ov::as_type_ptr<ov::op::v0::Constant>(reshape->get_input_node_shared_ptr(1));
    ASSERT_TRUE(folded_pattern);
    EXPECT_EQ(folded_pattern->get_friendly_name(), "pattern");
    EXPECT_EQ(folded_pattern->cast_vector<int64_t>(), (std::vector<int64_t>{2, 3, -1}));
    EXPECT_EQ(model.get_output_partial_shape(0), (PartialShape{2, 3, 20}));
    EXPECT_EQ(reshape->get_input_node_shared_ptr(0), x);
}

TEST(FoldConstants, DynamicShapeOfStays) {
    auto x = param(ov::element::f32, {ov::Dimension::dynamic(), 4});
    auto shape = std::make_shared<ov::op::v0::ShapeOf>(x);
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(shape)}, ov::ParameterVector{x});
    EXPECT_EQ(devmux::kit::fold_constants(model), 0u);
    EXPECT_EQ(model.get_results()[0]->get_input_node_shared_ptr(0), shape);
}

TEST(FoldConstants, MultiOutputNodeGetsIndexedNames) {
    auto split = std::make_shared<ov::op::v1::Split>(constant(ov::element::i32, {4}, std::vector<int32_t>{1, 2, 3, 4}),
                                                     i64_scalar(0), 2);
    split->set_friendly_name("halves");
    split->output(1).set_names({"second"});
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(split->output(0)),
                                     std::make_shared<ov::op::v0::Result>(split->output(1))},
                    ov::ParameterVector{});
    EXPECT_EQ(devmux::kit::fold_constants(model), 1u);
    auto first = result_constant(model, 0);
    auto second = result_constant(model, 1);
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->get_friendly_name(), "halves.0");
    EXPECT_EQ(second->get_friendly_name(), "halves.1");
    EXPECT_EQ(first->cast_vector<int32_t>(), (std::vector<int32_t>{1, 2}));
    EXPECT_EQ(second->cast_vector<int32_t>(), (std::vector<int32_t>{3, 4}));
    EXPECT_EQ(model.output("second").get_node_shared_ptr(), model.get_results()[1]);
}

TEST(FoldConstants, StatefulOpsAreNotFolded) {
    auto var = std::make_shared<ov::op::util::Variable>(
        ov::op::util::VariableInfo{PartialShape{1}, ov::element::f32, "state"});
    auto rv = std::make_shared<ov::op::v6::ReadValue>(constant(ov::element::f32, {1}, std::vector<float>{1.f}), var);
    auto assign = std::make_shared<ov::op::v6::Assign>(rv, var);
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(rv)}, ov::SinkVector{assign},
                    ov::ParameterVector{});
    EXPECT_EQ(devmux::kit::fold_constants(model), 0u);
    EXPECT_EQ(model.get_results()[0]->get_input_node_shared_ptr(0), rv);
    EXPECT_EQ(assign->get_input_node_shared_ptr(0), rv);
}

TEST(FoldConstants, InvalidValuesAreLeftToRunTime) {
    // Gather v1 rejects negative indices when evaluated; folding must not throw or replace it.
    auto gather = std::make_shared<ov::op::v1::Gather>(constant(ov::element::f32, {3}, std::vector<float>{1, 2, 3}),
                                                       i64_vector({-1}), i64_scalar(0));
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(gather)}, ov::ParameterVector{});
    EXPECT_EQ(devmux::kit::fold_constants(model), 0u);
    EXPECT_EQ(model.get_results()[0]->get_input_node_shared_ptr(0), gather);
}

TEST(FoldConstants, ParametersAreKept) {
    auto x = param(ov::element::f32, {2});
    auto mul = std::make_shared<ov::op::v1::Multiply>(x, constant(ov::element::f32, {2}, std::vector<float>{1, 2}));
    ov::Model model(ov::ResultVector{std::make_shared<ov::op::v0::Result>(mul)}, ov::ParameterVector{x});
    EXPECT_EQ(devmux::kit::fold_constants(model), 0u);
    EXPECT_EQ(model.get_results()[0]->get_input_node_shared_ptr(0), mul);
}

TEST(FoldConstants, RealModelFp16WeightsBecomeF32Constants) {
    // squeezenet1.1 IR v11 keeps its weights as f16 Constants behind Convert nodes.
    const std::string xml = std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir11/squeezenet1.1.xml";
    ASSERT_TRUE(std::ifstream(xml).good()) << "model not found: " << xml;
    auto model = devmux::kit::read_ir(xml);
    std::shared_ptr<ov::Node> first_conv;
    size_t converts = 0;
    for (const auto& op : model->get_ordered_ops()) {
        if (!first_conv && ov::is_type<ov::op::v1::Convolution>(op))
            first_conv = op;
        converts += ov::is_type<ov::op::v0::Convert>(op) ? 1 : 0;
    }
    ASSERT_TRUE(first_conv);
    ASSERT_GT(converts, 0u);
    auto convert = first_conv->get_input_node_shared_ptr(1);
    ASSERT_TRUE(ov::is_type<ov::op::v0::Convert>(convert));
    const std::string weights_name = convert->get_friendly_name();
    auto f16_weights = ov::as_type_ptr<ov::op::v0::Constant>(convert->get_input_node_shared_ptr(0));
    ASSERT_TRUE(f16_weights);
    ASSERT_EQ(f16_weights->get_element_type(), ov::element::f16);
    const auto expected = f16_weights->cast_vector<float>();  // f16 -> f32 is exact
    const auto out_shape = model->get_output_partial_shape(0);

    EXPECT_EQ(devmux::kit::fold_constants(*model), converts);
    for (const auto& op : model->get_ordered_ops())
        EXPECT_FALSE(ov::is_type<ov::op::v0::Convert>(op)) << op->get_friendly_name();
    auto folded = ov::as_type_ptr<ov::op::v0::Constant>(first_conv->get_input_node_shared_ptr(1));
    ASSERT_TRUE(folded);
    EXPECT_EQ(folded->get_friendly_name(), weights_name);
    EXPECT_EQ(folded->get_element_type(), ov::element::f32);
    EXPECT_EQ(folded->cast_vector<float>(), expected);
    EXPECT_EQ(model->get_output_partial_shape(0), out_shape);
}
