// SPDX-License-Identifier: Apache-2.0
// GenerateProposals-9 and ExperimentalDetectronGenerateProposalsSingleImage-6 on a 1x2 feature map with one
// anchor per cell, [0, 0, 3, 3] and [4, 0, 7, 3], in pixel coordinates (decoding counts sizes with the "+1",
// so zero deltas give the anchor back).
#include "detect_test_util.hpp"
#include "openvino/op/experimental_detectron_generate_proposals.hpp"
#include "openvino/op/generate_proposals.hpp"

using namespace detect_test;
using ov::PartialShape;
using ov::Shape;
using ov::op::v9::GenerateProposals;

namespace {

GenerateProposals::Attributes attributes(float nms, float min_size = 1.0f, int64_t pre = 10, int64_t post = 5) {
    GenerateProposals::Attributes a;
    a.min_size = min_size;
    a.nms_threshold = nms;
    a.pre_nms_count = pre;
    a.post_nms_count = post;
    a.normalized = false;
    return a;
}

std::shared_ptr<GenerateProposals> make(const GenerateProposals::Attributes& a, size_t batch = 1, size_t info = 3,
                                        const ov::element::Type& roi_num = ov::element::i64) {
    return std::make_shared<GenerateProposals>(param(ov::element::f32, Shape{batch, info}), param(ov::element::f32, Shape{1, 2, 1, 4}),
                                               param(ov::element::f32, Shape{batch, 4, 1, 2}),
                                               param(ov::element::f32, Shape{batch, 1, 1, 2}), a, roi_num);
}

const std::vector<float> anchors = {0, 0, 3, 3, 4, 0, 7, 3};

// Column 0's deltas: dx 0.25 moves the centre from 2 to 3 and dw ln 2 doubles the width to 8, so the box is
// [-1, 6] in x, clipped to [0, 6]: [0, 0, 6, 3]. Its IoU with [4, 0, 7, 3] is (3 * 4) / (28 + 16 - 12).
std::vector<float> moved_deltas() { return {0.25f, 0, 0, 0, std::log(2.0f), 0, 0, 0}; }

}  // namespace

TEST(GenerateProposals, ZeroDeltasGiveTheAnchorsBack) {
    auto op = make(attributes(0.7f));
    const auto out = run(op, {f32({1, 3}, {8, 8, 1}), f32({1, 2, 1, 4}, anchors), f32({1, 4, 1, 2}, std::vector<float>(8, 0)),
                              f32({1, 1, 1, 2}, {0.8f, 0.9f})});
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[0].get_shape(), Shape({2, 4}));
    expect_near(floats(out[0]), {4, 0, 7, 3, 0, 0, 3, 3}, 1e-5);
    expect_near(floats(out[1]), {0.9, 0.8}, 1e-6);
    EXPECT_EQ(ints(out[2]), std::vector<int64_t>{2});
}

TEST(GenerateProposals, NmsThresholdDecidesTheOverlap) {
    const ov::TensorVector in{f32({1, 3}, {8, 8, 1}), f32({1, 2, 1, 4}, anchors), f32({1, 4, 1, 2}, moved_deltas()),
                              f32({1, 1, 1, 2}, {0.9f, 0.8f})};
    auto strict = run(make(attributes(0.3f)), in);
    expect_near(floats(strict[0]), {0, 0, 6, 3}, 1e-5);
    EXPECT_EQ(ints(strict[2]), std::vector<int64_t>{1});
    auto loose = run(make(attributes(0.4f)), in);
    expect_near(floats(loose[0]), {0, 0, 6, 3, 4, 0, 7, 3}, 1e-5);
    // pre_nms_count 1 keeps only the best box before NMS.
    auto one = run(make(attributes(0.4f, 1.0f, 1)), in);
    expect_near(floats(one[0]), {0, 0, 6, 3}, 1e-5);
}

TEST(GenerateProposals, MinSizeScalesPerAxis) {
    // min_size 4 with scales (1, 1.5): boxes need height >= 4 and width >= 6; only [0, 0, 6, 3] (7 x 4) passes.
    auto op = make(attributes(0.7f, 4.0f), 1, 4);
    const auto out = run(op, {f32({1, 4}, {8, 8, 1, 1.5f}), f32({1, 2, 1, 4}, anchors), f32({1, 4, 1, 2}, moved_deltas()),
                              f32({1, 1, 1, 2}, {0.9f, 0.8f})});
    expect_near(floats(out[0]), {0, 0, 6, 3}, 1e-5);
    expect_near(floats(out[1]), {0.9}, 1e-6);
}

TEST(GenerateProposals, TwoImagesAndI32Counts) {
    auto op = make(attributes(0.3f), 2, 3, ov::element::i32);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({{0, 10}, 4}));
    EXPECT_EQ(op->get_output_partial_shape(1), PartialShape({{0, 10}}));
    EXPECT_EQ(op->get_output_partial_shape(2), PartialShape({2}));
    EXPECT_EQ(op->get_output_element_type(2), ov::element::i32);
    std::vector<float> deltas = moved_deltas(), zeros(8, 0);
    deltas.insert(deltas.end(), zeros.begin(), zeros.end());
    const auto out = run(op, {f32({2, 3}, {8, 8, 1, 8, 8, 1}), f32({1, 2, 1, 4}, anchors), f32({2, 4, 1, 2}, deltas),
                              f32({2, 1, 1, 2}, {0.9f, 0.8f, 0.1f, 0.95f})});
    // Image 0: the moved box suppresses the other; image 1: two disjoint anchors, best first.
    expect_near(floats(out[0]), {0, 0, 6, 3, 4, 0, 7, 3, 0, 0, 3, 3}, 1e-5);
    expect_near(floats(out[1]), {0.9, 0.95, 0.1}, 1e-6);
    EXPECT_EQ(out[2].get_element_type(), ov::element::i32);
    EXPECT_EQ(ints(out[2]), (std::vector<int64_t>{1, 2}));
}

TEST(GenerateProposals, ShapesErrorsAndRoundTrip) {
    auto a = attributes(0.7f);
    auto dyn = std::make_shared<GenerateProposals>(param(ov::element::f32, PartialShape{-1, 3}),
                                                   param(ov::element::f32, PartialShape{-1, -1, 3, 4}),
                                                   param(ov::element::f32, PartialShape{-1, 12, -1, -1}),
                                                   param(ov::element::f32, PartialShape{-1, 3, -1, -1}), a);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({-1, 4}));
    EXPECT_EQ(dyn->get_output_partial_shape(2), PartialShape({-1}));
    EXPECT_THAT(error_of([&] {
                    GenerateProposals(param(ov::element::f32, Shape{1, 3}), param(ov::element::f32, Shape{1, 2, 1, 5}),
                                      param(ov::element::f32, Shape{1, 4, 1, 2}), param(ov::element::f32, Shape{1, 1, 1, 2}), a);
                }),
                testing::AllOf(HasSubstr("GenerateProposals"), HasSubstr("anchors' last dimension")));
    EXPECT_THAT(error_of([&] {
                    GenerateProposals(param(ov::element::f32, Shape{1, 3}), param(ov::element::f32, Shape{1, 2, 1, 4}),
                                      param(ov::element::f32, Shape{1, 8, 1, 2}), param(ov::element::f32, Shape{1, 1, 1, 2}), a);
                }),
                testing::AllOf(HasSubstr("GenerateProposals"), HasSubstr("deltas")));
    EXPECT_THAT(error_of([&] { make(a, 1, 3, ov::element::f32); }),
                testing::AllOf(HasSubstr("GenerateProposals"), HasSubstr("roi_num_type")));
    a.nms_eta = 0.5f;
    auto op = make(a, 1, 3, ov::element::i32);
    const auto attrs = devmux_test::attributes_of(*op);
    EXPECT_EQ(attrs.at("normalized"), "false");
    EXPECT_EQ(attrs.at("roi_num_type"), "i32");
    auto back = std::dynamic_pointer_cast<GenerateProposals>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_FLOAT_EQ(back->get_attrs().nms_eta, 0.5f);
    EXPECT_EQ(back->get_attrs().post_nms_count, 5);
    EXPECT_EQ(back->get_roi_num_type(), ov::element::i32);
}

namespace {

using EDProposals = ov::op::v6::ExperimentalDetectronGenerateProposalsSingleImage;

ov::TensorVector run_single(float nms, float min_size, bool moved, int64_t post = 3) {
    EDProposals::Attributes a{min_size, nms, post, 10};
    auto op = std::make_shared<EDProposals>(param(ov::element::f32, Shape{3}), param(ov::element::f32, Shape{2, 4}),
                                            param(ov::element::f32, Shape{4, 1, 2}), param(ov::element::f32, Shape{1, 1, 2}), a);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({post, 4}));
    EXPECT_EQ(op->get_output_partial_shape(1), PartialShape({post}));
    return run(op, {f32({3}, {8, 8, 1}), f32({2, 4}, anchors), f32({4, 1, 2}, moved ? moved_deltas() : std::vector<float>(8, 0)),
                    f32({1, 1, 2}, {0.9f, 0.8f})});
}

}  // namespace

TEST(ExperimentalDetectronGenerateProposalsSingleImage, AnchorsBackAndZeroPadding) {
    const auto out = run_single(0.7f, 1.0f, false);
    expect_near(floats(out[0]), {0, 0, 3, 3, 4, 0, 7, 3, 0, 0, 0, 0}, 1e-5);
    expect_near(floats(out[1]), {0.9, 0.8, 0}, 1e-6);
}

TEST(ExperimentalDetectronGenerateProposalsSingleImage, NmsWithoutThePlusOneAndSmallBoxesScoreZero) {
    // [0, 0, 6, 3] and [4, 0, 7, 3] overlap by 2 x 3 = 6 of 18 + 9 - 6 = 21 (no "+1" in the NMS): IoU 0.2857.
    expect_near(floats(run_single(0.25f, 1.0f, true)[0]), {0, 0, 6, 3, 0, 0, 0, 0, 0, 0, 0, 0}, 1e-5);
    expect_near(floats(run_single(0.3f, 1.0f, true)[0]), {0, 0, 6, 3, 4, 0, 7, 3, 0, 0, 0, 0}, 1e-5);
    // min_size 5: both boxes are 4 pixels high, so they stay (in enumeration order), with score 0.
    const auto out = run_single(0.3f, 5.0f, true);
    expect_near(floats(out[0]), {0, 0, 6, 3, 4, 0, 7, 3, 0, 0, 0, 0}, 1e-5);
    expect_near(floats(out[1]), {0, 0, 0}, 1e-6);
}

TEST(ExperimentalDetectronGenerateProposalsSingleImage, ShapesErrorsAndRoundTrip) {
    EDProposals::Attributes a{0.0f, 0.7f, 1000, 1000};
    auto op = std::make_shared<EDProposals>(param(ov::element::f32, Shape{3}), param(ov::element::f32, PartialShape{-1, 4}),
                                            param(ov::element::f32, PartialShape{12, -1, -1}),
                                            param(ov::element::f32, PartialShape{3, -1, -1}), a);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1000, 4}));
    EXPECT_THAT(error_of([&] {
                    EDProposals(param(ov::element::f32, Shape{3}), param(ov::element::f32, Shape{6, 4}),
                                param(ov::element::f32, Shape{8, 1, 2}), param(ov::element::f32, Shape{3, 1, 2}), a);
                }),
                testing::AllOf(HasSubstr("ExperimentalDetectronGenerateProposalsSingleImage"), HasSubstr("deltas")));
    auto back = std::dynamic_pointer_cast<EDProposals>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_attrs().post_nms_count, 1000);
    EXPECT_FLOAT_EQ(back->get_attrs().nms_threshold, 0.7f);
}
