// SPDX-License-Identifier: Apache-2.0
// NMSRotated-13: greedy NMS per batch and class whose overlap measure is the IoU of rotated rectangles
// (intersection polygon by Sutherland-Hodgman clipping, its area by the shoelace formula).
#include "openvino/op/nms_rotated.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/detect_common.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace devmux {
namespace detect {

namespace {

struct Point {
    double x, y;
};

Point operator-(const Point& a, const Point& b) { return {a.x - b.x, a.y - b.y}; }

double cross(const Point& a, const Point& b) { return a.x * b.y - a.y * b.x; }

// The corners of a [x_center, y_center, width, height, angle] box, in the order that makes the signed
// (shoelace) area positive: clipping below relies on every polygon turning the same way. The width axis is
// (cos t, sin t): with y pointing down (image coordinates) a positive t turns it clockwise.
std::array<Point, 4> corners_of(const float* box, bool clockwise) {
    const double t = clockwise ? box[4] : -static_cast<double>(box[4]);
    const double c = std::cos(t), s = std::sin(t);
    const double hw = box[2] / 2.0, hh = box[3] / 2.0;
    const Point u{c * hw, s * hw};   // half the width axis
    const Point v{-s * hh, c * hh};  // half the height axis
    const Point m{box[0], box[1]};
    return {Point{m.x - u.x - v.x, m.y - u.y - v.y}, Point{m.x + u.x - v.x, m.y + u.y - v.y},
            Point{m.x + u.x + v.x, m.y + u.y + v.y}, Point{m.x - u.x + v.x, m.y - u.y + v.y}};
}

double polygon_area(const std::vector<Point>& polygon) {
    double twice = 0;
    for (size_t i = 0; i < polygon.size(); ++i)
        twice += cross(polygon[i], polygon[(i + 1) % polygon.size()]);
    return std::abs(twice) / 2.0;
}

// Sutherland-Hodgman: keeps the part of `subject` on the left of every edge of the convex `clip` (whose
// corners turn counter-clockwise in the sense of a positive shoelace area).
std::vector<Point> clip_polygon(std::vector<Point> subject, const std::array<Point, 4>& clip) {
    for (size_t e = 0; e < clip.size() && !subject.empty(); ++e) {
        const Point a = clip[e], b = clip[(e + 1) % clip.size()];
        auto side = [&](const Point& p) { return cross(b - a, p - a); };
        std::vector<Point> kept;
        for (size_t i = 0; i < subject.size(); ++i) {
            const Point p = subject[i], q = subject[(i + 1) % subject.size()];
            const double sp = side(p), sq = side(q);
            if (sp >= 0)
                kept.push_back(p);
            if ((sp >= 0) != (sq >= 0)) {
                const double t = sp / (sp - sq);
                kept.push_back({p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t});
            }
        }
        subject.swap(kept);
    }
    return subject;
}

}  // namespace

// Not static: the op's white-box tests call it directly.
double rotated_box_iou(const float* a, const float* b, bool clockwise) {
    // An empty (or NaN) box overlaps nothing.
    if (!(a[2] > 0 && a[3] > 0 && b[2] > 0 && b[3] > 0))
        return 0.0;
    const double area_a = static_cast<double>(a[2]) * a[3];
    const double area_b = static_cast<double>(b[2]) * b[3];
    const auto ca = corners_of(a, clockwise);
    const auto cb = corners_of(b, clockwise);
    const double inter = polygon_area(clip_polygon(std::vector<Point>(ca.begin(), ca.end()), cb));
    const double uni = area_a + area_b - inter;
    return uni > 0 ? std::min(inter / uni, 1.0) : 0.0;
}

}  // namespace detect
}  // namespace devmux

namespace ov {
namespace op {
namespace v13 {

namespace {

const char* const nms_rotated_input_names[] = {"boxes", "scores", "max_output_boxes_per_class", "iou_threshold",
                                   "score_threshold"};

// selected_scores takes score_threshold's (T_THRESHOLDS) element type; f32 while that is not known.
element::Type score_output_type(const element::Type& threshold_type) {
    return threshold_type.is_static() && threshold_type.is_real() ? threshold_type : element::f32;
}

struct SelectedRotatedBox {
    int64_t batch, cls, box;
    float score;
};

struct Settings {
    int64_t max_boxes = 0;
    float iou_threshold = 0, score_threshold = 0;
    bool sort_descending = true, clockwise = true;
};

std::vector<float> read_floats(const Node& node, const Tensor& t, size_t input) {
    std::vector<float> out;
    const bool known = devmux::ref::dispatch_real(t.get_element_type(), [&](auto) {
        devmux::ref::InputBuffer<float> in(t);
        out.assign(in.data(), in.data() + t.get_size());
    });
    DEVMUX_NODE_CHECK(node, known, nms_rotated_input_names[input], " must be floating point, got ",
                      t.get_element_type());
    return out;
}

// The spec's algorithm per batch and class: keep the best remaining box, drop every remaining box whose
// IoU with it exceeds iou_threshold, repeat. Boxes not above score_threshold never compete (as
// NonMaxSuppression does); ties go to the lower box index.
std::vector<SelectedRotatedBox> select_boxes(const Node& node, const TensorVector& inputs, const Settings& s) {
    const Shape& box_shape = inputs[0].get_shape();
    const Shape& score_shape = inputs[1].get_shape();
    DEVMUX_NODE_CHECK(node,
                      box_shape.size() == 3 && box_shape[2] == 5 && score_shape.size() == 3 &&
                          score_shape[0] == box_shape[0] && score_shape[2] == box_shape[1],
                      "boxes ", box_shape, " and scores ", score_shape, " do not fit [B, N, 5] and [B, C, N]");
    const size_t batches = box_shape[0], count = box_shape[1], classes = score_shape[1];
    const auto boxes = read_floats(node, inputs[0], 0);
    const auto scores = read_floats(node, inputs[1], 1);
    std::vector<SelectedRotatedBox> selected;
    struct Candidate {
        int64_t box;
        float score;
    };
    for (size_t b = 0; b < batches; ++b) {
        const float* batch_boxes = boxes.data() + b * count * 5;
        for (size_t c = 0; c < classes; ++c) {
            const float* class_scores = scores.data() + (b * classes + c) * count;
            std::vector<Candidate> remaining;
            for (size_t i = 0; i < count; ++i)
                if (class_scores[i] > s.score_threshold)
                    remaining.push_back({static_cast<int64_t>(i), class_scores[i]});
            // Best first; a stable order makes equal scores keep ascending box indices.
            std::stable_sort(remaining.begin(), remaining.end(),
                             [](const Candidate& x, const Candidate& y) { return x.score > y.score; });
            std::vector<bool> suppressed(remaining.size(), false);
            int64_t kept = 0;
            for (size_t i = 0; i < remaining.size() && kept < s.max_boxes; ++i) {
                if (suppressed[i])
                    continue;
                const Candidate chosen = remaining[i];
                selected.push_back({static_cast<int64_t>(b), static_cast<int64_t>(c), chosen.box, chosen.score});
                ++kept;
                const float* chosen_box = batch_boxes + chosen.box * 5;
                for (size_t j = i + 1; j < remaining.size(); ++j)
                    if (!suppressed[j] &&
                        devmux::detect::rotated_box_iou(chosen_box, batch_boxes + remaining[j].box * 5, s.clockwise) >
                            s.iou_threshold)
                        suppressed[j] = true;
            }
        }
    }
    if (s.sort_descending)
        std::stable_sort(selected.begin(), selected.end(),
                         [](const SelectedRotatedBox& x, const SelectedRotatedBox& y) { return x.score > y.score; });
    return selected;
}

template <typename I>
void write_rows(Tensor& indices, Tensor& valid, const std::vector<SelectedRotatedBox>& selected) {
    I* p = indices.data<I>();
    for (size_t r = 0; r < selected.size(); ++r) {
        p[3 * r] = static_cast<I>(selected[r].batch);
        p[3 * r + 1] = static_cast<I>(selected[r].cls);
        p[3 * r + 2] = static_cast<I>(selected[r].box);
    }
    valid.data<I>()[0] = static_cast<I>(selected.size());
}

}  // namespace

NMSRotated::NMSRotated(const Output<Node>& boxes, const Output<Node>& scores,
                       const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                       const Output<Node>& score_threshold, const bool sort_result_descending,
                       const ov::element::Type& output_type, const bool clockwise)
    : Op({boxes, scores, max_output_boxes_per_class, iou_threshold, score_threshold}, 3),
      m_sort_result_descending(sort_result_descending),
      m_output_type(output_type),
      m_clockwise(clockwise) {
    constructor_validate_and_infer_types();
}

bool NMSRotated::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("sort_result_descending", m_sort_result_descending);
    visitor.on_attribute("output_type", m_output_type);
    visitor.on_attribute("clockwise", m_clockwise);
    return true;
}

void NMSRotated::validate_and_infer_types() {
    using namespace devmux::detect;
    if (get_output_size() != 3)
        set_output_size(3);
    DEVMUX_NODE_CHECK(*this, get_input_size() == 5,
                      "expects 5 inputs (boxes, scores, max_output_boxes_per_class, iou_threshold, "
                      "score_threshold), got ",
                      get_input_size());
    DEVMUX_NODE_CHECK(*this, m_output_type == element::i64 || m_output_type == element::i32,
                      "output_type must be i64 or i32, got ", m_output_type);
    check_real_input(*this, 0, "boxes");
    check_real_input(*this, 1, "scores");
    check_rank(*this, 0, 3, "boxes");
    check_rank(*this, 1, 3, "scores");
    check_dim(*this, 0, 2, 5, "boxes' last dimension");
    const auto& boxes = get_input_partial_shape(0);
    const auto& scores = get_input_partial_shape(1);
    const Dimension batches = merged(*this, dim(boxes, 0), dim(scores, 0), "boxes' and scores' batch dimensions");
    const Dimension count = merged(*this, dim(boxes, 1), dim(scores, 2), "boxes' box count (dim 1) and scores' (dim 2)");
    const Dimension classes = dim(scores, 1);
    for (size_t i = 2; i < 5; ++i) {
        const auto& shape = get_input_partial_shape(i);
        DEVMUX_NODE_CHECK(*this,
                          !shape.rank_is_static() || shape.size() == 0 ||
                              (shape.size() == 1 && shape.compatible(PartialShape{1})),
                          nms_rotated_input_names[i], " must be a scalar or hold 1 value, got shape ", shape);
        if (i == 2)
            devmux::ref::check_integral_input(*this, i, nms_rotated_input_names[i]);
        else
            check_real_input(*this, i, nms_rotated_input_names[i]);
    }
    // At most min(N, max_output_boxes_per_class) rows per batch and class; unbounded while either the
    // limit or a dimension's upper bound is unknown.
    int64_t bound = -1;
    if (auto limit = devmux::ref::constant_input(*this, 2)) {
        const auto v = limit->cast_vector<int64_t>();
        DEVMUX_NODE_CHECK(*this, v.size() == 1, "max_output_boxes_per_class must hold 1 value, got ", v.size());
        const int64_t per_class = std::max<int64_t>(v[0], 0);
        if (count.get_max_length() >= 0 && classes.get_max_length() >= 0 && batches.get_max_length() >= 0)
            bound = std::min(count.get_max_length(), per_class) * classes.get_max_length() * batches.get_max_length();
    }
    const Dimension rows(0, bound);
    set_output_type(0, m_output_type, PartialShape{rows, 3});
    set_output_type(1, score_output_type(get_input_element_type(4)), PartialShape{rows, 3});
    set_output_type(2, m_output_type, PartialShape{1});
}

std::shared_ptr<Node> NMSRotated::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 5, "expects 5 inputs, got ", new_args.size());
    return std::make_shared<NMSRotated>(new_args[0], new_args[1], new_args[2], new_args[3], new_args[4],
                                        m_sort_result_descending, m_output_type, m_clockwise);
}

bool NMSRotated::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 5, "evaluate() needs 5 inputs, got ", inputs.size());
    DEVMUX_NODE_CHECK(*this, m_output_type == element::i64 || m_output_type == element::i32,
                      "output_type must be i64 or i32, got ", m_output_type);
    for (size_t i = 2; i < 5; ++i)
        DEVMUX_NODE_CHECK(*this, inputs[i].get_size() == 1, nms_rotated_input_names[i], " must hold 1 value, got ",
                          inputs[i].get_size());
    Settings s;
    s.max_boxes = std::max<int64_t>(devmux::ref::tensor_to_i64(inputs[2])[0], 0);
    s.iou_threshold = read_floats(*this, inputs[3], 3)[0];
    s.score_threshold = read_floats(*this, inputs[4], 4)[0];
    s.sort_descending = m_sort_result_descending;
    s.clockwise = m_clockwise;
    const auto selected = select_boxes(*this, inputs, s);

    const size_t rows = selected.size();
    if (outputs.size() < 3)
        outputs.resize(3);  // before taking references into it
    auto& indices = devmux::ref::prepare_output(outputs, 0, m_output_type, Shape{rows, 3});
    auto& scores = devmux::ref::prepare_output(outputs, 1, score_output_type(inputs[4].get_element_type()),
                                               Shape{rows, 3});
    auto& valid = devmux::ref::prepare_output(outputs, 2, m_output_type, Shape{1});
    if (m_output_type == element::i32)
        write_rows<int32_t>(indices, valid, selected);
    else
        write_rows<int64_t>(indices, valid, selected);
    devmux::ref::OutputBuffer<float> score_rows(scores);
    for (size_t r = 0; r < rows; ++r) {
        score_rows.data()[3 * r] = static_cast<float>(selected[r].batch);
        score_rows.data()[3 * r + 1] = static_cast<float>(selected[r].cls);
        score_rows.data()[3 * r + 2] = selected[r].score;
    }
    score_rows.commit();
    return true;
}

}  // namespace v13
}  // namespace op
}  // namespace ov
