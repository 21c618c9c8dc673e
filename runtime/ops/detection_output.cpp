// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/detection_output.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>

#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace util {

namespace {

struct Box {
    float xmin, ymin, xmax, ymax;
};

float box_area(const Box& b, bool normalized) {
    if (b.xmax < b.xmin || b.ymax < b.ymin)
        return 0.0f;
    const float extra = normalized ? 0.0f : 1.0f;
    return (b.xmax - b.xmin + extra) * (b.ymax - b.ymin + extra);
}

float iou(const Box& a, const Box& b, bool normalized) {
    const Box inter{std::max(a.xmin, b.xmin), std::max(a.ymin, b.ymin), std::min(a.xmax, b.xmax),
                    std::min(a.ymax, b.ymax)};
    if (inter.xmax < inter.xmin || inter.ymax < inter.ymin)
        return 0.0f;
    const float i = box_area(inter, normalized);
    const float u = box_area(a, normalized) + box_area(b, normalized) - i;
    return u <= 0.0f ? 0.0f : i / u;
}

Box clip(const Box& b) {
    auto c = [](float v) { return std::min(std::max(v, 0.0f), 1.0f); };
    return {c(b.xmin), c(b.ymin), c(b.xmax), c(b.ymax)};
}

}  // namespace

void DetectionOutputBase::visit_base(AttributeVisitor& visitor, AttributesBase& a) {
    visitor.on_attribute("background_label_id", a.background_label_id);
    visitor.on_attribute("top_k", a.top_k);
    visitor.on_attribute("variance_encoded_in_target", a.variance_encoded_in_target);
    visitor.on_attribute("keep_top_k", a.keep_top_k);
    visitor.on_attribute("code_type", a.code_type);
    visitor.on_attribute("share_location", a.share_location);
    visitor.on_attribute("nms_threshold", a.nms_threshold);
    visitor.on_attribute("confidence_threshold", a.confidence_threshold);
    visitor.on_attribute("clip_after_nms", a.clip_after_nms);
    visitor.on_attribute("clip_before_nms", a.clip_before_nms);
    visitor.on_attribute("decrease_label_id", a.decrease_label_id);
    visitor.on_attribute("normalized", a.normalized);
    visitor.on_attribute("input_height", a.input_height);
    visitor.on_attribute("input_width", a.input_width);
    visitor.on_attribute("objectness_score", a.objectness_score);
}

void DetectionOutputBase::infer_output(const AttributesBase& a, int64_t num_classes) {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 3, name,
                    ": devmux supports the 3-input form (box_logits, class_preds, proposals); got ", get_input_size(),
                    " inputs");
    OPENVINO_ASSERT(a.code_type == "caffe.PriorBoxParameter.CORNER" || a.code_type == "caffe.PriorBoxParameter.CENTER_SIZE",
                    name, ": unknown code_type '", a.code_type, "'");
    OPENVINO_ASSERT(!a.keep_top_k.empty(), name, ": keep_top_k needs a value");
    const auto& type = get_input_element_type(0);
    OPENVINO_ASSERT(!type.is_static() || type.is_real(), name, ": box_logits must be floating point, got ", type);
    const auto& loc = get_input_partial_shape(0);
    const auto& conf = get_input_partial_shape(1);
    const auto& priors = get_input_partial_shape(2);
    Dimension batch = loc.rank_is_static() ? loc[0] : Dimension::dynamic();
    Dimension rows = Dimension::dynamic();
    // keep_top_k alone fixes the row count (as in OpenVINO), even while the number of priors is unknown.
    if (a.keep_top_k[0] > 0 && batch.is_static())
        rows = batch.get_length() * a.keep_top_k[0];
    else if (priors.rank_is_static() && priors.size() == 3 && priors[2].is_static() && batch.is_static()) {
        const int64_t prior_size = a.normalized ? 4 : 5;
        OPENVINO_ASSERT(priors[2].get_length() % prior_size == 0, name, ": proposals' last dimension ", priors[2],
                        " is not a multiple of ", prior_size);
        const int64_t num_priors = priors[2].get_length() / prior_size;
        int64_t classes = num_classes;
        if (classes <= 0 && conf.rank_is_static() && conf.size() == 2 && conf[1].is_static() && num_priors > 0)
            classes = conf[1].get_length() / num_priors;
        if (a.keep_top_k[0] > 0)
            rows = batch.get_length() * a.keep_top_k[0];
        else if (a.top_k > 0 && classes > 0)
            rows = batch.get_length() * a.top_k * classes;
        else if (classes > 0)
            rows = batch.get_length() * classes * num_priors;
    }
    set_output_type(0, type, PartialShape{1, 1, rows, 7});
}

bool DetectionOutputBase::evaluate_detections(TensorVector& outputs, const TensorVector& inputs,
                                              const AttributesBase& a, int64_t num_classes_attr) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 3, name, ": evaluate() expects 3 inputs, got ", inputs.size());
    const Shape& loc_shape = inputs[0].get_shape();
    const Shape& prior_shape = inputs[2].get_shape();
    const size_t batch = loc_shape[0];
    const size_t prior_size = a.normalized ? 4 : 5;
    const size_t num_priors = prior_shape[2] / prior_size;
    const size_t num_classes = num_classes_attr > 0 ? static_cast<size_t>(num_classes_attr)
                                                    : inputs[1].get_shape()[1] / std::max<size_t>(num_priors, 1);
    const size_t loc_classes = a.share_location ? 1 : num_classes;
    OPENVINO_ASSERT(shape_size(loc_shape) == batch * loc_classes * num_priors * 4, name, ": box_logits has ",
                    shape_size(loc_shape), " values, expected ", batch * loc_classes * num_priors * 4);
    OPENVINO_ASSERT(shape_size(inputs[1].get_shape()) == batch * num_priors * num_classes, name, ": class_preds has ",
                    shape_size(inputs[1].get_shape()), " values, expected ", batch * num_priors * num_classes);
    const bool center_size = a.code_type == "caffe.PriorBoxParameter.CENTER_SIZE";

    devmux::ref::InputBuffer<float> loc_buf(inputs[0]), conf_buf(inputs[1]), prior_buf(inputs[2]);
    const float* loc = loc_buf.data();
    const float* conf = conf_buf.data();
    const float* prior_data = prior_buf.data();
    const size_t prior_batches = prior_shape[0];
    const bool has_variance_row = prior_shape[1] == 2;

    size_t rows;
    if (a.keep_top_k[0] > 0)
        rows = batch * static_cast<size_t>(a.keep_top_k[0]);
    else if (a.top_k > 0)
        rows = batch * static_cast<size_t>(a.top_k) * num_classes;
    else
        rows = batch * num_classes * num_priors;
    std::vector<float> result(rows * 7, 0.0f);
    size_t count = 0;

    for (size_t n = 0; n < batch; ++n) {
        const float* pb = prior_data + (prior_batches == 1 ? 0 : n) * prior_shape[1] * prior_shape[2];
        std::vector<Box> priors(num_priors);
        std::vector<std::array<float, 4>> variances(num_priors, {1.0f, 1.0f, 1.0f, 1.0f});
        for (size_t p = 0; p < num_priors; ++p) {
            const float* b = pb + p * prior_size + (a.normalized ? 0 : 1);
            priors[p] = {b[0], b[1], b[2], b[3]};
            if (!a.normalized) {
                priors[p].xmin /= static_cast<float>(a.input_width);
                priors[p].xmax /= static_cast<float>(a.input_width);
                priors[p].ymin /= static_cast<float>(a.input_height);
                priors[p].ymax /= static_cast<float>(a.input_height);
            }
            if (has_variance_row && !a.variance_encoded_in_target) {
                const float* v = pb + prior_shape[2] + p * prior_size + (a.normalized ? 0 : 1);
                variances[p] = {v[0], v[1], v[2], v[3]};
            }
        }
        // Decoded boxes per location class.
        std::vector<std::vector<Box>> boxes(loc_classes, std::vector<Box>(num_priors));
        for (size_t lc = 0; lc < loc_classes; ++lc)
            for (size_t p = 0; p < num_priors; ++p) {
                const float* l = loc + ((n * num_priors + p) * loc_classes + lc) * 4;
                const Box& pr = priors[p];
                const auto& v = variances[p];
                Box b;
                if (center_size) {
                    const float pw = pr.xmax - pr.xmin, ph = pr.ymax - pr.ymin;
                    const float pcx = (pr.xmin + pr.xmax) / 2, pcy = (pr.ymin + pr.ymax) / 2;
                    const float cx = v[0] * l[0] * pw + pcx, cy = v[1] * l[1] * ph + pcy;
                    const float w = std::exp(v[2] * l[2]) * pw, h = std::exp(v[3] * l[3]) * ph;
                    b = {cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2};
                } else {
                    b = {pr.xmin + v[0] * l[0], pr.ymin + v[1] * l[1], pr.xmax + v[2] * l[2], pr.ymax + v[3] * l[3]};
                }
                boxes[lc][p] = a.clip_before_nms ? clip(b) : b;
            }

        // Per-class NMS: kept prior indices per class, best first.
        std::map<size_t, std::vector<size_t>> kept;
        size_t total = 0;
        for (size_t c = 0; c < num_classes; ++c) {
            if (static_cast<int>(c) == a.background_label_id)
                continue;
            const auto& cls_boxes = boxes[a.share_location ? 0 : c];
            std::vector<size_t> order;
            for (size_t p = 0; p < num_priors; ++p)
                if (conf[(n * num_priors + p) * num_classes + c] > a.confidence_threshold)
                    order.push_back(p);
            std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
                return conf[(n * num_priors + x) * num_classes + c] > conf[(n * num_priors + y) * num_classes + c];
            });
            if (a.top_k > -1 && order.size() > static_cast<size_t>(a.top_k))
                order.resize(static_cast<size_t>(a.top_k));
            std::vector<size_t> keep;
            for (size_t p : order) {
                bool suppressed = false;
                for (size_t k : keep)
                    if (iou(cls_boxes[p], cls_boxes[k], a.normalized) > a.nms_threshold) {
                        suppressed = true;
                        break;
                    }
                if (!suppressed)
                    keep.push_back(p);
            }
            total += keep.size();
            if (!keep.empty())
                kept[c] = keep;
        }
        // Keep the best keep_top_k over all classes; output grouped by class, best first within a class.
        if (a.keep_top_k[0] > -1 && total > static_cast<size_t>(a.keep_top_k[0])) {
            std::vector<std::pair<float, std::pair<size_t, size_t>>> scored;
            for (const auto& [c, list] : kept)
                for (size_t p : list)
                    scored.push_back({conf[(n * num_priors + p) * num_classes + c], {c, p}});
            std::stable_sort(scored.begin(), scored.end(),
                             [](const auto& x, const auto& y) { return x.first > y.first; });
            scored.resize(static_cast<size_t>(a.keep_top_k[0]));
            kept.clear();
            for (const auto& s : scored)
                kept[s.second.first].push_back(s.second.second);
        }
        for (const auto& [c, list] : kept)
            for (size_t p : list) {
                OPENVINO_ASSERT(count < rows, name, ": more detections than output rows");
                Box b = boxes[a.share_location ? 0 : c][p];
                if (a.clip_after_nms)
                    b = clip(b);
                float* r = &result[count * 7];
                r[0] = static_cast<float>(n);
                r[1] = static_cast<float>(a.decrease_label_id ? static_cast<int64_t>(c) - 1 : static_cast<int64_t>(c));
                r[2] = conf[(n * num_priors + p) * num_classes + c];
                r[3] = b.xmin;
                r[4] = b.ymin;
                r[5] = b.xmax;
                r[6] = b.ymax;
                ++count;
            }
    }
    if (count < rows)
        result[count * 7] = -1.0f;

    auto& out = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), Shape{1, 1, rows, 7});
    devmux::ref::OutputBuffer<float> buffer(out);
    std::copy(result.begin(), result.end(), buffer.data());
    buffer.commit();
    return true;
}

}  // namespace util

namespace v0 {

DetectionOutput::DetectionOutput(const Output<Node>& box_logits, const Output<Node>& class_preds,
                                 const Output<Node>& proposals, const Attributes& attrs)
    : DetectionOutputBase({box_logits, class_preds, proposals}), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

bool DetectionOutput::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("num_classes", m_attrs.num_classes);
    visit_base(visitor, m_attrs);
    return true;
}

void DetectionOutput::validate_and_infer_types() {
    OPENVINO_ASSERT(m_attrs.num_classes > 0, devmux::ref::describe(*this), ": num_classes must be positive, got ",
                    m_attrs.num_classes);
    infer_output(m_attrs, m_attrs.num_classes);
}

std::shared_ptr<Node> DetectionOutput::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<DetectionOutput>(new_args[0], new_args[1], new_args[2], m_attrs);
}

bool DetectionOutput::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_detections(outputs, inputs, m_attrs, m_attrs.num_classes);
}

}  // namespace v0

namespace v8 {

DetectionOutput::DetectionOutput(const Output<Node>& box_logits, const Output<Node>& class_preds,
                                 const Output<Node>& proposals, const Attributes& attrs)
    : DetectionOutputBase({box_logits, class_preds, proposals}), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

bool DetectionOutput::visit_attributes(AttributeVisitor& visitor) {
    visit_base(visitor, m_attrs);
    return true;
}

void DetectionOutput::validate_and_infer_types() { infer_output(m_attrs, 0); }

std::shared_ptr<Node> DetectionOutput::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3, devmux::ref::describe(*this), ": expects 3 inputs, got ", new_args.size());
    return std::make_shared<DetectionOutput>(new_args[0], new_args[1], new_args[2], m_attrs);
}

bool DetectionOutput::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_detections(outputs, inputs, m_attrs, 0);
}

}  // namespace v8
}  // namespace op
}  // namespace ov

