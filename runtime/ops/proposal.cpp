// SPDX-License-Identifier: Apache-2.0
// Proposal-1 and -4: the Faster R-CNN region proposal layer as Caffe defines it (pixel coordinates with the
// inclusive "+1" box sizes, anchors from base_size, ratio and scale), computed in float.
#include "openvino/op/proposal.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/detect_common.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {

namespace {

struct Anchor {
    float x0, y0, x1, y1;
};

struct Candidate {
    float x0, y0, x1, y1, score;
};

// Anchors centred on the base box [0, base_size - 1]^2: per ratio, a box of about the base area with
// height / width = ratio (sides rounded), then each scale of it. Order: ratio-major, then scale.
std::vector<Anchor> make_anchors(const v0::Proposal::Attributes& a) {
    std::vector<Anchor> anchors;
    const float base = static_cast<float>(a.base_size);
    const float centre = 0.5f * (base - 1.0f);
    for (float ratio : a.ratio) {
        const float ratio_w = std::round(std::sqrt(base * base / ratio));
        const float ratio_h = std::round(ratio_w * ratio);
        for (float scale : a.scale) {
            const float half_w = 0.5f * (ratio_w * scale - 1.0f);
            const float half_h = 0.5f * (ratio_h * scale - 1.0f);
            anchors.push_back({centre - half_w, centre - half_h, centre + half_w, centre + half_h});
        }
    }
    return anchors;
}

}  // namespace

namespace v0 {

Proposal::Proposal(const Output<Node>& class_probs, const Output<Node>& bbox_deltas, const Output<Node>& image_shape,
                   const Attributes& attrs)
    : Op({class_probs, bbox_deltas, image_shape}), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

bool Proposal::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("base_size", m_attrs.base_size);
    visitor.on_attribute("pre_nms_topn", m_attrs.pre_nms_topn);
    visitor.on_attribute("post_nms_topn", m_attrs.post_nms_topn);
    visitor.on_attribute("nms_thresh", m_attrs.nms_thresh);
    visitor.on_attribute("feat_stride", m_attrs.feat_stride);
    visitor.on_attribute("min_size", m_attrs.min_size);
    visitor.on_attribute("ratio", m_attrs.ratio);
    visitor.on_attribute("scale", m_attrs.scale);
    visitor.on_attribute("clip_before_nms", m_attrs.clip_before_nms);
    visitor.on_attribute("clip_after_nms", m_attrs.clip_after_nms);
    visitor.on_attribute("normalize", m_attrs.normalize);
    visitor.on_attribute("box_size_scale", m_attrs.box_size_scale);
    visitor.on_attribute("box_coordinate_scale", m_attrs.box_coordinate_scale);
    visitor.on_attribute("framework", m_attrs.framework);
    return true;
}

PartialShape Proposal::infer_rows() {
    using namespace devmux::detect;
    DEVMUX_NODE_CHECK(*this, get_input_size() == 3, "expects 3 inputs (class_probs, bbox_deltas, image_shape), got ",
                      get_input_size());
    DEVMUX_NODE_CHECK(*this, m_attrs.base_size > 0, "base_size must be positive");
    DEVMUX_NODE_CHECK(*this, m_attrs.pre_nms_topn > 0, "pre_nms_topn must be positive");
    DEVMUX_NODE_CHECK(*this, m_attrs.post_nms_topn > 0, "post_nms_topn must be positive");
    DEVMUX_NODE_CHECK(*this, m_attrs.feat_stride > 0, "feat_stride must be positive");
    DEVMUX_NODE_CHECK(*this, !m_attrs.ratio.empty() && !m_attrs.scale.empty(), "ratio and scale need values");
    DEVMUX_NODE_CHECK(*this, m_attrs.box_size_scale != 0 && m_attrs.box_coordinate_scale != 0,
                      "box_size_scale and box_coordinate_scale must not be 0");
    DEVMUX_NODE_CHECK(*this, m_attrs.framework.empty() || m_attrs.framework == "caffe" || m_attrs.framework == "tensorflow",
                      "framework must be '', 'caffe' or 'tensorflow', got '", m_attrs.framework, "'");
    for (size_t i = 0; i < 3; ++i)
        check_real_input(*this, i, i == 0 ? "class_probs" : i == 1 ? "bbox_deltas" : "image_shape");
    check_rank(*this, 0, 4, "class_probs");
    check_rank(*this, 1, 4, "bbox_deltas");
    check_rank(*this, 2, 1, "image_shape");
    const auto& info = get_input_partial_shape(2);
    const auto info_len = dim(info, 0);
    DEVMUX_NODE_CHECK(*this, !info_len.is_static() || info_len.get_length() == 3 || info_len.get_length() == 4,
                      "image_shape must hold 3 or 4 values, got shape ", info);
    const int64_t anchors = static_cast<int64_t>(m_attrs.ratio.size() * m_attrs.scale.size());
    check_dim(*this, 0, 1, 2 * anchors, "class_probs channels (2 * anchors)");
    check_dim(*this, 1, 1, 4 * anchors, "bbox_deltas channels (4 * anchors)");
    const auto& probs = get_input_partial_shape(0);
    const auto& deltas = get_input_partial_shape(1);
    Dimension batch = merged(*this, dim(probs, 0), dim(deltas, 0), "class_probs' and bbox_deltas' batch dimensions");
    merged(*this, dim(probs, 2), dim(deltas, 2), "class_probs' and bbox_deltas' heights");
    merged(*this, dim(probs, 3), dim(deltas, 3), "class_probs' and bbox_deltas' widths");
    const Dimension rows = mul(batch, Dimension(static_cast<int64_t>(m_attrs.post_nms_topn)));
    set_output_type(0, get_input_element_type(0), PartialShape{rows, 5});
    return PartialShape{rows};
}

void Proposal::validate_and_infer_types() {
    infer_rows();
    if (get_output_size() != 1)
        set_output_size(1);
}

std::shared_ptr<Node> Proposal::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3, "expects 3 inputs, got ", new_args.size());
    return std::make_shared<Proposal>(new_args[0], new_args[1], new_args[2], m_attrs);
}

bool Proposal::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 3, "evaluate() expects 3 inputs, got ", inputs.size());
    DEVMUX_NODE_CHECK(*this, m_attrs.framework != "tensorflow",
                      "devmux evaluates only the Caffe form of Proposal (framework '' or 'caffe'), not 'tensorflow'");
    const Shape& probs_shape = inputs[0].get_shape();
    const Shape& deltas_shape = inputs[1].get_shape();
    const auto anchors = make_anchors(m_attrs);
    const size_t A = anchors.size();
    DEVMUX_NODE_CHECK(*this, probs_shape.size() == 4 && deltas_shape.size() == 4 && probs_shape[1] == 2 * A &&
                                 deltas_shape[1] == 4 * A && deltas_shape[0] == probs_shape[0] &&
                                 deltas_shape[2] == probs_shape[2] && deltas_shape[3] == probs_shape[3],
                      "class_probs ", probs_shape, " and bbox_deltas ", deltas_shape, " do not fit ", A, " anchors");
    const size_t info_len = inputs[2].get_size();
    DEVMUX_NODE_CHECK(*this, info_len == 3 || info_len == 4, "image_shape must hold 3 or 4 values, got ", info_len);
    const size_t N = probs_shape[0], H = probs_shape[2], W = probs_shape[3];
    const size_t post = m_attrs.post_nms_topn;
    const bool with_probs = get_output_size() > 1;
    if (outputs.size() < get_output_size())
        outputs.resize(get_output_size());  // before taking references into it
    auto& rois = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), Shape{N * post, 5});
    const bool known = devmux::ref::dispatch_real(inputs[0].get_element_type(), [&](auto) {
        devmux::ref::InputBuffer<float> probs(inputs[0]);
        devmux::ref::InputBuffer<float> deltas(inputs[1]);
        devmux::ref::InputBuffer<float> info(inputs[2]);
        const float img_h = info.data()[0], img_w = info.data()[1];
        const float scale_h = info.data()[2], scale_w = info_len == 4 ? info.data()[3] : scale_h;
        const float min_h = static_cast<float>(m_attrs.min_size) * scale_h;
        const float min_w = static_cast<float>(m_attrs.min_size) * scale_w;
        std::vector<float> out_rows(N * post * 5, 0.0f), out_scores(N * post, 0.0f);
        const size_t plane = H * W;
        const float stride = static_cast<float>(m_attrs.feat_stride);
        for (size_t n = 0; n < N; ++n) {
            const float* fg = probs.data() + (n * 2 * A + A) * plane;  // foreground scores follow the background
            const float* d = deltas.data() + n * 4 * A * plane;
            std::vector<Candidate> candidates;
            candidates.reserve(plane * A);
            for (size_t h = 0; h < H; ++h)
                for (size_t w = 0; w < W; ++w)
                    for (size_t k = 0; k < A; ++k) {
                        const size_t at = h * W + w;
                        const float x0 = anchors[k].x0 + static_cast<float>(w) * stride;
                        const float y0 = anchors[k].y0 + static_cast<float>(h) * stride;
                        const float x1 = anchors[k].x1 + static_cast<float>(w) * stride;
                        const float y1 = anchors[k].y1 + static_cast<float>(h) * stride;
                        const float bw = x1 - x0 + 1.0f, bh = y1 - y0 + 1.0f;
                        const float cx = x0 + 0.5f * bw + d[(4 * k) * plane + at] / m_attrs.box_coordinate_scale * bw;
                        const float cy = y0 + 0.5f * bh + d[(4 * k + 1) * plane + at] / m_attrs.box_coordinate_scale * bh;
                        const float pw = std::exp(d[(4 * k + 2) * plane + at] / m_attrs.box_size_scale) * bw;
                        const float ph = std::exp(d[(4 * k + 3) * plane + at] / m_attrs.box_size_scale) * bh;
                        Candidate c{cx - 0.5f * pw, cy - 0.5f * ph, cx + 0.5f * pw, cy + 0.5f * ph, fg[k * plane + at]};
                        if (m_attrs.clip_before_nms) {
                            c.x0 = std::min(std::max(c.x0, 0.0f), img_w - 1.0f);
                            c.y0 = std::min(std::max(c.y0, 0.0f), img_h - 1.0f);
                            c.x1 = std::min(std::max(c.x1, 0.0f), img_w - 1.0f);
                            c.y1 = std::min(std::max(c.y1, 0.0f), img_h - 1.0f);
                        }
                        // Too small a box keeps its place but cannot win over any real score.
                        if (c.x1 - c.x0 + 1.0f < min_w || c.y1 - c.y0 + 1.0f < min_h)
                            c.score = 0.0f;
                        candidates.push_back(c);
                    }
            // Best scores first (ties keep enumeration order), then the first pre_nms_topn.
            std::stable_sort(candidates.begin(), candidates.end(),
                             [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
            if (candidates.size() > m_attrs.pre_nms_topn)
                candidates.resize(m_attrs.pre_nms_topn);
            std::vector<Candidate> kept;
            std::vector<bool> suppressed(candidates.size(), false);
            for (size_t i = 0; i < candidates.size() && kept.size() < post; ++i) {
                if (suppressed[i])
                    continue;
                kept.push_back(candidates[i]);
                for (size_t j = i + 1; j < candidates.size(); ++j)
                    if (!suppressed[j] &&
                        devmux::detect::box_iou(candidates[i], candidates[j], 1.0f) > m_attrs.nms_thresh)
                        suppressed[j] = true;
            }
            for (size_t r = 0; r < kept.size(); ++r) {
                Candidate c = kept[r];
                if (m_attrs.clip_after_nms) {
                    c.x0 = std::min(std::max(c.x0, 0.0f), img_w);
                    c.y0 = std::min(std::max(c.y0, 0.0f), img_h);
                    c.x1 = std::min(std::max(c.x1, 0.0f), img_w);
                    c.y1 = std::min(std::max(c.y1, 0.0f), img_h);
                }
                if (m_attrs.normalize) {
                    c.x0 /= img_w;
                    c.y0 /= img_h;
                    c.x1 /= img_w;
                    c.y1 /= img_h;
                }
                float* row = &out_rows[((n * post) + r) * 5];
                row[0] = static_cast<float>(n);
                row[1] = c.x0;
                row[2] = c.y0;
                row[3] = c.x1;
                row[4] = c.y1;
                out_scores[n * post + r] = c.score;
            }
            if (kept.size() < post)
                out_rows[((n * post) + kept.size()) * 5] = -1.0f;
        }
        devmux::ref::OutputBuffer<float> out(rois);
        std::copy(out_rows.begin(), out_rows.end(), out.data());
        out.commit();
        if (with_probs) {
            auto& scores = devmux::ref::prepare_output(outputs, 1, inputs[0].get_element_type(), Shape{N * post});
            devmux::ref::OutputBuffer<float> s(scores);
            std::copy(out_scores.begin(), out_scores.end(), s.data());
            s.commit();
        }
    });
    DEVMUX_NODE_CHECK(*this, known, "cannot evaluate element type ", inputs[0].get_element_type());
    return true;
}

}  // namespace v0

namespace v4 {

Proposal::Proposal(const Output<Node>& class_probs, const Output<Node>& bbox_deltas, const Output<Node>& image_shape,
                   const Attributes& attrs) {
    m_attrs = attrs;
    set_arguments(OutputVector{class_probs, bbox_deltas, image_shape});
    constructor_validate_and_infer_types();
}

void Proposal::validate_and_infer_types() {
    const PartialShape rows = infer_rows();
    set_output_type(1, get_input_element_type(0), rows);
}

std::shared_ptr<Node> Proposal::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3, "expects 3 inputs, got ", new_args.size());
    return std::make_shared<Proposal>(new_args[0], new_args[1], new_args[2], m_attrs);
}

}  // namespace v4
}  // namespace op
}  // namespace ov
