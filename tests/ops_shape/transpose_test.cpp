// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "openvino/op/transpose.hpp"
#include "test_util.hpp"

using namespace ops_shape_test;
using ov::PartialShape;
using ov::Shape;

TEST(Transpose, PermutesShape) {
    auto t = std::make_shared<ov::op::v1::Transpose>(param(ov::element::f32, {2, 3, 4}), i64_vector({2, 0, 1}));
    EXPECT_EQ(t->get_output_partial_shape(0), (PartialShape{4, 2, 3}));
}

TEST(Transpose, EmptyOrderReversesAxes) {
    auto order = constant(ov::element::i64, Shape{0}, std::vector<int64_t>{});
    auto t = std::make_shared<ov::op::v1::Transpose>(param(ov::element::f32, {2, 3, 4}), order);
    EXPECT_EQ(t->get_output_partial_shape(0), (PartialShape{4, 3, 2}));
}

TEST(Transpose, NonConstantOrderKeepsRank) {
    auto t = std::make_shared<ov::op::v1::Transpose>(param(ov::element::f32, {2, 3}), param(ov::element::i64, {2}));
    EXPECT_EQ(t->get_output_partial_shape(0), PartialShape(std::vector<ov::Dimension>(2)));
}

TEST(Transpose, NotAPermutationNamesOp) {
    auto t = std::make_shared<ov::op::v1::Transpose>(param(ov::element::f32, {2, 3}), i64_vector({1, 0}));
    t->set_friendly_name("my_transpose");
    t->set_argument(1, i64_vector({1, 1}));
    expect_error([&] { t->validate_and_infer_types(); }, {"Transpose 'my_transpose'", "twice"});
}

TEST(Transpose, WrongOrderLengthNamesOp) {
    auto t = std::make_shared<ov::op::v1::Transpose>(param(ov::element::f32, {2, 3}), i64_vector({1, 0}));
    t->set_friendly_name("t");
    t->set_argument(1, i64_vector({2, 1, 0}));
    expect_error([&] { t->validate_and_infer_types(); }, {"Transpose 't'", "rank 2"});
}

TEST(Transpose, EvaluateF32MatchesNaiveLoop) {
    const Shape in_shape{2, 3, 4, 5};
    const std::vector<int64_t> order{3, 1, 0, 2};
    auto t = std::make_shared<ov::op::v1::Transpose>(param(ov::element::f32, in_shape), i64_vector(order));
    const Shape out_shape{5, 3, 2, 4};
    ov::TensorVector inputs{random_f32(in_shape, 21), i64_tensor({4}, order)};
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, out_shape)};
    ASSERT_TRUE(t->evaluate(outputs, inputs));
    for_each_coord(out_shape, [&](const std::vector<size_t>& c) {
        std::vector<size_t> in_c(4);
        for (size_t i = 0; i < 4; ++i)
            in_c[order[i]] = c[i];
        EXPECT_EQ(outputs[0].data<float>()[ravel(c, out_shape)],
                  inputs[0].data<float>()[ravel(in_c, in_shape)]);
    });
}

TEST(Transpose, EvaluateF16ByBytes) {
    auto t = std::make_shared<ov::op::v1::Transpose>(param(ov::element::f16, {2, 3}), i64_vector({1, 0}));
    ov::Tensor in(ov::element::f16, {2, 3});
    for (size_t i = 0; i < 6; ++i)
        in.data<ov::float16>()[i] = ov::float16(static_cast<float>(i) + 0.5f);
    ov::TensorVector outputs{ov::Tensor(ov::element::f16, Shape{})};
    ASSERT_TRUE(t->evaluate(outputs, {in, i64_tensor({2}, {1, 0})}));
    ASSERT_EQ(outputs[0].get_shape(), (Shape{3, 2}));
    const std::vector<float> expected{0.5f, 3.5f, 1.5f, 4.5f, 2.5f, 5.5f};
    for (size_t i = 0; i < 6; ++i)
        EXPECT_EQ(static_cast<float>(outputs[0].data<ov::float16>()[i]), expected[i]);
}
