// SPDX-License-Identifier: Apache-2.0
// Slice-8 and Pad-1/12: Python slicing and the specification's padding examples, dynamic shapes and errors.
#include <gtest/gtest.h>

#include <limits>

#include "openvino/op/pad.hpp"
#include "openvino/op/slice.hpp"
#include "test_util.hpp"

using namespace ops_data_test;
using ov::PartialShape;
using ov::Shape;

namespace {

std::vector<float> iota(size_t n) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = static_cast<float>(i);
    return v;
}

std::vector<float> slice_1d(int64_t start, int64_t stop, int64_t step, size_t n = 10) {
    auto op = std::make_shared<ov::op::v8::Slice>(param(ov::element::f32, {static_cast<int64_t>(n)}), i64s({start}),
                                                  i64s({stop}), i64s({step}), i64s({0}));
    const auto out = run(op, {f32_tensor({n}, iota(n)), i64_tensor({1}, {start}), i64_tensor({1}, {stop}),
                              i64_tensor({1}, {step}), i64_tensor({1}, {0})});
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(out[0].get_shape()));
    return values<float>(out[0]);
}

}  // namespace

TEST(Slice, PythonSlicingOf1D) {
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
    EXPECT_EQ(slice_1d(1, 8, 1), (std::vector<float>{1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(slice_1d(1, 8, 3), (std::vector<float>{1, 4, 7}));
    EXPECT_EQ(slice_1d(-3, kMax, 1), (std::vector<float>{7, 8, 9}));
    EXPECT_EQ(slice_1d(0, 1000, 4), (std::vector<float>{0, 4, 8}));
    EXPECT_EQ(slice_1d(8, 1, -1), (std::vector<float>{8, 7, 6, 5, 4, 3, 2}));
    EXPECT_EQ(slice_1d(-1, kMin, -1), (std::vector<float>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
    EXPECT_EQ(slice_1d(kMax, -11, -3), (std::vector<float>{9, 6, 3, 0}));
    EXPECT_EQ(slice_1d(5, 2, 1), (std::vector<float>{}));
    EXPECT_EQ(slice_1d(-20, -15, 1), (std::vector<float>{}));
}

TEST(Slice, AxesInAnyOrderAgainstIndexArithmetic) {
    const Shape shape{4, 5, 6};
    const auto x = random_f32(shape, 41);
    // axes [2, 0]: axis 2 takes 5:0:-2 (5, 3, 1), axis 0 takes -3:4:2 (1, 3).
    auto op = std::make_shared<ov::op::v8::Slice>(param(ov::element::f32, shape), i64s({5, -3}), i64s({0, 4}),
                                                  i64s({-2, 2}), i64s({2, -3}));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{2, 5, 3}));
    const auto out = run(op, {x, i64_tensor({2}, {5, -3}), i64_tensor({2}, {0, 4}), i64_tensor({2}, {-2, 2}),
                              i64_tensor({2}, {2, -3})});
    ASSERT_EQ(out[0].get_shape(), (Shape{2, 5, 3}));
    const auto got = values<float>(out[0]);
    for (size_t flat = 0; flat < got.size(); ++flat) {
        const auto c = unravel(flat, {2, 5, 3});
        EXPECT_EQ(got[flat], x.data<float>()[ravel({1 + 2 * c[0], c[1], 5 - 2 * c[2]}, shape)]) << flat;
    }
    // Without axes the entries apply to the leading axes; i32 data moves by bytes.
    auto lead = std::make_shared<ov::op::v8::Slice>(param(ov::element::i32, shape), i64s({1}), i64s({3}), i64s({1}));
    EXPECT_EQ(lead->get_output_partial_shape(0), (PartialShape{2, 5, 6}));
    const auto xi = random_i32(shape, 42);
    const auto outi = run(lead, {xi, i64_tensor({1}, {1}), i64_tensor({1}, {3}), i64_tensor({1}, {1})});
    EXPECT_EQ(outi[0].data<int32_t>()[0], xi.data<int32_t>()[30]);
}

TEST(Slice, DynamicShapes) {
    auto dyn = std::make_shared<ov::op::v8::Slice>(param(ov::element::f32, {-1, 8}), i64s({0, 2}), i64s({3, 8}),
                                                   i64s({1, 3}));
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, 2}));
    // Unknown start with known axes: only those axes change.
    auto partial = std::make_shared<ov::op::v8::Slice>(param(ov::element::f32, {4, 8, 3}), param(ov::element::i64, {1}),
                                                       i64s({3}), i64s({1}), i64s({1}));
    EXPECT_EQ(partial->get_output_partial_shape(0), (PartialShape{4, -1, 3}));
    // Unknown values, no axes: the leading start.size() axes.
    auto lead = std::make_shared<ov::op::v8::Slice>(param(ov::element::f32, {4, 8, 3}), param(ov::element::i64, {2}),
                                                    param(ov::element::i64, {2}), param(ov::element::i64, {2}));
    EXPECT_EQ(lead->get_output_partial_shape(0), (PartialShape{-1, -1, 3}));
}

TEST(Slice, BadInputsNameTheOp) {
    auto data = param(ov::element::f32, {4, 5});
    expect_error([&] { std::make_shared<ov::op::v8::Slice>(data, i64s({0}), i64s({2}), i64s({0})); },
                 {"Slice", "step entry 0 is 0"});
    expect_error([&] { std::make_shared<ov::op::v8::Slice>(data, i64s({0, 0}), i64s({2, 2}), i64s({1, 1}), i64s({1, -1})); },
                 {"Slice", "axes names axis 1 twice"});
    expect_error([&] { std::make_shared<ov::op::v8::Slice>(data, i64s({0}), i64s({2}), i64s({1}), i64s({2})); },
                 {"Slice", "axes entry 2 is out of range"});
    expect_error([&] { std::make_shared<ov::op::v8::Slice>(data, i64s({0, 1}), i64s({2}), i64s({1})); },
                 {"Slice", "equal lengths"});
    auto runtime = std::make_shared<ov::op::v8::Slice>(data, i64s({0}), i64s({2}), param(ov::element::i64, {1}));
    expect_error([&] { run(runtime, {random_f32({4, 5}, 1), i64_tensor({1}, {0}), i64_tensor({1}, {2}), i64_tensor({1}, {0})}); },
                 {"Slice", "step entry 0 is 0"});
}

// ---- Pad ----

namespace {

// The specification's example: data [[1..4], [5..8], [9..12]], pads_begin [0, 1], pads_end [2, 3].
std::vector<float> pad_spec_example(ov::op::PadMode mode, bool v12 = false) {
    const std::vector<float> data{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    std::shared_ptr<ov::Node> op;
    auto x = param(ov::element::f32, {3, 4});
    if (v12)
        op = std::make_shared<ov::op::v12::Pad>(x, i64s({0, 1}), i64s({2, 3}), mode);
    else
        op = std::make_shared<ov::op::v1::Pad>(x, i64s({0, 1}), i64s({2, 3}), mode);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{5, 8}));
    return values<float>(run(op, {f32_tensor({3, 4}, data), i64_tensor({2}, {0, 1}), i64_tensor({2}, {2, 3})})[0]);
}

}  // namespace

TEST(Pad, SpecExamples) {
    using ov::op::PadMode;
    EXPECT_EQ(pad_spec_example(PadMode::CONSTANT), (std::vector<float>{0, 1, 2,  3,  4,  0, 0, 0,  //
                                                                      0, 5, 6,  7,  8,  0, 0, 0,  //
                                                                      0, 9, 10, 11, 12, 0, 0, 0,  //
                                                                      0, 0, 0,  0,  0,  0, 0, 0,  //
                                                                      0, 0, 0,  0,  0,  0, 0, 0}));
    EXPECT_EQ(pad_spec_example(PadMode::EDGE), (std::vector<float>{1, 1, 2,  3,  4,  4,  4,  4,   //
                                                                  5, 5, 6,  7,  8,  8,  8,  8,   //
                                                                  9, 9, 10, 11, 12, 12, 12, 12,  //
                                                                  9, 9, 10, 11, 12, 12, 12, 12,  //
                                                                  9, 9, 10, 11, 12, 12, 12, 12}));
    EXPECT_EQ(pad_spec_example(PadMode::REFLECT), (std::vector<float>{2,  1, 2,  3,  4,  3,  2,  1,  //
                                                                     6,  5, 6,  7,  8,  7,  6,  5,  //
                                                                     10, 9, 10, 11, 12, 11, 10, 9,  //
                                                                     6,  5, 6,  7,  8,  7,  6,  5,  //
                                                                     2,  1, 2,  3,  4,  3,  2,  1}));
    EXPECT_EQ(pad_spec_example(PadMode::SYMMETRIC), (std::vector<float>{1, 1, 2,  3,  4,  4,  3,  2,   //
                                                                       5, 5, 6,  7,  8,  8,  7,  6,   //
                                                                       9, 9, 10, 11, 12, 12, 11, 10,  //
                                                                       9, 9, 10, 11, 12, 12, 11, 10,  //
                                                                       5, 5, 6,  7,  8,  8,  7,  6}));
    EXPECT_EQ(pad_spec_example(PadMode::SYMMETRIC, true), pad_spec_example(PadMode::SYMMETRIC));
}

TEST(Pad, PadValueAndTypes) {
    // i32 with pad_value -7, and f16 by bytes.
    auto op = std::make_shared<ov::op::v1::Pad>(param(ov::element::i32, {2}), i64s({1}), i64s({2}),
                                                std::make_shared<ov::op::v0::Constant>(ov::element::i32, Shape{},
                                                                                       std::vector<int32_t>{-7}),
                                                ov::op::PadMode::CONSTANT);
    const auto out = run(op, {tensor<int32_t>(ov::element::i32, {2}, {4, 5}), i64_tensor({1}, {1}),
                              i64_tensor({1}, {2}), tensor<int32_t>(ov::element::i32, {}, {-7})});
    EXPECT_EQ(values<int32_t>(out[0]), (std::vector<int32_t>{-7, 4, 5, -7, -7}));

    ov::Tensor h(ov::element::f16, {3});
    for (size_t i = 0; i < 3; ++i)
        h.data<ov::float16>()[i] = ov::float16(1.5f + static_cast<float>(i));
    auto reflect = std::make_shared<ov::op::v1::Pad>(param(ov::element::f16, {3}), i64s({2}), i64s({1}),
                                                     ov::op::PadMode::REFLECT);
    const auto r = run(reflect, {h, i64_tensor({1}, {2}), i64_tensor({1}, {1})});
    std::vector<float> got;
    for (auto v : values<ov::float16>(r[0]))
        got.push_back(static_cast<float>(v));
    EXPECT_EQ(got, (std::vector<float>{3.5f, 2.5f, 1.5f, 2.5f, 3.5f, 2.5f}));
}

TEST(Pad, V12NegativePadsCrop) {
    // [1..6] with pads_begin -2, pads_end 1 (constant 0): drop two, add one: [3, 4, 5, 6, 0].
    auto op = std::make_shared<ov::op::v12::Pad>(param(ov::element::f32, {6}), i64s({-2}), i64s({1}),
                                                 ov::op::PadMode::CONSTANT);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{5}));
    EXPECT_EQ(values<float>(run(op, {f32_tensor({6}, {1, 2, 3, 4, 5, 6}), i64_tensor({1}, {-2}),
                                     i64_tensor({1}, {1})})[0]),
              (std::vector<float>{3, 4, 5, 6, 0}));
    // Both sides negative on a 2-D random tensor, against index arithmetic.
    const Shape shape{5, 6};
    const auto x = random_f32(shape, 51);
    auto crop = std::make_shared<ov::op::v12::Pad>(param(ov::element::f32, shape), i64s({-1, 2}), i64s({-2, -3}),
                                                   ov::op::PadMode::EDGE);
    EXPECT_EQ(crop->get_output_partial_shape(0), (PartialShape{2, 5}));
    const auto out = run(crop, {x, i64_tensor({2}, {-1, 2}), i64_tensor({2}, {-2, -3})});
    const auto got = values<float>(out[0]);
    for (size_t flat = 0; flat < got.size(); ++flat) {
        const auto c = unravel(flat, {2, 5});
        const size_t col = c[1] < 2 ? 0 : c[1] - 2;  // edge on the left, then the data
        EXPECT_EQ(got[flat], x.data<float>()[ravel({c[0] + 1, col}, shape)]) << flat;
    }
}

TEST(Pad, DynamicShapes) {
    auto op = std::make_shared<ov::op::v1::Pad>(param(ov::element::f32, {-1, 3}), i64s({1, 1}), i64s({0, 2}),
                                                ov::op::PadMode::EDGE);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 6}));
    auto unknown = std::make_shared<ov::op::v1::Pad>(param(ov::element::f32, {4, 3}), param(ov::element::i64, {2}),
                                                     i64s({0, 2}), ov::op::PadMode::CONSTANT);
    EXPECT_EQ(unknown->get_output_partial_shape(0), (PartialShape{-1, -1}));
}

TEST(Pad, BadInputsNameTheOp) {
    using ov::op::PadMode;
    auto x = param(ov::element::f32, {3, 4});
    expect_error([&] { std::make_shared<ov::op::v1::Pad>(x, i64s({0, -1}), i64s({0, 0}), PadMode::CONSTANT); },
                 {"Pad", "negative pads need Pad-12"});
    expect_error([&] { std::make_shared<ov::op::v1::Pad>(x, i64s({0, 4}), i64s({0, 0}), PadMode::REFLECT); },
                 {"Pad", "reflect pads of axis 1", "must not exceed 3"});
    expect_error([&] { std::make_shared<ov::op::v1::Pad>(x, i64s({0, 5}), i64s({0, 0}), PadMode::SYMMETRIC); },
                 {"Pad", "symmetric", "must not exceed 4"});
    expect_error([&] { std::make_shared<ov::op::v12::Pad>(x, i64s({-2, 0}), i64s({-2, 0}), PadMode::CONSTANT); },
                 {"Pad", "remove more than its extent"});
    expect_error([&] { std::make_shared<ov::op::v1::Pad>(x, i64s({0}), i64s({0, 0}), PadMode::CONSTANT); },
                 {"Pad", "pads_begin has 1 entries", "rank 2"});
    auto runtime = std::make_shared<ov::op::v1::Pad>(x, param(ov::element::i64, {2}), i64s({0, 0}), PadMode::CONSTANT);
    expect_error([&] { run(runtime, {random_f32({3, 4}, 3), i64_tensor({2}, {-1, 0}), i64_tensor({2}, {0, 0})}); },
                 {"Pad", "negative pads"});
}
