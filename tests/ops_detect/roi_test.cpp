// SPDX-License-Identifier: Apache-2.0
// ROIPooling-2, ROIAlign-3/-9, PSROIPooling-1 and DeformablePSROIPooling-1 on tiny feature maps whose results
// are worked out by hand.
// Maps of the form f(y, x) = 10 y + x + x y are reproduced exactly by bilinear interpolation, so a bilinear
// sample's value is f at the sample point and an average over a grid of samples is f at the grid's centre.
#include "detect_test_util.hpp"
#include "openvino/op/deformable_psroi_pooling.hpp"
#include "openvino/op/psroi_pooling.hpp"
#include "openvino/op/roi_align.hpp"
#include "openvino/op/roi_pooling.hpp"

using namespace detect_test;
using ov::PartialShape;
using ov::Shape;
using ov::op::v0::PSROIPooling;
using ov::op::v0::ROIPooling;
namespace v3 = ov::op::v3;
namespace v9 = ov::op::v9;

namespace {

double bilinear_map(double y, double x) { return 10 * y + x + x * y; }

// [1, channels, H, W], channel k holding 100 k + f(y, x) (f = bilinear_map, or 10 y + x when linear).
ov::Tensor maps(size_t channels, size_t H, size_t W, bool with_xy = true) {
    std::vector<float> v;
    for (size_t k = 0; k < channels; ++k)
        for (size_t y = 0; y < H; ++y)
            for (size_t x = 0; x < W; ++x)
                v.push_back(static_cast<float>(100.0 * k + (with_xy ? bilinear_map(y, x) : 10.0 * y + x)));
    return f32({1, channels, H, W}, v);
}

const std::vector<float> small_map = {1, 5, 2, 0, 3, 4, 8, 1, 0, 6, 7, 2, 9, 1, 3, 4};

std::shared_ptr<v3::ROIAlign> align3(size_t rois, int ph, int pw, int sampling, float scale, const std::string& mode) {
    return std::make_shared<v3::ROIAlign>(param(ov::element::f32, Shape{1, 1, 4, 4}), param(ov::element::f32, Shape{rois, 4}),
                                          param(ov::element::i64, Shape{rois}), ph, pw, sampling, scale, mode);
}

std::vector<float> align_run(const std::shared_ptr<ov::Node>& op, const std::vector<float>& rois) {
    const size_t n = rois.size() / 4;
    return floats(run(op, {maps(1, 4, 4), f32({n, 4}, rois), i64({n}, std::vector<int64_t>(n, 0))})[0]);
}

}  // namespace

TEST(ROIPooling, MaxOverBinsWorkedByHand) {
    auto op = std::make_shared<ROIPooling>(param(ov::element::f32, Shape{1, 1, 4, 4}), param(ov::element::f32, Shape{3, 5}),
                                           Shape{2, 2}, 1.0f, "max");
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({3, 1, 2, 2}));
    // The whole map in 2x2 bins; the centre 2x2 pixels one per bin; and with spatial_scale 0.5 applied to
    // a separate op, (0, 0)-(6, 2) becomes (0, 0)-(3, 1): two rows by four columns.
    const auto out = run(op, {f32({1, 1, 4, 4}, small_map), f32({3, 5}, {0, 0, 0, 3, 3, 0, 1, 1, 2, 2, 0, 0, 0, 3, 1})});
    EXPECT_EQ(floats(out[0]), (std::vector<float>{5, 8, 9, 7, 4, 8, 6, 7, 5, 2, 4, 8}));
    auto half = std::make_shared<ROIPooling>(param(ov::element::f32, Shape{1, 1, 4, 4}),
                                             param(ov::element::f32, Shape{1, 5}), Shape{2, 2}, 0.5f, "max");
    EXPECT_EQ(floats(run(half, {f32({1, 1, 4, 4}, small_map), f32({1, 5}, {0, 0, 0, 6, 2})})[0]),
              (std::vector<float>{5, 2, 4, 8}));
}

TEST(ROIPooling, BilinearSamplesNormalizedGrid) {
    auto op = std::make_shared<ROIPooling>(param(ov::element::f32, Shape{1, 1, 3, 3}), param(ov::element::f32, Shape{2, 5}),
                                           Shape{2, 2}, 1.0f, "bilinear");
    // ROI corners are normalized; the 2x2 grid spans them over the 3x3 map (coordinates 0 .. 2).
    const auto out = run(op, {maps(1, 3, 3), f32({2, 5}, {0, 0, 0, 1, 1, 0, 0.25f, 0.5f, 0.75f, 1})});
    expect_near(floats(out[0]),
                {bilinear_map(0, 0), bilinear_map(0, 2), bilinear_map(2, 0), bilinear_map(2, 2), bilinear_map(1, 0.5),
                 bilinear_map(1, 1.5), bilinear_map(2, 0.5), bilinear_map(2, 1.5)},
                1e-5);
    auto centre = std::make_shared<ROIPooling>(param(ov::element::f32, Shape{1, 1, 3, 3}),
                                               param(ov::element::f32, Shape{1, 5}), Shape{1, 1}, 1.0f, "bilinear");
    expect_near(floats(run(centre, {maps(1, 3, 3), f32({1, 5}, {0, 0.25f, 0.5f, 0.75f, 1})})[0]), {bilinear_map(1.5, 1)},
                1e-5);
}

TEST(ROIPooling, ShapesErrorsAndRoundTrip) {
    auto dyn = std::make_shared<ROIPooling>(param(ov::element::f32, PartialShape{-1, 3, -1, -1}),
                                            param(ov::element::f32, PartialShape{-1, 5}), Shape{6, 7}, 0.0625f);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({-1, 3, 6, 7}));
    EXPECT_THAT(error_of([] {
                    ROIPooling(param(ov::element::f32, Shape{1, 3, 8, 8}), param(ov::element::f32, Shape{2, 4}), Shape{2, 2}, 1.0f);
                }),
                testing::AllOf(HasSubstr("ROIPooling"), HasSubstr("rois' second dimension")));
    EXPECT_THAT(error_of([] {
                    ROIPooling(param(ov::element::f32, Shape{1, 3, 8, 8}), param(ov::element::f32, Shape{2, 5}), Shape{2, 2}, 1.0f,
                               "average");
                }),
                testing::AllOf(HasSubstr("ROIPooling"), HasSubstr("method")));
    auto op = std::make_shared<ROIPooling>(param(ov::element::f32, Shape{1, 1, 4, 4}), param(ov::element::f32, Shape{1, 5}),
                                           Shape{2, 2}, 1.0f);
    EXPECT_THAT(error_of([&] { run(op, {f32({1, 1, 4, 4}, small_map), f32({1, 5}, {3, 0, 0, 1, 1})}); }),
                testing::AllOf(HasSubstr("ROIPooling"), HasSubstr("batch 3")));
    auto named = std::make_shared<ROIPooling>(param(ov::element::f32, Shape{1, 3, 8, 8}), param(ov::element::f32, Shape{2, 5}),
                                              Shape{3, 4}, 0.25f, "bilinear");
    const auto attrs = devmux_test::attributes_of(*named);
    EXPECT_EQ(attrs.at("pooled_h"), "3");
    EXPECT_EQ(attrs.at("pooled_w"), "4");
    EXPECT_EQ(attrs.at("method"), "bilinear");
    auto back = std::dynamic_pointer_cast<ROIPooling>(ir_round_trip(named));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_output_roi(), Shape({3, 4}));
    EXPECT_FLOAT_EQ(back->get_spatial_scale(), 0.25f);
}

TEST(ROIAlign, AverageOfBilinearSamplesWorkedByHand) {
    // ROI (0.5, 0.5)-(2.5, 2.5) in 2x2 bins of 2x2 samples: bin centres (1, 1), (1, 2), (2, 1), (2, 2).
    expect_near(align_run(align3(1, 2, 2, 2, 1.0f, "avg"), {0.5f, 0.5f, 2.5f, 2.5f}),
                {bilinear_map(1, 1), bilinear_map(1, 2), bilinear_map(2, 1), bilinear_map(2, 2)}, 1e-5);
    // sampling_ratio 0: ceil(3 / 1) = 3 samples per axis over (0, 0)-(3, 3), centred at (1.5, 1.5).
    expect_near(align_run(align3(1, 1, 1, 0, 1.0f, "avg"), {0, 0, 3, 3}), {bilinear_map(1.5, 1.5)}, 1e-5);
    // spatial_scale 0.5: (0, 0)-(2, 2) becomes (0, 0)-(1, 1), samples at 0.25 and 0.75.
    expect_near(align_run(align3(1, 1, 1, 2, 0.5f, "avg"), {0, 0, 2, 2}), {bilinear_map(0.5, 0.5)}, 1e-5);
    // One sample at (0.5, 0.5): the four neighbours 0, 1, 10, 12 weigh 1/4 each.
    expect_near(align_run(align3(1, 1, 1, 1, 1.0f, "avg"), {0, 0, 1, 1}), {(0 + 1 + 10 + 12) / 4.0}, 1e-5);
}

TEST(ROIAlign, MaxTakesTheLargestSample) {
    // Samples exactly on pixels: the value itself.
    expect_near(align_run(align3(1, 2, 2, 1, 1.0f, "max"), {-0.5f, -0.5f, 1.5f, 1.5f}),
                {bilinear_map(0, 0), bilinear_map(0, 1), bilinear_map(1, 0), bilinear_map(1, 1)}, 1e-5);
    // 2 x 2 samples of (0, 0)-(3, 3) at 0.75 and 2.25: the largest is the bottom-right one.
    expect_near(align_run(align3(1, 1, 1, 2, 1.0f, "max"), {0, 0, 3, 3}), {bilinear_map(2.25, 2.25)}, 1e-5);
    // A map of negative values: max mode starts from 0, as OpenVINO's reference.
    auto op = align3(1, 1, 1, 1, 1.0f, "max");
    ov::Tensor negative = maps(1, 4, 4);
    for (size_t i = 0; i < negative.get_size(); ++i)
        negative.data<float>()[i] = -1.0f - negative.data<float>()[i];
    expect_near(floats(run(op, {negative, f32({1, 4}, {0, 0, 1, 1}), i64({1}, {0})})[0]), {0.0}, 0);
}

TEST(ROIAlign, V9AlignedModes) {
    auto make = [](v9::ROIAlign::AlignedMode aligned, float scale, int sampling) {
        return std::make_shared<v9::ROIAlign>(param(ov::element::f32, Shape{1, 1, 4, 4}), param(ov::element::f32, Shape{1, 4}),
                                              param(ov::element::i32, Shape{1}), 1, 1, sampling, scale,
                                              v9::ROIAlign::PoolingMode::AVG, aligned);
    };
    using A = v9::ROIAlign::AlignedMode;
    // scale 0.5 on (0, 0)-(2, 2): asymmetric (0, 0)-(1, 1); half_pixel (-0.25, -0.25)-(0.75, 0.75), samples at
    // 0 and 0.5; half_pixel_for_nn (-0.5, -0.5)-(0.5, 0.5), samples at -0.25 (clamped to 0) and 0.25.
    expect_near(align_run(make(A::ASYMMETRIC, 0.5f, 2), {0, 0, 2, 2}), {bilinear_map(0.5, 0.5)}, 1e-5);
    expect_near(align_run(make(A::HALF_PIXEL, 0.5f, 2), {0, 0, 2, 2}), {bilinear_map(0.25, 0.25)}, 1e-5);
    expect_near(align_run(make(A::HALF_PIXEL_FOR_NN, 0.5f, 2), {0, 0, 2, 2}), {bilinear_map(0.125, 0.125)}, 1e-5);
    // A half-pixel ROI: asymmetric grows it to one pixel, half_pixel keeps it.
    expect_near(align_run(make(A::ASYMMETRIC, 1.0f, 1), {1, 1, 1.5f, 1.5f}), {bilinear_map(1.5, 1.5)}, 1e-5);
    expect_near(align_run(make(A::HALF_PIXEL, 1.0f, 1), {1, 1, 1.5f, 1.5f}), {bilinear_map(1.25, 1.25)}, 1e-5);
}

TEST(ROIAlign, HalfPrecisionMatchesFloat) {
    auto op = std::make_shared<v3::ROIAlign>(param(ov::element::f16, Shape{1, 2, 4, 4}), param(ov::element::f16, Shape{1, 4}),
                                             param(ov::element::i32, Shape{1}), 2, 2, 2, 1.0f, "avg");
    EXPECT_EQ(op->get_output_element_type(0), ov::element::f16);
    ov::Tensor data(ov::element::f16, {1, 2, 4, 4}), rois(ov::element::f16, {1, 4}), batch(ov::element::i32, {1});
    const auto m = maps(2, 4, 4, false);
    for (size_t i = 0; i < data.get_size(); ++i)
        data.data<ov::float16>()[i] = ov::float16(m.data<float>()[i]);
    const float corners[4] = {0.5f, 0.5f, 2.5f, 2.5f};
    for (size_t i = 0; i < 4; ++i)
        rois.data<ov::float16>()[i] = ov::float16(corners[i]);
    batch.data<int32_t>()[0] = 0;
    // Linear maps 100 k + 10 y + x at the bin centres (1, 1), (1, 2), (2, 1), (2, 2).
    expect_near(floats(run(op, {data, rois, batch})[0]), {11, 12, 21, 22, 111, 112, 121, 122}, 0.1);
}

TEST(ROIAlign, ShapesErrorsAndRoundTrip) {
    auto dyn = std::make_shared<v3::ROIAlign>(param(ov::element::f32, PartialShape{-1, 8, -1, -1}),
                                              param(ov::element::f32, PartialShape{-1, 4}), param(ov::element::i64, PartialShape{7}),
                                              3, 5, 2, 0.5f, "max");
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({7, 8, 3, 5}));
    EXPECT_THAT(error_of([] {
                    v3::ROIAlign(param(ov::element::f32, Shape{1, 3, 8, 8}), param(ov::element::f32, Shape{2, 4}),
                                 param(ov::element::f32, Shape{2}), 2, 2, 2, 1.0f, "avg");
                }),
                testing::AllOf(HasSubstr("ROIAlign"), HasSubstr("batch_indices")));
    EXPECT_THAT(error_of([] {
                    v3::ROIAlign(param(ov::element::f32, Shape{1, 3, 8, 8}), param(ov::element::f32, Shape{2, 4}),
                                 param(ov::element::i32, Shape{3}), 2, 2, 2, 1.0f, "avg");
                }),
                testing::AllOf(HasSubstr("ROIAlign"), HasSubstr("ROI count")));
    EXPECT_THAT(error_of([] {
                    v3::ROIAlign(param(ov::element::f32, Shape{1, 3, 8, 8}), param(ov::element::f32, Shape{2, 4}),
                                 param(ov::element::i32, Shape{2}), 2, 2, 2, 1.0f, "median");
                }),
                testing::AllOf(HasSubstr("ROIAlign"), HasSubstr("mode")));
    auto op9 = std::make_shared<v9::ROIAlign>(param(ov::element::f32, Shape{1, 3, 8, 8}), param(ov::element::f32, Shape{2, 4}),
                                              param(ov::element::i32, Shape{2}), 2, 3, 0, 0.125f, v9::ROIAlign::PoolingMode::MAX,
                                              v9::ROIAlign::AlignedMode::HALF_PIXEL_FOR_NN);
    const auto attrs = devmux_test::attributes_of(*op9);
    EXPECT_EQ(attrs.at("mode"), "max");
    EXPECT_EQ(attrs.at("aligned_mode"), "half_pixel_for_nn");
    auto back9 = std::dynamic_pointer_cast<v9::ROIAlign>(ir_round_trip(op9));
    ASSERT_TRUE(back9);
    EXPECT_EQ(back9->get_aligned_mode(), v9::ROIAlign::AlignedMode::HALF_PIXEL_FOR_NN);
    EXPECT_EQ(back9->get_mode(), v9::ROIAlign::PoolingMode::MAX);
    auto back3 = std::dynamic_pointer_cast<v3::ROIAlign>(ir_round_trip(align3(2, 2, 3, 1, 0.5f, "max")));
    ASSERT_TRUE(back3);
    EXPECT_EQ(back3->get_mode(), v3::ROIAlign::PoolingMode::MAX);
    EXPECT_EQ(back3->get_pooled_w(), 3);
}

TEST(PSROIPooling, AverageReadsOneChannelPerBinWorkedByHand) {
    // Channel k holds 100 k + 10 y + x; bin (i, j) of output channel c reads channel (c * 2 + i) * 2 + j.
    auto op = std::make_shared<PSROIPooling>(param(ov::element::f32, Shape{1, 8, 4, 4}), param(ov::element::f32, Shape{2, 5}),
                                             2, 2, 1.0f, 1, 1, "average");
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({2, 2, 2, 2}));
    // ROI (0, 0)-(3, 3): bins of 2x2 pixels. With the second ROI (0, 0)-(1, 1) bins are single pixels.
    const auto out = run(op, {maps(8, 4, 4, false), f32({2, 5}, {0, 0, 0, 3, 3, 0, 0, 0, 1, 1})});
    expect_near(floats(out[0]), {5.5, 107.5, 225.5, 327.5, 405.5, 507.5, 625.5, 727.5,  //
                                 0, 101, 210, 311, 400, 501, 610, 711},
                1e-4);
    // spatial_scale 0.5 on (0, 0)-(5, 5): (0, 0)-(3, 3) after the inclusive end, bins of 1.5 pixels
    // covering pixels 0-1 and 1-2.
    auto half = std::make_shared<PSROIPooling>(param(ov::element::f32, Shape{1, 4, 4, 4}), param(ov::element::f32, Shape{1, 5}),
                                               1, 2, 0.5f, 1, 1, "average");
    expect_near(floats(run(half, {maps(4, 4, 4, false), f32({1, 5}, {0, 0, 0, 5, 5})})[0]), {5.5, 106.5, 215.5, 316.5},
                1e-4);
}

TEST(PSROIPooling, BilinearAveragesSubRoiSamples) {
    // One output channel, 2x2 spatial bins over 4 channels, group_size 1: each sub-ROI sampled at its centre.
    auto op = std::make_shared<PSROIPooling>(param(ov::element::f32, Shape{1, 4, 5, 5}), param(ov::element::f32, Shape{1, 5}),
                                             1, 1, 1.0f, 2, 2, "bilinear");
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 1, 1}));
    // Normalized ROI (0, 0)-(1, 1) on a 5x5 map: sub-ROI centres at 1 and 3; channel k = by * 2 + bx.
    const double expected = (bilinear_map(1, 1) + 100 + bilinear_map(1, 3) + 200 + bilinear_map(3, 1) + 300 +
                             bilinear_map(3, 3)) / 4;
    expect_near(floats(run(op, {maps(4, 5, 5), f32({1, 5}, {0, 0, 0, 1, 1})})[0]), {expected}, 1e-4);
}

TEST(PSROIPooling, ShapesErrorsAndRoundTrip) {
    auto dyn = std::make_shared<PSROIPooling>(param(ov::element::f32, PartialShape{-1, 18, -1, -1}),
                                              param(ov::element::f32, PartialShape{-1, 5}), 2, 3, 0.0625f, 1, 1, "average");
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({-1, 2, 3, 3}));
    EXPECT_THAT(error_of([] {
                    PSROIPooling(param(ov::element::f32, Shape{1, 17, 8, 8}), param(ov::element::f32, Shape{2, 5}), 2, 3,
                                 1.0f, 1, 1, "average");
                }),
                testing::AllOf(HasSubstr("PSROIPooling"), HasSubstr("channels")));
    EXPECT_THAT(error_of([] {
                    PSROIPooling(param(ov::element::f32, Shape{1, 18, 8, 8}), param(ov::element::f32, Shape{2, 5}), 2, 3,
                                 1.0f, 1, 1, "max");
                }),
                testing::AllOf(HasSubstr("PSROIPooling"), HasSubstr("mode")));
    auto op = std::make_shared<PSROIPooling>(param(ov::element::f32, Shape{1, 24, 8, 8}), param(ov::element::f32, Shape{3, 5}),
                                             2, 2, 0.25f, 3, 4, "bilinear");
    auto back = std::dynamic_pointer_cast<PSROIPooling>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_spatial_bins_x(), 3);
    EXPECT_EQ(back->get_spatial_bins_y(), 4);
    EXPECT_EQ(back->get_mode(), "bilinear");
    EXPECT_EQ(back->get_output_partial_shape(0), PartialShape({3, 2, 2, 2}));
}

TEST(DeformablePSROIPooling, SamplesFromBinStartsWithOffsets) {
    using ov::op::v1::DeformablePSROIPooling;
    // One output channel, 2x2 groups: bin (i, j) reads channel i * 2 + j, holding 100 k + 10 y + x. ROI
    // (1, 1)-(2, 2): corners -0.5 after the inclusive end, so x in [0.5, 2.5], bins of 1 pixel, 2 x 2 samples
    // from each bin's start at 0.5 spacing: bin column 0 samples x 0.5, 1.0 (mean 0.75), column 1 x 1.5, 2.0.
    auto op = std::make_shared<DeformablePSROIPooling>(param(ov::element::f32, Shape{1, 4, 4, 4}),
                                                       param(ov::element::f32, Shape{1, 5}), 1, 1.0f, 2,
                                                       "bilinear_deformable", 2, 2, 0.5f, 2);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 1, 2, 2}));
    const auto roi = f32({1, 5}, {0, 1, 1, 2, 2});
    expect_near(floats(run(op, {maps(4, 4, 4, false), roi})[0]), {8.25, 109.25, 218.25, 319.25}, 1e-4);
    // Offsets (part_size 2, one class): part (0, 0) shifted by 0.5 * trans_std 0.5 * ROI width 2 = 0.5 in x.
    auto shifted = std::make_shared<DeformablePSROIPooling>(param(ov::element::f32, Shape{1, 4, 4, 4}),
                                                            param(ov::element::f32, Shape{1, 5}),
                                                            param(ov::element::f32, Shape{1, 2, 2, 2}), 1, 1.0f, 2,
                                                            "bilinear_deformable", 2, 2, 0.5f, 2);
    const auto offsets = f32({1, 2, 2, 2}, {0.5f, 0, 0, 0, 0, 0, 0, 0});
    expect_near(floats(run(shifted, {maps(4, 4, 4, false), roi, offsets})[0]), {8.75, 109.25, 218.25, 319.25}, 1e-4);
}

TEST(DeformablePSROIPooling, ShapesErrorsAndRoundTrip) {
    using ov::op::v1::DeformablePSROIPooling;
    auto op = std::make_shared<DeformablePSROIPooling>(param(ov::element::f32, PartialShape{-1, 98, -1, -1}),
                                                       param(ov::element::f32, PartialShape{-1, 5}),
                                                       param(ov::element::f32, PartialShape{-1, 2, 7, 7}), 2, 0.0625f, 7,
                                                       "bilinear_deformable", 4, 4, 0.1f, 7);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({-1, 2, 7, 7}));
    EXPECT_THAT(error_of([] {
                    DeformablePSROIPooling(param(ov::element::f32, Shape{1, 97, 8, 8}), param(ov::element::f32, Shape{3, 5}), 2,
                                           0.0625f, 7);
                }),
                testing::AllOf(HasSubstr("DeformablePSROIPooling"), HasSubstr("channels")));
    auto back = std::dynamic_pointer_cast<DeformablePSROIPooling>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_spatial_bins_x(), 4);
    EXPECT_EQ(back->get_part_size(), 7);
    EXPECT_FLOAT_EQ(back->get_trans_std(), 0.1f);
    EXPECT_EQ(back->get_input_size(), 3u);
}
