// SPDX-License-Identifier: Apache-2.0
// Eye, OneHot and NonZero: the specification's examples, index arithmetic on seeded random data, shapes
// (NonZero's is data-dependent) and errors naming the op.
#include <gtest/gtest.h>

#include "openvino/op/eye.hpp"
#include "openvino/op/non_zero.hpp"
#include "openvino/op/one_hot.hpp"
#include "openvino/op/shape_of.hpp"
#include "test_util.hpp"

using namespace ops_data_test;
using ov::PartialShape;
using ov::Shape;

TEST(Eye, OnesOnTheChosenDiagonal) {
    // Spec example: 3 x 4, diagonal_index 1 (above the main one).
    auto eye = std::make_shared<ov::op::v9::Eye>(i64_scalar(3), i64_scalar(4), i64_scalar(1), ov::element::f32);
    EXPECT_EQ(eye->get_output_partial_shape(0), (PartialShape{3, 4}));
    EXPECT_EQ(eye->get_output_element_type(0), ov::element::f32);
    const auto out = run(eye, {i64_tensor({}, {3}), i64_tensor({}, {4}), i64_tensor({}, {1})});
    EXPECT_EQ(values<float>(out[0]), (std::vector<float>{0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
    // Batched, below the diagonal, i32 output.
    auto batched = std::make_shared<ov::op::v9::Eye>(i64_scalar(4), i64_scalar(2), i64_scalar(-2), i64s({2, 1}),
                                                     ov::element::i32);
    EXPECT_EQ(batched->get_output_partial_shape(0), (PartialShape{2, 1, 4, 2}));
    const auto b = values<int32_t>(run(batched, {i64_tensor({}, {4}), i64_tensor({}, {2}), i64_tensor({}, {-2}),
                                                 i64_tensor({2}, {2, 1})})[0]);
    for (size_t flat = 0; flat < b.size(); ++flat) {
        const auto c = unravel(flat, {2, 1, 4, 2});
        EXPECT_EQ(b[flat], static_cast<int64_t>(c[3]) - static_cast<int64_t>(c[2]) == -2 ? 1 : 0) << flat;
    }
    // Unknown sizes stay dynamic; known_value (ShapeOf) sizes are static.
    auto dyn = std::make_shared<ov::op::v9::Eye>(param(ov::element::i64, {}), i64_scalar(5), i64_scalar(0),
                                                 ov::element::f16);
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, 5}));
    auto of = std::make_shared<ov::op::v3::ShapeOf>(param(ov::element::f32, {6}));
    auto known = std::make_shared<ov::op::v9::Eye>(of, of, i64_scalar(0), ov::element::f32);
    EXPECT_EQ(known->get_output_partial_shape(0), (PartialShape{6, 6}));
    expect_error([] { std::make_shared<ov::op::v9::Eye>(i64_scalar(-1), i64_scalar(2), i64_scalar(0), ov::element::f32); },
                 {"Eye", "num_rows is -1"});
    expect_error([] { std::make_shared<ov::op::v9::Eye>(i64s({2, 2}), i64_scalar(2), i64_scalar(0), ov::element::f32); },
                 {"Eye", "num_rows input must be a scalar"});
}

TEST(OneHot, SpecExampleAndAxes) {
    // Spec example: indices [0, 3, 1, 2], depth 3, on 1, off 0 (axis -1): index 3 gives an all-off row.
    auto on = std::make_shared<ov::op::v0::Constant>(ov::element::f32, Shape{}, std::vector<float>{1});
    auto off = std::make_shared<ov::op::v0::Constant>(ov::element::f32, Shape{}, std::vector<float>{0});
    auto op = std::make_shared<ov::op::v1::OneHot>(param(ov::element::i64, {4}), i64_scalar(3), on, off, -1);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{4, 3}));
    const auto out = run(op, {i64_tensor({4}, {0, 3, 1, 2}), i64_tensor({}, {3}), f32_tensor({}, {1}), f32_tensor({}, {0})});
    EXPECT_EQ(values<float>(out[0]), (std::vector<float>{1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1}));

    // Axis 1 of [2, 3] indices, i32 values 5 / -1, random indices in [-1, 4] with depth 4.
    const Shape shape{2, 3};
    std::mt19937 gen(91);
    std::uniform_int_distribution<int32_t> dist(-1, 4);
    std::vector<int32_t> idx(6);
    for (auto& v : idx)
        v = dist(gen);
    auto on_i = std::make_shared<ov::op::v0::Constant>(ov::element::i32, Shape{}, std::vector<int32_t>{5});
    auto off_i = std::make_shared<ov::op::v0::Constant>(ov::element::i32, Shape{}, std::vector<int32_t>{-1});
    auto mid = std::make_shared<ov::op::v1::OneHot>(param(ov::element::i32, shape), i64_scalar(4), on_i, off_i, 1);
    EXPECT_EQ(mid->get_output_partial_shape(0), (PartialShape{2, 4, 3}));
    const auto got = values<int32_t>(run(mid, {tensor<int32_t>(ov::element::i32, shape, idx), i64_tensor({}, {4}),
                                               tensor<int32_t>(ov::element::i32, {}, {5}),
                                               tensor<int32_t>(ov::element::i32, {}, {-1})})[0]);
    for (size_t flat = 0; flat < got.size(); ++flat) {
        const auto c = unravel(flat, {2, 4, 3});
        const int32_t index = idx[ravel({c[0], c[2]}, shape)];
        EXPECT_EQ(got[flat], index == static_cast<int32_t>(c[1]) ? 5 : -1) << flat;
    }
    auto dyn = std::make_shared<ov::op::v1::OneHot>(param(ov::element::i32, {-1, 3}), param(ov::element::i64, {}),
                                                    on, off, 0);
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, -1, 3}));
    expect_error([&] { std::make_shared<ov::op::v1::OneHot>(param(ov::element::i32, {2}), i64_scalar(3), on, off, 2); },
                 {"OneHot", "axis 2 is out of range"});
    expect_error([&] { std::make_shared<ov::op::v1::OneHot>(param(ov::element::i32, {2}), i64_scalar(-3), on, off, 0); },
                 {"OneHot", "depth is -3"});
    expect_error([&] { std::make_shared<ov::op::v1::OneHot>(param(ov::element::i32, {2}), i64_scalar(3), on_i, off, 0); },
                 {"OneHot", "one element type"});
}

TEST(NonZero, CoordinatesInRowMajorOrder) {
    // [[0, 3, 0], [4, 0, 5]]: non-zeros at (0, 1), (1, 0), (1, 2).
    auto op = std::make_shared<ov::op::v3::NonZero>(param(ov::element::f32, {2, 3}));
    EXPECT_EQ(op->get_output_element_type(0), ov::element::i64);
    const auto& shape = op->get_output_partial_shape(0);
    ASSERT_EQ(shape.size(), 2u);
    EXPECT_EQ(shape[0], ov::Dimension(2));
    EXPECT_TRUE(shape[1].is_dynamic());
    EXPECT_EQ(shape[1].get_max_length(), 6);
    const auto out = run(op, {f32_tensor({2, 3}, {0, 3, 0, 4, 0, -0.f})});
    EXPECT_EQ(out[0].get_shape(), (Shape{2, 2}));
    EXPECT_EQ(values<int64_t>(out[0]), (std::vector<int64_t>{0, 1, 1, 0}));

    // Random i32 data with about half zeros, i32 output.
    const Shape in{3, 4, 2};
    ov::Tensor x(ov::element::i32, in);
    std::mt19937 gen(92);
    std::uniform_int_distribution<int32_t> dist(-2, 2);
    std::vector<size_t> expected;
    for (size_t i = 0; i < x.get_size(); ++i) {
        x.data<int32_t>()[i] = dist(gen) * (i % 2);
        if (x.data<int32_t>()[i] != 0)
            expected.push_back(i);
    }
    auto op32 = std::make_shared<ov::op::v3::NonZero>(param(ov::element::i32, in), "i32");
    const auto o = run(op32, {x});
    ASSERT_EQ(o[0].get_shape(), (Shape{3, expected.size()}));
    for (size_t k = 0; k < expected.size(); ++k) {
        const auto c = unravel(expected[k], in);
        for (size_t d = 0; d < 3; ++d)
            EXPECT_EQ(static_cast<size_t>(o[0].data<int32_t>()[d * expected.size() + k]), c[d]);
    }
    // All zeros: an empty [rank, 0] output; booleans count as data too.
    ov::Tensor flags(ov::element::boolean, {4});
    for (size_t i = 0; i < 4; ++i)
        flags.data<char>()[i] = 0;
    auto opb = std::make_shared<ov::op::v3::NonZero>(param(ov::element::boolean, {4}));
    EXPECT_EQ(run(opb, {flags})[0].get_shape(), (Shape{1, 0}));
    auto dyn = std::make_shared<ov::op::v3::NonZero>(param(ov::element::f32, PartialShape::dynamic()));
    EXPECT_EQ(dyn->get_output_partial_shape(0).size(), 2u);
    expect_error([] { std::make_shared<ov::op::v3::NonZero>(param(ov::element::f32, {2}), ov::element::f32); },
                 {"NonZero", "output_type must be i64 or i32"});
}
