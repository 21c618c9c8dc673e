// SPDX-License-Identifier: Apache-2.0
// MulticlassNms-8/-9 and MatrixNms-8 on four boxes and two classes worked out by hand: boxes 0 and 1 overlap (IoU 0.9 / 1.1),
// as do boxes 2 and 3 (IoU 0.95 / 1.05); the pairs do not touch.
#include "detect_test_util.hpp"
#include "openvino/op/matrix_nms.hpp"
#include "openvino/op/multiclass_nms.hpp"

using namespace detect_test;
using ov::PartialShape;
using ov::Shape;
using Attributes = ov::op::util::MulticlassNmsBase::Attributes;
using Sort = ov::op::util::MulticlassNmsBase::SortResultType;

namespace {

const std::vector<float> boxes = {0, 0, 1, 1, 0, 0.1f, 1, 1.1f, 0, 2, 1, 3, 0, 2.05f, 1, 3.05f};
// Class 0 keeps boxes 0 (0.9) and 2 (0.3); class 1 keeps 2 (0.85) and 1 (0.75).
const std::vector<float> scores = {0.9f, 0.8f, 0.3f, 0.2f, 0.1f, 0.75f, 0.85f, 0.6f};

Attributes attributes(Sort sort) {
    Attributes a;
    a.sort_result_type = sort;
    a.iou_threshold = 0.5f;
    a.score_threshold = 0.0f;
    return a;
}

ov::TensorVector run8(const Attributes& a, size_t batches = 1) {
    auto op = std::make_shared<ov::op::v8::MulticlassNms>(param(ov::element::f32, Shape{batches, 4, 4}),
                                                          param(ov::element::f32, Shape{batches, 2, 4}), a);
    std::vector<float> b, s;
    for (size_t n = 0; n < batches; ++n) {
        b.insert(b.end(), boxes.begin(), boxes.end());
        s.insert(s.end(), scores.begin(), scores.end());
    }
    return run(op, {f32({batches, 4, 4}, b), f32({batches, 2, 4}, s)});
}

// Rows of selected_outputs: class, score, then the box's corners.
std::vector<double> rows(const std::vector<std::pair<int, std::pair<double, int>>>& picks) {
    std::vector<double> out;
    for (const auto& p : picks) {
        out.push_back(p.first);
        out.push_back(p.second.first);
        for (int k = 0; k < 4; ++k)
            out.push_back(boxes[static_cast<size_t>(p.second.second * 4 + k)]);
    }
    return out;
}

}  // namespace

TEST(MulticlassNms, PerClassNmsInClassOrder) {
    const auto out = run8(attributes(Sort::NONE));
    ASSERT_EQ(out.size(), 3u);
    expect_near(floats(out[0]), rows({{0, {0.9, 0}}, {0, {0.3, 2}}, {1, {0.85, 2}}, {1, {0.75, 1}}}), 1e-6);
    EXPECT_EQ(ints(out[1]), (std::vector<int64_t>{0, 2, 2, 1}));
    EXPECT_EQ(ints(out[2]), std::vector<int64_t>{4});
    const auto by_class = run8(attributes(Sort::CLASSID));
    EXPECT_EQ(ints(by_class[1]), (std::vector<int64_t>{0, 2, 2, 1}));
}

TEST(MulticlassNms, SortByScoreAndKeepTopK) {
    auto out = run8(attributes(Sort::SCORE));
    expect_near(floats(out[0]), rows({{0, {0.9, 0}}, {1, {0.85, 2}}, {1, {0.75, 1}}, {0, {0.3, 2}}}), 1e-6);
    auto a = attributes(Sort::SCORE);
    a.keep_top_k = 2;
    out = run8(a);
    expect_near(floats(out[0]), rows({{0, {0.9, 0}}, {1, {0.85, 2}}}), 1e-6);
    EXPECT_EQ(ints(out[2]), std::vector<int64_t>{2});
}

TEST(MulticlassNms, BackgroundClassNmsTopKAndScoreThreshold) {
    auto a = attributes(Sort::NONE);
    a.background_class = 0;
    expect_near(floats(run8(a)[0]), rows({{1, {0.85, 2}}, {1, {0.75, 1}}}), 1e-6);
    a = attributes(Sort::NONE);
    a.nms_top_k = 1;
    expect_near(floats(run8(a)[0]), rows({{0, {0.9, 0}}, {1, {0.85, 2}}}), 1e-6);
    a = attributes(Sort::NONE);
    a.score_threshold = 0.5f;
    expect_near(floats(run8(a)[0]), rows({{0, {0.9, 0}}, {1, {0.85, 2}}, {1, {0.75, 1}}}), 1e-6);
    // IoU threshold 0.95 suppresses nothing here: every box of class 1 above 0 stays, best first.
    a = attributes(Sort::NONE);
    a.iou_threshold = 0.95f;
    EXPECT_EQ(ints(run8(a)[1]), (std::vector<int64_t>{0, 1, 2, 3, 2, 1, 3, 0}));
}

TEST(MulticlassNms, TwoImagesSortedAcrossTheBatch) {
    auto a = attributes(Sort::SCORE);
    auto out = run8(a, 2);
    // Per image: indices of image 1 are offset by its 4 boxes.
    EXPECT_EQ(ints(out[1]), (std::vector<int64_t>{0, 2, 1, 2, 4, 6, 5, 6}));
    EXPECT_EQ(ints(out[2]), (std::vector<int64_t>{4, 4}));
    a.sort_result_across_batch = true;
    out = run8(a, 2);
    EXPECT_EQ(ints(out[1]), (std::vector<int64_t>{0, 4, 2, 6, 1, 5, 2, 6}));
}

TEST(MulticlassNms, ShapesErrorsAndRoundTrip) {
    auto a = attributes(Sort::CLASSID);
    a.nms_top_k = 3;
    a.background_class = 1;
    a.output_type = ov::element::i32;
    auto op = std::make_shared<ov::op::v8::MulticlassNms>(param(ov::element::f32, Shape{2, 10, 4}),
                                                          param(ov::element::f32, Shape{2, 5, 10}), a);
    // Per image 4 classes x 3 boxes.
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({{0, 24}, 6}));
    EXPECT_EQ(op->get_output_partial_shape(1), PartialShape({{0, 24}, 1}));
    EXPECT_EQ(op->get_output_partial_shape(2), PartialShape({2}));
    EXPECT_EQ(op->get_output_element_type(1), ov::element::i32);
    auto dyn = std::make_shared<ov::op::v9::MulticlassNms>(param(ov::element::f32, PartialShape{-1, -1, 4}),
                                                           param(ov::element::f32, PartialShape{-1, 5, -1}), a);
    EXPECT_EQ(dyn->get_output_partial_shape(0), PartialShape({-1, 6}));
    auto rois = std::make_shared<ov::op::v9::MulticlassNms>(param(ov::element::f32, Shape{5, 10, 4}),
                                                            param(ov::element::f32, Shape{5, 10}),
                                                            param(ov::element::i32, Shape{3}), a);
    EXPECT_EQ(rois->get_output_partial_shape(2), PartialShape({3}));
    EXPECT_THAT(error_of([&] {
                    ov::op::v8::MulticlassNms(param(ov::element::f32, Shape{2, 10, 4}), param(ov::element::f32, Shape{2, 5, 9}), a);
                }),
                testing::AllOf(HasSubstr("MulticlassNms"), HasSubstr("box count")));
    EXPECT_THAT(error_of([&] {
                    ov::TensorVector outputs;
                    rois->evaluate(outputs, {f32({5, 10, 4}, std::vector<float>(200, 0.5f)), f32({5, 10}, std::vector<float>(50, 0.5f)),
                                             ov::Tensor(ov::element::i32, {3})});
                }),
                testing::AllOf(HasSubstr("MulticlassNms"), HasSubstr("roisnum")));
    const auto attrs = devmux_test::attributes_of(*op);
    EXPECT_EQ(attrs.at("sort_result_type"), "classid");
    EXPECT_EQ(attrs.at("output_type"), "i32");
    auto back = std::dynamic_pointer_cast<ov::op::v8::MulticlassNms>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_attrs().sort_result_type, Sort::CLASSID);
    EXPECT_EQ(back->get_attrs().nms_top_k, 3);
    EXPECT_EQ(back->get_attrs().background_class, 1);
    auto back9 = std::dynamic_pointer_cast<ov::op::v9::MulticlassNms>(ir_round_trip(rois));
    ASSERT_TRUE(back9);
    EXPECT_EQ(back9->get_input_size(), 3u);
}

namespace {

using MatrixNms = ov::op::v8::MatrixNms;

// IoU of two [x1, y1, x2, y2] boxes of `boxes`, in double.
double iou_of(size_t a, size_t b) {
    const float* p = &boxes[a * 4];
    const float* q = &boxes[b * 4];
    const double w = std::min(p[2], q[2]) - std::max(p[0], q[0]);
    const double h = std::min(p[3], q[3]) - std::max(p[1], q[1]);
    if (w <= 0 || h <= 0)
        return 0;
    const double area = static_cast<double>(p[2] - p[0]) * (p[3] - p[1]) + static_cast<double>(q[2] - q[0]) * (q[3] - q[1]);
    return w * h / (area - w * h);
}

ov::TensorVector run_matrix(const MatrixNms::Attributes& a) {
    auto op = std::make_shared<MatrixNms>(param(ov::element::f32, Shape{1, 4, 4}), param(ov::element::f32, Shape{1, 1, 4}), a);
    return run(op, {f32({1, 4, 4}, boxes), f32({1, 1, 4}, {0.9f, 0.8f, 0.3f, 0.2f})});
}

}  // namespace

TEST(MatrixNms, LinearDecayWorkedByHand) {
    // In score order 0, 1, 2, 3: box 1 decays by (1 - iou01) / (1 - 0), box 3 by (1 - iou23) / (1 - 0); box 2's
    // candidate decay from box 1 is (1 - 0) / (1 - iou01) > 1, so it keeps its score.
    MatrixNms::Attributes a;
    a.post_threshold = 0.1f;
    const auto out = run_matrix(a);
    const double s1 = 0.8 * (1 - iou_of(0, 1)), s3 = 0.2 * (1 - iou_of(2, 3));
    ASSERT_LT(s3, 0.1);  // box 3 falls below post_threshold
    expect_near(floats(out[0]), rows({{0, {0.9, 0}}, {0, {s1, 1}}, {0, {0.3, 2}}}), 1e-5);
    EXPECT_EQ(ints(out[1]), (std::vector<int64_t>{0, 1, 2}));
    EXPECT_EQ(ints(out[2]), std::vector<int64_t>{3});
    a.sort_result_type = MatrixNms::SortResultType::SCORE;
    EXPECT_EQ(ints(run_matrix(a)[1]), (std::vector<int64_t>{0, 2, 1}));
}

TEST(MatrixNms, GaussianDecayWorkedByHand) {
    MatrixNms::Attributes a;
    a.decay_function = MatrixNms::DecayFunction::GAUSSIAN;
    a.gaussian_sigma = 2.0f;
    const auto out = run_matrix(a);
    const double d01 = iou_of(0, 1), d23 = iou_of(2, 3);
    expect_near(floats(out[0]),
                rows({{0, {0.9, 0}}, {0, {0.8 * std::exp(-d01 * d01 * 2), 1}}, {0, {0.3, 2}},
                      {0, {0.2 * std::exp(-d23 * d23 * 2), 3}}}),
                1e-5);
    // keep_top_k 2 keeps the two best decayed scores.
    a.keep_top_k = 2;
    a.sort_result_type = MatrixNms::SortResultType::SCORE;
    EXPECT_EQ(ints(run_matrix(a)[1]), (std::vector<int64_t>{0, 2}));
}

TEST(MatrixNms, ShapesErrorsAndRoundTrip) {
    MatrixNms::Attributes a;
    a.nms_top_k = 2;
    a.background_class = 0;
    a.decay_function = MatrixNms::DecayFunction::GAUSSIAN;
    a.sort_result_type = MatrixNms::SortResultType::CLASSID;
    a.output_type = ov::element::i32;
    auto op = std::make_shared<MatrixNms>(param(ov::element::f32, Shape{3, 10, 4}), param(ov::element::f32, Shape{3, 4, 10}), a);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({{0, 18}, 6}));
    EXPECT_EQ(op->get_output_partial_shape(2), PartialShape({3}));
    EXPECT_THAT(error_of([&] {
                    MatrixNms(param(ov::element::f32, Shape{3, 10, 4}), param(ov::element::f32, Shape{2, 4, 10}), a);
                }),
                testing::AllOf(HasSubstr("MatrixNms"), HasSubstr("batch")));
    const auto attrs = devmux_test::attributes_of(*op);
    EXPECT_EQ(attrs.at("decay_function"), "gaussian");
    EXPECT_EQ(attrs.at("sort_result_type"), "classid");
    auto back = std::dynamic_pointer_cast<MatrixNms>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_attrs().decay_function, MatrixNms::DecayFunction::GAUSSIAN);
    EXPECT_EQ(back->get_attrs().sort_result_type, MatrixNms::SortResultType::CLASSID);
    EXPECT_EQ(back->get_attrs().output_type, ov::element::i32);
}
