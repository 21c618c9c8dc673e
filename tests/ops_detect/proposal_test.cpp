// SPDX-License-Identifier: Apache-2.0
// Proposal-1 and -4 on a 1x2 feature map with one 4x4 anchor (base_size 4, ratio 1, scale 1, stride 4), so
// every proposal is worked out by hand: the anchors are [0, 0, 3, 3] and [4, 0, 7, 3]. Decoding takes a box's
// centre as x0 + w / 2 with the inclusive width w = x1 - x0 + 1 (Caffe's convention), so zero deltas give
// [x0, y0, x1 + 1, y1 + 1]: [0, 0, 4, 4] and [4, 0, 8, 4], the latter clipped to the 8x8 image as [4, 0, 7, 4].
#include "detect_test_util.hpp"
#include "openvino/op/proposal.hpp"

using namespace detect_test;
using ov::PartialShape;
using ov::Shape;
namespace v0 = ov::op::v0;
namespace v4 = ov::op::v4;

namespace {

v0::Proposal::Attributes attributes(size_t post, float nms, size_t min_size = 1) {
    v0::Proposal::Attributes a;
    a.base_size = 4;
    a.pre_nms_topn = 10;
    a.post_nms_topn = post;
    a.nms_thresh = nms;
    a.feat_stride = 4;
    a.min_size = min_size;
    a.ratio = {1.0f};
    a.scale = {1.0f};
    return a;
}

// Scores: background then foreground (0.9 at column 0, 0.8 at column 1). Deltas move column 0's box:
// dx 0.25 shifts its centre by a quarter width (to x 3) and dw ln 2 doubles its width (to [-1, 7], clipped
// to [0, 7]): [0, 0, 7, 4]; column 1 gives [4, 0, 7, 4].
ov::TensorVector inputs(size_t batches = 1, bool moved = true) {
    std::vector<float> probs, deltas;
    for (size_t n = 0; n < batches; ++n) {
        probs.insert(probs.end(), {0.1f, 0.2f, 0.9f, 0.8f});
        const float dx = moved ? 0.25f : 0.0f, dw = moved ? std::log(2.0f) : 0.0f;
        deltas.insert(deltas.end(), {dx, 0, 0, 0, dw, 0, 0, 0});
    }
    return {f32({batches, 2, 1, 2}, probs), f32({batches, 4, 1, 2}, deltas), f32({3}, {8, 8, 1})};
}

std::shared_ptr<v4::Proposal> proposal4(const v0::Proposal::Attributes& a, size_t batches = 1) {
    return std::make_shared<v4::Proposal>(param(ov::element::f32, Shape{batches, 2, 1, 2}),
                                          param(ov::element::f32, Shape{batches, 4, 1, 2}), param(ov::element::f32, Shape{3}), a);
}

}  // namespace

TEST(Proposal, AnchorsWithoutDeltasBothSurvive) {
    auto op = std::make_shared<v0::Proposal>(param(ov::element::f32, Shape{1, 2, 1, 2}), param(ov::element::f32, Shape{1, 4, 1, 2}),
                                             param(ov::element::f32, Shape{3}), attributes(3, 0.7f));
    EXPECT_EQ(op->get_output_size(), 1u);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({3, 5}));
    const auto out = run(op, inputs(1, false));
    ASSERT_EQ(out.size(), 1u);
    expect_near(floats(out[0]), {0, 0, 0, 4, 4, 0, 4, 0, 7, 4, -1, 0, 0, 0, 0}, 1e-5);
}

TEST(Proposal, DeltasMoveTheBoxAndNmsSuppressesTheOverlap) {
    // [0, 0, 7, 4] (area 8 * 5 = 40) contains [4, 0, 7, 4] (4 * 5 = 20): IoU 0.5.
    auto strict = proposal4(attributes(2, 0.4f));
    auto out = run(strict, inputs());
    ASSERT_EQ(out.size(), 2u);
    expect_near(floats(out[0]), {0, 0, 0, 7, 4, -1, 0, 0, 0, 0}, 1e-5);
    expect_near(floats(out[1]), {0.9, 0}, 1e-6);
    auto loose = proposal4(attributes(2, 0.6f));
    out = run(loose, inputs());
    expect_near(floats(out[0]), {0, 0, 0, 7, 4, 0, 4, 0, 7, 4}, 1e-5);
    expect_near(floats(out[1]), {0.9, 0.8}, 1e-6);
}

TEST(Proposal, SmallBoxesLoseTheirScoreAndNormalize) {
    // min_size 5: the 4-pixel-wide anchor box scores 0 (and sorts last).
    auto op = proposal4(attributes(2, 0.6f, 5));
    auto out = run(op, inputs());
    expect_near(floats(out[1]), {0.9, 0.0}, 1e-6);
    auto a = attributes(2, 0.6f);
    a.normalize = true;
    out = run(proposal4(a), inputs());
    expect_near(floats(out[0]), {0, 0, 0, 7.0 / 8, 0.5, 0, 0.5, 0, 7.0 / 8, 0.5}, 1e-6);
}

TEST(Proposal, EachImageFillsItsOwnRows) {
    auto op = proposal4(attributes(3, 0.4f), 2);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({6, 5}));
    EXPECT_EQ(op->get_output_partial_shape(1), PartialShape({6}));
    const auto out = run(op, inputs(2));
    expect_near(floats(out[0]), {0, 0, 0, 7, 4, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0,  //
                                 1, 0, 0, 7, 4, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                1e-5);
}

TEST(Proposal, ShapesErrorsAndRoundTrip) {
    auto a = attributes(300, 0.7f);
    a.ratio = {0.5f, 1.0f, 2.0f};
    a.scale = {8.0f, 16.0f, 32.0f};
    auto dyn = std::make_shared<v4::Proposal>(param(ov::element::f32, PartialShape{-1, 18, -1, -1}),
                                              param(ov::element::f32, PartialShape{-1, 36, -1, -1}),
                                              param(ov::element::f32, PartialShape{-1}), a);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({-1, 5}));
    EXPECT_EQ(dyn->get_output_partial_shape(1), PartialShape({-1}));
    EXPECT_THAT(error_of([&] {
                    v0::Proposal(param(ov::element::f32, Shape{1, 16, 4, 4}), param(ov::element::f32, Shape{1, 36, 4, 4}),
                                 param(ov::element::f32, Shape{3}), a);
                }),
                testing::AllOf(HasSubstr("Proposal"), HasSubstr("class_probs channels")));
    EXPECT_THAT(error_of([&] {
                    v0::Proposal(param(ov::element::f32, Shape{1, 18, 4, 4}), param(ov::element::f32, Shape{1, 36, 4, 4}),
                                 param(ov::element::f32, Shape{5}), a);
                }),
                testing::AllOf(HasSubstr("Proposal"), HasSubstr("image_shape")));
    EXPECT_THAT(error_of([&] {
                    v0::Proposal(param(ov::element::f32, Shape{1, 18, 4, 4}), param(ov::element::f32, Shape{1, 36, 4, 5}),
                                 param(ov::element::f32, Shape{3}), a);
                }),
                testing::AllOf(HasSubstr("Proposal"), HasSubstr("widths")));
    a.framework = "tensorflow";
    a.clip_after_nms = true;
    a.box_size_scale = 5.0f;
    auto op = std::make_shared<v4::Proposal>(param(ov::element::f32, Shape{1, 18, 4, 4}), param(ov::element::f32, Shape{1, 36, 4, 4}),
                                             param(ov::element::f32, Shape{4}), a);
    const auto attrs = devmux_test::attributes_of(*op);
    EXPECT_EQ(attrs.at("ratio"), "0.5,1,2");
    EXPECT_EQ(attrs.at("framework"), "tensorflow");
    auto back = std::dynamic_pointer_cast<v4::Proposal>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_attrs().scale, (std::vector<float>{8, 16, 32}));
    EXPECT_TRUE(back->get_attrs().clip_after_nms);
    EXPECT_FLOAT_EQ(back->get_attrs().box_size_scale, 5.0f);
    EXPECT_EQ(back->get_output_size(), 2u);
}
