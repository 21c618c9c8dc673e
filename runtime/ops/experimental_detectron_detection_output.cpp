// SPDX-License-Identifier: Apache-2.0
// ExperimentalDetectronDetectionOutput-6: Detectron's box-head post-processing (per-class box refinement,
// NMS, per-image limit), computed in float.
#include "openvino/op/experimental_detectron_detection_output.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/detect_common.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v6 {

namespace {

struct Refined {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0, score = 0;
};

}  // namespace

ExperimentalDetectronDetectionOutput::ExperimentalDetectronDetectionOutput(const Output<Node>& input_rois,
                                                                           const Output<Node>& input_deltas,
                                                                           const Output<Node>& input_scores,
                                                                           const Output<Node>& input_im_info,
                                                                           const Attributes& attrs)
    : Op({input_rois, input_deltas, input_scores, input_im_info}, 3), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

bool ExperimentalDetectronDetectionOutput::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("score_threshold", m_attrs.score_threshold);
    visitor.on_attribute("nms_threshold", m_attrs.nms_threshold);
    visitor.on_attribute("max_delta_log_wh", m_attrs.max_delta_log_wh);
    visitor.on_attribute("num_classes", m_attrs.num_classes);
    visitor.on_attribute("post_nms_count", m_attrs.post_nms_count);
    visitor.on_attribute("max_detections_per_image", m_attrs.max_detections_per_image);
    visitor.on_attribute("class_agnostic_box_regression", m_attrs.class_agnostic_box_regression);
    visitor.on_attribute("deltas_weights", m_attrs.deltas_weights);
    return true;
}

void ExperimentalDetectronDetectionOutput::validate_and_infer_types() {
    using namespace devmux::detect;
    DEVMUX_NODE_CHECK(*this, get_input_size() == 4, "expects 4 inputs (rois, deltas, scores, im_info), got ",
                      get_input_size());
    DEVMUX_NODE_CHECK(*this, m_attrs.num_classes > 0, "num_classes must be positive, got ", m_attrs.num_classes);
    DEVMUX_NODE_CHECK(*this, m_attrs.max_detections_per_image > 0, "max_detections_per_image must be positive");
    DEVMUX_NODE_CHECK(*this, m_attrs.deltas_weights.size() == 4, "deltas_weights needs 4 values, got ",
                      m_attrs.deltas_weights.size());
    for (float w : m_attrs.deltas_weights)
        DEVMUX_NODE_CHECK(*this, w != 0.0f, "deltas_weights must not hold 0");
    const char* names[] = {"rois", "deltas", "scores", "im_info"};
    for (size_t i = 0; i < 4; ++i) {
        check_real_input(*this, i, names[i]);
        check_rank(*this, i, 2, names[i]);
    }
    check_dim(*this, 0, 1, 4, "rois' second dimension");
    check_dim(*this, 1, 1, 4 * m_attrs.num_classes, "deltas' second dimension (4 * num_classes)");
    check_dim(*this, 2, 1, m_attrs.num_classes, "scores' second dimension (num_classes)");
    check_dim(*this, 3, 1, 3, "im_info's second dimension");
    Dimension rois = merged(*this, dim(get_input_partial_shape(0), 0), dim(get_input_partial_shape(1), 0),
                            "the ROI counts of rois and deltas");
    merged(*this, rois, dim(get_input_partial_shape(2), 0), "the ROI counts of rois and scores");
    const auto rows = static_cast<int64_t>(m_attrs.max_detections_per_image);
    const auto& type = get_input_element_type(0);
    set_output_type(0, type, PartialShape{rows, 4});
    set_output_type(1, element::i32, PartialShape{rows});
    set_output_type(2, type, PartialShape{rows});
}

std::shared_ptr<Node> ExperimentalDetectronDetectionOutput::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 4, "expects 4 inputs, got ", new_args.size());
    return std::make_shared<ExperimentalDetectronDetectionOutput>(new_args[0], new_args[1], new_args[2], new_args[3],
                                                                  m_attrs);
}

bool ExperimentalDetectronDetectionOutput::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 4, "evaluate() expects 4 inputs, got ", inputs.size());
    const size_t R = inputs[0].get_shape().at(0);
    const size_t C = static_cast<size_t>(m_attrs.num_classes);
    DEVMUX_NODE_CHECK(*this, inputs[0].get_shape() == Shape({R, 4}) && inputs[1].get_shape() == Shape({R, 4 * C}) &&
                                 inputs[2].get_shape() == Shape({R, C}) && inputs[3].get_size() >= 3,
                      "rois ", inputs[0].get_shape(), ", deltas ", inputs[1].get_shape(), " and scores ",
                      inputs[2].get_shape(), " do not fit ", C, " classes");
    const size_t D = m_attrs.max_detections_per_image;
    const element::Type type = inputs[0].get_element_type();
    struct Detection {
        float score;
        size_t cls, roi;
    };
    std::vector<Refined> refined(C * R);
    std::vector<Detection> detections;
    const bool known = devmux::ref::dispatch_real(type, [&](auto) {
        devmux::ref::InputBuffer<float> rois(inputs[0]);
        devmux::ref::InputBuffer<float> deltas(inputs[1]);
        devmux::ref::InputBuffer<float> scores(inputs[2]);
        devmux::ref::InputBuffer<float> info(inputs[3]);
        const float img_h = info.data()[0], img_w = info.data()[1];
        const auto& weights = m_attrs.deltas_weights;
        for (size_t r = 0; r < R; ++r) {
            const float* roi = rois.data() + r * 4;
            // An empty ROI refines to nothing (score 0).
            if (roi[2] - roi[0] <= 0 || roi[3] - roi[1] <= 0)
                continue;
            const float w = roi[2] - roi[0] + 1.0f, h = roi[3] - roi[1] + 1.0f;
            const float cx = roi[0] + 0.5f * w, cy = roi[1] + 0.5f * h;
            for (size_t c = 1; c < C; ++c) {
                const float* d = deltas.data() + (r * C + (m_attrs.class_agnostic_box_regression ? 1 : c)) * 4;
                const float px = d[0] / weights[0] * w + cx;
                const float py = d[1] / weights[1] * h + cy;
                const float pw = std::exp(std::min(d[2] / weights[2], m_attrs.max_delta_log_wh)) * w;
                const float ph = std::exp(std::min(d[3] / weights[3], m_attrs.max_delta_log_wh)) * h;
                auto clip = [](float v, float hi) { return std::max(0.0f, std::min(v, hi - 1.0f)); };
                Refined& b = refined[c * R + r];
                b.x0 = clip(px - 0.5f * pw, img_w);
                b.y0 = clip(py - 0.5f * ph, img_h);
                b.x1 = clip(px + 0.5f * pw - 1.0f, img_w);
                b.y1 = clip(py + 0.5f * ph - 1.0f, img_h);
                b.score = scores.data()[r * C + c];
            }
        }
        for (size_t c = 1; c < C; ++c) {
            std::vector<size_t> order;
            for (size_t r = 0; r < R; ++r)
                if (refined[c * R + r].score > m_attrs.score_threshold)
                    order.push_back(r);
            std::stable_sort(order.begin(), order.end(),
                             [&](size_t a, size_t b) { return refined[c * R + a].score > refined[c * R + b].score; });
            std::vector<size_t> kept;
            for (size_t r : order) {
                bool keep = true;
                for (size_t k : kept)
                    if (devmux::detect::box_iou(refined[c * R + k], refined[c * R + r], 1.0f) > m_attrs.nms_threshold) {
                        keep = false;
                        break;
                    }
                if (keep)
                    kept.push_back(r);
            }
            if (m_attrs.post_nms_count >= 0 && kept.size() > static_cast<size_t>(m_attrs.post_nms_count))
                kept.resize(static_cast<size_t>(m_attrs.post_nms_count));
            for (size_t r : kept)
                detections.push_back({refined[c * R + r].score, c, r});
        }
    });
    DEVMUX_NODE_CHECK(*this, known, "cannot evaluate element type ", type);
    // Class order, unless the image has too many: then its best (equal scores: lower ROI first).
    if (detections.size() > D) {
        std::stable_sort(detections.begin(), detections.end(), [](const Detection& a, const Detection& b) {
            return a.score > b.score || (a.score == b.score && a.roi < b.roi);
        });
        detections.resize(D);
    }
    if (outputs.size() < 3)
        outputs.resize(3);  // before taking references into it
    auto& boxes_out = devmux::ref::prepare_output(outputs, 0, type, Shape{D, 4});
    auto& classes_out = devmux::ref::prepare_output(outputs, 1, element::i32, Shape{D});
    auto& scores_out = devmux::ref::prepare_output(outputs, 2, type, Shape{D});
    std::vector<float> boxes(D * 4, 0.0f), scores(D, 0.0f);
    std::fill(classes_out.data<int32_t>(), classes_out.data<int32_t>() + D, 0);
    for (size_t i = 0; i < detections.size(); ++i) {
        const Refined& b = refined[detections[i].cls * R + detections[i].roi];
        boxes[i * 4] = b.x0;
        boxes[i * 4 + 1] = b.y0;
        boxes[i * 4 + 2] = b.x1;
        boxes[i * 4 + 3] = b.y1;
        scores[i] = detections[i].score;
        classes_out.data<int32_t>()[i] = static_cast<int32_t>(detections[i].cls);
    }
    devmux::ref::dispatch_real(type, [&](auto tag) {
        using S = typename decltype(tag)::storage;
        for (size_t i = 0; i < boxes.size(); ++i)
            boxes_out.data<S>()[i] = devmux::ref::convert_value<S>(boxes[i]);
        for (size_t i = 0; i < D; ++i)
            scores_out.data<S>()[i] = devmux::ref::convert_value<S>(scores[i]);
    });
    return true;
}

}  // namespace v6
}  // namespace op
}  // namespace ov
