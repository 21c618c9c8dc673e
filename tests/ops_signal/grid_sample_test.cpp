// SPDX-License-Identifier: Apache-2.0
// GridSample-9: hand-worked samples for each mode and padding, seeded random grids against a bilinear /
// nearest formula written here, bicubic properties (exact at pixel centres, constants preserved), shape
// inference with dynamic dims, errors and the IR round trip.
#include <gtest/gtest.h>

#include "openvino/op/grid_sample.hpp"
#include "signal_test_util.hpp"

using namespace sigtest;
using ov::PartialShape;
using ov::Shape;
using GS = ov::op::v9::GridSample;

namespace {

double sample_one(const std::vector<double>& image, const Shape& image_shape, double gx, double gy,
                  const GS::Attributes& attrs) {
    auto op =
        std::make_shared<GS>(param(ov::element::f32, image_shape), param(ov::element::f32, Shape{1, 1, 1, 2}), attrs);
    const auto out = run(op, {make_tensor(ov::element::f32, image_shape, image),
                              make_tensor(ov::element::f32, Shape{1, 1, 1, 2}, {gx, gy})});
    return read_tensor(out)[0];
}

// 2x2 image [[1, 2], [3, 4]].
const std::vector<double> kSquare{1, 2, 3, 4};
const Shape kSquareShape{1, 1, 2, 2};

TEST(GridSample, HandWorkedBilinear) {
    GS::Attributes ac(true, GS::InterpolationMode::BILINEAR, GS::PaddingMode::ZEROS);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 0, 0, ac), 2.5, 1e-6);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, -1, -1, ac), 1.0, 1e-6);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 1, -1, ac), 2.0, 1e-6);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 1, 1, ac), 4.0, 1e-6);
    // Without align_corners -1 is the outer edge: pixel coordinate -0.5, a quarter of the corner with zeros.
    GS::Attributes edge(false, GS::InterpolationMode::BILINEAR, GS::PaddingMode::ZEROS);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, -1, -1, edge), 0.25, 1e-6);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 0, 0, edge), 2.5, 1e-6);
    edge.padding_mode = GS::PaddingMode::BORDER;
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, -1, -1, edge), 1.0, 1e-6);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 3, 0, edge), 3.0, 1e-6);  // x clamps to 1, y = 0.5
    // Reflection about the edges (-0.5 and 1.5): x = 2 * 2 - 0.5 = 3.5 pixels -> reflected to -0.5 -> 0 after
    // clipping... here gx = 2 gives pixel 2.5, mirrored about 1.5 to 0.5.
    edge.padding_mode = GS::PaddingMode::REFLECTION;
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 2, -1, edge), 1.5, 1e-6);  // x 0.5, y 0 (clipped)
    GS::Attributes ac_reflect(true, GS::InterpolationMode::BILINEAR, GS::PaddingMode::REFLECTION);
    // align_corners: mirror about the pixel centres 0 and 1: gx = 2 -> pixel 1.5 -> 0.5.
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 2, -1, ac_reflect), 1.5, 1e-6);
}

TEST(GridSample, HandWorkedNearestAndBicubic) {
    GS::Attributes nearest(true, GS::InterpolationMode::NEAREST, GS::PaddingMode::ZEROS);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 0.1, -0.1, nearest), 2.0, 1e-6);  // x 0.55 -> 1, y 0.45 -> 0
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, -0.1, 0.1, nearest), 3.0, 1e-6);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 5, 5, nearest), 0.0, 1e-6);
    nearest.padding_mode = GS::PaddingMode::BORDER;
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 5, 5, nearest), 4.0, 1e-6);
    // Bicubic at pixel centres returns the pixel (weights 0, 1, 0, 0); a constant image stays constant inside.
    GS::Attributes cubic(true, GS::InterpolationMode::BICUBIC, GS::PaddingMode::ZEROS);
    EXPECT_NEAR(sample_one(kSquare, kSquareShape, 1, -1, cubic), 2.0, 1e-6);
    const std::vector<double> flat(16, 3.0);
    cubic.padding_mode = GS::PaddingMode::BORDER;
    EXPECT_NEAR(sample_one(flat, {1, 1, 4, 4}, 0.13, -0.41, cubic), 3.0, 1e-6);
    // Between two pixels of a row the 1-D cubic weights at t = 0.5 are (-0.09375, 0.59375, 0.59375, -0.09375).
    const std::vector<double> row{0, 0, 1, 0, 0, 0, 1, 0};  // 2 rows x 4 columns, column 2 is 1
    cubic.padding_mode = GS::PaddingMode::ZEROS;
    // x pixel 1.5 (gx = 0), y pixel 0 (gy = -1): taps columns 0..3 -> 0.59375 * 1 from column 2.
    EXPECT_NEAR(sample_one(row, {1, 1, 2, 4}, 0.0, -1.0, cubic), 0.59375, 1e-6);
    // x pixel 2.5 (gx = 2/3): taps 1..4 -> column 2 gets 0.59375, column 4 is outside (zero).
    EXPECT_NEAR(sample_one(row, {1, 1, 2, 4}, 2.0 / 3.0, -1.0, cubic), 0.59375, 1e-6);
}

// Bilinear and nearest for random grids inside the image (no padding involved) against the formulas.
TEST(GridSample, RandomGridsMatchTheFormulas) {
    std::mt19937 rng(7301);
    for (auto type : {ov::element::f32, ov::element::f16}) {
        for (bool align : {false, true}) {
            for (auto mode : {GS::InterpolationMode::BILINEAR, GS::InterpolationMode::NEAREST}) {
                const Shape ds{2, 3, 5, 6}, gs{2, 4, 3, 2};
                const auto x = as_stored(type, random_values(shape_size(ds), rng));
                auto g = as_stored(type, random_values(shape_size(gs), rng, -0.8, 0.8));
                auto op = std::make_shared<GS>(param(type, ds), param(type, gs),
                                               GS::Attributes(align, mode, GS::PaddingMode::ZEROS));
                const auto out = read_tensor(run(op, {make_tensor(type, ds, x), make_tensor(type, gs, g)}));
                std::vector<double> expected;
                for (size_t n = 0; n < 2; ++n)
                    for (size_t c = 0; c < 3; ++c)
                        for (size_t i = 0; i < 12; ++i) {
                            const double gx = g[(n * 12 + i) * 2], gy = g[(n * 12 + i) * 2 + 1];
                            const double px = align ? (gx + 1) / 2 * 5 : ((gx + 1) * 6 - 1) / 2;
                            const double py = align ? (gy + 1) / 2 * 4 : ((gy + 1) * 5 - 1) / 2;
                            auto at = [&](long r, long col) {
                                return (r < 0 || r >= 5 || col < 0 || col >= 6) ? 0.0
                                                                                : x[((n * 3 + c) * 5 + r) * 6 + col];
                            };
                            if (mode == GS::InterpolationMode::NEAREST) {
                                expected.push_back(at(std::lround(py), std::lround(px)));
                            } else {
                                const long r = long(std::floor(py)), col = long(std::floor(px));
                                const double fy = py - r, fx = px - col;
                                expected.push_back(at(r, col) * (1 - fy) * (1 - fx) + at(r, col + 1) * (1 - fy) * fx +
                                                   at(r + 1, col) * fy * (1 - fx) + at(r + 1, col + 1) * fy * fx);
                            }
                        }
                const double tol = type == ov::element::f16 ? 5e-3 : 1e-5;
                expect_close(out, expected, tol, tol);
            }
        }
    }
}

TEST(GridSample, ShapeInference) {
    auto op = std::make_shared<GS>(param(ov::element::f32, PartialShape{-1, 3, -1, -1}),
                                   param(ov::element::f32, PartialShape{2, 7, -1, 2}), GS::Attributes{});
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{2, 3, 7, -1}));
    auto dyn = std::make_shared<GS>(param(ov::element::f16, PartialShape::dynamic()),
                                    param(ov::element::f32, PartialShape::dynamic()), GS::Attributes{});
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, -1, -1, -1}));
    EXPECT_EQ(dyn->get_output_element_type(0), ov::element::f16);
}

TEST(GridSample, BadInputsNameTheOp) {
    const auto f32 = ov::element::f32;
    expect_error(
        [&] {
            std::make_shared<GS>(param(f32, Shape{1, 1, 4, 4}), param(f32, Shape{1, 2, 2, 3}), GS::Attributes{});
        },
        {"GridSample", "last dimension must be 2"});
    expect_error(
        [&] {
            std::make_shared<GS>(param(f32, Shape{2, 1, 4, 4}), param(f32, Shape{3, 2, 2, 2}), GS::Attributes{});
        },
        {"GridSample", "batch"});
    expect_error(
        [&] {
            std::make_shared<GS>(param(f32, Shape{1, 4, 4}), param(f32, Shape{1, 2, 2, 2}), GS::Attributes{});
        },
        {"GridSample", "rank 4"});
    expect_error(
        [&] {
            std::make_shared<GS>(param(f32, Shape{1, 1, 4, 4}), param(ov::element::i32, Shape{1, 2, 2, 2}),
                                 GS::Attributes{});
        },
        {"GridSample", "floating-point"});
}

TEST(GridSample, IrRoundTripKeepsAttributes) {
    auto d = param(ov::element::f32, Shape{1, 2, 4, 4}), g = param(ov::element::f32, Shape{1, 3, 3, 2});
    auto op =
        std::make_shared<GS>(d, g, GS::Attributes(true, GS::InterpolationMode::BICUBIC, GS::PaddingMode::REFLECTION));
    const auto xml = expect_round_trip(op, {d, g});
    EXPECT_NE(xml.find("mode=\"bicubic\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("padding_mode=\"reflection\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("align_corners=\"true\""), std::string::npos) << xml;
}

}  // namespace
