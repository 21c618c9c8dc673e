// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "openvino/op/reshape.hpp"
#include "openvino/op/squeeze.hpp"
#include "openvino/op/unsqueeze.hpp"
#include "test_util.hpp"

using namespace ops_shape_test;
using ov::PartialShape;
using ov::Shape;

namespace {
std::shared_ptr<ov::op::v1::Reshape> reshape(const PartialShape& in, const std::vector<int64_t>& pattern,
                                             bool special_zero) {
    return std::make_shared<ov::op::v1::Reshape>(param(ov::element::f32, in), i64_vector(pattern), special_zero);
}
}  // namespace

// ---- Reshape ----

TEST(Reshape, MinusOneIsInferred) {
    EXPECT_EQ(reshape({2, 3, 4}, {4, -1}, false)->get_output_partial_shape(0), (PartialShape{4, 6}));
}

TEST(Reshape, SpecialZeroCopiesInputDimension) {
    EXPECT_EQ(reshape({2, 3, 4}, {0, -1}, true)->get_output_partial_shape(0), (PartialShape{2, 12}));
    EXPECT_EQ(reshape({2, 3, 4}, {0, 0, 4}, true)->get_output_partial_shape(0), (PartialShape{2, 3, 4}));
}

TEST(Reshape, ZeroWithoutSpecialZeroIsAnEmptyDimension) {
    EXPECT_EQ(reshape({0, 3}, {3, 0}, false)->get_output_partial_shape(0), (PartialShape{3, 0}));
}

TEST(Reshape, DynamicInputLeavesMinusOneDynamic) {
    auto r = reshape({ov::Dimension::dynamic(), 3, 4}, {0, -1}, true);
    EXPECT_EQ(r->get_output_partial_shape(0), (PartialShape{ov::Dimension::dynamic(), ov::Dimension::dynamic()}));
}

TEST(Reshape, NonConstantPatternGivesRankOnly) {
    auto r = std::make_shared<ov::op::v1::Reshape>(param(ov::element::f32, {2, 3}), param(ov::element::i64, {3}),
                                                   false);
    EXPECT_EQ(r->get_output_partial_shape(0), PartialShape(std::vector<ov::Dimension>(3)));
}

TEST(Reshape, ElementCountMismatchNamesOp) {
    auto r = reshape({2, 3}, {6}, false);
    r->set_friendly_name("my_reshape");
    r->set_argument(1, i64_vector({4, 2}));
    expect_error([&] { r->validate_and_infer_types(); }, {"Reshape 'my_reshape'", "6 elements"});
}

TEST(Reshape, TwoMinusOnesNamesOp) {
    auto r = reshape({2, 3}, {6}, false);
    r->set_friendly_name("r");
    r->set_argument(1, i64_vector({-1, -1}));
    expect_error([&] { r->validate_and_infer_types(); }, {"Reshape 'r'", "more than one -1"});
}

TEST(Reshape, IndivisibleMinusOneNamesOp) {
    auto r = reshape({2, 3}, {6}, false);
    r->set_friendly_name("r");
    r->set_argument(1, i64_vector({4, -1}));
    expect_error([&] { r->validate_and_infer_types(); }, {"Reshape 'r'", "[2,3]"});
}

// Found by fuzz/ (ir_reader): a pattern read from an IR whose entries multiply past int64 was signed
// overflow (undefined behaviour, a UBSan report) before it became a wrong element count.
TEST(Reshape, PatternProductPastInt64NamesOp) {
    auto r = reshape({2, 3}, {6}, false);
    r->set_friendly_name("r");
    r->set_argument(1, i64_vector({int64_t{1} << 62, 4, -1}));
    expect_error([&] { r->validate_and_infer_types(); }, {"Reshape 'r'", "multiply past the int64 range"});
}

TEST(Reshape, EvaluateKeepsDataAndComputesShape) {
    auto r = reshape({2, 3, 4}, {0, -1}, true);
    ov::TensorVector inputs{random_f32({2, 3, 4}, 11), i64_tensor({2}, {0, -1})};
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{})};
    ASSERT_TRUE(r->evaluate(outputs, inputs));
    EXPECT_EQ(outputs[0].get_shape(), (Shape{2, 12}));
    EXPECT_EQ(values<float>(outputs[0]), values<float>(inputs[0]));
}

TEST(Reshape, EvaluateWithI32PatternAndBooleanData) {
    auto r = std::make_shared<ov::op::v1::Reshape>(param(ov::element::boolean, {4}), param(ov::element::i32, {2}),
                                                   false);
    ov::Tensor data(ov::element::boolean, {4});
    const char bits[] = {1, 0, 0, 1};
    for (size_t i = 0; i < 4; ++i)
        data.data<char>()[i] = bits[i];
    ov::Tensor pattern(ov::element::i32, {2});
    pattern.data<int32_t>()[0] = 2;
    pattern.data<int32_t>()[1] = -1;
    ov::TensorVector outputs{ov::Tensor(ov::element::boolean, Shape{})};
    ASSERT_TRUE(r->evaluate(outputs, {data, pattern}));
    EXPECT_EQ(outputs[0].get_shape(), (Shape{2, 2}));
    EXPECT_EQ(values<char>(outputs[0]), (std::vector<char>{1, 0, 0, 1}));
}

TEST(Reshape, AttributesRoundTrip) {
    auto r = reshape({2, 3}, {6}, true);
    EXPECT_EQ(attributes_of(*r), (std::map<std::string, std::string>{{"special_zero", "true"}}));
    ov::op::v1::Reshape copy;
    copy_attributes(*r, copy);
    EXPECT_TRUE(copy.get_special_zero());
}

// ---- Squeeze ----

TEST(Squeeze, RemovesListedAxes) {
    auto s = std::make_shared<ov::op::v0::Squeeze>(param(ov::element::f32, {1, 3, 1, 2}), i64_vector({-2}));
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{1, 3, 2}));
}

TEST(Squeeze, WithoutAxesRemovesAllOnes) {
    auto s = std::make_shared<ov::op::v0::Squeeze>(param(ov::element::f32, {1, 3, 1, 2}));
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{3, 2}));
}

TEST(Squeeze, ScalarAxisInput) {
    auto s = std::make_shared<ov::op::v0::Squeeze>(param(ov::element::f32, {1, 3}), i64_scalar(0));
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{3}));
}

TEST(Squeeze, AxisOfSizeNotOneNamesOp) {
    auto s = std::make_shared<ov::op::v0::Squeeze>(param(ov::element::f32, {1, 3}), i64_vector({0}));
    s->set_friendly_name("my_squeeze");
    s->set_argument(1, i64_vector({1}));
    expect_error([&] { s->validate_and_infer_types(); }, {"Squeeze 'my_squeeze'", "not 1"});
}

TEST(Squeeze, NonConstantAxesGiveDynamicRank) {
    auto s = std::make_shared<ov::op::v0::Squeeze>(param(ov::element::f32, {1, 3}), param(ov::element::i64, {1}));
    EXPECT_FALSE(s->get_output_partial_shape(0).rank_is_static());
}

TEST(Squeeze, EvaluateCopiesData) {
    auto s = std::make_shared<ov::op::v0::Squeeze>(param(ov::element::f32, {1, 4, 1}), i64_vector({0, 2}));
    ov::TensorVector inputs{random_f32({1, 4, 1}, 5), i64_tensor({2}, {0, 2})};
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{4})};
    ASSERT_TRUE(s->evaluate(outputs, inputs));
    EXPECT_EQ(outputs[0].get_shape(), (Shape{4}));
    EXPECT_EQ(values<float>(outputs[0]), values<float>(inputs[0]));
}

TEST(Squeeze, CloneWithOneInputHasNoAxes) {
    auto s = std::make_shared<ov::op::v0::Squeeze>(param(ov::element::f32, {1, 3}), i64_vector({0}));
    auto clone = s->clone_with_new_inputs({param(ov::element::f32, {1, 1, 5})});
    EXPECT_EQ(clone->get_output_partial_shape(0), (PartialShape{5}));
}

// ---- Unsqueeze ----

TEST(Unsqueeze, InsertsAtOutputPositions) {
    auto u = std::make_shared<ov::op::v0::Unsqueeze>(param(ov::element::f32, {3, 4}), i64_vector({0, -1}));
    EXPECT_EQ(u->get_output_partial_shape(0), (PartialShape{1, 3, 4, 1}));
    auto v = std::make_shared<ov::op::v0::Unsqueeze>(param(ov::element::f32, {3, 4}), i64_vector({1, 2}));
    EXPECT_EQ(v->get_output_partial_shape(0), (PartialShape{3, 1, 1, 4}));
}

TEST(Unsqueeze, DuplicateAxisNamesOp) {
    auto u = std::make_shared<ov::op::v0::Unsqueeze>(param(ov::element::f32, {3}), i64_vector({0}));
    u->set_friendly_name("my_unsqueeze");
    u->set_argument(1, i64_vector({1, -2}));
    expect_error([&] { u->validate_and_infer_types(); }, {"Unsqueeze 'my_unsqueeze'", "twice"});
}

TEST(Unsqueeze, AxisOutOfRangeNamesOp) {
    auto u = std::make_shared<ov::op::v0::Unsqueeze>(param(ov::element::f32, {3}), i64_vector({0}));
    u->set_friendly_name("u");
    u->set_argument(1, i64_vector({2}));
    expect_error([&] { u->validate_and_infer_types(); }, {"Unsqueeze 'u'", "axis 2"});
}

TEST(Unsqueeze, EvaluateCopiesData) {
    auto u = std::make_shared<ov::op::v0::Unsqueeze>(param(ov::element::i64, {3}), i64_vector({0}));
    ov::TensorVector outputs{ov::Tensor(ov::element::i64, Shape{})};
    ASSERT_TRUE(u->evaluate(outputs, {iota_tensor<int64_t>(ov::element::i64, {3}, 40), i64_tensor({1}, {0})}));
    EXPECT_EQ(outputs[0].get_shape(), (Shape{1, 3}));
    EXPECT_EQ(values<int64_t>(outputs[0]), (std::vector<int64_t>{40, 41, 42}));
}
