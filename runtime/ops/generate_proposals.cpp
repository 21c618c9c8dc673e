// SPDX-License-Identifier: Apache-2.0
// GenerateProposals-9 (per image of a batch, outputs of dynamic length) and
// ExperimentalDetectronGenerateProposalsSingleImage-6 (one image, fixed-length outputs): anchors refined by
// deltas, filtered by size, the best through NMS. Computed in float.
#include "openvino/op/generate_proposals.hpp"
#include "openvino/op/experimental_detectron_generate_proposals.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/detect_common.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {

struct ProposalBox {
    float x0, y0, x1, y1, score;
    bool big_enough;
};

}  // namespace

namespace v9 {

GenerateProposals::GenerateProposals(const Output<Node>& im_info, const Output<Node>& anchors,
                                     const Output<Node>& deltas, const Output<Node>& scores, const Attributes& attrs,
                                     const element::Type& roi_num_type)
    : Op({im_info, anchors, deltas, scores}, 3), m_attrs(attrs), m_roi_num_type(roi_num_type) {
    constructor_validate_and_infer_types();
}

bool GenerateProposals::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("min_size", m_attrs.min_size);
    visitor.on_attribute("nms_threshold", m_attrs.nms_threshold);
    visitor.on_attribute("pre_nms_count", m_attrs.pre_nms_count);
    visitor.on_attribute("post_nms_count", m_attrs.post_nms_count);
    visitor.on_attribute("normalized", m_attrs.normalized);
    visitor.on_attribute("nms_eta", m_attrs.nms_eta);
    visitor.on_attribute("roi_num_type", m_roi_num_type);
    return true;
}

void GenerateProposals::validate_and_infer_types() {
    using namespace devmux::detect;
    DEVMUX_NODE_CHECK(*this, get_input_size() == 4, "expects 4 inputs (im_info, anchors, deltas, scores), got ",
                      get_input_size());
    DEVMUX_NODE_CHECK(*this, m_attrs.pre_nms_count > 0, "pre_nms_count must be positive, got ", m_attrs.pre_nms_count);
    DEVMUX_NODE_CHECK(*this, m_attrs.post_nms_count > 0, "post_nms_count must be positive, got ",
                      m_attrs.post_nms_count);
    DEVMUX_NODE_CHECK(*this, m_attrs.nms_eta > 0 && m_attrs.nms_eta <= 1, "nms_eta must be in (0, 1], got ",
                      m_attrs.nms_eta);
    DEVMUX_NODE_CHECK(*this, m_roi_num_type == element::i32 || m_roi_num_type == element::i64,
                      "roi_num_type must be i32 or i64, got ", m_roi_num_type);
    const char* names[] = {"im_info", "anchors", "deltas", "scores"};
    const int64_t ranks[] = {2, 4, 4, 4};
    for (size_t i = 0; i < 4; ++i) {
        check_real_input(*this, i, names[i]);
        check_rank(*this, i, ranks[i], names[i]);
    }
    const auto& info = get_input_partial_shape(0);
    const auto& anchors = get_input_partial_shape(1);
    const auto& deltas = get_input_partial_shape(2);
    const auto& scores = get_input_partial_shape(3);
    const auto info_len = dim(info, 1);
    DEVMUX_NODE_CHECK(*this, !info_len.is_static() || info_len.get_length() == 3 || info_len.get_length() == 4,
                      "im_info rows must hold 3 or 4 values, got shape ", info);
    check_dim(*this, 1, 3, 4, "anchors' last dimension");
    Dimension batch = merged(*this, dim(info, 0), dim(deltas, 0), "the batch of im_info and deltas");
    batch = merged(*this, batch, dim(scores, 0), "the batch of im_info and scores");
    Dimension anchors_per_cell = merged(*this, dim(anchors, 2), dim(scores, 1), "the anchor count of anchors and scores");
    merged(*this, mul(anchors_per_cell, Dimension(4)), dim(deltas, 1), "4 * anchors and the deltas' channels");
    for (size_t axis = 0; axis < 2; ++axis) {
        Dimension d = merged(*this, dim(anchors, axis), dim(deltas, axis + 2), "the feature map size of anchors and deltas");
        merged(*this, d, dim(scores, axis + 2), "the feature map size of deltas and scores");
    }
    const int64_t bound = batch.get_max_length() < 0 ? -1 : batch.get_max_length() * m_attrs.post_nms_count;
    const Dimension rows(0, bound);
    const auto& type = get_input_element_type(0).is_dynamic() ? get_input_element_type(1) : get_input_element_type(0);
    set_output_type(0, type, PartialShape{rows, 4});
    set_output_type(1, type, PartialShape{rows});
    set_output_type(2, m_roi_num_type, PartialShape{batch});
}

std::shared_ptr<Node> GenerateProposals::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 4, "expects 4 inputs, got ", new_args.size());
    return std::make_shared<GenerateProposals>(new_args[0], new_args[1], new_args[2], new_args[3], m_attrs,
                                               m_roi_num_type);
}

bool GenerateProposals::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 4, "evaluate() expects 4 inputs, got ", inputs.size());
    const Shape& info_shape = inputs[0].get_shape();
    const Shape& anchors_shape = inputs[1].get_shape();
    const Shape& deltas_shape = inputs[2].get_shape();
    const Shape& scores_shape = inputs[3].get_shape();
    DEVMUX_NODE_CHECK(*this, info_shape.size() == 2 && anchors_shape.size() == 4 && deltas_shape.size() == 4 &&
                                 scores_shape.size() == 4,
                      "inputs must have ranks 2, 4, 4, 4");
    const size_t N = scores_shape[0], A = scores_shape[1], H = scores_shape[2], W = scores_shape[3];
    const size_t info_len = info_shape[1];
    DEVMUX_NODE_CHECK(*this, info_shape[0] == N && (info_len == 3 || info_len == 4) &&
                                 anchors_shape == Shape({H, W, A, 4}) && deltas_shape == Shape({N, 4 * A, H, W}),
                      "im_info ", info_shape, ", anchors ", anchors_shape, ", deltas ", deltas_shape, " and scores ",
                      scores_shape, " do not agree");
    const element::Type type = inputs[0].get_element_type();
    std::vector<float> rois, roi_scores;
    std::vector<int64_t> counts(N, 0);
    const bool known = devmux::ref::dispatch_real(type, [&](auto) {
        devmux::ref::InputBuffer<float> info(inputs[0]);
        devmux::ref::InputBuffer<float> anchors(inputs[1]);
        devmux::ref::InputBuffer<float> deltas(inputs[2]);
        devmux::ref::InputBuffer<float> scores(inputs[3]);
        const float offset = m_attrs.normalized ? 0.0f : 1.0f;
        const float max_log = std::log(1000.0f / 16.0f);
        const size_t plane = H * W;
        for (size_t n = 0; n < N; ++n) {
            const float* image = info.data() + n * info_len;
            const float img_h = image[0], img_w = image[1];
            const float scale_h = image[2], scale_w = info_len == 4 ? image[3] : image[2];
            const float min_h = m_attrs.min_size * scale_h, min_w = m_attrs.min_size * scale_w;
            const float* d = deltas.data() + n * 4 * A * plane;
            const float* s = scores.data() + n * A * plane;
            std::vector<ProposalBox> boxes;
            boxes.reserve(A * plane);
            for (size_t h = 0; h < H; ++h)
                for (size_t w = 0; w < W; ++w)
                    for (size_t a = 0; a < A; ++a) {
                        const float* anchor = anchors.data() + ((h * W + w) * A + a) * 4;
                        const size_t at = h * W + w;
                        const float bw = anchor[2] - anchor[0] + offset, bh = anchor[3] - anchor[1] + offset;
                        const float cx = anchor[0] + 0.5f * bw + d[(4 * a) * plane + at] * bw;
                        const float cy = anchor[1] + 0.5f * bh + d[(4 * a + 1) * plane + at] * bh;
                        const float pw = std::exp(std::min(d[(4 * a + 2) * plane + at], max_log)) * bw;
                        const float ph = std::exp(std::min(d[(4 * a + 3) * plane + at], max_log)) * bh;
                        auto clip = [&](float v, float hi) { return std::max(0.0f, std::min(v, hi - offset)); };
                        ProposalBox box{clip(cx - 0.5f * pw, img_w), clip(cy - 0.5f * ph, img_h),
                                        clip(cx + 0.5f * pw - offset, img_w), clip(cy + 0.5f * ph - offset, img_h),
                                        s[a * plane + at], false};
                        box.big_enough = box.x1 - box.x0 + offset >= min_w && box.y1 - box.y0 + offset >= min_h;
                        boxes.push_back(box);
                    }
            // Best scores first (ties keep enumeration order: row, column, anchor).
            std::stable_sort(boxes.begin(), boxes.end(),
                             [](const ProposalBox& x, const ProposalBox& y) { return x.score > y.score; });
            boxes.resize(std::min<size_t>(boxes.size(), static_cast<size_t>(m_attrs.pre_nms_count)));
            std::vector<bool> dead(boxes.size());
            for (size_t i = 0; i < boxes.size(); ++i)
                dead[i] = !boxes[i].big_enough;
            float threshold = m_attrs.nms_threshold;
            for (size_t i = 0; i < boxes.size() && counts[n] < m_attrs.post_nms_count; ++i) {
                if (dead[i])
                    continue;
                const auto& kept = boxes[i];
                rois.insert(rois.end(), {kept.x0, kept.y0, kept.x1, kept.y1});
                roi_scores.push_back(kept.score);
                ++counts[n];
                for (size_t j = i + 1; j < boxes.size(); ++j)
                    if (!dead[j] && devmux::detect::box_iou(kept, boxes[j], offset) > threshold)
                        dead[j] = true;
                // Adaptive NMS: a high threshold shrinks by eta after every kept box.
                if (m_attrs.nms_eta < 1.0f && threshold > 0.5f)
                    threshold *= m_attrs.nms_eta;
            }
        }
    });
    DEVMUX_NODE_CHECK(*this, known, "cannot evaluate element type ", type);
    const size_t total = roi_scores.size();
    if (outputs.size() < 3)
        outputs.resize(3);  // before taking references into it
    auto& rois_out = devmux::ref::prepare_output(outputs, 0, type, Shape{total, 4});
    auto& scores_out = devmux::ref::prepare_output(outputs, 1, type, Shape{total});
    auto& num_out = devmux::ref::prepare_output(outputs, 2, m_roi_num_type, Shape{N});
    devmux::ref::dispatch_real(type, [&](auto tag) {
        using S = typename decltype(tag)::storage;
        S* r = rois_out.data<S>();
        for (size_t i = 0; i < rois.size(); ++i)
            r[i] = devmux::ref::convert_value<S>(rois[i]);
        S* p = scores_out.data<S>();
        for (size_t i = 0; i < total; ++i)
            p[i] = devmux::ref::convert_value<S>(roi_scores[i]);
    });
    for (size_t n = 0; n < N; ++n) {
        if (m_roi_num_type == element::i32)
            num_out.data<int32_t>()[n] = static_cast<int32_t>(counts[n]);
        else
            num_out.data<int64_t>()[n] = counts[n];
    }
    return true;
}

}  // namespace v9

namespace v6 {

ExperimentalDetectronGenerateProposalsSingleImage::ExperimentalDetectronGenerateProposalsSingleImage(
    const Output<Node>& im_info, const Output<Node>& anchors, const Output<Node>& deltas, const Output<Node>& scores,
    const Attributes& attrs)
    : Op({im_info, anchors, deltas, scores}, 2), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

bool ExperimentalDetectronGenerateProposalsSingleImage::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("min_size", m_attrs.min_size);
    visitor.on_attribute("nms_threshold", m_attrs.nms_threshold);
    visitor.on_attribute("post_nms_count", m_attrs.post_nms_count);
    visitor.on_attribute("pre_nms_count", m_attrs.pre_nms_count);
    return true;
}

void ExperimentalDetectronGenerateProposalsSingleImage::validate_and_infer_types() {
    using namespace devmux::detect;
    DEVMUX_NODE_CHECK(*this, get_input_size() == 4, "expects 4 inputs (im_info, anchors, deltas, scores), got ",
                      get_input_size());
    DEVMUX_NODE_CHECK(*this, m_attrs.pre_nms_count > 0, "pre_nms_count must be positive, got ", m_attrs.pre_nms_count);
    DEVMUX_NODE_CHECK(*this, m_attrs.post_nms_count > 0, "post_nms_count must be positive, got ",
                      m_attrs.post_nms_count);
    const char* names[] = {"im_info", "anchors", "deltas", "scores"};
    const int64_t ranks[] = {1, 2, 3, 3};
    for (size_t i = 0; i < 4; ++i) {
        check_real_input(*this, i, names[i]);
        check_rank(*this, i, ranks[i], names[i]);
    }
    check_dim(*this, 0, 0, 3, "im_info's length");
    check_dim(*this, 1, 1, 4, "anchors' second dimension");
    const auto& deltas = get_input_partial_shape(2);
    const auto& scores = get_input_partial_shape(3);
    merged(*this, dim(deltas, 1), dim(scores, 1), "the heights of deltas and scores");
    merged(*this, dim(deltas, 2), dim(scores, 2), "the widths of deltas and scores");
    merged(*this, dim(deltas, 0), mul(dim(scores, 0), Dimension(4)), "the deltas' channels and 4 * anchors");
    const auto& type = get_input_element_type(1);
    set_output_type(0, type, PartialShape{m_attrs.post_nms_count, 4});
    set_output_type(1, type, PartialShape{m_attrs.post_nms_count});
}

std::shared_ptr<Node> ExperimentalDetectronGenerateProposalsSingleImage::clone_with_new_inputs(
    const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 4, "expects 4 inputs, got ", new_args.size());
    return std::make_shared<ExperimentalDetectronGenerateProposalsSingleImage>(new_args[0], new_args[1], new_args[2],
                                                                               new_args[3], m_attrs);
}

bool ExperimentalDetectronGenerateProposalsSingleImage::evaluate(TensorVector& outputs,
                                                                 const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 4, "evaluate() expects 4 inputs, got ", inputs.size());
    const Shape& scores_shape = inputs[3].get_shape();
    DEVMUX_NODE_CHECK(*this, scores_shape.size() == 3 && inputs[0].get_size() >= 3, "scores must be [A, H, W] and "
                      "im_info hold 3 values");
    const size_t A = scores_shape[0], H = scores_shape[1], W = scores_shape[2];
    DEVMUX_NODE_CHECK(*this, inputs[1].get_shape() == Shape({H * W * A, 4}) && inputs[2].get_shape() == Shape({4 * A, H, W}),
                      "anchors ", inputs[1].get_shape(), " and deltas ", inputs[2].get_shape(), " do not fit scores ",
                      scores_shape);
    const size_t post = static_cast<size_t>(m_attrs.post_nms_count);
    std::vector<float> rois(post * 4, 0.0f), roi_scores(post, 0.0f);
    const element::Type type = inputs[1].get_element_type();
    const bool known = devmux::ref::dispatch_real(type, [&](auto) {
        devmux::ref::InputBuffer<float> info(inputs[0]);
        devmux::ref::InputBuffer<float> anchors(inputs[1]);
        devmux::ref::InputBuffer<float> deltas(inputs[2]);
        devmux::ref::InputBuffer<float> scores(inputs[3]);
        const float img_h = info.data()[0], img_w = info.data()[1];
        const float max_log = std::log(1000.0f / 16.0f);
        const size_t plane = H * W;
        const float* d = deltas.data();
        std::vector<ProposalBox> boxes;
        boxes.reserve(A * plane);
        // Decoding counts pixel sizes with +1; the NMS below does not (as Detectron's op does).
        for (size_t h = 0; h < H; ++h)
            for (size_t w = 0; w < W; ++w)
                for (size_t a = 0; a < A; ++a) {
                    const float* anchor = anchors.data() + ((h * W + w) * A + a) * 4;
                    const size_t at = h * W + w;
                    const float bw = anchor[2] - anchor[0] + 1.0f, bh = anchor[3] - anchor[1] + 1.0f;
                    const float cx = anchor[0] + 0.5f * bw + d[(4 * a) * plane + at] * bw;
                    const float cy = anchor[1] + 0.5f * bh + d[(4 * a + 1) * plane + at] * bh;
                    const float pw = std::exp(std::min(d[(4 * a + 2) * plane + at], max_log)) * bw;
                    const float ph = std::exp(std::min(d[(4 * a + 3) * plane + at], max_log)) * bh;
                    auto clip = [](float v, float hi) { return std::max(0.0f, std::min(v, hi - 1.0f)); };
                    ProposalBox box{clip(cx - 0.5f * pw, img_w), clip(cy - 0.5f * ph, img_h), clip(cx + 0.5f * pw - 1.0f, img_w),
                                    clip(cy + 0.5f * ph - 1.0f, img_h), scores.data()[a * plane + at], true};
                    // Too small a box keeps its place with score 0.
                    if (box.x1 - box.x0 + 1.0f < m_attrs.min_size || box.y1 - box.y0 + 1.0f < m_attrs.min_size)
                        box.score = 0.0f;
                    boxes.push_back(box);
                }
        std::stable_sort(boxes.begin(), boxes.end(),
                         [](const ProposalBox& x, const ProposalBox& y) { return x.score > y.score; });
        boxes.resize(std::min<size_t>(boxes.size(), static_cast<size_t>(m_attrs.pre_nms_count)));
        std::vector<bool> dead(boxes.size(), false);
        size_t count = 0;
        for (size_t i = 0; i < boxes.size() && count < post; ++i) {
            if (dead[i])
                continue;
            const auto& kept = boxes[i];
            rois[count * 4] = kept.x0;
            rois[count * 4 + 1] = kept.y0;
            rois[count * 4 + 2] = kept.x1;
            rois[count * 4 + 3] = kept.y1;
            roi_scores[count] = kept.score;
            ++count;
            for (size_t j = i + 1; j < boxes.size(); ++j)
                if (!dead[j] && devmux::detect::box_iou(kept, boxes[j], 0.0f) > m_attrs.nms_threshold)
                    dead[j] = true;
        }
    });
    DEVMUX_NODE_CHECK(*this, known, "cannot evaluate element type ", type);
    if (outputs.size() < 2)
        outputs.resize(2);  // before taking references into it
    auto& rois_out = devmux::ref::prepare_output(outputs, 0, type, Shape{post, 4});
    auto& scores_out = devmux::ref::prepare_output(outputs, 1, type, Shape{post});
    devmux::ref::dispatch_real(type, [&](auto tag) {
        using S = typename decltype(tag)::storage;
        for (size_t i = 0; i < rois.size(); ++i)
            rois_out.data<S>()[i] = devmux::ref::convert_value<S>(rois[i]);
        for (size_t i = 0; i < post; ++i)
            scores_out.data<S>()[i] = devmux::ref::convert_value<S>(roi_scores[i]);
    });
    return true;
}

}  // namespace v6
}  // namespace op
}  // namespace ov
