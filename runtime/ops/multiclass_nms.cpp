// SPDX-License-Identifier: Apache-2.0
// MulticlassNms-8 and -9 (the PaddlePaddle multiclass_nms: per-class greedy NMS) and MatrixNms-8 (per-class
// score decay by IoU), with the per-image keep_top_k and result orderings they share. Computed in float.
#include "openvino/op/multiclass_nms.hpp"
#include "openvino/op/matrix_nms.hpp"

#include <algorithm>
#include <cmath>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/detect_common.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

struct Detection {
    int64_t batch, cls, box;
    float score;
    float x1, y1, x2, y2;
};

float pair_iou(const float* a, const float* b, float offset) {
    const float ax1 = std::min(a[0], a[2]), ay1 = std::min(a[1], a[3]), ax2 = std::max(a[0], a[2]), ay2 = std::max(a[1], a[3]);
    const float bx1 = std::min(b[0], b[2]), by1 = std::min(b[1], b[3]), bx2 = std::max(b[0], b[2]), by2 = std::max(b[1], b[3]);
    // Boxes apart do not overlap, however close (the "+1" of pixel coordinates applies to touching ones only).
    if (bx1 > ax2 || bx2 < ax1 || by1 > ay2 || by2 < ay1)
        return 0.0f;
    const float w = std::min(ax2, bx2) - std::max(ax1, bx1) + offset;
    const float h = std::min(ay2, by2) - std::max(ay1, by1) + offset;
    if (w <= 0 || h <= 0)
        return 0.0f;
    const float inter = w * h;
    const float area_a = (ax2 - ax1 + offset) * (ay2 - ay1 + offset);
    const float area_b = (bx2 - bx1 + offset) * (by2 - by1 + offset);
    return inter / (area_a + area_b - inter);
}

// Orders each image's detections (score descending, or class then score; neither keeps them as they are),
// optionally across the whole batch, and writes the three outputs of MulticlassNms / MatrixNms.
void write_detections(TensorVector& outputs, std::vector<std::vector<Detection>>& per_image, size_t M,
                      const element::Type& type, const element::Type& index_type, bool by_score_order,
                      bool by_class_order, bool across_batch) {
    const size_t N = per_image.size();
    auto by_score = [](const Detection& a, const Detection& b) {
        if (a.score != b.score)
            return a.score > b.score;
        return a.cls < b.cls;
    };
    auto by_class = [](const Detection& a, const Detection& b) {
        if (a.cls != b.cls)
            return a.cls < b.cls;
        return a.score > b.score;
    };
    std::vector<Detection> all;
    for (auto& dets : per_image) {
        if (by_score_order)
            std::stable_sort(dets.begin(), dets.end(), by_score);
        else if (by_class_order)
            std::stable_sort(dets.begin(), dets.end(), by_class);
        all.insert(all.end(), dets.begin(), dets.end());
    }
    if (across_batch && (by_score_order || by_class_order)) {
        if (by_score_order)
            std::stable_sort(all.begin(), all.end(), [&](const Detection& a, const Detection& b) {
                if (a.score != b.score)
                    return a.score > b.score;
                return a.batch < b.batch;
            });
        else
            std::stable_sort(all.begin(), all.end(), [&](const Detection& a, const Detection& b) {
                if (a.cls != b.cls)
                    return a.cls < b.cls;
                return a.batch < b.batch;
            });
    }
    const size_t rows = all.size();
    if (outputs.size() < 3)
        outputs.resize(3);  // before taking references into it
    auto& selected = devmux::ref::prepare_output(outputs, 0, type, Shape{rows, 6});
    auto& indices = devmux::ref::prepare_output(outputs, 1, index_type, Shape{rows, 1});
    auto& counts = devmux::ref::prepare_output(outputs, 2, index_type, Shape{N});
    devmux::ref::dispatch_real(type, [&](auto tag) {
        using S = typename decltype(tag)::storage;
        S* p = selected.data<S>();
        for (size_t r = 0; r < rows; ++r) {
            const float row[6] = {static_cast<float>(all[r].cls), all[r].score, all[r].x1, all[r].y1, all[r].x2, all[r].y2};
            for (size_t k = 0; k < 6; ++k)
                p[r * 6 + k] = devmux::ref::convert_value<S>(row[k]);
        }
    });
    auto put = [&](Tensor& t, size_t i, int64_t v) {
        if (index_type == element::i32)
            t.data<int32_t>()[i] = static_cast<int32_t>(v);
        else
            t.data<int64_t>()[i] = v;
    };
    for (size_t r = 0; r < rows; ++r)
        put(indices, r, all[r].batch * static_cast<int64_t>(M) + all[r].box);
    for (size_t n = 0; n < N; ++n)
        put(counts, n, static_cast<int64_t>(per_image[n].size()));
}

// The best keep_top_k detections of one image (ties: lower class, then earlier), back in class order.
void keep_best(std::vector<Detection>& dets, int keep_top_k) {
    if (keep_top_k < 0 || dets.size() <= static_cast<size_t>(keep_top_k))
        return;
    std::stable_sort(dets.begin(), dets.end(), [](const Detection& a, const Detection& b) { return a.score > b.score; });
    dets.resize(static_cast<size_t>(keep_top_k));
    std::stable_sort(dets.begin(), dets.end(), [](const Detection& a, const Detection& b) { return a.cls < b.cls; });
}

// Upper bounds of one image's detections, for the dynamic row count of the outputs: per class the best
// nms_top_k (at most the box count), over the classes that are not background, then keep_top_k.
struct DetectionBound {
    int64_t per_class, real_classes, per_image;
};

// Empty when the box or class count has no upper bound.
std::optional<DetectionBound> detection_bound(const Dimension& boxes, const Dimension& classes, int nms_top_k,
                                              int keep_top_k, int background_class) {
    if (boxes.get_max_length() < 0 || classes.get_max_length() < 0)
        return std::nullopt;
    DetectionBound b;
    b.per_class = boxes.get_max_length();
    if (nms_top_k >= 0)
        b.per_class = std::min<int64_t>(b.per_class, nms_top_k);
    b.real_classes = classes.get_max_length();
    if (background_class >= 0 && background_class < b.real_classes && classes.is_static())
        --b.real_classes;
    b.per_image = b.per_class * b.real_classes;
    if (keep_top_k >= 0)
        b.per_image = std::min<int64_t>(b.per_image, keep_top_k);
    return b;
}

// The (boxes [N, M, 4], scores [N, C, M]) inputs read as float, the type the kernels compute in.
struct BoxesAndScores {
    size_t N, M, C;
    element::Type type;
    std::vector<float> boxes, scores;
};

BoxesAndScores read_boxes_and_scores(const Node& op, const TensorVector& inputs) {
    const Shape& box_shape = inputs[0].get_shape();
    const Shape& score_shape = inputs[1].get_shape();
    DEVMUX_NODE_CHECK(op, box_shape.size() == 3 && box_shape[2] == 4 && score_shape.size() == 3 &&
                              score_shape[0] == box_shape[0] && score_shape[2] == box_shape[1],
                      "boxes ", box_shape, " and scores ", score_shape, " do not fit [N, M, 4] and [N, C, M]");
    BoxesAndScores in{box_shape[0], box_shape[1], score_shape[1], inputs[0].get_element_type(), {}, {}};
    const bool known = devmux::ref::dispatch_real(in.type, [&](auto) {
        devmux::ref::InputBuffer<float> b(inputs[0]);
        devmux::ref::InputBuffer<float> s(inputs[1]);
        in.boxes.assign(b.data(), b.data() + inputs[0].get_size());
        in.scores.assign(s.data(), s.data() + inputs[1].get_size());
    });
    DEVMUX_NODE_CHECK(op, known, "cannot evaluate element type ", in.type);
    return in;
}

}  // namespace

namespace util {

std::ostream& operator<<(std::ostream& s, const MulticlassNmsBase::SortResultType& type) {
    switch (type) {
    case MulticlassNmsBase::SortResultType::CLASSID: return s << "classid";
    case MulticlassNmsBase::SortResultType::SCORE: return s << "score";
    default: return s << "none";
    }
}

std::istream& operator>>(std::istream& s, MulticlassNmsBase::SortResultType& type) {
    std::string text;
    s >> text;
    if (text == "classid")
        type = MulticlassNmsBase::SortResultType::CLASSID;
    else if (text == "score")
        type = MulticlassNmsBase::SortResultType::SCORE;
    else if (text == "none")
        type = MulticlassNmsBase::SortResultType::NONE;
    else
        OPENVINO_THROW("MulticlassNms: '", text, "' is not a valid sort_result_type (classid, score, none)");
    return s;
}

MulticlassNmsBase::MulticlassNmsBase(const OutputVector& arguments, const Attributes& attrs)
    : Op(arguments, 3), m_attrs(attrs) {}

bool MulticlassNmsBase::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("sort_result_type", m_attrs.sort_result_type);
    visitor.on_attribute("sort_result_across_batch", m_attrs.sort_result_across_batch);
    visitor.on_attribute("output_type", m_attrs.output_type);
    visitor.on_attribute("iou_threshold", m_attrs.iou_threshold);
    visitor.on_attribute("score_threshold", m_attrs.score_threshold);
    visitor.on_attribute("nms_top_k", m_attrs.nms_top_k);
    visitor.on_attribute("keep_top_k", m_attrs.keep_top_k);
    visitor.on_attribute("background_class", m_attrs.background_class);
    visitor.on_attribute("nms_eta", m_attrs.nms_eta);
    visitor.on_attribute("normalized", m_attrs.normalized);
    return true;
}

void MulticlassNmsBase::infer_outputs(bool allow_rois_num) {
    using namespace devmux::detect;
    const size_t inputs = get_input_size();
    DEVMUX_NODE_CHECK(*this, inputs == 2 || (allow_rois_num && inputs == 3), "expects ",
                      allow_rois_num ? "2 or 3 inputs (boxes, scores[, roisnum])" : "2 inputs (boxes, scores)", ", got ",
                      inputs);
    DEVMUX_NODE_CHECK(*this, m_attrs.output_type == element::i64 || m_attrs.output_type == element::i32,
                      "output_type must be i64 or i32, got ", m_attrs.output_type);
    DEVMUX_NODE_CHECK(*this, m_attrs.nms_top_k >= -1, "nms_top_k must be -1 or more, got ", m_attrs.nms_top_k);
    DEVMUX_NODE_CHECK(*this, m_attrs.keep_top_k >= -1, "keep_top_k must be -1 or more, got ", m_attrs.keep_top_k);
    DEVMUX_NODE_CHECK(*this, m_attrs.nms_eta >= 0 && m_attrs.nms_eta <= 1, "nms_eta must be in [0, 1], got ",
                      m_attrs.nms_eta);
    check_real_input(*this, 0, "boxes");
    check_real_input(*this, 1, "scores");
    Dimension batches, boxes, classes;
    if (inputs == 2) {
        check_rank(*this, 0, 3, "boxes");
        check_rank(*this, 1, 3, "scores");
        check_dim(*this, 0, 2, 4, "boxes' last dimension");
        const auto& b = get_input_partial_shape(0);
        const auto& s = get_input_partial_shape(1);
        batches = merged(*this, dim(b, 0), dim(s, 0), "boxes' and scores' batch dimensions");
        boxes = merged(*this, dim(b, 1), dim(s, 2), "boxes' box count (dim 1) and scores' (dim 2)");
        classes = dim(s, 1);
    } else {
        devmux::ref::check_integral_input(*this, 2, "roisnum");
        check_rank(*this, 0, 3, "boxes");
        check_rank(*this, 1, 2, "scores");
        check_rank(*this, 2, 1, "roisnum");
        check_dim(*this, 0, 2, 4, "boxes' last dimension");
        const auto& b = get_input_partial_shape(0);
        const auto& s = get_input_partial_shape(1);
        classes = merged(*this, dim(b, 0), dim(s, 0), "boxes' and scores' class dimensions");
        boxes = merged(*this, dim(b, 1), dim(s, 1), "boxes' and scores' box counts");
        batches = dim(get_input_partial_shape(2), 0);
    }
    int64_t bound = -1;
    const auto image = detection_bound(boxes, classes, m_attrs.nms_top_k, m_attrs.keep_top_k,
                                       m_attrs.background_class);
    if (batches.get_max_length() >= 0 && image) {
        const int64_t all_images = image->per_image * batches.get_max_length();
        // The roisnum form spreads M boxes over the images, so no image exceeds M per class either.
        bound = inputs == 2 ? all_images : std::min(all_images, image->per_class * image->real_classes);
    }
    const Dimension rows(0, bound);
    const auto& type = get_input_element_type(0);
    set_output_type(0, type, PartialShape{rows, 6});
    set_output_type(1, m_attrs.output_type, PartialShape{rows, 1});
    set_output_type(2, m_attrs.output_type, PartialShape{batches});
}

bool MulticlassNmsBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2,
                      "devmux evaluates the (boxes [N, M, 4], scores [N, C, M]) form only; the roisnum form is not "
                      "implemented");
    const auto in = read_boxes_and_scores(*this, inputs);
    const size_t N = in.N, M = in.M, C = in.C;
    const element::Type type = in.type;
    const std::vector<float>& boxes = in.boxes;
    const std::vector<float>& scores = in.scores;
    const float offset = m_attrs.normalized ? 0.0f : 1.0f;
    std::vector<std::vector<Detection>> per_image(N);
    for (size_t n = 0; n < N; ++n) {
        for (size_t c = 0; c < C; ++c) {
            if (static_cast<int64_t>(c) == m_attrs.background_class)
                continue;
            const float* class_scores = &scores[(n * C + c) * M];
            std::vector<int64_t> order;
            for (size_t i = 0; i < M; ++i)
                if (class_scores[i] > m_attrs.score_threshold)
                    order.push_back(static_cast<int64_t>(i));
            std::stable_sort(order.begin(), order.end(),
                             [&](int64_t a, int64_t b) { return class_scores[a] > class_scores[b]; });
            if (m_attrs.nms_top_k >= 0 && order.size() > static_cast<size_t>(m_attrs.nms_top_k))
                order.resize(static_cast<size_t>(m_attrs.nms_top_k));
            std::vector<int64_t> kept;
            float threshold = m_attrs.iou_threshold;
            for (int64_t candidate : order) {
                const float* box = &boxes[(n * M + static_cast<size_t>(candidate)) * 4];
                bool keep = true;
                for (int64_t k : kept)
                    if (pair_iou(&boxes[(n * M + static_cast<size_t>(k)) * 4], box, offset) > threshold) {
                        keep = false;
                        break;
                    }
                if (!keep)
                    continue;
                kept.push_back(candidate);
                per_image[n].push_back({static_cast<int64_t>(n), static_cast<int64_t>(c), candidate,
                                        class_scores[candidate], box[0], box[1], box[2], box[3]});
                if (m_attrs.nms_eta < 1.0f && threshold > 0.5f)
                    threshold *= m_attrs.nms_eta;
            }
        }
        keep_best(per_image[n], m_attrs.keep_top_k);
    }
    write_detections(outputs, per_image, M, type, m_attrs.output_type, m_attrs.sort_result_type == SortResultType::SCORE,
                     m_attrs.sort_result_type == SortResultType::CLASSID, m_attrs.sort_result_across_batch);
    return true;
}

}  // namespace util

namespace v8 {

MulticlassNms::MulticlassNms(const Output<Node>& boxes, const Output<Node>& scores, const Attributes& attrs)
    : MulticlassNmsBase({boxes, scores}, attrs) {
    constructor_validate_and_infer_types();
}

void MulticlassNms::validate_and_infer_types() { infer_outputs(false); }

std::shared_ptr<Node> MulticlassNms::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "expects 2 inputs, got ", new_args.size());
    return std::make_shared<MulticlassNms>(new_args[0], new_args[1], m_attrs);
}

}  // namespace v8

namespace v9 {

MulticlassNms::MulticlassNms(const Output<Node>& boxes, const Output<Node>& scores, const Attributes& attrs)
    : MulticlassNmsBase({boxes, scores}, attrs) {
    constructor_validate_and_infer_types();
}

MulticlassNms::MulticlassNms(const Output<Node>& boxes, const Output<Node>& scores, const Output<Node>& roisnum,
                             const Attributes& attrs)
    : MulticlassNmsBase({boxes, scores, roisnum}, attrs) {
    constructor_validate_and_infer_types();
}

void MulticlassNms::validate_and_infer_types() { infer_outputs(true); }

std::shared_ptr<Node> MulticlassNms::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2 || new_args.size() == 3, "expects 2 or 3 inputs, got ",
                      new_args.size());
    if (new_args.size() == 3)
        return std::make_shared<MulticlassNms>(new_args[0], new_args[1], new_args[2], m_attrs);
    return std::make_shared<MulticlassNms>(new_args[0], new_args[1], m_attrs);
}

}  // namespace v9

namespace v8 {

std::ostream& operator<<(std::ostream& s, const MatrixNms::DecayFunction& type) {
    return s << (type == MatrixNms::DecayFunction::GAUSSIAN ? "gaussian" : "linear");
}

std::istream& operator>>(std::istream& s, MatrixNms::DecayFunction& type) {
    std::string text;
    s >> text;
    if (text == "gaussian")
        type = MatrixNms::DecayFunction::GAUSSIAN;
    else if (text == "linear")
        type = MatrixNms::DecayFunction::LINEAR;
    else
        OPENVINO_THROW("MatrixNms: '", text, "' is not a valid decay_function (gaussian, linear)");
    return s;
}

std::ostream& operator<<(std::ostream& s, const MatrixNms::SortResultType& type) {
    return s << static_cast<util::MulticlassNmsBase::SortResultType>(type);
}

std::istream& operator>>(std::istream& s, MatrixNms::SortResultType& type) {
    util::MulticlassNmsBase::SortResultType shared{};
    util::operator>>(s, shared);
    type = static_cast<MatrixNms::SortResultType>(shared);
    return s;
}

MatrixNms::MatrixNms(const Output<Node>& boxes, const Output<Node>& scores, const Attributes& attrs)
    : Op({boxes, scores}, 3), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

bool MatrixNms::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("sort_result_type", m_attrs.sort_result_type);
    visitor.on_attribute("output_type", m_attrs.output_type);
    visitor.on_attribute("sort_result_across_batch", m_attrs.sort_result_across_batch);
    visitor.on_attribute("score_threshold", m_attrs.score_threshold);
    visitor.on_attribute("nms_top_k", m_attrs.nms_top_k);
    visitor.on_attribute("keep_top_k", m_attrs.keep_top_k);
    visitor.on_attribute("background_class", m_attrs.background_class);
    visitor.on_attribute("decay_function", m_attrs.decay_function);
    visitor.on_attribute("gaussian_sigma", m_attrs.gaussian_sigma);
    visitor.on_attribute("post_threshold", m_attrs.post_threshold);
    visitor.on_attribute("normalized", m_attrs.normalized);
    return true;
}

void MatrixNms::validate_and_infer_types() {
    using namespace devmux::detect;
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (boxes, scores), got ", get_input_size());
    DEVMUX_NODE_CHECK(*this, m_attrs.output_type == element::i64 || m_attrs.output_type == element::i32,
                      "output_type must be i64 or i32, got ", m_attrs.output_type);
    DEVMUX_NODE_CHECK(*this, m_attrs.nms_top_k >= -1, "nms_top_k must be -1 or more, got ", m_attrs.nms_top_k);
    DEVMUX_NODE_CHECK(*this, m_attrs.keep_top_k >= -1, "keep_top_k must be -1 or more, got ", m_attrs.keep_top_k);
    check_real_input(*this, 0, "boxes");
    check_real_input(*this, 1, "scores");
    check_rank(*this, 0, 3, "boxes");
    check_rank(*this, 1, 3, "scores");
    check_dim(*this, 0, 2, 4, "boxes' last dimension");
    const auto& b = get_input_partial_shape(0);
    const auto& s = get_input_partial_shape(1);
    const Dimension batches = merged(*this, dim(b, 0), dim(s, 0), "boxes' and scores' batch dimensions");
    const Dimension boxes = merged(*this, dim(b, 1), dim(s, 2), "boxes' box count (dim 1) and scores' (dim 2)");
    const Dimension classes = dim(s, 1);
    int64_t bound = -1;
    const auto image = detection_bound(boxes, classes, m_attrs.nms_top_k, m_attrs.keep_top_k,
                                       m_attrs.background_class);
    if (batches.get_max_length() >= 0 && image)
        bound = image->per_image * batches.get_max_length();
    const Dimension rows(0, bound);
    set_output_type(0, get_input_element_type(0), PartialShape{rows, 6});
    set_output_type(1, m_attrs.output_type, PartialShape{rows, 1});
    set_output_type(2, m_attrs.output_type, PartialShape{batches});
}

std::shared_ptr<Node> MatrixNms::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "expects 2 inputs, got ", new_args.size());
    return std::make_shared<MatrixNms>(new_args[0], new_args[1], m_attrs);
}

bool MatrixNms::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2, "evaluate() expects 2 inputs, got ", inputs.size());
    const auto in = read_boxes_and_scores(*this, inputs);
    const size_t N = in.N, M = in.M, C = in.C;
    const element::Type type = in.type;
    const std::vector<float>& boxes = in.boxes;
    const std::vector<float>& scores = in.scores;
    const float offset = m_attrs.normalized ? 0.0f : 1.0f;
    const bool gaussian = m_attrs.decay_function == DecayFunction::GAUSSIAN;
    std::vector<std::vector<Detection>> per_image(N);
    for (size_t n = 0; n < N; ++n) {
        for (size_t c = 0; c < C; ++c) {
            if (static_cast<int64_t>(c) == m_attrs.background_class)
                continue;
            const float* class_scores = &scores[(n * C + c) * M];
            std::vector<size_t> order;
            for (size_t i = 0; i < M; ++i)
                if (class_scores[i] > m_attrs.score_threshold)
                    order.push_back(i);
            std::stable_sort(order.begin(), order.end(),
                             [&](size_t a, size_t b) { return class_scores[a] > class_scores[b]; });
            if (m_attrs.nms_top_k >= 0 && order.size() > static_cast<size_t>(m_attrs.nms_top_k))
                order.resize(static_cast<size_t>(m_attrs.nms_top_k));
            const size_t K = order.size();
            auto box_of = [&](size_t k) { return &boxes[(n * M + order[k]) * 4]; };
            // iou[i][j] for i < j (i the better box), and each box's largest IoU with a better one.
            std::vector<float> iou(K * K, 0.0f), largest(K, 0.0f);
            for (size_t j = 0; j < K; ++j)
                for (size_t i = 0; i < j; ++i) {
                    iou[i * K + j] = pair_iou(box_of(i), box_of(j), offset);
                    largest[j] = std::max(largest[j], iou[i * K + j]);
                }
            for (size_t j = 0; j < K; ++j) {
                float decay = 1.0f;
                for (size_t i = 0; i < j; ++i) {
                    const float v = iou[i * K + j];
                    const float d = gaussian ? std::exp((largest[i] * largest[i] - v * v) * m_attrs.gaussian_sigma)
                                             : (1.0f - v) / (1.0f - largest[i]);
                    decay = std::min(decay, d);
                }
                const float score = class_scores[order[j]] * decay;
                if (score < m_attrs.post_threshold)
                    continue;
                const float* box = box_of(j);
                per_image[n].push_back({static_cast<int64_t>(n), static_cast<int64_t>(c), static_cast<int64_t>(order[j]),
                                        score, box[0], box[1], box[2], box[3]});
            }
        }
        keep_best(per_image[n], m_attrs.keep_top_k);
    }
    write_detections(outputs, per_image, M, type, m_attrs.output_type,
                     m_attrs.sort_result_type == SortResultType::SCORE,
                     m_attrs.sort_result_type == SortResultType::CLASSID, m_attrs.sort_result_across_batch);
    return true;
}

}  // namespace v8
}  // namespace op
}  // namespace ov
