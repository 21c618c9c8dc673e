// SPDX-License-Identifier: Apache-2.0
// Interpolate-1: hand-worked resizes (nearest, linear with and without align_corners, cubic identity,
// paddings), shape inference with dynamic dims and unknown sizes, errors and the IR round trip.
#include <gtest/gtest.h>

#include "openvino/op/interpolate.hpp"
#include "signal_test_util.hpp"

using namespace sigtest;
using ov::PartialShape;
using ov::Shape;
using Interp = ov::op::v0::Interpolate;

namespace {

Interp::Attributes attrs(ov::AxisSet axes, const std::string& mode, bool align_corners,
                         std::vector<size_t> pads_begin = {}, std::vector<size_t> pads_end = {}) {
    Interp::Attributes a;
    a.axes = std::move(axes);
    a.mode = mode;
    a.align_corners = align_corners;
    a.pads_begin = std::move(pads_begin);
    a.pads_end = std::move(pads_end);
    return a;
}

std::vector<double> resize(const std::vector<double>& data, const Shape& shape, const std::vector<int64_t>& sizes,
                           const Interp::Attributes& a, ov::element::Type type = ov::element::f32,
                           Shape* out_shape = nullptr) {
    auto op = std::make_shared<Interp>(param(type, shape), i64_constant(sizes), a);
    const auto out = run(op, {make_tensor(type, shape, data), i64_tensor(sizes)});
    EXPECT_EQ(PartialShape(out.get_shape()), op->get_output_partial_shape(0));
    if (out_shape)
        *out_shape = out.get_shape();
    return read_tensor(out);
}

TEST(InterpolateV0, NearestUpscaleRepeatsPixels) {
    for (auto type : {ov::element::f32, ov::element::f16}) {
        Shape out_shape;
        const auto out = resize({1, 2, 3, 4}, {1, 1, 2, 2}, {4, 4}, attrs({2, 3}, "nearest", false), type, &out_shape);
        EXPECT_EQ(out_shape, (Shape{1, 1, 4, 4}));
        expect_close(out, {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}, 0, 0);
    }
}

TEST(InterpolateV0, LinearAlignCornersHitsBothEnds) {
    // [0, 3] to 4 samples with the corners aligned: 0, 1, 2, 3.
    expect_close(resize({0, 3}, {1, 2}, {4}, attrs({1}, "linear", true)), {0, 1, 2, 3}, 1e-6, 1e-6);
    // Without alignment, a linear resize of the 4-D image axes {2, 3} maps asymmetrically: input coordinate =
    // output / 2, clamped at the last sample: 0, 1.5, 3, 3.
    expect_close(resize({0, 3}, {1, 1, 1, 2}, {1, 4}, attrs({2, 3}, "linear", false)), {0, 1.5, 3, 3}, 1e-6, 1e-6);
    // Any other linear resize without paddings uses half pixels: (output + 0.5) / 2 - 0.5 -> -0.25 (clamped to
    // 0), 0.25, 0.75, 1.25 (clamped to 1): 0, 0.75, 2.25, 3.
    expect_close(resize({0, 3}, {1, 2}, {4}, attrs({1}, "linear", false)), {0, 0.75, 2.25, 3}, 1e-6, 1e-6);
    // With paddings it is asymmetric again: [0, 3] padded by one zero at the end to [0, 3, 0], resized to 6:
    // coordinates 0, 0.5, 1, 1.5, 2, 2.5 -> 0, 1.5, 3, 1.5, 0, 0.
    expect_close(resize({0, 3}, {1, 2}, {6}, attrs({1}, "linear", false, {0, 0}, {0, 1})), {0, 1.5, 3, 1.5, 0, 0}, 1e-6,
                 1e-6);
    // Two axes at once: a bilinear ramp.
    expect_close(resize({0, 2, 4, 6}, {2, 2}, {3, 3}, attrs({0, 1}, "linear", true)), {0, 1, 2, 2, 3, 4, 4, 5, 6}, 1e-6,
                 1e-6);
}

TEST(InterpolateV0, CubicSameSizeIsIdentityAndPadsAddZeros) {
    std::mt19937 rng(7401);
    const auto x = random_values(12, rng);
    expect_close(resize(x, {1, 1, 3, 4}, {3, 4}, attrs({2, 3}, "cubic", true)), x, 1e-6, 1e-6);
    // pads: one zero row before axis 2, resized to its own padded size with nearest (identity).
    Shape out_shape;
    const auto out = resize({1, 2, 3, 4}, {1, 1, 2, 2}, {3, 2}, attrs({2, 3}, "nearest", false, {0, 0, 1, 0}),
                            ov::element::f32, &out_shape);
    EXPECT_EQ(out_shape, (Shape{1, 1, 3, 2}));
    expect_close(out, {0, 0, 1, 2, 3, 4}, 0, 0);
}

TEST(InterpolateV0, ShapeInference) {
    const auto f32 = ov::element::f32;
    auto op = std::make_shared<Interp>(param(f32, PartialShape{-1, 3, -1, 5}), i64_constant({7, 9}),
                                       attrs({2, 3}, "linear", false, {0, 1, 0, 0}, {0, 1, 0, 0}));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 5, 7, 9}));
    auto unknown = std::make_shared<Interp>(param(f32, PartialShape{2, 3, 4, 5}),
                                            param(ov::element::i64, PartialShape{2}), attrs({1, 3}, "nearest", true));
    EXPECT_EQ(unknown->get_output_partial_shape(0), (PartialShape{2, -1, 4, -1}));
    auto dyn =
        std::make_shared<Interp>(param(f32, PartialShape::dynamic()), i64_constant({3}), attrs({0}, "cubic", true));
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape::dynamic());
    Interp::Attributes area = attrs({1}, "area", false);
    auto area_op = std::make_shared<Interp>(param(f32, Shape{1, 4}), i64_constant({2}), area);
    EXPECT_FALSE(area_op->has_evaluate());
}

TEST(InterpolateV0, BadInputsNameTheOp) {
    const auto f32 = ov::element::f32;
    expect_error(
        [&] {
            std::make_shared<Interp>(param(f32, Shape{1, 4}), i64_constant({2}), attrs({1}, "bogus", true));
        },
        {"Interpolate", "mode 'bogus'"});
    expect_error(
        [&] {
            std::make_shared<Interp>(param(f32, Shape{1, 4}), i64_constant({2}), attrs({2}, "linear", true));
        },
        {"Interpolate", "axes entry 2"});
    expect_error(
        [&] {
            std::make_shared<Interp>(param(f32, Shape{1, 4}), i64_constant({2, 3}), attrs({1}, "linear", true));
        },
        {"Interpolate", "target_spatial_shape"});
    expect_error(
        [&] {
            std::make_shared<Interp>(param(f32, Shape{1, 4}), param(f32, Shape{1}), attrs({1}, "linear", true));
        },
        {"Interpolate", "integer"});
}

TEST(InterpolateV0, IrRoundTripKeepsAttributes) {
    auto d = param(ov::element::f32, Shape{1, 2, 4, 4});
    auto op =
        std::make_shared<Interp>(d, i64_constant({8, 6}), attrs({2, 3}, "cubic", false, {0, 0, 1, 1}, {0, 0, 0, 1}));
    const auto xml = expect_round_trip(op, {d});
    EXPECT_NE(xml.find("axes=\"2,3\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("mode=\"cubic\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("align_corners=\"false\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("pads_begin=\"0,0,1,1\""), std::string::npos) << xml;
}

}  // namespace
