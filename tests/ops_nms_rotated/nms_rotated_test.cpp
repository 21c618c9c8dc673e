// SPDX-License-Identifier: Apache-2.0
// NMSRotated-13: the rotated IoU against hand-worked areas and a grid estimate, NMS selections worked out by
// hand (IoU thresholds just either side of a pair's IoU, score threshold, per-class limit, two batches and
// classes, both orders, i32 indices), output shapes incl. dynamic ones, errors and the IR round trip.
#include <array>
#include <cmath>

#include "openvino/op/nms_rotated.hpp"
#include "ops_detect/detect_test_util.hpp"

using namespace detect_test;
using ov::PartialShape;
using ov::Shape;
using ov::op::v13::NMSRotated;

namespace devmux {
namespace detect {
// White-box: the kernel's IoU of two [x_center, y_center, width, height, angle] boxes (nms_rotated.cpp).
double rotated_box_iou(const float* a, const float* b, bool clockwise);
}  // namespace detect
}  // namespace devmux

namespace {

using Box = std::array<float, 5>;

double iou(const Box& a, const Box& b, bool clockwise = true) {
    return devmux::detect::rotated_box_iou(a.data(), b.data(), clockwise);
}

const double pi = std::acos(-1.0);
const double sqrt2 = std::sqrt(2.0);

// ---- rotated IoU -----------------------------------------------------------------------------------------

TEST(NMSRotatedIoU, IdenticalBoxesGiveOne) {
    EXPECT_NEAR(iou({1.5f, -2.0f, 3.0f, 1.0f, 0.4f}, {1.5f, -2.0f, 3.0f, 1.0f, 0.4f}), 1.0, 1e-6);
    // A half turn maps a rectangle onto itself.
    EXPECT_NEAR(iou({0.0f, 0.0f, 4.0f, 2.0f, 0.0f}, {0.0f, 0.0f, 4.0f, 2.0f, static_cast<float>(pi)}), 1.0, 1e-6);
}

TEST(NMSRotatedIoU, DisjointBoxesGiveZero) {
    EXPECT_EQ(iou({0.0f, 0.0f, 2.0f, 2.0f, 0.3f}, {10.0f, 10.0f, 2.0f, 2.0f, 1.1f}), 0.0);
    EXPECT_EQ(iou({0.0f, 0.0f, 2.0f, 2.0f, 0.0f}, {0.0f, 0.0f, 0.0f, 2.0f, 0.0f}), 0.0);  // empty box
}

TEST(NMSRotatedIoU, SquareAndItself45DegreesTurnedOverlapInARegularOctagon) {
    for (const float side : {1.0f, 2.0f, 3.5f}) {
        const double s2 = static_cast<double>(side) * side;
        // The turned square cuts four right triangles with legs s (1 - 1/sqrt 2) off the square's corners.
        const double leg = side * (1.0 - 1.0 / sqrt2);
        const double octagon = s2 - 4 * 0.5 * leg * leg;
        EXPECT_NEAR(octagon, 2 * (sqrt2 - 1) * s2, 1e-12);
        const double expected = octagon / (2 * s2 - octagon);  // = 1 / sqrt 2
        EXPECT_NEAR(iou({3.0f, 4.0f, side, side, 0.0f}, {3.0f, 4.0f, side, side, static_cast<float>(pi / 4)}),
                    expected, 1e-6);
        EXPECT_NEAR(expected, 1.0 / sqrt2, 1e-12);
    }
}

TEST(NMSRotatedIoU, AxisAlignedBoxesGiveTheOrdinaryIoU) {
    // [-2, 2] x [-1, 1] and [0, 2] x [-0.5, 1.5]: overlap 2 x 1.5 = 3, union 8 + 4 - 3 = 9.
    EXPECT_NEAR(iou({0.0f, 0.0f, 4.0f, 2.0f, 0.0f}, {1.0f, 0.5f, 2.0f, 2.0f, 0.0f}), 1.0 / 3.0, 1e-6);
    // A quarter turn swaps width and height: [-1, 1] x [-2, 2] against [-2, 2] x [-1, 1].
    EXPECT_NEAR(iou({0.0f, 0.0f, 4.0f, 2.0f, static_cast<float>(pi / 2)}, {0.0f, 0.0f, 4.0f, 2.0f, 0.0f}), 4.0 / 12.0,
                1e-6);
    // Seeded random axis-aligned pairs against the interval formula.
    const auto v = random_values(40 * 8, 7u, 0.5f, 5.0f);
    for (size_t k = 0; k < 40; ++k) {
        const float* r = &v[k * 8];
        const Box a{r[0], r[1], r[2], r[3], 0.0f}, b{r[4], r[5], r[6], r[7], 0.0f};
        auto overlap = [](double c1, double l1, double c2, double l2) {
            return std::max(0.0, std::min(c1 + l1 / 2, c2 + l2 / 2) - std::max(c1 - l1 / 2, c2 - l2 / 2));
        };
        const double inter = overlap(a[0], a[2], b[0], b[2]) * overlap(a[1], a[3], b[1], b[3]);
        const double expected = inter / (double(a[2]) * a[3] + double(b[2]) * b[3] - inter);
        EXPECT_NEAR(iou(a, b), expected, 1e-5) << "pair " << k;
    }
}

// Independent of the clipping: counts grid points inside each box (a point is inside when its coordinates
// along the box's width axis (cos t, sin t) and height axis (-sin t, cos t) are within half the sides).
double grid_iou(const Box& a, const Box& b) {
    auto inside = [](const Box& box, double x, double y) {
        const double dx = x - box[0], dy = y - box[1], c = std::cos(box[4]), s = std::sin(box[4]);
        return std::abs(dx * c + dy * s) <= box[2] / 2.0 && std::abs(-dx * s + dy * c) <= box[3] / 2.0;
    };
    const int n = 600;
    const double lo = -6, hi = 6, step = (hi - lo) / n;
    long in_a = 0, in_b = 0, in_both = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const double x = lo + (i + 0.5) * step, y = lo + (j + 0.5) * step;
            const bool ia = inside(a, x, y), ib = inside(b, x, y);
            in_a += ia;
            in_b += ib;
            in_both += ia && ib;
        }
    return double(in_both) / double(in_a + in_b - in_both);
}

TEST(NMSRotatedIoU, RandomTurnedBoxesMatchAGridEstimate) {
    const auto v = random_values(12 * 10, 2024u, 0.0f, 1.0f);
    for (size_t k = 0; k < 12; ++k) {
        const float* r = &v[k * 10];
        const Box a{r[0] * 2 - 1, r[1] * 2 - 1, 1 + 3 * r[2], 1 + 3 * r[3], static_cast<float>(r[4] * 2 * pi)};
        const Box b{r[5] * 2 - 1, r[6] * 2 - 1, 1 + 3 * r[7], 1 + 3 * r[8], static_cast<float>(r[9] * 2 * pi)};
        const double expected = grid_iou(a, b);
        EXPECT_NEAR(iou(a, b), expected, 0.01) << "pair " << k;  // the grid's resolution
        EXPECT_NEAR(iou(a, b), iou(b, a), 1e-6) << "pair " << k;
    }
}

TEST(NMSRotatedIoU, ClockwiseChoosesTheTurnDirection) {
    // Two 4 x 1 boxes turned by 45 degrees, the second centred at (1, 1). Clockwise (x right, y down) lays
    // both along y = x, one shifted sqrt 2 along the other: overlap (4 - sqrt 2) x 1. Counter-clockwise lays
    // them along y = -x, sqrt 2 apart across their height of 1: no overlap.
    const Box a{0.0f, 0.0f, 4.0f, 1.0f, static_cast<float>(pi / 4)}, b{1.0f, 1.0f, 4.0f, 1.0f, static_cast<float>(pi / 4)};
    EXPECT_NEAR(iou(a, b, true), (4 - sqrt2) / (4 + sqrt2), 1e-6);
    EXPECT_NEAR(iou(a, b, false), 0.0, 1e-9);
}

// ---- NMS ---------------------------------------------------------------------------------------------------

// Five boxes: 0 and 1 overlap with IoU 1/3 (the axis-aligned pair above), 3 and 4 are a square and itself
// turned 45 degrees (IoU 1/sqrt 2), 2 is alone.
const std::vector<float> five_boxes = {0.0f,  0.0f,  4.0f, 2.0f, 0.0f,  1.0f,  0.5f,  2.0f, 2.0f, 0.0f,
                                       10.0f, 10.0f, 2.0f, 2.0f, 0.3f,  20.0f, 20.0f, 2.0f, 2.0f, 0.0f,
                                       20.0f, 20.0f, 2.0f, 2.0f, 0.78539816f};
const std::vector<float> five_scores = {0.9f, 0.8f, 0.7f, 0.6f, 0.95f};

std::shared_ptr<NMSRotated> make_nms(size_t batches, size_t classes, size_t count, bool sort_descending = true,
                                     ov::element::Type output_type = ov::element::i64, bool clockwise = true) {
    return std::make_shared<NMSRotated>(param(ov::element::f32, Shape{batches, count, 5}),
                                        param(ov::element::f32, Shape{batches, classes, count}),
                                        param(ov::element::i64, Shape{}), param(ov::element::f32, Shape{}),
                                        param(ov::element::f32, Shape{}), sort_descending, output_type, clockwise);
}

struct Result {
    std::vector<int64_t> indices;
    std::vector<float> scores;
    int64_t valid;
};

Result run_nms(const std::shared_ptr<NMSRotated>& op, const std::vector<float>& boxes, const std::vector<float>& scores,
               size_t batches, size_t classes, size_t count, int64_t max_out, float iou_threshold,
               float score_threshold) {
    auto out = run(op, {f32({batches, count, 5}, boxes), f32({batches, classes, count}, scores), i64({}, {max_out}),
                        f32({}, {iou_threshold}), f32({}, {score_threshold})});
    EXPECT_EQ(out.size(), 3u);
    Result r{ints(out[0]), floats(out[1]), ints(out[2])[0]};
    EXPECT_EQ(out[0].get_shape(), (Shape{static_cast<size_t>(r.valid), 3}));
    EXPECT_EQ(out[1].get_shape(), (Shape{static_cast<size_t>(r.valid), 3}));
    return r;
}

std::vector<int64_t> box_column(const Result& r) {
    std::vector<int64_t> boxes;
    for (size_t i = 2; i < r.indices.size(); i += 3)
        boxes.push_back(r.indices[i]);
    return boxes;
}

std::vector<int64_t> selected_boxes(int64_t max_out, float iou_threshold, float score_threshold) {
    return box_column(run_nms(make_nms(1, 1, 5), five_boxes, five_scores, 1, 1, 5, max_out, iou_threshold,
                              score_threshold));
}

TEST(NMSRotated, IouThresholdJustAboveOrBelowAPairsIoU) {
    // Best first: 4 (0.95), 0 (0.9), 1 (0.8), 2 (0.7), 3 (0.6).
    const float third = 1.0f / 3.0f, turned = static_cast<float>(1.0 / sqrt2);
    EXPECT_EQ(selected_boxes(10, third + 0.01f, 0.0f), (std::vector<int64_t>{4, 0, 1, 2}));
    EXPECT_EQ(selected_boxes(10, third - 0.01f, 0.0f), (std::vector<int64_t>{4, 0, 2}));
    EXPECT_EQ(selected_boxes(10, turned + 0.01f, 0.0f), (std::vector<int64_t>{4, 0, 1, 2, 3}));
    EXPECT_EQ(selected_boxes(10, turned - 0.01f, 0.0f), (std::vector<int64_t>{4, 0, 1, 2}));
}

TEST(NMSRotated, ScoreThresholdAndPerClassLimit) {
    EXPECT_EQ(selected_boxes(10, 0.5f, 0.75f), (std::vector<int64_t>{4, 0, 1}));
    EXPECT_EQ(selected_boxes(2, 0.5f, 0.0f), (std::vector<int64_t>{4, 0}));
    EXPECT_TRUE(selected_boxes(0, 0.5f, 0.0f).empty());
    EXPECT_TRUE(selected_boxes(-3, 0.5f, 0.0f).empty());  // a negative limit selects nothing
    EXPECT_TRUE(selected_boxes(10, 0.5f, 0.99f).empty());
}

// Two batches and two classes. Batch 1 has the boxes of batch 0 but box 1 moved onto box 0 (IoU 1).
std::vector<float> two_batch_boxes() {
    std::vector<float> boxes = five_boxes;
    boxes.insert(boxes.end(), five_boxes.begin(), five_boxes.end());
    boxes[25 + 5] = 0.0f;
    boxes[25 + 6] = 0.0f;
    boxes[25 + 7] = 4.0f;
    boxes[25 + 8] = 2.0f;
    return boxes;
}
const std::vector<float> two_batch_scores = {0.9f,  0.8f,  0.7f,  0.6f,  0.95f,   // batch 0 class 0
                                             0.1f,  0.2f,  0.3f,  0.85f, 0.4f,    // batch 0 class 1
                                             0.5f,  0.55f, 0.05f, 0.15f, 0.25f,   // batch 1 class 0
                                             0.65f, 0.45f, 0.35f, 0.02f, 0.03f};  // batch 1 class 1

TEST(NMSRotated, TwoBatchesAndClassesPerClassOrder) {
    const auto r = run_nms(make_nms(2, 2, 5, false), two_batch_boxes(), two_batch_scores, 2, 2, 5, 10, 0.5f, 0.0f);
    // Worked by hand with IoU threshold 0.5 (pair 0/1 kept in batch 0, suppressed in batch 1; pair 3/4
    // always suppressed).
    const std::vector<int64_t> expected = {0, 0, 4, 0, 0, 0, 0, 0, 1, 0, 0, 2,   //
                                           0, 1, 3, 0, 1, 2, 0, 1, 1, 0, 1, 0,   //
                                           1, 0, 1, 1, 0, 4, 1, 0, 2,            //
                                           1, 1, 0, 1, 1, 2, 1, 1, 4};
    EXPECT_EQ(r.indices, expected);
    EXPECT_EQ(r.valid, 14);
    expect_near(r.scores,
                {0, 0, 0.95, 0, 0, 0.9, 0, 0, 0.8, 0, 0, 0.7,   0, 1, 0.85, 0, 1, 0.3, 0, 1, 0.2, 0, 1, 0.1,
                 1, 0, 0.55, 1, 0, 0.25, 1, 0, 0.05, 1, 1, 0.65, 1, 1, 0.35, 1, 1, 0.03},
                1e-6);
}

TEST(NMSRotated, TwoBatchesAndClassesSortedByScoreWithI32Indices) {
    const auto r = run_nms(make_nms(2, 2, 5, true, ov::element::i32), two_batch_boxes(), two_batch_scores, 2, 2, 5, 10,
                           0.5f, 0.0f);
    const std::vector<int64_t> expected = {0, 0, 4, 0, 0, 0, 0, 1, 3, 0, 0, 1, 0, 0, 2, 1, 1, 0, 1, 0, 1,
                                           1, 1, 2, 0, 1, 2, 1, 0, 4, 0, 1, 1, 0, 1, 0, 1, 0, 2, 1, 1, 4};
    EXPECT_EQ(r.indices, expected);
    EXPECT_EQ(r.valid, 14);
    const std::vector<double> ordered = {0.95, 0.9, 0.85, 0.8, 0.7, 0.65, 0.55, 0.35, 0.3, 0.25, 0.2, 0.1, 0.05, 0.03};
    for (size_t i = 0; i < ordered.size(); ++i)
        EXPECT_NEAR(r.scores[3 * i + 2], ordered[i], 1e-6) << "row " << i;
    auto op = make_nms(2, 2, 5, true, ov::element::i32);
    auto out = run(op, {f32({2, 5, 5}, two_batch_boxes()), f32({2, 2, 5}, two_batch_scores), i64({}, {10}),
                        f32({}, {0.5f}), f32({}, {0.0f})});
    EXPECT_EQ(out[0].get_element_type(), ov::element::i32);
    EXPECT_EQ(out[1].get_element_type(), ov::element::f32);
    EXPECT_EQ(out[2].get_element_type(), ov::element::i32);
}

TEST(NMSRotated, ClockwiseAttributeChangesTheSelection) {
    // The clockwise pair above: IoU 0.477 when clockwise, 0 otherwise; threshold 0.3.
    const std::vector<float> boxes = {0.0f, 0.0f, 4.0f, 1.0f, 0.78539816f, 1.0f, 1.0f, 4.0f, 1.0f, 0.78539816f};
    const std::vector<float> scores = {0.9f, 0.8f};
    EXPECT_EQ(box_column(run_nms(make_nms(1, 1, 2, true, ov::element::i64, true), boxes, scores, 1, 1, 2, 5, 0.3f, 0.0f)),
              (std::vector<int64_t>{0}));
    EXPECT_EQ(box_column(run_nms(make_nms(1, 1, 2, true, ov::element::i64, false), boxes, scores, 1, 1, 2, 5, 0.3f, 0.0f)),
              (std::vector<int64_t>{0, 1}));
}

// ---- shapes, errors, IR --------------------------------------------------------------------------------

std::shared_ptr<NMSRotated> nms_of(const PartialShape& boxes, const PartialShape& scores,
                                   std::shared_ptr<ov::Node> max_out,
                                   ov::element::Type threshold_type = ov::element::f32,
                                   ov::element::Type output_type = ov::element::i64) {
    return std::make_shared<NMSRotated>(param(ov::element::f32, boxes), param(ov::element::f32, scores), max_out,
                                        param(threshold_type, Shape{}), param(threshold_type, Shape{}), true,
                                        output_type);
}

std::shared_ptr<ov::Node> limit(int64_t v) { return ov::op::v0::Constant::create(ov::element::i64, Shape{}, {v}); }

TEST(NMSRotated, OutputShapes) {
    auto op = nms_of({2, 5, 5}, {2, 2, 5}, limit(3));
    EXPECT_EQ(op->get_output_size(), 3u);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{ov::Dimension(0, 12), 3}));  // min(5, 3) * 2 * 2
    EXPECT_EQ(op->get_output_partial_shape(1), (PartialShape{ov::Dimension(0, 12), 3}));
    EXPECT_EQ(op->get_output_partial_shape(2), (PartialShape{1}));
    EXPECT_EQ(op->get_output_element_type(0), ov::element::i64);
    EXPECT_EQ(op->get_output_element_type(1), ov::element::f32);
    EXPECT_EQ(op->get_output_element_type(2), ov::element::i64);

    // A run-time limit leaves the row count unbounded.
    op = nms_of({2, 5, 5}, {2, 2, 5}, param(ov::element::i32, Shape{1}));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{ov::Dimension::dynamic(), 3}));

    // Dynamic dimensions: the box count's bound comes from boxes, the batch's from scores.
    op = nms_of({-1, ov::Dimension(0, 10), 5}, {2, 3, -1}, limit(4));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{ov::Dimension(0, 24), 3}));
    op = nms_of({-1, -1, 5}, {2, 3, -1}, limit(4));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{ov::Dimension::dynamic(), 3}));
    op = nms_of(PartialShape::dynamic(), PartialShape::dynamic(), limit(4));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{ov::Dimension::dynamic(), 3}));
    EXPECT_EQ(op->get_output_partial_shape(2), (PartialShape{1}));

    // Types: indices and count follow output_type, scores follow score_threshold's type.
    op = nms_of({1, 4, 5}, {1, 1, 4}, limit(1), ov::element::f16, ov::element::i32);
    EXPECT_EQ(op->get_output_element_type(0), ov::element::i32);
    EXPECT_EQ(op->get_output_element_type(1), ov::element::f16);
    EXPECT_EQ(op->get_output_element_type(2), ov::element::i32);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{ov::Dimension(0, 1), 3}));
}

TEST(NMSRotated, HalfPrecisionInputs) {
    auto op = std::make_shared<NMSRotated>(param(ov::element::f16, Shape{1, 5, 5}), param(ov::element::f16, Shape{1, 1, 5}),
                                           param(ov::element::i32, Shape{}), param(ov::element::f16, Shape{}),
                                           param(ov::element::f16, Shape{}));
    auto to_f16 = [](const Shape& shape, const std::vector<float>& v) {
        ov::Tensor t(ov::element::f16, shape);
        for (size_t i = 0; i < v.size(); ++i)
            t.data<ov::float16>()[i] = ov::float16(v[i]);
        return t;
    };
    ov::Tensor max_out(ov::element::i32, Shape{});
    max_out.data<int32_t>()[0] = 10;
    auto out = run(op, {to_f16({1, 5, 5}, five_boxes), to_f16({1, 1, 5}, five_scores), max_out, to_f16({}, {0.5f}),
                        to_f16({}, {0.0f})});
    EXPECT_EQ(ints(out[0]), (std::vector<int64_t>{0, 0, 4, 0, 0, 0, 0, 0, 1, 0, 0, 2}));
    EXPECT_EQ(out[1].get_element_type(), ov::element::f16);
    expect_near(floats(out[1]), {0, 0, 0.95, 0, 0, 0.9, 0, 0, 0.8, 0, 0, 0.7}, 1e-3);
}

TEST(NMSRotated, BadInputsNameTheOp) {
    auto boxes_last_dim = [] { nms_of({1, 4, 4}, {1, 1, 4}, limit(1)); };
    EXPECT_THAT(error_of(boxes_last_dim), HasSubstr("NMSRotated"));
    EXPECT_THAT(error_of(boxes_last_dim), HasSubstr("boxes' last dimension must be 5"));
    auto mismatched_count = [] { nms_of({1, 5, 5}, {1, 1, 6}, limit(1)); };
    EXPECT_THAT(error_of(mismatched_count), HasSubstr("NMSRotated"));
    EXPECT_THAT(error_of(mismatched_count), HasSubstr("box count"));
    EXPECT_THAT(error_of([] { nms_of({2, 5, 5}, {3, 1, 5}, limit(1)); }), HasSubstr("batch"));
    EXPECT_THAT(error_of([] { nms_of({2, 5}, {2, 1, 5}, limit(1)); }), HasSubstr("rank 3"));
    EXPECT_THAT(error_of([] { nms_of({1, 5, 5}, {1, 1, 5}, limit(1), ov::element::f32, ov::element::f32); }),
                HasSubstr("output_type"));
    EXPECT_THAT(error_of([] {
                    nms_of({1, 5, 5}, {1, 1, 5}, ov::op::v0::Constant::create(ov::element::f32, Shape{}, {1.0f}));
                }),
                HasSubstr("max_output_boxes_per_class"));
    EXPECT_THAT(error_of([] { nms_of({1, 5, 5}, {1, 1, 5}, param(ov::element::i64, Shape{2})); }),
                HasSubstr("max_output_boxes_per_class"));

    // Run-time shapes are checked again (the node was built with dynamic ones).
    auto op = nms_of(PartialShape::dynamic(), PartialShape::dynamic(), limit(1));
    op->set_friendly_name("rot");
    ov::TensorVector outputs;
    const std::string message = error_of([&] {
        op->evaluate(outputs, {f32({1, 2, 4}, std::vector<float>(8, 1.0f)), f32({1, 1, 2}, {0.5f, 0.5f}),
                               i64({}, {1}), f32({}, {0.5f}), f32({}, {0.0f})});
    });
    EXPECT_THAT(message, HasSubstr("NMSRotated 'rot'"));
    EXPECT_THAT(message, HasSubstr("[B, N, 5]"));
    EXPECT_THAT(error_of([&] { op->clone_with_new_inputs({op->input_value(0), op->input_value(1)}); }),
                HasSubstr("expects 5 inputs"));
}

TEST(NMSRotated, CloneKeepsAttributes) {
    auto op = make_nms(1, 2, 3, false, ov::element::i32, false);
    auto copy = std::dynamic_pointer_cast<NMSRotated>(op->clone_with_new_inputs(op->input_values()));
    ASSERT_TRUE(copy);
    EXPECT_FALSE(copy->get_sort_result_descending());
    EXPECT_EQ(copy->get_output_type_attr(), ov::element::i32);
    EXPECT_FALSE(copy->get_clockwise());
}

TEST(NMSRotated, IrRoundTrip) {
    auto op = std::make_shared<NMSRotated>(param(ov::element::f32, Shape{2, 7, 5}), param(ov::element::f32, Shape{2, 3, 7}),
                                           limit(4), param(ov::element::f32, Shape{}), param(ov::element::f32, Shape{}),
                                           false, ov::element::i32, false);
    const auto attributes = devmux_test::attributes_of(*op);
    EXPECT_EQ(attributes.at("sort_result_descending"), "false");
    EXPECT_EQ(attributes.at("output_type"), "i32");
    EXPECT_EQ(attributes.at("clockwise"), "false");
    auto back = std::dynamic_pointer_cast<NMSRotated>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_FALSE(back->get_sort_result_descending());
    EXPECT_EQ(back->get_output_type_attr(), ov::element::i32);
    EXPECT_FALSE(back->get_clockwise());
    EXPECT_EQ(back->get_output_partial_shape(0), (PartialShape{ov::Dimension(0, 24), 3}));

    auto defaults = make_nms(1, 1, 4);
    auto back_defaults = std::dynamic_pointer_cast<NMSRotated>(ir_round_trip(defaults));
    ASSERT_TRUE(back_defaults);
    EXPECT_TRUE(back_defaults->get_sort_result_descending());
    EXPECT_EQ(back_defaults->get_output_type_attr(), ov::element::i64);
    EXPECT_TRUE(back_defaults->get_clockwise());
}

}  // namespace
