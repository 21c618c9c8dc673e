// SPDX-License-Identifier: Apache-2.0
// VariadicSplit, Tile and Range: values from the specification's examples or independent index arithmetic,
// shape inference with dynamic dimensions and known_value inputs, and errors naming the op.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "openvino/op/range.hpp"
#include "openvino/op/shape_of.hpp"
#include "openvino/op/tile.hpp"
#include "openvino/op/variadic_split.hpp"
#include "test_util.hpp"

using namespace ops_data_test;
using ov::PartialShape;
using ov::Shape;

// ---- VariadicSplit ----

TEST(VariadicSplit, SplitsAlongAxisWithInferredLength) {
    // Spec example shape: [6, 12, 10, 24] split along axis 0 by [1, 2, 3] gives [1,...], [2,...], [3,...].
    auto split = std::make_shared<ov::op::v1::VariadicSplit>(param(ov::element::f32, {6, 12, 10, 24}), i64_scalar(0),
                                                             i64s({1, 2, 3}));
    ASSERT_EQ(split->get_output_size(), 3u);
    EXPECT_EQ(split->get_output_partial_shape(0), (PartialShape{1, 12, 10, 24}));
    EXPECT_EQ(split->get_output_partial_shape(2), (PartialShape{3, 12, 10, 24}));

    // Axis 1 of [2, 5, 3] into [2, -1, 0, 1]: the -1 stands for 2.
    const Shape shape{2, 5, 3};
    auto s = std::make_shared<ov::op::v1::VariadicSplit>(param(ov::element::f32, shape), i64_scalar(-2),
                                                         i64s({2, -1, 0, 1}));
    ASSERT_EQ(s->get_output_size(), 4u);
    EXPECT_EQ(s->get_output_partial_shape(1), (PartialShape{2, 2, 3}));
    EXPECT_EQ(s->get_output_partial_shape(2), (PartialShape{2, 0, 3}));
    const auto data = random_f32(shape, 11);
    const auto outs = run(s, {data, i64_tensor({}, {-2}), i64_tensor({4}, {2, -1, 0, 1})});
    ASSERT_EQ(outs.size(), 4u);
    const int64_t starts[] = {0, 2, 4, 4};
    const size_t lengths[] = {2, 2, 0, 1};
    for (size_t p = 0; p < 4; ++p) {
        ASSERT_EQ(outs[p].get_shape(), (Shape{2, lengths[p], 3}));
        const auto got = values<float>(outs[p]);
        for (size_t flat = 0; flat < got.size(); ++flat) {
            auto c = unravel(flat, {2, lengths[p], 3});
            c[1] += static_cast<size_t>(starts[p]);
            EXPECT_EQ(got[flat], data.data<float>()[ravel(c, shape)]) << p << " " << flat;
        }
    }
}

TEST(VariadicSplit, MovesAnyElementTypeByBytes) {
    const Shape shape{3, 4};
    ov::Tensor data(ov::element::f16, shape);
    for (size_t i = 0; i < data.get_size(); ++i)
        data.data<ov::float16>()[i] = ov::float16(static_cast<float>(i) * 0.5f);
    auto s = std::make_shared<ov::op::v1::VariadicSplit>(param(ov::element::f16, shape), i64_scalar(1), i64s({3, 1}));
    const auto outs = run(s, {data, i64_tensor({}, {1}), i64_tensor({2}, {3, 1})});
    ASSERT_EQ(outs[1].get_shape(), (Shape{3, 1}));
    EXPECT_EQ(static_cast<float>(outs[1].data<ov::float16>()[2]), 5.5f);  // element (2, 3) = 11 * 0.5
    EXPECT_EQ(static_cast<float>(outs[0].data<ov::float16>()[4]), 2.5f);  // input element (1, 1) = 5 * 0.5
}

TEST(VariadicSplit, DynamicShapes) {
    // Dynamic split axis extent: fixed lengths stay, the -1 entry is dynamic.
    auto s = std::make_shared<ov::op::v1::VariadicSplit>(param(ov::element::f32, {4, -1}), i64_scalar(1),
                                                         i64s({2, -1}));
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{4, 2}));
    EXPECT_EQ(s->get_output_partial_shape(1), (PartialShape{4, -1}));
    // Unknown lengths: the other axes stay.
    auto lengths = param(ov::element::i64, {3});
    auto t = std::make_shared<ov::op::v1::VariadicSplit>(param(ov::element::f32, {4, 9}), i64_scalar(1), lengths);
    ASSERT_EQ(t->get_output_size(), 3u);
    EXPECT_EQ(t->get_output_partial_shape(2), (PartialShape{4, -1}));
    // Unknown axis: only the rank.
    auto u = std::make_shared<ov::op::v1::VariadicSplit>(param(ov::element::f32, {4, 9}),
                                                         param(ov::element::i64, {}), i64s({1, 8}));
    EXPECT_EQ(u->get_output_partial_shape(0), (PartialShape{-1, -1}));
}

TEST(VariadicSplit, BadInputsNameTheOp) {
    auto data = param(ov::element::f32, {4, 6});
    expect_error([&] { std::make_shared<ov::op::v1::VariadicSplit>(data, i64_scalar(1), i64s({2, 2})); },
                 {"VariadicSplit", "add up to 4", "extent 6"});
    expect_error([&] { std::make_shared<ov::op::v1::VariadicSplit>(data, i64_scalar(1), i64s({-1, -1, 2})); },
                 {"VariadicSplit", "-1 only once"});
    expect_error([&] { std::make_shared<ov::op::v1::VariadicSplit>(data, i64_scalar(2), i64s({2, 4})); },
                 {"VariadicSplit", "axis 2 is out of range"});
    expect_error([&] { std::make_shared<ov::op::v1::VariadicSplit>(data, i64_scalar(1), i64s({-3, 9})); },
                 {"VariadicSplit", "non-negative"});
    // At run time too.
    auto dynamic = std::make_shared<ov::op::v1::VariadicSplit>(param(ov::element::f32, {4, -1}), i64_scalar(1),
                                                               param(ov::element::i64, {2}));
    expect_error([&] { run(dynamic, {random_f32({4, 6}, 1), i64_tensor({}, {1}), i64_tensor({2}, {1, 1})}); },
                 {"VariadicSplit", "add up to 2"});
}

// ---- Tile ----

TEST(Tile, RepeatsEachAxis) {
    // [[1, 2, 3], [4, 5, 6]] tiled by [2, 2].
    auto tile = std::make_shared<ov::op::v0::Tile>(param(ov::element::f32, {2, 3}), i64s({2, 2}));
    EXPECT_EQ(tile->get_output_partial_shape(0), (PartialShape{4, 6}));
    const auto out = run(tile, {f32_tensor({2, 3}, {1, 2, 3, 4, 5, 6}), i64_tensor({2}, {2, 2})});
    EXPECT_EQ(values<float>(out[0]), (std::vector<float>{1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6,  //
                                                         1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6}));
}

TEST(Tile, RanksOfDataAndRepeatsDiffer) {
    // Spec examples: [2, 3, 4] by [2, 1, 2] -> [4, 3, 8]; [2, 3, 4] by [1, 2] -> [2, 3, 8];
    // [2, 3, 4] by [1, 2, 3, 4] -> [1, 4, 9, 16].
    auto data = param(ov::element::f32, {2, 3, 4});
    EXPECT_EQ(std::make_shared<ov::op::v0::Tile>(data, i64s({2, 1, 2}))->get_output_partial_shape(0),
              (PartialShape{4, 3, 8}));
    EXPECT_EQ(std::make_shared<ov::op::v0::Tile>(data, i64s({1, 2}))->get_output_partial_shape(0),
              (PartialShape{2, 3, 8}));
    EXPECT_EQ(std::make_shared<ov::op::v0::Tile>(data, i64s({1, 2, 3, 4}))->get_output_partial_shape(0),
              (PartialShape{1, 4, 9, 16}));

    const Shape in{2, 3, 4};
    const auto x = random_i32(in, 21);
    auto tile = std::make_shared<ov::op::v0::Tile>(param(ov::element::i32, in), i64s({1, 2, 3, 4}));
    const auto out = run(tile, {x, i64_tensor({4}, {1, 2, 3, 4})});
    ASSERT_EQ(out[0].get_shape(), (Shape{1, 4, 9, 16}));
    const auto got = values<int32_t>(out[0]);
    for (size_t flat = 0; flat < got.size(); ++flat) {
        const auto c = unravel(flat, {1, 4, 9, 16});
        EXPECT_EQ(got[flat], x.data<int32_t>()[ravel({c[1] % 2, c[2] % 3, c[3] % 4}, in)]);
    }
}

TEST(Tile, DynamicAndKnownValueShapes) {
    auto tile = std::make_shared<ov::op::v0::Tile>(param(ov::element::f32, {-1, 3}), i64s({2, 2}));
    EXPECT_EQ(tile->get_output_partial_shape(0), (PartialShape{-1, 6}));
    auto unknown = std::make_shared<ov::op::v0::Tile>(param(ov::element::f32, {5, 3}), param(ov::element::i64, {3}));
    EXPECT_EQ(unknown->get_output_partial_shape(0), (PartialShape{-1, -1, -1}));
    // Repeats computed from a static ShapeOf are known before run time.
    auto of = std::make_shared<ov::op::v3::ShapeOf>(param(ov::element::f32, {2, 1}));
    auto known = std::make_shared<ov::op::v0::Tile>(param(ov::element::f32, {3, 3}), of);
    EXPECT_EQ(known->get_output_partial_shape(0), (PartialShape{6, 3}));
    // Zero repeats give an empty axis.
    auto zero = std::make_shared<ov::op::v0::Tile>(param(ov::element::f32, {3, 3}), i64s({0, 1}));
    EXPECT_EQ(zero->get_output_partial_shape(0), (PartialShape{0, 3}));
}

TEST(Tile, NegativeRepeatsNameTheOp) {
    expect_error([] { std::make_shared<ov::op::v0::Tile>(param(ov::element::f32, {2, 3}), i64s({1, -2})); },
                 {"Tile", "repeats entry 1 is -2"});
    auto tile = std::make_shared<ov::op::v0::Tile>(param(ov::element::f32, {2, 3}), param(ov::element::i64, {2}));
    expect_error([&] { run(tile, {random_f32({2, 3}, 2), i64_tensor({2}, {-1, 1})}); }, {"Tile", "non-negative"});
}

// ---- Range ----

TEST(Range, SpecExamplesV4) {
    // Spec examples: (1, 10, 3) -> [1, 4, 7]; (10, 1, -3) -> [10, 7, 4]; (2, 5, 0.5) -> [2, 2.5, ..., 4.5].
    auto make = [](double a, double b, double c, ov::element::Type in, ov::element::Type out) {
        auto k = [&](double v) { return std::make_shared<ov::op::v0::Constant>(in, Shape{}, std::vector<double>{v}); };
        return std::make_shared<ov::op::v4::Range>(k(a), k(b), k(c), out);
    };
    auto r1 = make(1, 10, 3, ov::element::i32, ov::element::i64);
    EXPECT_EQ(r1->get_output_partial_shape(0), (PartialShape{3}));
    EXPECT_EQ(r1->get_output_element_type(0), ov::element::i64);
    EXPECT_EQ(values<int64_t>(run(r1, {tensor<int32_t>(ov::element::i32, {}, {1}),
                                       tensor<int32_t>(ov::element::i32, {}, {10}),
                                       tensor<int32_t>(ov::element::i32, {}, {3})})[0]),
              (std::vector<int64_t>{1, 4, 7}));
    auto r2 = make(10, 1, -3, ov::element::i64, ov::element::i32);
    EXPECT_EQ(values<int32_t>(run(r2, {i64_tensor({}, {10}), i64_tensor({}, {1}), i64_tensor({}, {-3})})[0]),
              (std::vector<int32_t>{10, 7, 4}));
    auto r3 = make(2, 5, 0.5, ov::element::f32, ov::element::f32);
    EXPECT_EQ(r3->get_output_partial_shape(0), (PartialShape{6}));
    EXPECT_EQ(values<float>(run(r3, {f32_tensor({}, {2}), f32_tensor({}, {5}), f32_tensor({}, {0.5f})})[0]),
              (std::vector<float>{2, 2.5f, 3, 3.5f, 4, 4.5f}));
    // An empty range: stop before start with a positive step.
    auto r4 = make(5, 1, 1, ov::element::f32, ov::element::f16);
    EXPECT_EQ(r4->get_output_partial_shape(0), (PartialShape{0}));
}

TEST(Range, V4TruncatesForIntegerOutput) {
    // f32 inputs, i32 output: start 1.7 -> 1, stop 7.9 -> 7, step 2.2 -> 2: [1, 3, 5].
    auto k = [](float v) { return std::make_shared<ov::op::v0::Constant>(ov::element::f32, Shape{}, std::vector<float>{v}); };
    auto r = std::make_shared<ov::op::v4::Range>(k(1.7f), k(7.9f), k(2.2f), ov::element::i32);
    EXPECT_EQ(r->get_output_partial_shape(0), (PartialShape{3}));
    EXPECT_EQ(values<int32_t>(run(r, {f32_tensor({}, {1.7f}), f32_tensor({}, {7.9f}), f32_tensor({}, {2.2f})})[0]),
              (std::vector<int32_t>{1, 3, 5}));
    // f16 output of seeded random bounds: element i is start + i * step in double, rounded once.
    std::mt19937 gen(7);
    std::uniform_real_distribution<float> dist(-20.f, 20.f);
    const float start = dist(gen), step = 0.37f;
    const float stop = start + 9.f;
    auto p = std::make_shared<ov::op::v4::Range>(param(ov::element::f32, {}), param(ov::element::f32, {}),
                                                 param(ov::element::f32, {}), ov::element::f16);
    EXPECT_EQ(p->get_output_partial_shape(0), (PartialShape{-1}));
    const auto out = run(p, {f32_tensor({}, {start}), f32_tensor({}, {stop}), f32_tensor({}, {step})});
    const auto n = static_cast<size_t>(std::ceil((static_cast<double>(stop) - start) / static_cast<double>(step)));
    ASSERT_EQ(out[0].get_size(), n);
    for (size_t i = 0; i < n; ++i)
        EXPECT_NEAR(static_cast<float>(out[0].data<ov::float16>()[i]), start + static_cast<double>(i) * step,
                    2e-2);  // f16 keeps about 3 decimal digits of |values| <= 30
}

TEST(Range, V0UsesTheInputType) {
    auto r = std::make_shared<ov::op::v0::Range>(i64_scalar(-4), i64_scalar(4), i64_scalar(3));
    EXPECT_EQ(r->get_output_element_type(0), ov::element::i64);
    EXPECT_EQ(r->get_output_partial_shape(0), (PartialShape{3}));
    EXPECT_EQ(values<int64_t>(run(r, {i64_tensor({}, {-4}), i64_tensor({}, {4}), i64_tensor({}, {3})})[0]),
              (std::vector<int64_t>{-4, -1, 2}));
    auto f = std::make_shared<ov::op::v0::Range>(param(ov::element::f32, {}), param(ov::element::f32, {}),
                                                 param(ov::element::f32, {}));
    EXPECT_EQ(values<float>(run(f, {f32_tensor({}, {1}), f32_tensor({}, {0}), f32_tensor({}, {-0.25f})})[0]),
              (std::vector<float>{1, 0.75f, 0.5f, 0.25f}));
}

TEST(Range, KnownValueGivesStaticLength) {
    // stop = ShapeOf(x)[...] of a static shape: a Constant-like known value.
    auto of = std::make_shared<ov::op::v3::ShapeOf>(param(ov::element::f32, {7}));
    auto r = std::make_shared<ov::op::v4::Range>(i64s({0}), of, i64s({2}), ov::element::i64);
    EXPECT_EQ(r->get_output_partial_shape(0), (PartialShape{4}));
}

TEST(Range, BadInputsNameTheOp) {
    expect_error([] { std::make_shared<ov::op::v4::Range>(i64_scalar(0), i64_scalar(5), i64_scalar(0), ov::element::i64); },
                 {"Range", "step is 0"});
    // 0.5 truncates to 0 for an integer output.
    auto half = std::make_shared<ov::op::v0::Constant>(ov::element::f32, Shape{}, std::vector<float>{0.5f});
    expect_error([&] { std::make_shared<ov::op::v4::Range>(i64_scalar(0), i64_scalar(5), half, ov::element::i32); },
                 {"Range", "step is 0"});
    expect_error([] { std::make_shared<ov::op::v0::Range>(i64_scalar(0), i32s({5}), i64_scalar(1)); },
                 {"Range", "one element type"});
    expect_error([] { std::make_shared<ov::op::v4::Range>(i64s({0, 1}), i64_scalar(5), i64_scalar(1), ov::element::i64); },
                 {"Range", "start input must be a scalar"});
    auto p = std::make_shared<ov::op::v4::Range>(param(ov::element::i64, {}), param(ov::element::i64, {}),
                                                 param(ov::element::i64, {}), ov::element::i64);
    expect_error([&] { run(p, {i64_tensor({}, {0}), i64_tensor({}, {3}), i64_tensor({}, {0})}); }, {"Range", "step is 0"});
}
