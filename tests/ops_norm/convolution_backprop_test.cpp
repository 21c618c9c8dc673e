// SPDX-License-Identifier: Apache-2.0
// ConvolutionBackpropData-1 and GroupConvolutionBackpropData-1: output shapes (paddings, output_padding,
// output_shape, auto_pad), hand-worked values, evaluate() against a scatter loop written here from the
// definition, dynamic dimensions, errors and IR attributes.
#include <gtest/gtest.h>

#include <random>

#include "norm_test_util.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"

using namespace normtest;
using ov::CoordinateDiff;
using ov::PartialShape;
using ov::Shape;
using ov::Strides;
using ov::op::PadType;
using ov::op::v1::ConvolutionBackpropData;
using ov::op::v1::GroupConvolutionBackpropData;

namespace {

struct Case {
    std::vector<size_t> data, filters;
    bool grouped;
    std::vector<size_t> strides, dilations;
    std::vector<int64_t> pads_begin, pads_end, output_padding;
};

// Builds the op with parameters, checks the inferred shape against `expected_shape`, evaluates it on seeded
// random values and compares with the scatter loop.
void check_against_scatter(const Case& c, const std::vector<size_t>& expected_shape,
                           ov::element::Type type = ov::element::f32, uint32_t seed = 7) {
    std::mt19937 rng(seed);
    const auto x = as_stored(type, Shape(c.data), random_values(volume(c.data), rng));
    const auto w = as_stored(type, Shape(c.filters), random_values(volume(c.filters), rng));
    auto data = param(type, Shape(c.data));
    auto filters = param(type, Shape(c.filters));
    const Strides strides(c.strides.begin(), c.strides.end()), dilations(c.dilations.begin(), c.dilations.end());
    const CoordinateDiff pb(c.pads_begin.begin(), c.pads_begin.end()), pe(c.pads_end.begin(), c.pads_end.end()),
        op_pad(c.output_padding.begin(), c.output_padding.end());
    std::shared_ptr<ov::Node> op;
    if (c.grouped)
        op = std::make_shared<GroupConvolutionBackpropData>(data, filters, strides, pb, pe, dilations,
                                                            PadType::EXPLICIT, op_pad);
    else
        op = std::make_shared<ConvolutionBackpropData>(data, filters, strides, pb, pe, dilations, PadType::EXPLICIT,
                                                       op_pad);
    ASSERT_EQ(op->get_output_partial_shape(0), PartialShape(Shape(expected_shape)));
    const auto out = run(op, {make_tensor(type, Shape(c.data), x), make_tensor(type, Shape(c.filters), w)});
    ASSERT_EQ(out[0].get_shape(), Shape(expected_shape));
    const auto expected =
        scatter_backprop(x, c.data, w, c.filters, c.grouped, c.strides, c.dilations, c.pads_begin, expected_shape);
    if (type == ov::element::f16)
        expect_close(read_tensor(out[0]), expected, 2e-3, 1e-2);  // output rounded to half precision
    else
        expect_close(read_tensor(out[0]), expected, 1e-5, 1e-5);
}

}  // namespace

TEST(ConvolutionBackpropData, HandWorked1D) {
    // data [1, 2], filter [1, 10]: with stride 2 the two copies of the filter do not overlap, with stride 1
    // they overlap at position 1 (10 + 2).
    auto data = param(ov::element::f32, Shape{1, 1, 2});
    auto filters = ov::op::v0::Constant::create(ov::element::f32, Shape{1, 1, 2}, {1.0f, 10.0f});
    const ov::Tensor x = make_tensor(ov::element::f32, Shape{1, 1, 2}, {1, 2});
    auto s2 = std::make_shared<ConvolutionBackpropData>(data, filters, Strides{2}, CoordinateDiff{0},
                                                        CoordinateDiff{0}, Strides{1});
    const ov::Tensor w = make_tensor(ov::element::f32, Shape{1, 1, 2}, {1, 10});
    EXPECT_EQ(read_tensor(run(s2, {x, w})[0]), (std::vector<double>{1, 10, 2, 20}));
    auto s1 = std::make_shared<ConvolutionBackpropData>(data, filters, Strides{1}, CoordinateDiff{0},
                                                        CoordinateDiff{0}, Strides{1});
    EXPECT_EQ(read_tensor(run(s1, {x, w})[0]), (std::vector<double>{1, 12, 20}));
    // pads_begin crops the first output, output_padding adds a zero at the end.
    auto cropped = std::make_shared<ConvolutionBackpropData>(data, filters, Strides{2}, CoordinateDiff{1},
                                                             CoordinateDiff{0}, Strides{1}, PadType::EXPLICIT,
                                                             CoordinateDiff{1});
    EXPECT_EQ(read_tensor(run(cropped, {x, w})[0]), (std::vector<double>{10, 2, 20, 0}));
}

TEST(ConvolutionBackpropData, ShapeFormulaAndValues2D) {
    // Y = s * (X - 1) + (K - 1) * d + 1 - pb - pe + output_padding: H 2*4 + 2 + 1 - 1 - 0 + 1 = 11,
    // W 1*5 + 4 + 1 - 0 - 1 + 0 = 9.
    check_against_scatter({{1, 2, 5, 6}, {2, 3, 3, 3}, false, {2, 1}, {1, 2}, {1, 0}, {0, 1}, {1, 0}},
                          {1, 3, 11, 9});
}

TEST(ConvolutionBackpropData, ValuesOneAndThreeSpatialAxes) {
    check_against_scatter({{2, 3, 7}, {3, 2, 4}, false, {3}, {1}, {2}, {1}, {2}}, {2, 2, 3 * 6 + 4 - 3 + 2});
    check_against_scatter({{1, 2, 3, 4, 2}, {2, 2, 2, 3, 2}, false, {2, 1, 2}, {1, 2, 1}, {0, 1, 0}, {1, 0, 0},
                           {0, 0, 1}},
                          {1, 2, 4 + 2 - 1, 3 + 5 - 1, 2 + 2 + 1});
}

TEST(ConvolutionBackpropData, StrideEqualToKernelAsInTheSuperResolutionModel) {
    check_against_scatter({{1, 4, 6, 5}, {4, 2, 3, 3}, false, {3, 3}, {1, 1}, {0, 0}, {0, 0}, {0, 0}},
                          {1, 2, 18, 15});
}

TEST(ConvolutionBackpropData, HalfPrecision) {
    check_against_scatter({{1, 3, 4, 4}, {3, 2, 3, 3}, false, {2, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
                          {1, 2, 8, 8}, ov::element::f16);
}

TEST(GroupConvolutionBackpropData, ValuesAgainstScatterLoop) {
    // 2 groups of 2 input and 3 output channels: output channels 6.
    check_against_scatter({{2, 4, 3, 3}, {2, 2, 3, 2, 2}, true, {2, 2}, {1, 1}, {0, 1}, {0, 0}, {1, 0}},
                          {2, 6, 2 * 2 + 2 - 0 + 1, 2 * 2 + 2 - 1});
    check_against_scatter({{1, 6, 5}, {3, 2, 1, 3}, true, {1}, {2}, {1}, {1}, {0}}, {1, 3, 4 + 5 - 2});
    check_against_scatter({{1, 4, 3, 3}, {2, 2, 2, 2, 2}, true, {2, 2}, {1, 1}, {0, 0}, {0, 0}, {0, 0}},
                          {1, 4, 6, 6}, ov::element::f16);
}

TEST(ConvolutionBackpropData, OutputShapeInputWithExplicitPads) {
    // The given output sizes win; pads_begin still shifts the scatter.
    std::mt19937 rng(11);
    const Shape ds{1, 2, 4, 4}, fs{2, 1, 3, 3};
    const auto x = random_values(shape_size(ds), rng), w = random_values(shape_size(fs), rng);
    auto op = std::make_shared<ConvolutionBackpropData>(param(ov::element::f32, ds), param(ov::element::f32, fs),
                                                        i64s({8, 9}), Strides{2, 2}, CoordinateDiff{1, 1},
                                                        CoordinateDiff{1, 1}, Strides{1, 1});
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 8, 9}));
    EXPECT_EQ(op->get_output_shape(), PartialShape({8, 9}));
    const auto out = run(op, {make_tensor(ov::element::f32, ds, x), make_tensor(ov::element::f32, fs, w),
                              int_tensor(ov::element::i64, Shape{2}, {8, 9})});
    expect_close(read_tensor(out[0]), scatter_backprop(x, ds, w, fs, false, {2, 2}, {1, 1}, {1, 1}, {1, 1, 8, 9}),
                 1e-5, 1e-5);
}

TEST(ConvolutionBackpropData, SameUpperAndLowerWithOutputShapeSplitTheCrop) {
    // X = 3, K = 3, s = 2, output 6: the full output is 2 * 2 + 3 = 7, one too many. SAME_UPPER crops it at the
    // beginning (pads_begin 1), SAME_LOWER at the end (pads_end 1).
    std::mt19937 rng(12);
    const Shape ds{1, 1, 3, 3}, fs{1, 1, 3, 3};
    const auto x = random_values(shape_size(ds), rng), w = random_values(shape_size(fs), rng);
    for (auto pad : {PadType::SAME_UPPER, PadType::SAME_LOWER}) {
        auto op = std::make_shared<ConvolutionBackpropData>(
            param(ov::element::f32, ds), param(ov::element::f32, fs), i64s({6, 6}), Strides{2, 2},
            CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1}, pad);
        const int64_t begin = pad == PadType::SAME_UPPER ? 1 : 0;
        EXPECT_EQ(op->get_pads_begin(), CoordinateDiff({begin, begin}));
        EXPECT_EQ(op->get_pads_end(), CoordinateDiff({1 - begin, 1 - begin}));
        EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 6, 6}));
        const auto out = run(op, {make_tensor(ov::element::f32, ds, x), make_tensor(ov::element::f32, fs, w),
                                  int_tensor(ov::element::i32, Shape{2}, {6, 6})});
        expect_close(read_tensor(out[0]),
                     scatter_backprop(x, ds, w, fs, false, {2, 2}, {1, 1}, {begin, begin}, {1, 1, 6, 6}), 1e-5,
                     1e-5);
    }
}

TEST(ConvolutionBackpropData, AutoPadWithoutOutputShapeMeansNoPadding) {
    for (auto pad : {PadType::SAME_UPPER, PadType::SAME_LOWER, PadType::VALID}) {
        auto op = std::make_shared<ConvolutionBackpropData>(
            param(ov::element::f32, Shape{1, 2, 4, 4}), param(ov::element::f32, Shape{2, 3, 3, 3}), Strides{2, 2},
            CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1}, pad);
        EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 3, 9, 9}));
        EXPECT_EQ(op->get_pads_begin(), CoordinateDiff({0, 0}));
    }
}

TEST(ConvolutionBackpropData, DynamicDimensions) {
    auto op = std::make_shared<ConvolutionBackpropData>(
        param(ov::element::f32, PartialShape{-1, 2, -1, 5}), param(ov::element::f32, Shape{2, 3, 3, 3}),
        Strides{2, 2}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1});
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({-1, 3, -1, 11}));
    auto unknown_rank = std::make_shared<ConvolutionBackpropData>(
        param(ov::element::f32, PartialShape::dynamic()), param(ov::element::f32, Shape{2, 3, 3}), Strides{1},
        CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
    EXPECT_EQ(unknown_rank->get_output_partial_shape(0), PartialShape({-1, 3, -1}));
    // output_shape computed at run time: spatial sizes unknown, rank known from its length.
    auto sizes = param(ov::element::i64, Shape{2});
    auto runtime = std::make_shared<ConvolutionBackpropData>(
        param(ov::element::f32, Shape{1, 2, 4, 4}), param(ov::element::f32, Shape{2, 3, 3, 3}), sizes,
        Strides{2, 2}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1}, PadType::SAME_UPPER);
    EXPECT_EQ(runtime->get_output_partial_shape(0), PartialShape({1, 3, -1, -1}));
    std::mt19937 rng(3);
    const auto out = run(runtime, {make_tensor(ov::element::f32, Shape{1, 2, 4, 4}, random_values(32, rng)),
                                   make_tensor(ov::element::f32, Shape{2, 3, 3, 3}, random_values(54, rng)),
                                   int_tensor(ov::element::i64, Shape{2}, {8, 7})});
    EXPECT_EQ(out[0].get_shape(), Shape({1, 3, 8, 7}));
    auto grouped = std::make_shared<GroupConvolutionBackpropData>(
        param(ov::element::f32, PartialShape{2, -1, 3}), param(ov::element::f32, PartialShape{2, 2, 3, -1}),
        Strides{1}, CoordinateDiff{0}, CoordinateDiff{0}, Strides{1});
    EXPECT_EQ(grouped->get_output_partial_shape(0), PartialShape({2, 6, -1}));
}

TEST(ConvolutionBackpropData, ErrorsNameTheOp) {
    auto bad_channels = [] {
        auto op = std::make_shared<ConvolutionBackpropData>(
            param(ov::element::f32, Shape{1, 2, 4, 4}), param(ov::element::f32, Shape{3, 3, 3, 3}), Strides{1, 1},
            CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1});
    };
    expect_error(bad_channels, {"ConvolutionBackpropData", "channel"});
    expect_error(
        [] {
            std::make_shared<ConvolutionBackpropData>(param(ov::element::f32, Shape{1, 2, 4, 4}),
                                                      param(ov::element::f32, Shape{2, 3, 3, 3}), i64s({8, 8, 8}),
                                                      Strides{1, 1}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0},
                                                      Strides{1, 1});
        },
        {"ConvolutionBackpropData", "output_shape"});
    expect_error(
        [] {
            std::make_shared<ConvolutionBackpropData>(param(ov::element::f32, Shape{1, 2, 4, 4}),
                                                      param(ov::element::f32, Shape{2, 3, 3, 3}), Strides{1, 1, 1},
                                                      CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1});
        },
        {"ConvolutionBackpropData", "strides"});
    expect_error(
        [] {
            std::make_shared<ConvolutionBackpropData>(param(ov::element::f32, Shape{1, 2, 4, 4}),
                                                      param(ov::element::f32, Shape{2, 3, 3, 3}), Strides{1, 1},
                                                      CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1},
                                                      PadType::EXPLICIT, CoordinateDiff{1});
        },
        {"ConvolutionBackpropData", "output_padding"});
    expect_error(
        [] {
            std::make_shared<GroupConvolutionBackpropData>(param(ov::element::f32, Shape{1, 5, 4, 4}),
                                                           param(ov::element::f32, Shape{2, 2, 3, 3, 3}),
                                                           Strides{1, 1}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0},
                                                           Strides{1, 1});
        },
        {"GroupConvolutionBackpropData", "groups"});
    expect_error(
        [] {
            std::make_shared<ConvolutionBackpropData>(param(ov::element::f32, Shape{1, 2, 4, 4}),
                                                      param(ov::element::f16, Shape{2, 3, 3, 3}), Strides{1, 1},
                                                      CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1});
        },
        {"ConvolutionBackpropData", "element types"});
}

TEST(ConvolutionBackpropData, AttributesSurviveAnIrRoundTrip) {
    auto data = param(ov::element::f32, Shape{1, 2, 4, 4});
    auto op = std::make_shared<ConvolutionBackpropData>(
        data, ov::op::v0::Constant::create(ov::element::f32, Shape{2, 3, 3, 3}, std::vector<float>(54, 0.5f)),
        Strides{2, 1}, CoordinateDiff{1, 0}, CoordinateDiff{0, 1}, Strides{1, 2}, PadType::EXPLICIT,
        CoordinateDiff{1, 0});
    const auto attributes = attributes_of(*op);
    EXPECT_EQ(attributes.at("output_padding"), "1,0");
    EXPECT_EQ(attributes.at("auto_pad"), "explicit");
    auto back = ov::as_type_ptr<ConvolutionBackpropData>(ir_round_trip(op, {data}));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_strides(), Strides({2, 1}));
    EXPECT_EQ(back->get_dilations(), Strides({1, 2}));
    EXPECT_EQ(back->get_pads_begin(), CoordinateDiff({1, 0}));
    EXPECT_EQ(back->get_pads_end(), CoordinateDiff({0, 1}));
    EXPECT_EQ(back->get_output_padding(), CoordinateDiff({1, 0}));
    EXPECT_EQ(back->get_output_partial_shape(0), op->get_output_partial_shape(0));

    auto group_data = param(ov::element::f32, Shape{1, 4, 3, 3});
    auto grouped = std::make_shared<GroupConvolutionBackpropData>(
        group_data, ov::op::v0::Constant::create(ov::element::f32, Shape{2, 2, 1, 2, 2}, std::vector<float>(16, 1.f)),
        i64s({6, 6}), Strides{2, 2}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1},
        PadType::SAME_LOWER);
    auto group_back = ov::as_type_ptr<GroupConvolutionBackpropData>(ir_round_trip(grouped, {group_data}));
    ASSERT_TRUE(group_back);
    EXPECT_EQ(group_back->get_auto_pad(), PadType::SAME_LOWER);
    EXPECT_EQ(group_back->get_input_size(), 3u);
    EXPECT_EQ(group_back->get_output_partial_shape(0), PartialShape({1, 2, 6, 6}));
}

TEST(ConvolutionBackpropData, SetOutputShapeAddsTheInput) {
    auto op = std::make_shared<ConvolutionBackpropData>(
        param(ov::element::f32, Shape{1, 2, 4, 4}), param(ov::element::f32, Shape{2, 3, 3, 3}), Strides{2, 2},
        CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1});
    EXPECT_EQ(op->get_output_shape(), PartialShape({9, 9}));
    op->set_output_shape(Shape{8, 10});
    EXPECT_EQ(op->get_input_size(), 3u);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 3, 8, 10}));
    auto clone = op->clone_with_new_inputs(op->input_values());
    EXPECT_EQ(clone->get_output_partial_shape(0), PartialShape({1, 3, 8, 10}));
}
