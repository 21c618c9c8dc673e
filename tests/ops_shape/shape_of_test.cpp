// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "openvino/op/shape_of.hpp"
#include "test_util.hpp"

using namespace ops_shape_test;
using ov::PartialShape;
using ov::Shape;

TEST(ShapeOf, V0GivesI64VectorOfRank) {
    auto s = std::make_shared<ov::op::v0::ShapeOf>(param(ov::element::f32, {2, ov::Dimension::dynamic(), 4}));
    EXPECT_EQ(s->get_output_element_type(0), ov::element::i64);
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{3}));
}

TEST(ShapeOf, DynamicRankGivesDynamicLength) {
    auto s = std::make_shared<ov::op::v3::ShapeOf>(param(ov::element::f32, PartialShape::dynamic()));
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{ov::Dimension::dynamic()}));
}

TEST(ShapeOf, V3OutputTypeI32) {
    auto s = std::make_shared<ov::op::v3::ShapeOf>(param(ov::element::u8, {7, 1, 3}), ov::element::i32);
    EXPECT_EQ(s->get_output_element_type(0), ov::element::i32);
    ov::TensorVector outputs{ov::Tensor(ov::element::i32, Shape{3})};
    ASSERT_TRUE(s->evaluate(outputs, {ov::Tensor(ov::element::u8, {7, 1, 3})}));
    EXPECT_EQ(values<int32_t>(outputs[0]), (std::vector<int32_t>{7, 1, 3}));
}

TEST(ShapeOf, V0EvaluateWritesShape) {
    auto s = std::make_shared<ov::op::v0::ShapeOf>(param(ov::element::f32, PartialShape::dynamic()));
    ov::TensorVector outputs{ov::Tensor(ov::element::i64, Shape{})};
    ASSERT_TRUE(s->evaluate(outputs, {ov::Tensor(ov::element::f32, {5, 6})}));
    EXPECT_EQ(outputs[0].get_shape(), (Shape{2}));
    EXPECT_EQ(values<int64_t>(outputs[0]), (std::vector<int64_t>{5, 6}));
}

TEST(ShapeOf, BadOutputTypeNamesOp) {
    auto s = std::make_shared<ov::op::v3::ShapeOf>(param(ov::element::f32, {2}));
    s->set_friendly_name("my_shape");
    s->set_output_type(ov::element::f32);
    expect_error([&] { s->validate_and_infer_types(); }, {"ShapeOf 'my_shape'", "f32"});
}

TEST(ShapeOf, ConstantFoldNeedsOnlyStaticShape) {
    auto s = std::make_shared<ov::op::v3::ShapeOf>(param(ov::element::f32, {2, 3}), ov::element::i32);
    ov::OutputVector folded;
    ASSERT_TRUE(s->constant_fold(folded, s->input_values()));
    auto c = ov::as_type_ptr<ov::op::v0::Constant>(folded.at(0).get_node_shared_ptr());
    ASSERT_TRUE(c);
    EXPECT_EQ(c->get_element_type(), ov::element::i32);
    EXPECT_EQ(c->cast_vector<int64_t>(), (std::vector<int64_t>{2, 3}));

    auto dynamic = std::make_shared<ov::op::v0::ShapeOf>(param(ov::element::f32, {ov::Dimension::dynamic(), 3}));
    EXPECT_FALSE(dynamic->constant_fold(folded, dynamic->input_values()));
}

TEST(ShapeOf, AttributesRoundTrip) {
    auto s = std::make_shared<ov::op::v3::ShapeOf>(param(ov::element::f32, {2}), ov::element::i32);
    EXPECT_EQ(attributes_of(*s), (std::map<std::string, std::string>{{"output_type", "i32"}}));
    ov::op::v3::ShapeOf copy;
    copy_attributes(*s, copy);
    EXPECT_EQ(copy.get_output_type(), ov::element::i32);
}
