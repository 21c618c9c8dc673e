// SPDX-License-Identifier: Apache-2.0
// NonMaxSuppression-1, -3, -4, -5 and -9: one greedy (Soft-)NMS kernel. v1 to v4 give a fixed number of
// rows with unused ones at -1; v5 and v9 give exactly the selected rows plus their scores and count.
#include "openvino/op/non_max_suppression.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/op/constant.hpp"
#include "ops/detect_common.hpp"
#include "ops/enum_names.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {

namespace {

// ---- attributes -----------------------------------------------------------------------------------------

// Each version declares its own BoxEncodingType, all with the same two values.
template <typename Encoding>
const devmux::ref::EnumName<Encoding> encoding_names[] = {{Encoding::CORNER, "corner"}, {Encoding::CENTER, "center"}};

template <typename Encoding>
std::ostream& write_encoding(std::ostream& s, Encoding e) {
    return devmux::ref::write_enum_name(s, e, encoding_names<Encoding>);
}

template <typename Encoding>
std::istream& read_encoding(std::istream& s, Encoding& e) {
    return devmux::ref::read_enum_name(s, e, encoding_names<Encoding>,
                                       "NonMaxSuppression box_encoding (corner, center)");
}

// ---- shape inference ------------------------------------------------------------------------------------

struct NmsDims {
    Dimension batches, boxes, classes;
};

// Checks inputs common to every version and returns the batch, box and class counts.
NmsDims check_nms_inputs(const Node& node, size_t max_inputs) {
    using namespace devmux::detect;
    DEVMUX_NODE_CHECK(node, node.get_input_size() >= 2 && node.get_input_size() <= max_inputs, "expects 2 to ",
                      max_inputs, " inputs (boxes, scores, max_output_boxes_per_class, iou_threshold, score_threshold",
                      max_inputs == 6 ? ", soft_nms_sigma" : "", "), got ", node.get_input_size());
    check_real_input(node, 0, "boxes");
    check_real_input(node, 1, "scores");
    check_rank(node, 0, 3, "boxes");
    check_rank(node, 1, 3, "scores");
    check_dim(node, 0, 2, 4, "boxes' last dimension");
    const auto& boxes = node.get_input_partial_shape(0);
    const auto& scores = node.get_input_partial_shape(1);
    NmsDims d;
    d.batches = merged(node, dim(boxes, 0), dim(scores, 0), "boxes' and scores' batch dimensions");
    d.boxes = merged(node, dim(boxes, 1), dim(scores, 2), "boxes' box count (dim 1) and scores' (dim 2)");
    d.classes = dim(scores, 1);
    const char* names[] = {"", "", "max_output_boxes_per_class", "iou_threshold", "score_threshold", "soft_nms_sigma"};
    for (size_t i = 2; i < node.get_input_size(); ++i) {
        const auto& shape = node.get_input_partial_shape(i);
        DEVMUX_NODE_CHECK(node, !shape.rank_is_static() || shape.size() == 0 || (shape.size() == 1 && shape.compatible(PartialShape{1})),
                          names[i], " must be a scalar or hold 1 value, got shape ", shape);
        if (i == 2)
            devmux::ref::check_integral_input(node, i, names[i]);
        else
            check_real_input(node, i, names[i]);
    }
    return d;
}

// max_output_boxes_per_class when known before run time: 0 when absent, -1 when computed at run time.
int64_t known_max_boxes(const Node& node) {
    if (node.get_input_size() < 3)
        return 0;
    if (auto c = devmux::ref::constant_input(node, 2)) {
        const auto v = c->cast_vector<int64_t>();
        DEVMUX_NODE_CHECK(node, v.size() == 1, "max_output_boxes_per_class must hold 1 value, got ", v.size());
        return std::max<int64_t>(v[0], 0);
    }
    return -1;
}

float known_float(const Node& node, size_t i) {
    if (node.get_input_size() <= i)
        return 0.0f;
    if (auto c = devmux::ref::constant_input(node, i)) {
        const auto v = c->cast_vector<float>();
        return v.empty() ? 0.0f : v[0];
    }
    return 0.0f;
}

// The row count of v1/v3 (OpenVINO's rule for them: min(N, max_boxes * C), the batch not counted) and of v4
// (min(N, max_boxes) * B * C); -1 when not known.
int64_t fixed_row_count(int64_t boxes, int64_t classes, int64_t batches, int64_t max_boxes, bool count_batches) {
    if (boxes < 0 || classes < 0 || max_boxes < 0 || (count_batches && batches < 0))
        return -1;
    return count_batches ? std::min(boxes, max_boxes) * classes * batches : std::min(boxes, max_boxes * classes);
}

// The largest number of rows v5/v9 can select, min(N, max_boxes) * B * C; -1 when not known (as OpenVINO, also
// when max_boxes is computed at run time).
int64_t selected_row_bound(const NmsDims& d, int64_t max_boxes) {
    if (max_boxes < 0 || d.boxes.get_max_length() < 0 || d.classes.get_max_length() < 0 ||
        d.batches.get_max_length() < 0)
        return -1;
    return std::min(d.boxes.get_max_length(), max_boxes) * d.classes.get_max_length() * d.batches.get_max_length();
}

void infer_fixed_rows(Node& node, size_t max_inputs, bool count_batches, const element::Type& index_type) {
    DEVMUX_NODE_CHECK(node, index_type == element::i64 || index_type == element::i32,
                      "output_type must be i64 or i32, got ", index_type);
    const NmsDims d = check_nms_inputs(node, max_inputs);
    const int64_t max_boxes = known_max_boxes(node);
    auto length = [](const Dimension& dim) { return dim.is_static() ? dim.get_length() : int64_t{-1}; };
    const int64_t count =
        fixed_row_count(length(d.boxes), length(d.classes), length(d.batches), max_boxes, count_batches);
    node.set_output_type(0, index_type, PartialShape{count >= 0 ? Dimension(count) : Dimension::dynamic(), 3});
}

void infer_selected_rows(Node& node, const element::Type& index_type) {
    DEVMUX_NODE_CHECK(node, index_type == element::i64 || index_type == element::i32,
                      "output_type must be i64 or i32, got ", index_type);
    const NmsDims d = check_nms_inputs(node, 6);
    const int64_t bound = selected_row_bound(d, known_max_boxes(node));
    const Dimension rows(0, bound);
    node.set_output_type(0, index_type, PartialShape{rows, 3});
    node.set_output_type(1, element::f32, PartialShape{rows, 3});
    node.set_output_type(2, index_type, PartialShape{1});
}

// ---- evaluation -----------------------------------------------------------------------------------------

struct Corners {
    float ymin, xmin, ymax, xmax;
};

struct Selected {
    int64_t batch, cls, box;
    float score;
};

Corners corners_of(const float* b, bool center) {
    if (center) {
        // [x_center, y_center, width, height]
        const float hw = b[2] / 2, hh = b[3] / 2;
        return {b[1] - hh, b[0] - hw, b[1] + hh, b[0] + hw};
    }
    // [y1, x1, y2, x2], any two opposite corners.
    return {std::min(b[0], b[2]), std::min(b[1], b[3]), std::max(b[0], b[2]), std::max(b[1], b[3])};
}

float intersection_over_union(const Corners& a, const Corners& b) {
    const float area_a = (a.ymax - a.ymin) * (a.xmax - a.xmin);
    const float area_b = (b.ymax - b.ymin) * (b.xmax - b.xmin);
    if (area_a <= 0 || area_b <= 0)
        return 0.0f;
    const float h = std::min(a.ymax, b.ymax) - std::max(a.ymin, b.ymin);
    const float w = std::min(a.xmax, b.xmax) - std::max(a.xmin, b.xmin);
    if (h <= 0 || w <= 0)
        return 0.0f;
    const float inter = h * w;
    return inter / (area_a + area_b - inter);
}

struct NmsSettings {
    bool center = false;
    bool sort_descending = true;
    int64_t max_boxes = 0;
    float iou_threshold = 0, score_threshold = 0, sigma = 0;
};

std::vector<float> as_floats(const Node& node, const Tensor& t, const char* what) {
    std::vector<float> out;
    const bool known = devmux::ref::dispatch_real(t.get_element_type(), [&](auto) {
        devmux::ref::InputBuffer<float> in(t);
        out.assign(in.data(), in.data() + t.get_size());
    });
    DEVMUX_NODE_CHECK(node, known, what, " must be floating point, got ", t.get_element_type());
    return out;
}

NmsSettings settings_from(const Node& node, const TensorVector& inputs, bool center, bool sort_descending) {
    NmsSettings s;
    s.center = center;
    s.sort_descending = sort_descending;
    const char* names[] = {"", "", "max_output_boxes_per_class", "iou_threshold", "score_threshold", "soft_nms_sigma"};
    for (size_t i = 2; i < inputs.size() && i < 6; ++i)
        DEVMUX_NODE_CHECK(node, inputs[i].get_size() == 1, names[i], " must hold 1 value, got ", inputs[i].get_size());
    if (inputs.size() > 2)
        s.max_boxes = std::max<int64_t>(devmux::ref::tensor_to_i64(inputs[2])[0], 0);
    if (inputs.size() > 3)
        s.iou_threshold = as_floats(node, inputs[3], "iou_threshold")[0];
    if (inputs.size() > 4)
        s.score_threshold = as_floats(node, inputs[4], "score_threshold")[0];
    if (inputs.size() > 5)
        s.sigma = as_floats(node, inputs[5], "soft_nms_sigma")[0];
    return s;
}

// The spec's algorithm, per batch and class: take the best remaining box, keep it, then scale every other
// remaining score by func(IoU with it) (1 or 0 for plain NMS, a Gaussian decay for Soft-NMS, 0 above the IoU
// threshold either way) and drop those no longer above score_threshold. Ties go to the lower box index.
std::vector<Selected> run_nms(const Node& node, const TensorVector& inputs, const NmsSettings& s) {
    DEVMUX_NODE_CHECK(node, inputs.size() >= 2, "evaluate() needs boxes and scores");
    const Shape& box_shape = inputs[0].get_shape();
    const Shape& score_shape = inputs[1].get_shape();
    DEVMUX_NODE_CHECK(node, box_shape.size() == 3 && box_shape[2] == 4 && score_shape.size() == 3 &&
                                score_shape[0] == box_shape[0] && score_shape[2] == box_shape[1],
                      "boxes ", box_shape, " and scores ", score_shape,
                      " do not fit [B, N, 4] and [B, C, N]");
    const size_t B = box_shape[0], N = box_shape[1], C = score_shape[1];
    const auto boxes = as_floats(node, inputs[0], "boxes");
    const auto scores = as_floats(node, inputs[1], "scores");
    const bool soft = s.sigma > 0;
    const float decay = soft ? -0.5f / s.sigma : 0.0f;
    std::vector<Selected> selected;
    std::vector<Corners> corners(N);
    struct Candidate {
        int64_t box;
        float score;
    };
    for (size_t b = 0; b < B; ++b) {
        for (size_t i = 0; i < N; ++i)
            corners[i] = corners_of(&boxes[(b * N + i) * 4], s.center);
        for (size_t c = 0; c < C; ++c) {
            const float* class_scores = &scores[(b * C + c) * N];
            std::vector<Candidate> remaining;
            for (size_t i = 0; i < N; ++i)
                if (class_scores[i] > s.score_threshold)
                    remaining.push_back({static_cast<int64_t>(i), class_scores[i]});
            int64_t kept = 0;
            while (kept < s.max_boxes && !remaining.empty()) {
                auto best = std::min_element(remaining.begin(), remaining.end(), [](const Candidate& x, const Candidate& y) {
                    return x.score > y.score || (x.score == y.score && x.box < y.box);
                });
                const Candidate chosen = *best;
                remaining.erase(best);
                selected.push_back({static_cast<int64_t>(b), static_cast<int64_t>(c), chosen.box, chosen.score});
                ++kept;
                std::vector<Candidate> next;
                for (auto cand : remaining) {
                    const float iou = intersection_over_union(corners[static_cast<size_t>(chosen.box)],
                                                              corners[static_cast<size_t>(cand.box)]);
                    if (iou > s.iou_threshold)
                        continue;
                    if (soft) {
                        cand.score *= std::exp(decay * iou * iou);
                        if (!(cand.score > s.score_threshold))
                            continue;
                    }
                    next.push_back(cand);
                }
                remaining.swap(next);
            }
        }
    }
    if (s.sort_descending)
        std::stable_sort(selected.begin(), selected.end(),
                         [](const Selected& x, const Selected& y) { return x.score > y.score; });
    return selected;
}

template <typename I>
void write_indices(Tensor& out, const std::vector<Selected>& selected, size_t rows) {
    I* p = out.data<I>();
    for (size_t r = 0; r < rows; ++r) {
        const bool used = r < selected.size();
        p[3 * r] = used ? static_cast<I>(selected[r].batch) : I(-1);
        p[3 * r + 1] = used ? static_cast<I>(selected[r].cls) : I(-1);
        p[3 * r + 2] = used ? static_cast<I>(selected[r].box) : I(-1);
    }
}

void write_index_tensor(Tensor& out, const std::vector<Selected>& selected, size_t rows) {
    if (out.get_element_type() == element::i32)
        write_indices<int32_t>(out, selected, rows);
    else
        write_indices<int64_t>(out, selected, rows);
}

// v1 to v4: as many rows as the output shape says (rows beyond the selection are -1; selections beyond the
// rows, possible for v1/v3 whose row count is min(N, max_boxes * C), are dropped: that shape has no room).
bool evaluate_fixed_rows(const Node& node, TensorVector& outputs, const TensorVector& inputs, const NmsSettings& s,
                         bool count_batches, const element::Type& index_type) {
    const auto selected = run_nms(node, inputs, s);
    const Shape& box_shape = inputs[0].get_shape();
    const auto rows = static_cast<size_t>(fixed_row_count(static_cast<int64_t>(box_shape[1]),
                                                          static_cast<int64_t>(inputs[1].get_shape()[1]),
                                                          static_cast<int64_t>(box_shape[0]), s.max_boxes, count_batches));
    auto& out = devmux::ref::prepare_output(outputs, 0, index_type, Shape{rows, 3});
    write_index_tensor(out, selected, rows);
    return true;
}

bool evaluate_selected_rows(const Node& node, TensorVector& outputs, const TensorVector& inputs, const NmsSettings& s,
                            const element::Type& index_type) {
    const auto selected = run_nms(node, inputs, s);
    const size_t rows = selected.size();
    if (outputs.size() < 3)
        outputs.resize(3);  // before taking references into it
    auto& indices = devmux::ref::prepare_output(outputs, 0, index_type, Shape{rows, 3});
    write_index_tensor(indices, selected, rows);
    auto& scores = devmux::ref::prepare_output(outputs, 1, element::f32, Shape{rows, 3});
    float* p = scores.data<float>();
    for (size_t r = 0; r < rows; ++r) {
        p[3 * r] = static_cast<float>(selected[r].batch);
        p[3 * r + 1] = static_cast<float>(selected[r].cls);
        p[3 * r + 2] = selected[r].score;
    }
    auto& count = devmux::ref::prepare_output(outputs, 2, index_type, Shape{1});
    if (index_type == element::i32)
        count.data<int32_t>()[0] = static_cast<int32_t>(rows);
    else
        count.data<int64_t>()[0] = static_cast<int64_t>(rows);
    return true;
}

OutputVector with_default_inputs(const Output<Node>& boxes, const Output<Node>& scores) {
    return {boxes, scores, v0::Constant::create(element::i64, Shape{}, {0}),
            v0::Constant::create(element::f32, Shape{}, {0.0f}), v0::Constant::create(element::f32, Shape{}, {0.0f})};
}

}  // namespace

// ---- v1 -------------------------------------------------------------------------------------------------

namespace v1 {

std::ostream& operator<<(std::ostream& s, const NonMaxSuppression::BoxEncodingType& type) {
    return write_encoding(s, type);
}
std::istream& operator>>(std::istream& s, NonMaxSuppression::BoxEncodingType& type) { return read_encoding(s, type); }

NonMaxSuppression::NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                                     const Output<Node>& max_output_boxes_per_class,
                                     const Output<Node>& iou_threshold, const Output<Node>& score_threshold,
                                     const BoxEncodingType box_encoding, const bool sort_result_descending)
    : Op({boxes, scores, max_output_boxes_per_class, iou_threshold, score_threshold}),
      m_box_encoding(box_encoding),
      m_sort_result_descending(sort_result_descending) {
    constructor_validate_and_infer_types();
}

NonMaxSuppression::NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                                     const BoxEncodingType box_encoding, const bool sort_result_descending)
    : Op(with_default_inputs(boxes, scores)),
      m_box_encoding(box_encoding),
      m_sort_result_descending(sort_result_descending) {
    constructor_validate_and_infer_types();
}

bool NonMaxSuppression::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("box_encoding", m_box_encoding);
    visitor.on_attribute("sort_result_descending", m_sort_result_descending);
    return true;
}

void NonMaxSuppression::validate_and_infer_types() { infer_fixed_rows(*this, 5, false, element::i64); }

std::shared_ptr<Node> NonMaxSuppression::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() >= 2 && new_args.size() <= 5, "expects 2 to 5 inputs, got ",
                      new_args.size());
    auto op = std::make_shared<NonMaxSuppression>();
    op->m_box_encoding = m_box_encoding;
    op->m_sort_result_descending = m_sort_result_descending;
    op->set_arguments(new_args);
    op->validate_and_infer_types();
    return op;
}

int64_t NonMaxSuppression::max_boxes_output_from_input() const { return std::max<int64_t>(known_max_boxes(*this), 0); }

bool NonMaxSuppression::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto s = settings_from(*this, inputs, m_box_encoding == BoxEncodingType::CENTER, m_sort_result_descending);
    return evaluate_fixed_rows(*this, outputs, inputs, s, false, element::i64);
}

}  // namespace v1

// ---- v3 and v4 ------------------------------------------------------------------------------------------

namespace v3 {

std::ostream& operator<<(std::ostream& s, const NonMaxSuppression::BoxEncodingType& type) {
    return write_encoding(s, type);
}
std::istream& operator>>(std::istream& s, NonMaxSuppression::BoxEncodingType& type) { return read_encoding(s, type); }

NonMaxSuppression::NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                                     const Output<Node>& max_output_boxes_per_class,
                                     const Output<Node>& iou_threshold, const Output<Node>& score_threshold,
                                     const BoxEncodingType box_encoding, const bool sort_result_descending,
                                     const ov::element::Type& output_type)
    : Op({boxes, scores, max_output_boxes_per_class, iou_threshold, score_threshold}),
      m_box_encoding(box_encoding),
      m_sort_result_descending(sort_result_descending),
      m_output_type(output_type) {
    constructor_validate_and_infer_types();
}

NonMaxSuppression::NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                                     const BoxEncodingType box_encoding, const bool sort_result_descending,
                                     const ov::element::Type& output_type)
    : Op(with_default_inputs(boxes, scores)),
      m_box_encoding(box_encoding),
      m_sort_result_descending(sort_result_descending),
      m_output_type(output_type) {
    constructor_validate_and_infer_types();
}

bool NonMaxSuppression::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("box_encoding", m_box_encoding);
    visitor.on_attribute("sort_result_descending", m_sort_result_descending);
    visitor.on_attribute("output_type", m_output_type);
    return true;
}

void NonMaxSuppression::validate_and_infer_types() { infer_fixed_rows(*this, 5, rows_count_batches(), m_output_type); }

std::shared_ptr<Node> NonMaxSuppression::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() >= 2 && new_args.size() <= 5, "expects 2 to 5 inputs, got ",
                      new_args.size());
    auto op = std::make_shared<NonMaxSuppression>();
    op->m_box_encoding = m_box_encoding;
    op->m_sort_result_descending = m_sort_result_descending;
    op->m_output_type = m_output_type;
    op->set_arguments(new_args);
    op->validate_and_infer_types();
    return op;
}

int64_t NonMaxSuppression::max_boxes_output_from_input() const { return std::max<int64_t>(known_max_boxes(*this), 0); }

bool NonMaxSuppression::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto s = settings_from(*this, inputs, m_box_encoding == BoxEncodingType::CENTER, m_sort_result_descending);
    return evaluate_fixed_rows(*this, outputs, inputs, s, rows_count_batches(), m_output_type);
}

}  // namespace v3

namespace v4 {

NonMaxSuppression::NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                                     const Output<Node>& max_output_boxes_per_class,
                                     const Output<Node>& iou_threshold, const Output<Node>& score_threshold,
                                     const BoxEncodingType box_encoding, const bool sort_result_descending,
                                     const ov::element::Type& output_type) {
    m_box_encoding = box_encoding;
    m_sort_result_descending = sort_result_descending;
    m_output_type = output_type;
    set_arguments(OutputVector{boxes, scores, max_output_boxes_per_class, iou_threshold, score_threshold});
    constructor_validate_and_infer_types();
}

NonMaxSuppression::NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                                     const BoxEncodingType box_encoding, const bool sort_result_descending,
                                     const ov::element::Type& output_type) {
    m_box_encoding = box_encoding;
    m_sort_result_descending = sort_result_descending;
    m_output_type = output_type;
    set_arguments(with_default_inputs(boxes, scores));
    constructor_validate_and_infer_types();
}

std::shared_ptr<Node> NonMaxSuppression::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() >= 2 && new_args.size() <= 5, "expects 2 to 5 inputs, got ",
                      new_args.size());
    auto op = std::make_shared<NonMaxSuppression>();
    op->m_box_encoding = m_box_encoding;
    op->m_sort_result_descending = m_sort_result_descending;
    op->m_output_type = m_output_type;
    op->set_arguments(new_args);
    op->validate_and_infer_types();
    return op;
}

}  // namespace v4

// ---- v5 and v9 ------------------------------------------------------------------------------------------

#define DEVMUX_NMS_SELECTED_ROWS_VERSION(ns)                                                                          \
    namespace ns {                                                                                                    \
    std::ostream& operator<<(std::ostream& s, const NonMaxSuppression::BoxEncodingType& type) {                       \
        return write_encoding(s, type);                                                                               \
    }                                                                                                                 \
    std::istream& operator>>(std::istream& s, NonMaxSuppression::BoxEncodingType& type) {                             \
        return read_encoding(s, type);                                                                                \
    }                                                                                                                 \
    NonMaxSuppression::NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,                       \
                                         const BoxEncodingType box_encoding, const bool sort_result_descending,       \
                                         const ov::element::Type& output_type)                                        \
        : Op({boxes, scores}, 3),                                                                                     \
          m_box_encoding(box_encoding),                                                                               \
          m_sort_result_descending(sort_result_descending),                                                           \
          m_output_type(output_type) {                                                                                \
        constructor_validate_and_infer_types();                                                                       \
    }                                                                                                                 \
    NonMaxSuppression::NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,                       \
                                         const Output<Node>& max_output_boxes_per_class,                              \
                                         const BoxEncodingType box_encoding, const bool sort_result_descending,       \
                                         const ov::element::Type& output_type)                                        \
        : Op({boxes, scores, max_output_boxes_per_class}, 3),                                                         \
          m_box_encoding(box_encoding),                                                                               \
          m_sort_result_descending(sort_result_descending),                                                           \
          m_output_type(output_type) {                                                                                \
        constructor_validate_and_infer_types();                                                                       \
    }                                                                                                                 \
    NonMaxSuppression::NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,                       \
                                         const Output<Node>& max_output_boxes_per_class,                              \
                                         const Output<Node>& iou_threshold, const BoxEncodingType box_encoding,       \
                                         const bool sort_result_descending, const ov::element::Type& output_type)     \
        : Op({boxes, scores, max_output_boxes_per_class, iou_threshold}, 3),                                          \
          m_box_encoding(box_encoding),                                                                               \
          m_sort_result_descending(sort_result_descending),                                                           \
          m_output_type(output_type) {                                                                                \
        constructor_validate_and_infer_types();                                                                       \
    }                                                                                                                 \
    NonMaxSuppression::NonMaxSuppression(                                                                             \
        const Output<Node>& boxes, const Output<Node>& scores, const Output<Node>& max_output_boxes_per_class,        \
        const Output<Node>& iou_threshold, const Output<Node>& score_threshold, const BoxEncodingType box_encoding,   \
        const bool sort_result_descending, const ov::element::Type& output_type)                                      \
        : Op({boxes, scores, max_output_boxes_per_class, iou_threshold, score_threshold}, 3),                         \
          m_box_encoding(box_encoding),                                                                               \
          m_sort_result_descending(sort_result_descending),                                                           \
          m_output_type(output_type) {                                                                                \
        constructor_validate_and_infer_types();                                                                       \
    }                                                                                                                 \
    NonMaxSuppression::NonMaxSuppression(                                                                             \
        const Output<Node>& boxes, const Output<Node>& scores, const Output<Node>& max_output_boxes_per_class,        \
        const Output<Node>& iou_threshold, const Output<Node>& score_threshold, const Output<Node>& soft_nms_sigma,   \
        const BoxEncodingType box_encoding, const bool sort_result_descending, const ov::element::Type& output_type)  \
        : Op({boxes, scores, max_output_boxes_per_class, iou_threshold, score_threshold, soft_nms_sigma}, 3),         \
          m_box_encoding(box_encoding),                                                                               \
          m_sort_result_descending(sort_result_descending),                                                           \
          m_output_type(output_type) {                                                                                \
        constructor_validate_and_infer_types();                                                                       \
    }                                                                                                                 \
    bool NonMaxSuppression::visit_attributes(AttributeVisitor& visitor) {                                             \
        visitor.on_attribute("box_encoding", m_box_encoding);                                                         \
        visitor.on_attribute("sort_result_descending", m_sort_result_descending);                                     \
        visitor.on_attribute("output_type", m_output_type);                                                           \
        return true;                                                                                                  \
    }                                                                                                                 \
    void NonMaxSuppression::validate_and_infer_types() {                                                              \
        if (get_output_size() != 3)                                                                                   \
            set_output_size(3);                                                                                       \
        infer_selected_rows(*this, m_output_type);                                                                    \
    }                                                                                                                 \
    std::shared_ptr<Node> NonMaxSuppression::clone_with_new_inputs(const OutputVector& new_args) const {              \
        DEVMUX_NODE_CHECK(*this, new_args.size() >= 2 && new_args.size() <= 6, "expects 2 to 6 inputs, got ",         \
                          new_args.size());                                                                           \
        auto op = std::make_shared<NonMaxSuppression>();                                                              \
        op->m_box_encoding = m_box_encoding;                                                                          \
        op->m_sort_result_descending = m_sort_result_descending;                                                      \
        op->m_output_type = m_output_type;                                                                            \
        op->set_arguments(new_args);                                                                                  \
        op->validate_and_infer_types();                                                                               \
        return op;                                                                                                    \
    }                                                                                                                 \
    int64_t NonMaxSuppression::max_boxes_output_from_input() const {                                                  \
        return std::max<int64_t>(known_max_boxes(*this), 0);                                                          \
    }                                                                                                                 \
    float NonMaxSuppression::iou_threshold_from_input() const { return known_float(*this, 3); }                       \
    float NonMaxSuppression::score_threshold_from_input() const { return known_float(*this, 4); }                     \
    float NonMaxSuppression::soft_nms_sigma_from_input() const { return known_float(*this, 5); }                      \
    bool NonMaxSuppression::is_soft_nms_sigma_constant_and_default() const {                                          \
        return get_input_size() < 6 || (devmux::ref::constant_input(*this, 5) && known_float(*this, 5) == 0.0f);      \
    }                                                                                                                 \
    bool NonMaxSuppression::evaluate(TensorVector& outputs, const TensorVector& inputs) const {                       \
        const auto s =                                                                                                \
            settings_from(*this, inputs, m_box_encoding == BoxEncodingType::CENTER, m_sort_result_descending);        \
        return evaluate_selected_rows(*this, outputs, inputs, s, m_output_type);                                      \
    }                                                                                                                 \
    }

DEVMUX_NMS_SELECTED_ROWS_VERSION(v5)
DEVMUX_NMS_SELECTED_ROWS_VERSION(v9)

#undef DEVMUX_NMS_SELECTED_ROWS_VERSION

}  // namespace op
}  // namespace ov
