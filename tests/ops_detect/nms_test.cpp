// SPDX-License-Identifier: Apache-2.0
// NonMaxSuppression-1/-3/-4/-5/-9 on the ONNX NonMaxSuppression test cases (center_point_box, flipped
// coordinates, identical boxes, output limit, thresholds, two batches, two classes: numbers copied by
// hand), a Soft-NMS case worked out by hand, output shapes incl. dynamic ones, errors and the IR round trip.
#include "detect_test_util.hpp"
#include "openvino/op/non_max_suppression.hpp"

using namespace detect_test;
using ov::PartialShape;
using ov::Shape;
namespace v1 = ov::op::v1;
namespace v3 = ov::op::v3;
namespace v4 = ov::op::v4;
namespace v5 = ov::op::v5;
namespace v9 = ov::op::v9;

namespace {

// The ONNX cases' six boxes, [y1, x1, y2, x2]: three overlapping near 0, two near 10, one at 100.
const std::vector<float> onnx_boxes = {0.0f, 0.0f,  1.0f, 1.0f,  0.0f, 0.1f,  1.0f, 1.1f,  0.0f, -0.1f, 1.0f, 0.9f,
                                       0.0f, 10.0f, 1.0f, 11.0f, 0.0f, 10.1f, 1.0f, 11.1f, 0.0f, 100.0f, 1.0f, 101.0f};
const std::vector<float> onnx_scores = {0.9f, 0.75f, 0.6f, 0.95f, 0.5f, 0.3f};

struct Case {
    std::vector<float> boxes;
    std::vector<float> scores;
    size_t batches, classes, boxes_count;
    int64_t max_out;
    float iou, score_threshold;
};

ov::TensorVector case_inputs(const Case& c, float sigma = -1) {
    ov::TensorVector in{f32({c.batches, c.boxes_count, 4}, c.boxes), f32({c.batches, c.classes, c.boxes_count}, c.scores),
                        i64({}, {c.max_out}), f32({}, {c.iou}), f32({}, {c.score_threshold})};
    if (sigma >= 0)
        in.push_back(f32({}, {sigma}));
    return in;
}

// v9 with all inputs as Parameters of the case's shapes.
std::shared_ptr<v9::NonMaxSuppression> nms9(const Case& c, bool center, bool sort_descending, bool with_sigma = false) {
    auto boxes = param(ov::element::f32, Shape{c.batches, c.boxes_count, 4});
    auto scores = param(ov::element::f32, Shape{c.batches, c.classes, c.boxes_count});
    auto max_out = param(ov::element::i64, Shape{});
    auto iou = param(ov::element::f32, Shape{});
    auto score = param(ov::element::f32, Shape{});
    const auto encoding = center ? v9::NonMaxSuppression::BoxEncodingType::CENTER : v9::NonMaxSuppression::BoxEncodingType::CORNER;
    if (with_sigma)
        return std::make_shared<v9::NonMaxSuppression>(boxes, scores, max_out, iou, score,
                                                       param(ov::element::f32, Shape{}), encoding, sort_descending);
    return std::make_shared<v9::NonMaxSuppression>(boxes, scores, max_out, iou, score, encoding, sort_descending);
}

std::vector<int64_t> selected9(const Case& c, bool center = false, bool sort_descending = true) {
    auto out = run(nms9(c, center, sort_descending), case_inputs(c));
    EXPECT_EQ(out.size(), 3u);
    EXPECT_EQ(ints(out[2]), std::vector<int64_t>{static_cast<int64_t>(out[0].get_shape()[0])});
    return ints(out[0]);
}

Case onnx_case(int64_t max_out, float iou = 0.5f, float score = 0.0f) {
    return {onnx_boxes, onnx_scores, 1, 1, 6, max_out, iou, score};
}

}  // namespace

TEST(NonMaxSuppression, OnnxSuppressByIou) {
    EXPECT_EQ(selected9(onnx_case(3)), (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5}));
}

TEST(NonMaxSuppression, OnnxCenterPointBox) {
    Case c = onnx_case(3);
    c.boxes = {0.5f, 0.5f,  1.0f, 1.0f, 0.5f, 0.6f,  1.0f, 1.0f, 0.5f, 0.4f,   1.0f, 1.0f,
               0.5f, 10.5f, 1.0f, 1.0f, 0.5f, 10.6f, 1.0f, 1.0f, 0.5f, 100.5f, 1.0f, 1.0f};
    EXPECT_EQ(selected9(c, true), (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5}));
}

TEST(NonMaxSuppression, OnnxFlippedCoordinates) {
    Case c = onnx_case(3);
    c.boxes = {1.0f, 1.0f,  0.0f, 0.0f,  0.0f, 0.1f,  1.0f, 1.1f,  0.0f, 0.9f,   1.0f, -0.1f,
               0.0f, 10.0f, 1.0f, 11.0f, 1.0f, 10.1f, 0.0f, 11.1f, 1.0f, 101.0f, 0.0f, 100.0f};
    EXPECT_EQ(selected9(c), (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5}));
}

TEST(NonMaxSuppression, OnnxIdenticalBoxesKeepTheFirst) {
    Case c{{}, std::vector<float>(10, 0.9f), 1, 1, 10, 3, 0.5f, 0.0f};
    for (int i = 0; i < 10; ++i)
        c.boxes.insert(c.boxes.end(), {0.0f, 0.0f, 1.0f, 1.0f});
    EXPECT_EQ(selected9(c), (std::vector<int64_t>{0, 0, 0}));
}

TEST(NonMaxSuppression, OnnxLimitOutputSize) {
    EXPECT_EQ(selected9(onnx_case(2)), (std::vector<int64_t>{0, 0, 3, 0, 0, 0}));
}

TEST(NonMaxSuppression, OnnxSingleBox) {
    Case c{{0.0f, 0.0f, 1.0f, 1.0f}, {0.9f}, 1, 1, 1, 3, 0.5f, 0.0f};
    EXPECT_EQ(selected9(c), (std::vector<int64_t>{0, 0, 0}));
}

TEST(NonMaxSuppression, OnnxSuppressByIouAndScores) {
    EXPECT_EQ(selected9(onnx_case(3, 0.5f, 0.4f)), (std::vector<int64_t>{0, 0, 3, 0, 0, 0}));
}

TEST(NonMaxSuppression, OnnxTwoBatches) {
    Case c{onnx_boxes, onnx_scores, 2, 1, 6, 2, 0.5f, 0.0f};
    c.boxes.insert(c.boxes.end(), onnx_boxes.begin(), onnx_boxes.end());
    c.scores.insert(c.scores.end(), onnx_scores.begin(), onnx_scores.end());
    EXPECT_EQ(selected9(c, false, false), (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 1, 0, 3, 1, 0, 0}));
    // Sorted by score across batches: equal scores keep batch order.
    EXPECT_EQ(selected9(c, false, true), (std::vector<int64_t>{0, 0, 3, 1, 0, 3, 0, 0, 0, 1, 0, 0}));
}

TEST(NonMaxSuppression, OnnxTwoClasses) {
    Case c{onnx_boxes, onnx_scores, 1, 2, 6, 2, 0.5f, 0.0f};
    c.scores.insert(c.scores.end(), onnx_scores.begin(), onnx_scores.end());
    EXPECT_EQ(selected9(c, false, false), (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 1, 3, 0, 1, 0}));
    EXPECT_EQ(selected9(c, false, true), (std::vector<int64_t>{0, 0, 3, 0, 1, 3, 0, 0, 0, 0, 1, 0}));
}

TEST(NonMaxSuppression, SelectedScoresAndCountOfV5) {
    const Case c = onnx_case(3);
    auto boxes = param(ov::element::f32, Shape{1, 6, 4});
    auto scores = param(ov::element::f32, Shape{1, 1, 6});
    auto op = std::make_shared<v5::NonMaxSuppression>(boxes, scores, param(ov::element::i64, Shape{1}),
                                                      param(ov::element::f32, Shape{}), param(ov::element::f32, Shape{}),
                                                      v5::NonMaxSuppression::BoxEncodingType::CORNER, true,
                                                      ov::element::i32);
    ov::TensorVector in = case_inputs(c);
    in[2] = i64({1}, {3});
    const auto out = run(op, in);
    EXPECT_EQ(out[0].get_element_type(), ov::element::i32);
    EXPECT_EQ(ints(out[0]), (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5}));
    EXPECT_EQ(out[1].get_element_type(), ov::element::f32);
    expect_near(floats(out[1]), {0, 0, 0.95, 0, 0, 0.9, 0, 0, 0.3}, 1e-7);
    EXPECT_EQ(out[2].get_element_type(), ov::element::i32);
    EXPECT_EQ(ints(out[2]), std::vector<int64_t>{3});
}

TEST(NonMaxSuppression, SoftNmsDecaysOverlappingScoresWorkedByHand) {
    // A and B overlap with IoU 1/3, C overlaps neither; IoU threshold 1 suppresses nothing outright.
    Case c{{0, 0, 1, 1, 0, 0.5f, 1, 1.5f, 0, 10, 1, 11}, {0.9f, 0.8f, 0.7f}, 1, 1, 3, 3, 1.0f, 0.0f};
    auto op = nms9(c, false, true, true);
    // sigma 0.5: B becomes 0.8 * exp(-0.5 * (1/9) / 0.5) = 0.7158..., still ahead of C.
    auto out = run(op, case_inputs(c, 0.5f));
    EXPECT_EQ(ints(out[0]), (std::vector<int64_t>{0, 0, 0, 0, 0, 1, 0, 0, 2}));
    expect_near(floats(out[1]), {0, 0, 0.9, 0, 0, 0.8 * std::exp(-1.0 / 9), 0, 0, 0.7}, 1e-6);
    // sigma 0.1: B becomes 0.8 * exp(-0.5 * (1/9) / 0.1) = 0.459..., now behind C.
    out = run(op, case_inputs(c, 0.1f));
    EXPECT_EQ(ints(out[0]), (std::vector<int64_t>{0, 0, 0, 0, 0, 2, 0, 0, 1}));
    expect_near(floats(out[1]), {0, 0, 0.9, 0, 0, 0.7, 0, 0, 0.8 * std::exp(-5.0 / 9)}, 1e-6);
    // score_threshold 0.5 drops the decayed B altogether.
    c.score_threshold = 0.5f;
    out = run(op, case_inputs(c, 0.1f));
    EXPECT_EQ(ints(out[0]), (std::vector<int64_t>{0, 0, 0, 0, 0, 2}));
    EXPECT_EQ(ints(out[2]), std::vector<int64_t>{2});
}

TEST(NonMaxSuppression, FixedRowVersionsPadWithMinusOne) {
    Case c{{}, std::vector<float>(10, 0.9f), 1, 1, 10, 3, 0.5f, 0.0f};
    for (int i = 0; i < 10; ++i)
        c.boxes.insert(c.boxes.end(), {0.0f, 0.0f, 1.0f, 1.0f});
    auto boxes = param(ov::element::f32, Shape{1, 10, 4});
    auto scores = param(ov::element::f32, Shape{1, 1, 10});
    auto max_out = ov::op::v0::Constant::create(ov::element::i64, Shape{}, {3});
    auto iou = param(ov::element::f32, Shape{});
    auto score = param(ov::element::f32, Shape{});
    const std::vector<int64_t> expected{0, 0, 0, -1, -1, -1, -1, -1, -1};
    auto op1 = std::make_shared<v1::NonMaxSuppression>(boxes, scores, max_out, iou, score);
    EXPECT_EQ(op1->get_output_partial_shape(0), PartialShape({3, 3}));
    EXPECT_EQ(op1->get_output_element_type(0), ov::element::i64);
    EXPECT_EQ(ints(run(op1, case_inputs(c))[0]), expected);
    auto op3 = std::make_shared<v3::NonMaxSuppression>(boxes, scores, max_out, iou, score,
                                                       v3::NonMaxSuppression::BoxEncodingType::CORNER, true,
                                                       ov::element::i32);
    EXPECT_EQ(op3->get_output_element_type(0), ov::element::i32);
    EXPECT_EQ(ints(run(op3, case_inputs(c))[0]), expected);
    auto op4 = std::make_shared<v4::NonMaxSuppression>(boxes, scores, max_out, iou, score);
    EXPECT_EQ(ints(run(op4, case_inputs(c))[0]), expected);
}

TEST(NonMaxSuppression, RowCountsOfV3AndV4) {
    auto boxes = param(ov::element::f32, Shape{2, 6, 4});
    auto scores = param(ov::element::f32, Shape{2, 3, 6});
    auto max_out = ov::op::v0::Constant::create(ov::element::i32, Shape{}, {4});
    auto iou = ov::op::v0::Constant::create(ov::element::f32, Shape{}, {0.5f});
    auto score = ov::op::v0::Constant::create(ov::element::f32, Shape{}, {0.0f});
    // v3 (as OpenVINO): min(N, max * C) = min(6, 12); v4: min(N, max) * B * C = 4 * 2 * 3.
    EXPECT_EQ(std::make_shared<v3::NonMaxSuppression>(boxes, scores, max_out, iou, score)->get_output_partial_shape(0),
              PartialShape({6, 3}));
    EXPECT_EQ(std::make_shared<v4::NonMaxSuppression>(boxes, scores, max_out, iou, score)->get_output_partial_shape(0),
              PartialShape({24, 3}));
    // The two-batch ONNX case through v4: both batches' rows, then padding.
    Case c{onnx_boxes, onnx_scores, 2, 1, 6, 2, 0.5f, 0.0f};
    c.boxes.insert(c.boxes.end(), onnx_boxes.begin(), onnx_boxes.end());
    c.scores.insert(c.scores.end(), onnx_scores.begin(), onnx_scores.end());
    auto op4 = std::make_shared<v4::NonMaxSuppression>(param(ov::element::f32, Shape{2, 6, 4}),
                                                       param(ov::element::f32, Shape{2, 1, 6}),
                                                       ov::op::v0::Constant::create(ov::element::i64, Shape{}, {2}),
                                                       iou, score, v4::NonMaxSuppression::BoxEncodingType::CORNER, false);
    EXPECT_EQ(op4->get_output_partial_shape(0), PartialShape({4, 3}));
    EXPECT_EQ(ints(run(op4, case_inputs(c))[0]), (std::vector<int64_t>{0, 0, 3, 0, 0, 0, 1, 0, 3, 1, 0, 0}));
}

TEST(NonMaxSuppression, DefaultInputsSelectNothing) {
    auto boxes = param(ov::element::f32, Shape{1, 6, 4});
    auto scores = param(ov::element::f32, Shape{1, 1, 6});
    auto op1 = std::make_shared<v1::NonMaxSuppression>(boxes, scores);
    EXPECT_EQ(op1->get_input_size(), 5u);
    EXPECT_EQ(op1->get_output_partial_shape(0), PartialShape({0, 3}));
    auto op9 = std::make_shared<v9::NonMaxSuppression>(boxes, scores);
    EXPECT_EQ(op9->get_input_size(), 2u);
    EXPECT_EQ(op9->get_output_partial_shape(0), PartialShape({0, 3}));
    const auto out = run(op9, {f32({1, 6, 4}, onnx_boxes), f32({1, 1, 6}, onnx_scores)});
    EXPECT_EQ(out[0].get_shape(), Shape({0, 3}));
    EXPECT_EQ(ints(out[2]), std::vector<int64_t>{0});
}

TEST(NonMaxSuppression, DynamicOutputShapes) {
    auto boxes = param(ov::element::f32, Shape{2, 6, 4});
    auto scores = param(ov::element::f32, Shape{2, 3, 6});
    auto max_const = ov::op::v0::Constant::create(ov::element::i64, Shape{}, {4});
    auto op = std::make_shared<v9::NonMaxSuppression>(boxes, scores, max_const);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({{0, 24}, 3}));
    EXPECT_EQ(op->get_output_partial_shape(1), PartialShape({{0, 24}, 3}));
    EXPECT_EQ(op->get_output_partial_shape(2), PartialShape({1}));
    auto runtime_max = std::make_shared<v5::NonMaxSuppression>(boxes, scores, param(ov::element::i64, Shape{}));
    EXPECT_EQ(runtime_max->get_output_partial_shape(0), PartialShape({-1, 3}));
    auto dyn = std::make_shared<v9::NonMaxSuppression>(param(ov::element::f32, PartialShape{-1, -1, 4}),
                                                       param(ov::element::f32, PartialShape{-1, 3, -1}), max_const);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({-1, 3}));
    auto v4dyn = std::make_shared<v4::NonMaxSuppression>(param(ov::element::f32, PartialShape{-1, 6, 4}),
                                                         param(ov::element::f32, PartialShape{-1, 3, 6}), max_const,
                                                         param(ov::element::f32, Shape{}), param(ov::element::f32, Shape{}));
    EXPECT_EQ(v4dyn->get_output_partial_shape(0), PartialShape({-1, 3}));
    EXPECT_EQ(op->max_boxes_output_from_input(), 4);
    EXPECT_TRUE(op->is_soft_nms_sigma_constant_and_default());
}

TEST(NonMaxSuppression, BadInputsNameTheOp) {
    auto boxes = param(ov::element::f32, Shape{1, 6, 4});
    auto scores = param(ov::element::f32, Shape{1, 1, 6});
    EXPECT_THAT(error_of([&] { v9::NonMaxSuppression(param(ov::element::f32, Shape{1, 6, 5}), scores); }),
                testing::AllOf(HasSubstr("NonMaxSuppression"), HasSubstr("boxes' last dimension")));
    EXPECT_THAT(error_of([&] { v9::NonMaxSuppression(boxes, param(ov::element::f32, Shape{2, 1, 6})); }),
                testing::AllOf(HasSubstr("NonMaxSuppression"), HasSubstr("batch")));
    EXPECT_THAT(error_of([&] { v5::NonMaxSuppression(boxes, param(ov::element::f32, Shape{1, 1, 7})); }),
                testing::AllOf(HasSubstr("NonMaxSuppression"), HasSubstr("box count")));
    EXPECT_THAT(error_of([&] { v1::NonMaxSuppression(boxes, scores, param(ov::element::f32, Shape{}),
                                                     param(ov::element::f32, Shape{}), param(ov::element::f32, Shape{})); }),
                testing::AllOf(HasSubstr("NonMaxSuppression"), HasSubstr("max_output_boxes_per_class")));
    EXPECT_THAT(error_of([&] { v9::NonMaxSuppression(boxes, scores, param(ov::element::i64, Shape{2})); }),
                testing::AllOf(HasSubstr("NonMaxSuppression"), HasSubstr("scalar")));
    EXPECT_THAT(error_of([&] {
                    v3::NonMaxSuppression(boxes, scores, v3::NonMaxSuppression::BoxEncodingType::CORNER, true,
                                          ov::element::f32);
                }),
                testing::AllOf(HasSubstr("NonMaxSuppression"), HasSubstr("output_type")));
}

TEST(NonMaxSuppression, AttributesRoundTripThroughIr) {
    auto boxes = param(ov::element::f32, Shape{1, 6, 4});
    auto scores = param(ov::element::f32, Shape{1, 2, 6});
    auto max_out = ov::op::v0::Constant::create(ov::element::i64, Shape{}, {2});
    auto op5 = std::make_shared<v5::NonMaxSuppression>(boxes, scores, max_out,
                                                       v5::NonMaxSuppression::BoxEncodingType::CENTER, false,
                                                       ov::element::i32);
    const auto attrs = devmux_test::attributes_of(*op5);
    EXPECT_EQ(attrs.at("box_encoding"), "center");
    EXPECT_EQ(attrs.at("sort_result_descending"), "false");
    EXPECT_EQ(attrs.at("output_type"), "i32");
    auto back5 = std::dynamic_pointer_cast<v5::NonMaxSuppression>(ir_round_trip(op5));
    ASSERT_TRUE(back5);
    EXPECT_EQ(back5->get_box_encoding(), v5::NonMaxSuppression::BoxEncodingType::CENTER);
    EXPECT_EQ(back5->get_output_type(), ov::element::i32);

    auto op9 = std::make_shared<v9::NonMaxSuppression>(boxes, scores, max_out,
                                                       v9::NonMaxSuppression::BoxEncodingType::CORNER, true);
    auto back9 = std::dynamic_pointer_cast<v9::NonMaxSuppression>(ir_round_trip(op9));
    ASSERT_TRUE(back9);
    EXPECT_EQ(back9->get_output_partial_shape(0), PartialShape({{0, 4}, 3}));

    auto op1 = std::make_shared<v1::NonMaxSuppression>(boxes, scores, max_out, ov::op::v0::Constant::create(ov::element::f32, Shape{}, {0.5f}),
                                                       ov::op::v0::Constant::create(ov::element::f32, Shape{}, {0.0f}),
                                                       v1::NonMaxSuppression::BoxEncodingType::CENTER, false);
    auto back1 = std::dynamic_pointer_cast<v1::NonMaxSuppression>(ir_round_trip(op1));
    ASSERT_TRUE(back1);
    EXPECT_EQ(back1->get_box_encoding(), v1::NonMaxSuppression::BoxEncodingType::CENTER);
    auto op4 = std::make_shared<v4::NonMaxSuppression>(boxes, scores, max_out, ov::op::v0::Constant::create(ov::element::f32, Shape{}, {0.5f}),
                                                       ov::op::v0::Constant::create(ov::element::f32, Shape{}, {0.0f}));
    auto back4 = std::dynamic_pointer_cast<v4::NonMaxSuppression>(ir_round_trip(op4));
    ASSERT_TRUE(back4);
    EXPECT_EQ(back4->get_output_partial_shape(0), PartialShape({4, 3}));
}
