// SPDX-License-Identifier: Apache-2.0
// ExperimentalDetectronTopKROIs-6, ExperimentalDetectronPriorGridGenerator-6,
// ExperimentalDetectronROIFeatureExtractor-6 and ExperimentalDetectronDetectionOutput-6 on cases worked out by
// hand.
#include "detect_test_util.hpp"
#include "openvino/op/experimental_detectron_detection_output.hpp"
#include "openvino/op/experimental_detectron_prior_grid_generator.hpp"
#include "openvino/op/experimental_detectron_roi_feature.hpp"
#include "openvino/op/experimental_detectron_topkrois.hpp"

using namespace detect_test;
using ov::PartialShape;
using ov::Shape;
using ov::op::v6::ExperimentalDetectronPriorGridGenerator;
using ov::op::v6::ExperimentalDetectronTopKROIs;

TEST(ExperimentalDetectronTopKROIs, BestProbabilitiesFirst) {
    auto op = std::make_shared<ExperimentalDetectronTopKROIs>(param(ov::element::f32, Shape{4, 4}),
                                                              param(ov::element::f32, Shape{4}), 3);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({3, 4}));
    const auto out = run(op, {f32({4, 4}, {0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4}), f32({4}, {0.2f, 0.7f, 0.2f, 0.9f})});
    // 0.9 (roi 3), 0.7 (roi 1), then the first of the two 0.2s (roi 0).
    EXPECT_EQ(floats(out[0]), (std::vector<float>{3, 3, 4, 4, 1, 1, 2, 2, 0, 0, 1, 1}));
    // More rows than ROIs: the rest are 0.
    auto wide = std::make_shared<ExperimentalDetectronTopKROIs>(param(ov::element::f32, Shape{1, 4}),
                                                                param(ov::element::f32, Shape{1}), 2);
    EXPECT_EQ(floats(run(wide, {f32({1, 4}, {1, 2, 3, 4}), f32({1}, {0.5f})})[0]),
              (std::vector<float>{1, 2, 3, 4, 0, 0, 0, 0}));
}

TEST(ExperimentalDetectronTopKROIs, ShapesErrorsAndRoundTrip) {
    auto dyn = std::make_shared<ExperimentalDetectronTopKROIs>(param(ov::element::f32, PartialShape{-1, 4}),
                                                               param(ov::element::f32, PartialShape{-1}), 100);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({100, 4}));
    EXPECT_THAT(error_of([] {
                    ExperimentalDetectronTopKROIs(param(ov::element::f32, Shape{5, 4}), param(ov::element::f32, Shape{4}), 2);
                }),
                testing::AllOf(HasSubstr("ExperimentalDetectronTopKROIs"), HasSubstr("ROI counts")));
    EXPECT_THAT(error_of([] {
                    ExperimentalDetectronTopKROIs(param(ov::element::f32, Shape{5, 5}), param(ov::element::f32, Shape{5}), 2);
                }),
                testing::AllOf(HasSubstr("ExperimentalDetectronTopKROIs"), HasSubstr("second dimension")));
    auto back = std::dynamic_pointer_cast<ExperimentalDetectronTopKROIs>(ir_round_trip(dyn));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_max_rois(), 100u);
}

TEST(ExperimentalDetectronPriorGridGenerator, PriorsShiftedToCellCentres) {
    ExperimentalDetectronPriorGridGenerator::Attributes a{true, 0, 0, 4.0f, 8.0f};
    auto op = std::make_shared<ExperimentalDetectronPriorGridGenerator>(
        param(ov::element::f32, Shape{2, 4}), param(ov::element::f32, Shape{1, 3, 2, 3}),
        param(ov::element::f32, Shape{1, 3, 16, 12}), a);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({12, 4}));
    const auto out = floats(run(op, {f32({2, 4}, {-1, -1, 1, 1, -2, -1, 2, 1}), ov::Tensor(ov::element::f32, {1, 3, 2, 3}),
                                     ov::Tensor(ov::element::f32, {1, 3, 16, 12})})[0]);
    ASSERT_EQ(out.size(), 48u);
    // Cell (y 0, x 0): shift (2, 4); cell (y 1, x 2), the last: shift (10, 12).
    EXPECT_EQ(std::vector<float>(out.begin(), out.begin() + 8), (std::vector<float>{1, 3, 3, 5, 0, 3, 4, 5}));
    EXPECT_EQ(std::vector<float>(out.end() - 8, out.end()), (std::vector<float>{9, 11, 11, 13, 8, 11, 12, 13}));
    // Strides 0: image 16 x 12 over a 2 x 3 grid gives (4, 8) again; unflattened [2, 3, 2, 4].
    ExperimentalDetectronPriorGridGenerator::Attributes derived{false, 0, 0, 0.0f, 0.0f};
    auto grid = std::make_shared<ExperimentalDetectronPriorGridGenerator>(
        param(ov::element::f32, Shape{2, 4}), param(ov::element::f32, Shape{1, 3, 2, 3}),
        param(ov::element::f32, Shape{1, 3, 16, 12}), derived);
    EXPECT_EQ(grid->get_output_partial_shape(0), PartialShape({2, 3, 2, 4}));
    const auto out2 = floats(run(grid, {f32({2, 4}, {-1, -1, 1, 1, -2, -1, 2, 1}), ov::Tensor(ov::element::f32, {1, 3, 2, 3}),
                                        ov::Tensor(ov::element::f32, {1, 3, 16, 12})})[0]);
    EXPECT_EQ(out2, out);
}

TEST(ExperimentalDetectronPriorGridGenerator, ShapesErrorsAndRoundTrip) {
    ExperimentalDetectronPriorGridGenerator::Attributes a{false, 0, 5, 0.0f, 0.0f};
    auto dyn = std::make_shared<ExperimentalDetectronPriorGridGenerator>(
        param(ov::element::f32, PartialShape{3, 4}), param(ov::element::f32, PartialShape{1, 256, -1, -1}),
        param(ov::element::f32, PartialShape{1, 3, -1, -1}), a);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({-1, 5, 3, 4}));
    EXPECT_THAT(error_of([] {
                    ExperimentalDetectronPriorGridGenerator(param(ov::element::f32, Shape{3, 5}),
                                                            param(ov::element::f32, Shape{1, 2, 4, 4}),
                                                            param(ov::element::f32, Shape{1, 3, 8, 8}),
                                                            {true, 0, 0, 0.0f, 0.0f});
                }),
                testing::AllOf(HasSubstr("ExperimentalDetectronPriorGridGenerator"), HasSubstr("priors")));
    a.stride_x = 16.0f;
    a.h = 7;
    auto op = std::make_shared<ExperimentalDetectronPriorGridGenerator>(
        param(ov::element::f32, Shape{3, 4}), param(ov::element::f32, Shape{1, 8, 4, 4}),
        param(ov::element::f32, Shape{1, 3, 64, 64}), a);
    auto back = std::dynamic_pointer_cast<ExperimentalDetectronPriorGridGenerator>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_attrs().h, 7);
    EXPECT_EQ(back->get_attrs().w, 5);
    EXPECT_FALSE(back->get_attrs().flatten);
    EXPECT_FLOAT_EQ(back->get_attrs().stride_x, 16.0f);
}

namespace {

// [1, 1, S, S] holding base + 10 y + x + x y, which bilinear interpolation reproduces exactly.
ov::Tensor pyramid_level(size_t side, float base) {
    std::vector<float> v;
    for (size_t y = 0; y < side; ++y)
        for (size_t x = 0; x < side; ++x)
            v.push_back(base + static_cast<float>(10 * y + x + x * y));
    return f32({1, 1, side, side}, v);
}

double level_value(double base, double y, double x) { return base + 10 * y + x + x * y; }

}  // namespace

TEST(ExperimentalDetectronROIFeatureExtractor, RoisPooledOnTheirPyramidLevel) {
    using ov::op::v6::ExperimentalDetectronROIFeatureExtractor;
    ExperimentalDetectronROIFeatureExtractor::Attributes a{2, 0, {4, 8}, false};
    auto rois = param(ov::element::f32, Shape{3, 4});
    auto op = std::make_shared<ExperimentalDetectronROIFeatureExtractor>(
        ov::OutputVector{rois, param(ov::element::f32, Shape{1, 1, 8, 8}), param(ov::element::f32, Shape{1, 1, 16, 16})}, a);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({3, 1, 2, 2}));
    EXPECT_EQ(op->get_output_partial_shape(1), PartialShape({3, 4}));
    // A 16-pixel ROI: level floor(2 + log2(16 / 224)) = -2, clamped to 0 (scale 1/4): [0, 4]^2, bins of 2 pixels
    // with 2 x 2 samples centred at 1 and 3. A 112-pixel ROI: level floor(2 + log2(0.5)) = 1 (scale 1/8):
    // [0, 14]^2, bins of 7 with 7 x 7 samples centred at 3.5 and 10.5. An empty ROI: zeros.
    const std::vector<float> boxes = {0, 0, 16, 16, 0, 0, 112, 112, 5, 5, 5, 9};
    const auto out = run(op, {f32({3, 4}, boxes), pyramid_level(8, 0), pyramid_level(16, 1000)});
    expect_near(floats(out[0]),
                {level_value(0, 1, 1), level_value(0, 1, 3), level_value(0, 3, 1), level_value(0, 3, 3),
                 level_value(1000, 3.5, 3.5), level_value(1000, 3.5, 10.5), level_value(1000, 10.5, 3.5),
                 level_value(1000, 10.5, 10.5), 0, 0, 0, 0},
                1e-3);
    EXPECT_EQ(floats(out[1]), boxes);
    // aligned: corners scaled then shifted by -0.5, so [2, 18]^2 at scale 1/4 is [0, 4]^2 again.
    a.aligned = true;
    auto aligned = std::make_shared<ExperimentalDetectronROIFeatureExtractor>(
        ov::OutputVector{param(ov::element::f32, Shape{1, 4}), param(ov::element::f32, Shape{1, 1, 8, 8}),
                         param(ov::element::f32, Shape{1, 1, 16, 16})},
        a);
    expect_near(floats(run(aligned, {f32({1, 4}, {2, 2, 18, 18}), pyramid_level(8, 0), pyramid_level(16, 1000)})[0]),
                {level_value(0, 1, 1), level_value(0, 1, 3), level_value(0, 3, 1), level_value(0, 3, 3)}, 1e-3);
}

TEST(ExperimentalDetectronROIFeatureExtractor, ShapesErrorsAndRoundTrip) {
    using ov::op::v6::ExperimentalDetectronROIFeatureExtractor;
    ExperimentalDetectronROIFeatureExtractor::Attributes a{7, 2, {4, 8, 16, 32}, true};
    ov::OutputVector args{param(ov::element::f32, PartialShape{-1, 4})};
    for (int l = 0; l < 4; ++l)
        args.push_back(param(ov::element::f32, PartialShape{1, l == 0 ? 256 : -1, -1, -1}));
    auto op = std::make_shared<ExperimentalDetectronROIFeatureExtractor>(args, a);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({-1, 256, 7, 7}));
    EXPECT_EQ(op->get_output_partial_shape(1), PartialShape({-1, 4}));
    args[2] = param(ov::element::f32, PartialShape{1, 128, -1, -1});
    EXPECT_THAT(error_of([&] { ExperimentalDetectronROIFeatureExtractor(args, a); }),
                testing::AllOf(HasSubstr("ExperimentalDetectronROIFeatureExtractor"), HasSubstr("channel")));
    a.pyramid_scales = {4, 8};
    EXPECT_THAT(error_of([&] { ExperimentalDetectronROIFeatureExtractor(args, a); }),
                testing::AllOf(HasSubstr("ExperimentalDetectronROIFeatureExtractor"), HasSubstr("pyramid_scales")));
    auto back = std::dynamic_pointer_cast<ExperimentalDetectronROIFeatureExtractor>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_attrs().pyramid_scales, (std::vector<int64_t>{4, 8, 16, 32}));
    EXPECT_TRUE(back->get_attrs().aligned);
    EXPECT_EQ(back->get_attrs().output_size, 7);
}

namespace {

using ov::op::v6::ExperimentalDetectronDetectionOutput;

ExperimentalDetectronDetectionOutput::Attributes detection_attributes(float nms, size_t max_detections) {
    ExperimentalDetectronDetectionOutput::Attributes a;
    a.score_threshold = 0.05f;
    a.nms_threshold = nms;
    a.max_delta_log_wh = std::log(1000.0f / 16.0f);
    a.num_classes = 3;
    a.post_nms_count = 10;
    a.max_detections_per_image = max_detections;
    a.class_agnostic_box_regression = false;
    a.deltas_weights = {10.0f, 10.0f, 5.0f, 5.0f};
    return a;
}

// Two ROIs [0, 0, 3, 3] and [4, 0, 7, 3]; class 1's delta dx of ROI 0 is 2.5, i.e. 0.25 after the weight 10,
// which moves that box a quarter of its width: [1, 0, 4, 3]. Scores: ROI 0 (0.1, 0.8, 0.3), ROI 1 (0.2, 0.7, 0.9).
ov::TensorVector detection_run(const ExperimentalDetectronDetectionOutput::Attributes& a) {
    auto op = std::make_shared<ExperimentalDetectronDetectionOutput>(
        param(ov::element::f32, Shape{2, 4}), param(ov::element::f32, Shape{2, 12}), param(ov::element::f32, Shape{2, 3}),
        param(ov::element::f32, Shape{1, 3}), a);
    std::vector<float> deltas(24, 0.0f);
    deltas[4] = 2.5f;
    return run(op, {f32({2, 4}, {0, 0, 3, 3, 4, 0, 7, 3}), f32({2, 12}, deltas), f32({2, 3}, {0.1f, 0.8f, 0.3f, 0.2f, 0.7f, 0.9f}),
                    f32({1, 3}, {8, 8, 1})});
}

}  // namespace

TEST(ExperimentalDetectronDetectionOutput, PerClassRefinementAndNms) {
    auto out = detection_run(detection_attributes(0.5f, 5));
    ASSERT_EQ(out.size(), 3u);
    // Class order: class 1 (ROI 0 moved, ROI 1), class 2 (ROI 1, ROI 0), then a zero row.
    expect_near(floats(out[0]), {1, 0, 4, 3, 4, 0, 7, 3, 4, 0, 7, 3, 0, 0, 3, 3, 0, 0, 0, 0}, 1e-5);
    EXPECT_EQ(ints(out[1]), (std::vector<int64_t>{1, 1, 2, 2, 0}));
    expect_near(floats(out[2]), {0.8, 0.7, 0.9, 0.3, 0}, 1e-6);
    // The moved box overlaps ROI 1 by 1 x 4 pixels of 16 + 16 - 4: IoU 1/7 suppresses it at threshold 0.1.
    out = detection_run(detection_attributes(0.1f, 5));
    EXPECT_EQ(ints(out[1]), (std::vector<int64_t>{1, 2, 2, 0, 0}));
    expect_near(floats(out[2]), {0.8, 0.9, 0.3, 0, 0}, 1e-6);
}

TEST(ExperimentalDetectronDetectionOutput, BestDetectionsPerImageAndAgnosticRegression) {
    auto out = detection_run(detection_attributes(0.5f, 2));
    expect_near(floats(out[0]), {4, 0, 7, 3, 1, 0, 4, 3}, 1e-5);
    EXPECT_EQ(ints(out[1]), (std::vector<int64_t>{2, 1}));
    expect_near(floats(out[2]), {0.9, 0.8}, 1e-6);
    // Class-agnostic: class 2 uses class 1's deltas too, so its ROI 0 box moves as well.
    auto a = detection_attributes(0.5f, 5);
    a.class_agnostic_box_regression = true;
    out = detection_run(a);
    expect_near(floats(out[0]), {1, 0, 4, 3, 4, 0, 7, 3, 4, 0, 7, 3, 1, 0, 4, 3, 0, 0, 0, 0}, 1e-5);
}

TEST(ExperimentalDetectronDetectionOutput, ShapesErrorsAndRoundTrip) {
    auto a = detection_attributes(0.5f, 100);
    a.num_classes = 81;
    auto op = std::make_shared<ExperimentalDetectronDetectionOutput>(
        param(ov::element::f32, PartialShape{-1, 4}), param(ov::element::f32, PartialShape{-1, 324}),
        param(ov::element::f32, PartialShape{-1, 81}), param(ov::element::f32, PartialShape{1, 3}), a);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({100, 4}));
    EXPECT_EQ(op->get_output_element_type(1), ov::element::i32);
    EXPECT_EQ(op->get_output_partial_shape(2), PartialShape({100}));
    EXPECT_THAT(error_of([&] {
                    ExperimentalDetectronDetectionOutput(param(ov::element::f32, Shape{5, 4}), param(ov::element::f32, Shape{5, 320}),
                                                         param(ov::element::f32, Shape{5, 81}), param(ov::element::f32, Shape{1, 3}), a);
                }),
                testing::AllOf(HasSubstr("ExperimentalDetectronDetectionOutput"), HasSubstr("deltas")));
    auto back = std::dynamic_pointer_cast<ExperimentalDetectronDetectionOutput>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_attrs().num_classes, 81);
    EXPECT_EQ(back->get_attrs().max_detections_per_image, 100u);
    EXPECT_EQ(back->get_attrs().deltas_weights, (std::vector<float>{10, 10, 5, 5}));
}
