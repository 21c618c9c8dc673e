// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "openvino/op/concat.hpp"
#include "openvino/op/split.hpp"
#include "test_util.hpp"

using namespace ops_shape_test;
using ov::element::Type;
using ov::PartialShape;
using ov::Shape;

// ---- Concat ----

TEST(Concat, InfersShapeAlongNegativeAxis) {
    auto a = param(ov::element::f32, {2, 3, 4});
    auto b = param(ov::element::f32, {2, 5, 4});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, b}, -2);
    EXPECT_EQ(concat->get_output_partial_shape(0), (PartialShape{2, 8, 4}));
    EXPECT_EQ(concat->get_output_element_type(0), ov::element::f32);
    EXPECT_EQ(concat->get_axis(), -2);
    EXPECT_EQ(concat->get_concatenation_axis(), 1);
}

TEST(Concat, DynamicDimensionMakesConcatAxisDynamic) {
    auto a = param(ov::element::f32, {2, ov::Dimension::dynamic()});
    auto b = param(ov::element::f32, {ov::Dimension::dynamic(), 3});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, b}, 1);
    EXPECT_EQ(concat->get_output_partial_shape(0), (PartialShape{2, ov::Dimension::dynamic()}));
}

TEST(Concat, DynamicRankInputTakesRankFromOthers) {
    auto a = param(ov::element::f32, PartialShape::dynamic());
    auto b = param(ov::element::f32, {2, 3});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, b}, 0);
    EXPECT_EQ(concat->get_output_partial_shape(0), (PartialShape{ov::Dimension::dynamic(), 3}));
}

TEST(Concat, MismatchedDimensionNamesOp) {
    auto a = param(ov::element::f32, {2, 3});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, a}, 1);
    concat->set_friendly_name("my_concat");
    concat->set_argument(1, param(ov::element::f32, {4, 3}));
    expect_error([&] { concat->validate_and_infer_types(); }, {"Concat 'my_concat'", "[4,3]"});
}

TEST(Concat, MismatchedRankNamesOp) {
    auto a = param(ov::element::f32, {2, 3});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, a}, 0);
    concat->set_friendly_name("c");
    concat->set_argument(1, param(ov::element::f32, {2, 3, 1}));
    expect_error([&] { concat->validate_and_infer_types(); }, {"Concat 'c'", "rank"});
}

TEST(Concat, MismatchedElementTypeNamesOp) {
    auto a = param(ov::element::f32, {2, 3});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, a}, 0);
    concat->set_friendly_name("c");
    concat->set_argument(1, param(ov::element::i32, {2, 3}));
    expect_error([&] { concat->validate_and_infer_types(); }, {"Concat 'c'", "i32"});
}

TEST(Concat, AxisOutOfRangeNamesOp) {
    auto a = param(ov::element::f32, {2, 3});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, a}, 0);
    concat->set_friendly_name("c");
    concat->set_axis(2);
    expect_error([&] { concat->validate_and_infer_types(); }, {"Concat 'c'", "axis 2"});
}

TEST(Concat, EvaluateF32MatchesNaiveLoop) {
    const Shape sa{2, 3, 4}, sb{2, 1, 4}, sc{2, 2, 4};
    auto concat = std::make_shared<ov::op::v0::Concat>(
        ov::OutputVector{param(ov::element::f32, sa), param(ov::element::f32, sb), param(ov::element::f32, sc)}, 1);
    ov::TensorVector inputs{random_f32(sa, 1), random_f32(sb, 2), random_f32(sc, 3)};
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{2, 6, 4})};
    ASSERT_TRUE(concat->evaluate(outputs, inputs));
    ASSERT_EQ(outputs[0].get_shape(), (Shape{2, 6, 4}));
    const float* out = outputs[0].data<float>();
    for (size_t i = 0; i < 2; ++i)
        for (size_t j = 0; j < 6; ++j)
            for (size_t k = 0; k < 4; ++k) {
                float expected;
                if (j < 3)
                    expected = inputs[0].data<float>()[(i * 3 + j) * 4 + k];
                else if (j < 4)
                    expected = inputs[1].data<float>()[(i * 1 + (j - 3)) * 4 + k];
                else
                    expected = inputs[2].data<float>()[(i * 2 + (j - 4)) * 4 + k];
                EXPECT_EQ(out[(i * 6 + j) * 4 + k], expected) << i << "," << j << "," << k;  // exact copy
            }
}

TEST(Concat, EvaluateCopiesAnyElementType) {
    // i64 (8 bytes) and u8 (1 byte) along the last axis; output tensor left empty to be allocated.
    for (const auto type : {ov::element::i64, ov::element::u8}) {
        auto concat = std::make_shared<ov::op::v0::Concat>(
            ov::OutputVector{param(type, {2, 2}), param(type, {2, 1})}, -1);
        ov::TensorVector inputs;
        ov::TensorVector outputs{ov::Tensor(type, Shape{})};
        if (type == ov::element::i64) {
            inputs = {iota_tensor<int64_t>(type, {2, 2}, 100), iota_tensor<int64_t>(type, {2, 1}, -7)};
            ASSERT_TRUE(concat->evaluate(outputs, inputs));
            EXPECT_EQ(values<int64_t>(outputs[0]), (std::vector<int64_t>{100, 101, -7, 102, 103, -6}));
        } else {
            inputs = {iota_tensor<uint8_t>(type, {2, 2}, 10), iota_tensor<uint8_t>(type, {2, 1}, 200)};
            ASSERT_TRUE(concat->evaluate(outputs, inputs));
            EXPECT_EQ(values<uint8_t>(outputs[0]), (std::vector<uint8_t>{10, 11, 200, 12, 13, 201}));
        }
        EXPECT_EQ(outputs[0].get_shape(), (Shape{2, 3}));
    }
}

TEST(Concat, AttributesRoundTrip) {
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{param(ov::element::f32, {1, 2})}, -1);
    EXPECT_EQ(attributes_of(*concat), (std::map<std::string, std::string>{{"axis", "-1"}}));
    ov::op::v0::Concat copy;
    copy_attributes(*concat, copy);
    EXPECT_EQ(copy.get_axis(), -1);
}

TEST(Concat, CloneKeepsAxis) {
    auto a = param(ov::element::f32, {1, 2});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector{a, a}, 0);
    auto clone = concat->clone_with_new_inputs({a, a, a});
    EXPECT_EQ(clone->get_output_partial_shape(0), (PartialShape{3, 2}));
}

// ---- Split ----

TEST(Split, InfersEqualPartsOnNegativeAxis) {
    auto split = std::make_shared<ov::op::v1::Split>(param(ov::element::f32, {2, 6, 3}), i64_scalar(-2), 3);
    ASSERT_EQ(split->get_output_size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(split->get_output_partial_shape(i), (PartialShape{2, 2, 3}));
        EXPECT_EQ(split->get_output_element_type(i), ov::element::f32);
    }
}

TEST(Split, NonConstantAxisKeepsOnlyRank) {
    auto axis = param(ov::element::i64, PartialShape{});
    auto split = std::make_shared<ov::op::v1::Split>(param(ov::element::f32, {2, 6}), axis, 2);
    EXPECT_EQ(split->get_output_partial_shape(1), (PartialShape{ov::Dimension::dynamic(), ov::Dimension::dynamic()}));
}

TEST(Split, IndivisibleDimensionNamesOp) {
    auto split = std::make_shared<ov::op::v1::Split>(param(ov::element::f32, {2, 6}), i64_scalar(1), 3);
    split->set_friendly_name("my_split");
    split->set_num_splits(4);
    expect_error([&] { split->validate_and_infer_types(); }, {"Split 'my_split'", "not divisible", "4"});
}

TEST(Split, AxisOutOfRangeNamesOp) {
    auto split = std::make_shared<ov::op::v1::Split>(param(ov::element::f32, {2, 6}), i64_scalar(1), 2);
    split->set_friendly_name("s");
    split->set_argument(1, i64_scalar(2));
    expect_error([&] { split->validate_and_infer_types(); }, {"Split 's'", "axis 2"});
}

TEST(Split, EvaluateMatchesNaiveLoop) {
    const Shape in_shape{3, 4, 2};
    auto split = std::make_shared<ov::op::v1::Split>(param(ov::element::f32, in_shape), i64_scalar(1), 2);
    ov::TensorVector inputs{random_f32(in_shape, 7), i64_tensor({}, {1})};
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, {3, 2, 2}), ov::Tensor(ov::element::f32, {3, 2, 2})};
    ASSERT_TRUE(split->evaluate(outputs, inputs));
    const float* in = inputs[0].data<float>();
    for (size_t s = 0; s < 2; ++s)
        for (size_t i = 0; i < 3; ++i)
            for (size_t j = 0; j < 2; ++j)
                for (size_t k = 0; k < 2; ++k)
                    EXPECT_EQ(outputs[s].data<float>()[(i * 2 + j) * 2 + k], in[(i * 4 + s * 2 + j) * 2 + k]);
}

TEST(Split, EvaluateAllocatesMissingOutputs) {
    auto split = std::make_shared<ov::op::v1::Split>(param(ov::element::i32, {4}), i64_scalar(0), 4);
    ov::TensorVector outputs;  // evaluate() adds what is missing
    ASSERT_TRUE(split->evaluate(outputs, {iota_tensor<int32_t>(ov::element::i32, {4}, 5), i64_tensor({}, {0})}));
    ASSERT_EQ(outputs.size(), 4u);
    for (int32_t i = 0; i < 4; ++i) {
        EXPECT_EQ(outputs[i].get_shape(), (Shape{1}));
        EXPECT_EQ(outputs[i].data<int32_t>()[0], 5 + i);
    }
}

TEST(Split, AttributesRoundTrip) {
    auto split = std::make_shared<ov::op::v1::Split>(param(ov::element::f32, {6}), i64_scalar(0), 3);
    EXPECT_EQ(attributes_of(*split), (std::map<std::string, std::string>{{"num_splits", "3"}}));
    ov::op::v1::Split copy;
    copy_attributes(*split, copy);
    EXPECT_EQ(copy.get_num_splits(), 3u);
}
