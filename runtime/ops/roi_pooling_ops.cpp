// SPDX-License-Identifier: Apache-2.0
// The ROI poolings of the two-stage detectors: ROIPooling-2 (max, bilinear), PSROIPooling-1 (average,
// bilinear), ROIAlign-3/-9 (avg, max; aligned modes) and ExperimentalDetectronROIFeatureExtractor-6 (ROI align
// over a feature pyramid). Each computes in float (double for f64).
#include <algorithm>
#include <cmath>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/op/experimental_detectron_roi_feature.hpp"
#include "openvino/op/psroi_pooling.hpp"
#include "openvino/op/roi_align.hpp"
#include "openvino/op/roi_pooling.hpp"
#include "ops/detect_common.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {

namespace {

using devmux::detect::dim;

// Checks the feature-map and ROI inputs and returns [R, channels, out_h, out_w].
PartialShape roi_output_shape(const Node& node, size_t roi_width, const Dimension& channels, int64_t out_h,
                              int64_t out_w) {
    devmux::detect::check_real_input(node, 0, "feature maps");
    devmux::detect::check_real_input(node, 1, "rois");
    const auto& t0 = node.get_input_element_type(0);
    const auto& t1 = node.get_input_element_type(1);
    DEVMUX_NODE_CHECK(node, t0.is_dynamic() || t1.is_dynamic() || t0 == t1,
                      "feature maps and rois must have the same element type, got ", t0, " and ", t1);
    devmux::detect::check_rank(node, 0, 4, "feature maps");
    devmux::detect::check_rank(node, 1, 2, "rois");
    devmux::detect::check_dim(node, 1, 1, static_cast<int64_t>(roi_width), "rois' second dimension");
    DEVMUX_NODE_CHECK(node, out_h > 0 && out_w > 0, "the pooled output size must be positive, got ", out_h, " x ",
                      out_w);
    return PartialShape{dim(node.get_input_partial_shape(1), 0), channels, Dimension(out_h), Dimension(out_w)};
}

element::Type roi_output_type(const Node& node) {
    const auto& t0 = node.get_input_element_type(0);
    return t0.is_dynamic() ? node.get_input_element_type(1) : t0;
}

// Runs fn(tag) for the real type of the feature maps; throws naming the op for any other type.
template <typename Fn>
void dispatch_feature_type(const Node& node, const element::Type& type, Fn&& fn) {
    const bool known = devmux::ref::dispatch_real(type, fn);
    DEVMUX_NODE_CHECK(node, known, "cannot evaluate element type ", type);
}

// Validated batch index of a ROI.
size_t roi_batch(const Node& node, double value, size_t batches, size_t roi) {
    const auto b = static_cast<int64_t>(value);
    DEVMUX_NODE_CHECK(node, b >= 0 && static_cast<size_t>(b) < batches, "ROI ", roi, " names batch ", b,
                      ", outside [0, ", batches, ")");
    return static_cast<size_t>(b);
}

void check_evaluate_shapes(const Node& node, const TensorVector& inputs, size_t count, size_t roi_width) {
    DEVMUX_NODE_CHECK(node, inputs.size() == count, "evaluate() expects ", count, " inputs, got ", inputs.size());
    DEVMUX_NODE_CHECK(node, inputs[0].get_shape().size() == 4, "feature maps must have rank 4, got ",
                      inputs[0].get_shape());
    DEVMUX_NODE_CHECK(node, inputs[1].get_shape().size() == 2 && inputs[1].get_shape()[1] == roi_width,
                      "rois must have shape [R, ", roi_width, "], got ", inputs[1].get_shape());
    DEVMUX_NODE_CHECK(node, inputs[0].get_shape()[2] > 0 && inputs[0].get_shape()[3] > 0,
                      "feature maps must not be empty, got ", inputs[0].get_shape());
}

// Bilinear value of a [H, W] plane at a point inside it (no bounds check): the interpolation ROIPooling's
// and PSROIPooling's bilinear modes use.
template <typename C>
C bilinear_inside(const C* plane, size_t W, C y, C x) {
    const auto top = static_cast<size_t>(std::floor(y)), bottom = static_cast<size_t>(std::ceil(y));
    const auto left = static_cast<size_t>(std::floor(x)), right = static_cast<size_t>(std::ceil(x));
    const C dx = x - static_cast<C>(left), dy = y - static_cast<C>(top);
    const C upper = plane[top * W + left] + (plane[top * W + right] - plane[top * W + left]) * dx;
    const C lower = plane[bottom * W + left] + (plane[bottom * W + right] - plane[bottom * W + left]) * dx;
    return upper + (lower - upper) * dy;
}

}  // namespace

// ---- ROIPooling -----------------------------------------------------------------------------------------

namespace v0 {

ROIPooling::ROIPooling(const Output<Node>& input, const Output<Node>& coords, const Shape& output_size,
                       const float spatial_scale, const std::string& method)
    : Op({input, coords}), m_output_size(output_size), m_spatial_scale(spatial_scale), m_method(method) {
    constructor_validate_and_infer_types();
}

bool ROIPooling::visit_attributes(AttributeVisitor& visitor) {
    if (m_output_size.size() != 2)
        m_output_size.resize(2, 0);
    visitor.on_attribute("output_size", m_output_size);
    if (m_output_size.size() != 2)
        m_output_size.resize(2, 0);
    visitor.on_attribute("pooled_h", m_output_size[0]);
    visitor.on_attribute("pooled_w", m_output_size[1]);
    visitor.on_attribute("spatial_scale", m_spatial_scale);
    visitor.on_attribute("method", m_method);
    return true;
}

void ROIPooling::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (feature maps, rois), got ", get_input_size());
    DEVMUX_NODE_CHECK(*this, m_method == "max" || m_method == "bilinear", "method must be 'max' or 'bilinear', got '",
                      m_method, "'");
    DEVMUX_NODE_CHECK(*this, m_output_size.size() == 2, "output_size must hold 2 values, got ", m_output_size.size());
    DEVMUX_NODE_CHECK(*this, m_spatial_scale > 0, "spatial_scale must be positive, got ", m_spatial_scale);
    set_output_type(0, roi_output_type(*this),
                    roi_output_shape(*this, 5, dim(get_input_partial_shape(0), 1),
                                     static_cast<int64_t>(m_output_size[0]), static_cast<int64_t>(m_output_size[1])));
}

std::shared_ptr<Node> ROIPooling::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "expects 2 inputs, got ", new_args.size());
    return std::make_shared<ROIPooling>(new_args[0], new_args[1], m_output_size, m_spatial_scale, m_method);
}

bool ROIPooling::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    check_evaluate_shapes(*this, inputs, 2, 5);
    const Shape& in = inputs[0].get_shape();
    const size_t N = in[0], C = in[1], H = in[2], W = in[3];
    const size_t R = inputs[1].get_shape()[0];
    const size_t PH = m_output_size.at(0), PW = m_output_size.at(1);
    auto& output = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), Shape{R, C, PH, PW});
    const bool bilinear = m_method == "bilinear";
    dispatch_feature_type(*this, inputs[0].get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<T> data(inputs[0]);
        devmux::ref::InputBuffer<T> rois(inputs[1]);
        devmux::ref::OutputBuffer<T> out(output);
        T* y = out.data();
        for (size_t r = 0; r < R; ++r) {
            const T* roi = rois.data() + r * 5;
            const size_t b = roi_batch(*this, static_cast<double>(roi[0]), N, r);
            if (!bilinear) {
                const T scale = static_cast<T>(m_spatial_scale);
                const auto x1 = static_cast<int64_t>(std::round(roi[1] * scale));
                const auto y1 = static_cast<int64_t>(std::round(roi[2] * scale));
                const auto x2 = static_cast<int64_t>(std::round(roi[3] * scale));
                const auto y2 = static_cast<int64_t>(std::round(roi[4] * scale));
                const T bin_h = static_cast<T>(std::max<int64_t>(y2 - y1 + 1, 1)) / static_cast<T>(PH);
                const T bin_w = static_cast<T>(std::max<int64_t>(x2 - x1 + 1, 1)) / static_cast<T>(PW);
                for (size_t c = 0; c < C; ++c) {
                    const T* plane = data.data() + (b * C + c) * H * W;
                    for (size_t ph = 0; ph < PH; ++ph)
                        for (size_t pw = 0; pw < PW; ++pw) {
                            auto clampi = [](int64_t v, size_t hi) { return std::min<int64_t>(std::max<int64_t>(v, 0), static_cast<int64_t>(hi)); };
                            const int64_t h0 = clampi(static_cast<int64_t>(std::floor(static_cast<T>(ph) * bin_h)) + y1, H);
                            const int64_t h1 = clampi(static_cast<int64_t>(std::ceil(static_cast<T>(ph + 1) * bin_h)) + y1, H);
                            const int64_t w0 = clampi(static_cast<int64_t>(std::floor(static_cast<T>(pw) * bin_w)) + x1, W);
                            const int64_t w1 = clampi(static_cast<int64_t>(std::ceil(static_cast<T>(pw + 1) * bin_w)) + x1, W);
                            T best = 0;
                            bool any = false;
                            for (int64_t h = h0; h < h1; ++h)
                                for (int64_t w = w0; w < w1; ++w) {
                                    const T v = plane[static_cast<size_t>(h) * W + static_cast<size_t>(w)];
                                    best = any ? std::max(best, v) : v;
                                    any = true;
                                }
                            y[((r * C + c) * PH + ph) * PW + pw] = best;
                        }
                }
            } else {
                // Normalized corners: a grid of PH x PW points from corner to corner (the centre for one).
                const T x1 = roi[1], y1 = roi[2], x2 = roi[3], y2 = roi[4];
                const T span_h = static_cast<T>(H - 1), span_w = static_cast<T>(W - 1);
                const T step_h = PH > 1 ? (y2 - y1) * span_h / static_cast<T>(PH - 1) : T(0);
                const T step_w = PW > 1 ? (x2 - x1) * span_w / static_cast<T>(PW - 1) : T(0);
                for (size_t c = 0; c < C; ++c) {
                    const T* plane = data.data() + (b * C + c) * H * W;
                    for (size_t ph = 0; ph < PH; ++ph)
                        for (size_t pw = 0; pw < PW; ++pw) {
                            const T py = PH > 1 ? y1 * span_h + static_cast<T>(ph) * step_h : (y1 + y2) * span_h / 2;
                            const T px = PW > 1 ? x1 * span_w + static_cast<T>(pw) * step_w : (x1 + x2) * span_w / 2;
                            const bool inside = py >= 0 && py <= span_h && px >= 0 && px <= span_w;
                            y[((r * C + c) * PH + ph) * PW + pw] = inside ? bilinear_inside(plane, W, py, px) : T(0);
                        }
                }
            }
        }
        out.commit();
    });
    return true;
}

// ---- PSROIPooling ---------------------------------------------------------------------------------------

PSROIPooling::PSROIPooling(const Output<Node>& input, const Output<Node>& coords, const size_t output_dim,
                           const size_t group_size, const float spatial_scale, int spatial_bins_x, int spatial_bins_y,
                           const std::string& mode)
    : Op({input, coords}),
      m_output_dim(output_dim),
      m_group_size(group_size),
      m_spatial_scale(spatial_scale),
      m_spatial_bins_x(spatial_bins_x),
      m_spatial_bins_y(spatial_bins_y),
      m_mode(mode) {
    constructor_validate_and_infer_types();
}

bool PSROIPooling::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("output_dim", m_output_dim);
    visitor.on_attribute("group_size", m_group_size);
    visitor.on_attribute("spatial_scale", m_spatial_scale);
    visitor.on_attribute("mode", m_mode);
    visitor.on_attribute("spatial_bins_x", m_spatial_bins_x);
    visitor.on_attribute("spatial_bins_y", m_spatial_bins_y);
    return true;
}

void PSROIPooling::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (feature maps, rois), got ", get_input_size());
    DEVMUX_NODE_CHECK(*this, m_mode == "average" || m_mode == "bilinear", "mode must be 'average' or 'bilinear', got '",
                      m_mode, "'");
    DEVMUX_NODE_CHECK(*this, m_output_dim > 0, "output_dim must be positive");
    DEVMUX_NODE_CHECK(*this, m_group_size > 0, "group_size must be positive");
    DEVMUX_NODE_CHECK(*this, m_spatial_scale > 0, "spatial_scale must be positive, got ", m_spatial_scale);
    int64_t channels = 0;
    if (m_mode == "average") {
        channels = static_cast<int64_t>(m_output_dim * m_group_size * m_group_size);
    } else {
        DEVMUX_NODE_CHECK(*this, m_spatial_bins_x > 0 && m_spatial_bins_y > 0,
                          "spatial_bins_x and spatial_bins_y must be positive in bilinear mode, got ", m_spatial_bins_x,
                          " and ", m_spatial_bins_y);
        channels = static_cast<int64_t>(m_output_dim) * m_spatial_bins_x * m_spatial_bins_y;
    }
    devmux::detect::check_dim(*this, 0, 1, channels, "feature map channels");
    const auto side = static_cast<int64_t>(m_group_size);
    set_output_type(0, roi_output_type(*this),
                    roi_output_shape(*this, 5, Dimension(static_cast<int64_t>(m_output_dim)), side, side));
}

std::shared_ptr<Node> PSROIPooling::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "expects 2 inputs, got ", new_args.size());
    return std::make_shared<PSROIPooling>(new_args[0], new_args[1], m_output_dim, m_group_size, m_spatial_scale,
                                          m_spatial_bins_x, m_spatial_bins_y, m_mode);
}

bool PSROIPooling::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    check_evaluate_shapes(*this, inputs, 2, 5);
    const Shape& in = inputs[0].get_shape();
    const size_t N = in[0], C = in[1], H = in[2], W = in[3];
    const size_t R = inputs[1].get_shape()[0];
    const size_t D = m_output_dim, G = m_group_size;
    const bool average = m_mode == "average";
    const size_t bins_x = average ? G : static_cast<size_t>(m_spatial_bins_x);
    const size_t bins_y = average ? G : static_cast<size_t>(m_spatial_bins_y);
    DEVMUX_NODE_CHECK(*this, C == D * bins_x * bins_y, "feature maps have ", C, " channels, expected ",
                      D * bins_x * bins_y);
    auto& output = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), Shape{R, D, G, G});
    dispatch_feature_type(*this, inputs[0].get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<T> data(inputs[0]);
        devmux::ref::InputBuffer<T> rois(inputs[1]);
        devmux::ref::OutputBuffer<T> out(output);
        T* y = out.data();
        const T scale = static_cast<T>(m_spatial_scale);
        for (size_t r = 0; r < R; ++r) {
            const T* roi = rois.data() + r * 5;
            const size_t b = roi_batch(*this, static_cast<double>(roi[0]), N, r);
            const T* image = data.data() + b * C * H * W;
            if (average) {
                // Corners rounded to whole input pixels, the end one inclusive, then scaled.
                const T x1 = std::round(roi[1]) * scale, y1 = std::round(roi[2]) * scale;
                const T x2 = (std::round(roi[3]) + 1) * scale, y2 = (std::round(roi[4]) + 1) * scale;
                const T bin_w = std::max(x2 - x1, T(0.1)) / static_cast<T>(G);
                const T bin_h = std::max(y2 - y1, T(0.1)) / static_cast<T>(G);
                for (size_t c = 0; c < D; ++c)
                    for (size_t ph = 0; ph < G; ++ph)
                        for (size_t pw = 0; pw < G; ++pw) {
                            // A bin starts at most on the last row / column (so a bin past the map reads
                            // the map's edge, as OpenVINO's reference does) and ends at most at the map's end.
                            auto clampi = [](T v, size_t hi) {
                                return static_cast<size_t>(std::min(std::max(v, T(0)), static_cast<T>(hi)));
                            };
                            const size_t h0 = clampi(std::floor(static_cast<T>(ph) * bin_h + y1), H - 1);
                            const size_t h1 = clampi(std::ceil(static_cast<T>(ph + 1) * bin_h + y1), H);
                            const size_t w0 = clampi(std::floor(static_cast<T>(pw) * bin_w + x1), W - 1);
                            const size_t w1 = clampi(std::ceil(static_cast<T>(pw + 1) * bin_w + x1), W);
                            const T* plane = image + ((c * G + ph) * G + pw) * H * W;
                            T sum = 0;
                            for (size_t h = h0; h < h1; ++h)
                                for (size_t w = w0; w < w1; ++w)
                                    sum += plane[h * W + w];
                            const size_t area = (h1 > h0 && w1 > w0) ? (h1 - h0) * (w1 - w0) : 0;
                            y[((r * D + c) * G + ph) * G + pw] = area ? sum / static_cast<T>(area) : T(0);
                        }
            } else {
                // Normalized corners split into bins_y x bins_x sub-ROIs, sub-ROI (i, j) read from channel group
                // i * bins_x + j; output cell (ph, pw) samples each sub-ROI at the matching point of a G x G grid.
                const T x1 = roi[1] * scale, y1 = roi[2] * scale, x2 = roi[3] * scale, y2 = roi[4] * scale;
                const T bin_w = (x2 - x1) / static_cast<T>(bins_x), bin_h = (y2 - y1) / static_cast<T>(bins_y);
                const T span_h = static_cast<T>(H - 1), span_w = static_cast<T>(W - 1);
                for (size_t c = 0; c < D; ++c)
                    for (size_t ph = 0; ph < G; ++ph)
                        for (size_t pw = 0; pw < G; ++pw) {
                            T sum = 0;
                            for (size_t by = 0; by < bins_y; ++by)
                                for (size_t bx = 0; bx < bins_x; ++bx) {
                                    const T start_y = y1 + static_cast<T>(by) * bin_h;
                                    const T start_x = x1 + static_cast<T>(bx) * bin_w;
                                    const T py = G > 1 ? start_y * span_h + static_cast<T>(ph) * bin_h * span_h / static_cast<T>(G - 1)
                                                       : (start_y + bin_h / 2) * span_h;
                                    const T px = G > 1 ? start_x * span_w + static_cast<T>(pw) * bin_w * span_w / static_cast<T>(G - 1)
                                                       : (start_x + bin_w / 2) * span_w;
                                    const T* plane = image + ((by * bins_x + bx) * D + c) * H * W;
                                    // Points in the last pixel's span [size - 1, size) take the edge value.
                                    if (py >= 0 && py < static_cast<T>(H) && px >= 0 && px < static_cast<T>(W))
                                        sum += bilinear_inside(plane, W, std::min(py, span_h), std::min(px, span_w));
                                }
                            y[((r * D + c) * G + ph) * G + pw] = sum / static_cast<T>(bins_x * bins_y);
                        }
            }
        }
        out.commit();
    });
    return true;
}

}  // namespace v0

// ---- ROIAlign -------------------------------------------------------------------------------------------

namespace {

enum class AlignShift { NONE, AFTER_SCALE, HALF_PIXEL };

struct AlignSettings {
    int pooled_h, pooled_w, sampling_ratio;
    float spatial_scale;
    bool max_mode;
    AlignShift shift;
};

void infer_roi_align(Node& node, int pooled_h, int pooled_w, int sampling_ratio, float spatial_scale) {
    DEVMUX_NODE_CHECK(node, node.get_input_size() == 3, "expects 3 inputs (feature maps, rois, batch_indices), got ",
                      node.get_input_size());
    DEVMUX_NODE_CHECK(node, sampling_ratio >= 0, "sampling_ratio must not be negative, got ", sampling_ratio);
    DEVMUX_NODE_CHECK(node, spatial_scale > 0, "spatial_scale must be positive, got ", spatial_scale);
    devmux::ref::check_integral_input(node, 2, "batch_indices");
    devmux::detect::check_rank(node, 2, 1, "batch_indices");
    auto shape = roi_output_shape(node, 4, dim(node.get_input_partial_shape(0), 1), pooled_h, pooled_w);
    shape[0] = devmux::detect::merged(node, shape[0], dim(node.get_input_partial_shape(2), 0),
                                      "the ROI count of rois (dim 0) and batch_indices");
    node.set_output_type(0, roi_output_type(node), shape);
}

// One ROI (corners already scaled and shifted) over the C planes of one image: out gets [C, PH, PW].
// grow_to_one makes an ROI smaller than a pixel one pixel wide / high (asymmetric mode, Detectron without
// "aligned").
template <typename T>
void align_roi(const T* image, size_t C, size_t H, size_t W, T x1, T y1, T x2, T y2, bool grow_to_one, size_t PH,
               size_t PW, int sampling_ratio, bool max_mode, T* out) {
    T roi_w = x2 - x1, roi_h = y2 - y1;
    if (grow_to_one) {
        roi_w = std::max(roi_w, T(1));
        roi_h = std::max(roi_h, T(1));
    }
    const T bin_w = roi_w / static_cast<T>(PW), bin_h = roi_h / static_cast<T>(PH);
    const size_t samples_x =
        sampling_ratio > 0 ? static_cast<size_t>(sampling_ratio) : static_cast<size_t>(std::ceil(bin_w));
    const size_t samples_y =
        sampling_ratio > 0 ? static_cast<size_t>(sampling_ratio) : static_cast<size_t>(std::ceil(bin_h));
    const T step_x = samples_x ? bin_w / static_cast<T>(samples_x) : T(0);
    const T step_y = samples_y ? bin_h / static_cast<T>(samples_y) : T(0);
    const size_t count = samples_x * samples_y;
    for (size_t c = 0; c < C; ++c) {
        const T* plane = image + c * H * W;
        for (size_t ph = 0; ph < PH; ++ph)
            for (size_t pw = 0; pw < PW; ++pw) {
                // Max mode starts from 0 as OpenVINO's reference does, so a bin of negative samples gives 0.
                T acc = 0;
                for (size_t sy = 0; sy < samples_y; ++sy)
                    for (size_t sx = 0; sx < samples_x; ++sx) {
                        T py = y1 + static_cast<T>(ph) * bin_h + step_y * (static_cast<T>(sy) + T(0.5));
                        T px = x1 + static_cast<T>(pw) * bin_w + step_x * (static_cast<T>(sx) + T(0.5));
                        // A sample more than one pixel outside the map counts as 0.
                        T corner[4] = {0, 0, 0, 0};
                        if (!(py < -1 || py > static_cast<T>(H) || px < -1 || px > static_cast<T>(W))) {
                            py = std::max(py, T(0));
                            px = std::max(px, T(0));
                            auto lo_y = static_cast<size_t>(py), lo_x = static_cast<size_t>(px);
                            size_t hi_y = lo_y + 1, hi_x = lo_x + 1;
                            if (lo_y >= H - 1) {
                                lo_y = hi_y = H - 1;
                                py = static_cast<T>(lo_y);
                            }
                            if (lo_x >= W - 1) {
                                lo_x = hi_x = W - 1;
                                px = static_cast<T>(lo_x);
                            }
                            const T ly = py - static_cast<T>(lo_y), lx = px - static_cast<T>(lo_x);
                            const T hy = 1 - ly, hx = 1 - lx;
                            corner[0] = hy * hx * plane[lo_y * W + lo_x];
                            corner[1] = hy * lx * plane[lo_y * W + hi_x];
                            corner[2] = ly * hx * plane[hi_y * W + lo_x];
                            corner[3] = ly * lx * plane[hi_y * W + hi_x];
                        }
                        const T sample = corner[0] + corner[1] + corner[2] + corner[3];
                        acc = max_mode ? std::max(acc, sample) : acc + sample;
                    }
                out[(c * PH + ph) * PW + pw] = max_mode ? acc : (count ? acc / static_cast<T>(count) : T(0));
            }
    }
}

bool evaluate_roi_align(const Node& node, TensorVector& outputs, const TensorVector& inputs, const AlignSettings& s) {
    check_evaluate_shapes(node, inputs, 3, 4);
    const Shape& in = inputs[0].get_shape();
    const size_t N = in[0], C = in[1], H = in[2], W = in[3];
    const size_t R = inputs[1].get_shape()[0];
    DEVMUX_NODE_CHECK(node, inputs[2].get_size() == R, "batch_indices holds ", inputs[2].get_size(),
                      " values for ", R, " ROIs");
    const auto batches = devmux::ref::tensor_to_i64(inputs[2]);
    const size_t PH = static_cast<size_t>(s.pooled_h), PW = static_cast<size_t>(s.pooled_w);
    auto& output = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), Shape{R, C, PH, PW});
    dispatch_feature_type(node, inputs[0].get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<T> data(inputs[0]);
        devmux::ref::InputBuffer<T> rois(inputs[1]);
        devmux::ref::OutputBuffer<T> out(output);
        const T scale = static_cast<T>(s.spatial_scale);
        const T before = s.shift == AlignShift::HALF_PIXEL ? T(0.5) : T(0);
        const T after = s.shift == AlignShift::NONE ? T(0) : T(-0.5);
        for (size_t r = 0; r < R; ++r) {
            const size_t b = roi_batch(node, static_cast<double>(batches[r]), N, r);
            const T* roi = rois.data() + r * 4;
            align_roi(data.data() + b * C * H * W, C, H, W, (roi[0] + before) * scale + after,
                      (roi[1] + before) * scale + after, (roi[2] + before) * scale + after,
                      (roi[3] + before) * scale + after, s.shift == AlignShift::NONE, PH, PW, s.sampling_ratio,
                      s.max_mode, out.data() + r * C * PH * PW);
        }
        out.commit();
    });
    return true;
}

// The attributes ROIAlign-3 and -9 share (-9 adds aligned_mode); Mode is each version's own PoolingMode.
template <typename Mode>
void visit_roi_align_attributes(AttributeVisitor& visitor, int& pooled_h, int& pooled_w, int& sampling_ratio,
                                float& spatial_scale, Mode& mode) {
    visitor.on_attribute("pooled_h", pooled_h);
    visitor.on_attribute("pooled_w", pooled_w);
    visitor.on_attribute("sampling_ratio", sampling_ratio);
    visitor.on_attribute("spatial_scale", spatial_scale);
    visitor.on_attribute("mode", mode);
}

template <typename Mode>
std::ostream& write_pooling_mode(std::ostream& s, Mode m) {
    return s << (m == Mode::MAX ? "max" : "avg");
}

template <typename Mode>
std::istream& read_pooling_mode(std::istream& s, Mode& m) {
    std::string text;
    s >> text;
    if (text == "avg")
        m = Mode::AVG;
    else if (text == "max")
        m = Mode::MAX;
    else
        OPENVINO_THROW("ROIAlign: '", text, "' is not a valid mode (avg, max)");
    return s;
}

}  // namespace

namespace v3 {

std::ostream& operator<<(std::ostream& s, const ROIAlign::PoolingMode& mode) { return write_pooling_mode(s, mode); }
std::istream& operator>>(std::istream& s, ROIAlign::PoolingMode& mode) { return read_pooling_mode(s, mode); }

ROIAlign::ROIAlign(const Output<Node>& input, const Output<Node>& rois, const Output<Node>& batch_indices,
                   const int pooled_h, const int pooled_w, const int sampling_ratio, const float spatial_scale,
                   const std::string& mode)
    : Op({input, rois, batch_indices}),
      m_pooled_h(pooled_h),
      m_pooled_w(pooled_w),
      m_sampling_ratio(sampling_ratio),
      m_spatial_scale(spatial_scale) {
    std::istringstream text(mode);
    try {
        text >> m_mode;
    } catch (const ov::Exception&) {
        OPENVINO_THROW(devmux::ref::describe(*this), ": mode must be 'avg' or 'max', got '", mode, "'");
    }
    constructor_validate_and_infer_types();
}

ROIAlign::ROIAlign(const Output<Node>& input, const Output<Node>& rois, const Output<Node>& batch_indices,
                   const int pooled_h, const int pooled_w, const int sampling_ratio, const float spatial_scale,
                   const PoolingMode mode)
    : Op({input, rois, batch_indices}),
      m_pooled_h(pooled_h),
      m_pooled_w(pooled_w),
      m_sampling_ratio(sampling_ratio),
      m_spatial_scale(spatial_scale),
      m_mode(mode) {
    constructor_validate_and_infer_types();
}

bool ROIAlign::visit_attributes(AttributeVisitor& visitor) {
    visit_roi_align_attributes(visitor, m_pooled_h, m_pooled_w, m_sampling_ratio, m_spatial_scale, m_mode);
    return true;
}

void ROIAlign::validate_and_infer_types() {
    infer_roi_align(*this, m_pooled_h, m_pooled_w, m_sampling_ratio, m_spatial_scale);
}

std::shared_ptr<Node> ROIAlign::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3, "expects 3 inputs, got ", new_args.size());
    return std::make_shared<ROIAlign>(new_args[0], new_args[1], new_args[2], m_pooled_h, m_pooled_w, m_sampling_ratio,
                                      m_spatial_scale, m_mode);
}

bool ROIAlign::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_roi_align(*this, outputs, inputs,
                              {m_pooled_h, m_pooled_w, m_sampling_ratio, m_spatial_scale, m_mode == PoolingMode::MAX,
                               AlignShift::NONE});
}

}  // namespace v3

namespace v9 {

std::ostream& operator<<(std::ostream& s, const ROIAlign::PoolingMode& mode) { return write_pooling_mode(s, mode); }
std::istream& operator>>(std::istream& s, ROIAlign::PoolingMode& mode) { return read_pooling_mode(s, mode); }

std::ostream& operator<<(std::ostream& s, const ROIAlign::AlignedMode& mode) {
    switch (mode) {
    case ROIAlign::AlignedMode::HALF_PIXEL_FOR_NN: return s << "half_pixel_for_nn";
    case ROIAlign::AlignedMode::HALF_PIXEL: return s << "half_pixel";
    default: return s << "asymmetric";
    }
}

std::istream& operator>>(std::istream& s, ROIAlign::AlignedMode& mode) {
    std::string text;
    s >> text;
    if (text == "asymmetric")
        mode = ROIAlign::AlignedMode::ASYMMETRIC;
    else if (text == "half_pixel_for_nn")
        mode = ROIAlign::AlignedMode::HALF_PIXEL_FOR_NN;
    else if (text == "half_pixel")
        mode = ROIAlign::AlignedMode::HALF_PIXEL;
    else
        OPENVINO_THROW("ROIAlign: '", text, "' is not a valid aligned_mode (asymmetric, half_pixel_for_nn, half_pixel)");
    return s;
}

ROIAlign::ROIAlign(const Output<Node>& input, const Output<Node>& rois, const Output<Node>& batch_indices,
                   const int pooled_h, const int pooled_w, const int sampling_ratio, const float spatial_scale,
                   const PoolingMode mode, const AlignedMode aligned_mode)
    : Op({input, rois, batch_indices}),
      m_pooled_h(pooled_h),
      m_pooled_w(pooled_w),
      m_sampling_ratio(sampling_ratio),
      m_spatial_scale(spatial_scale),
      m_mode(mode),
      m_aligned_mode(aligned_mode) {
    constructor_validate_and_infer_types();
}

bool ROIAlign::visit_attributes(AttributeVisitor& visitor) {
    visit_roi_align_attributes(visitor, m_pooled_h, m_pooled_w, m_sampling_ratio, m_spatial_scale, m_mode);
    visitor.on_attribute("aligned_mode", m_aligned_mode);
    return true;
}

void ROIAlign::validate_and_infer_types() {
    infer_roi_align(*this, m_pooled_h, m_pooled_w, m_sampling_ratio, m_spatial_scale);
}

std::shared_ptr<Node> ROIAlign::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3, "expects 3 inputs, got ", new_args.size());
    return std::make_shared<ROIAlign>(new_args[0], new_args[1], new_args[2], m_pooled_h, m_pooled_w, m_sampling_ratio,
                                      m_spatial_scale, m_mode, m_aligned_mode);
}

bool ROIAlign::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const AlignShift shift = m_aligned_mode == AlignedMode::ASYMMETRIC ? AlignShift::NONE
                             : m_aligned_mode == AlignedMode::HALF_PIXEL_FOR_NN ? AlignShift::AFTER_SCALE
                                                                                 : AlignShift::HALF_PIXEL;
    return evaluate_roi_align(*this, outputs, inputs,
                              {m_pooled_h, m_pooled_w, m_sampling_ratio, m_spatial_scale, m_mode == PoolingMode::MAX,
                               shift});
}

}  // namespace v9

// ---- ExperimentalDetectronROIFeatureExtractor -----------------------------------------------------------

namespace v6 {

ExperimentalDetectronROIFeatureExtractor::ExperimentalDetectronROIFeatureExtractor(const OutputVector& args,
                                                                                   const Attributes& attributes)
    : Op(args, 2), m_attrs(attributes) {
    constructor_validate_and_infer_types();
}

bool ExperimentalDetectronROIFeatureExtractor::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("output_size", m_attrs.output_size);
    visitor.on_attribute("sampling_ratio", m_attrs.sampling_ratio);
    visitor.on_attribute("pyramid_scales", m_attrs.pyramid_scales);
    visitor.on_attribute("aligned", m_attrs.aligned);
    return true;
}

void ExperimentalDetectronROIFeatureExtractor::validate_and_infer_types() {
    using namespace devmux::detect;
    const size_t levels = get_input_size() - (get_input_size() ? 1 : 0);
    DEVMUX_NODE_CHECK(*this, levels >= 1, "expects rois and at least one feature map, got ", get_input_size(),
                      " inputs");
    DEVMUX_NODE_CHECK(*this, m_attrs.pyramid_scales.size() == levels, "pyramid_scales has ",
                      m_attrs.pyramid_scales.size(), " values for ", levels, " feature maps");
    for (auto scale : m_attrs.pyramid_scales)
        DEVMUX_NODE_CHECK(*this, scale > 0, "pyramid_scales must be positive, got ", scale);
    DEVMUX_NODE_CHECK(*this, m_attrs.output_size > 0, "output_size must be positive, got ", m_attrs.output_size);
    DEVMUX_NODE_CHECK(*this, m_attrs.sampling_ratio >= 0, "sampling_ratio must not be negative, got ",
                      m_attrs.sampling_ratio);
    check_real_input(*this, 0, "rois");
    check_rank(*this, 0, 2, "rois");
    check_dim(*this, 0, 1, 4, "rois' second dimension");
    Dimension channels = Dimension::dynamic();
    for (size_t l = 1; l <= levels; ++l) {
        check_real_input(*this, l, "feature map");
        check_rank(*this, l, 4, "feature map");
        channels = merged(*this, channels, dim(get_input_partial_shape(l), 1), "the feature maps' channel counts");
    }
    const Dimension rois = dim(get_input_partial_shape(0), 0);
    const auto& type = get_input_element_type(0);
    set_output_type(0, type, PartialShape{rois, channels, m_attrs.output_size, m_attrs.output_size});
    set_output_type(1, type, PartialShape{rois, 4});
}

std::shared_ptr<Node> ExperimentalDetectronROIFeatureExtractor::clone_with_new_inputs(const OutputVector& new_args) const {
    return std::make_shared<ExperimentalDetectronROIFeatureExtractor>(new_args, m_attrs);
}

bool ExperimentalDetectronROIFeatureExtractor::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const size_t levels = m_attrs.pyramid_scales.size();
    DEVMUX_NODE_CHECK(*this, inputs.size() == levels + 1, "evaluate() expects ", levels + 1, " inputs, got ",
                      inputs.size());
    const Shape& rois_shape = inputs[0].get_shape();
    DEVMUX_NODE_CHECK(*this, rois_shape.size() == 2 && rois_shape[1] == 4, "rois must have shape [R, 4], got ",
                      rois_shape);
    const size_t R = rois_shape[0];
    const size_t C = inputs[1].get_shape().size() == 4 ? inputs[1].get_shape()[1] : 0;
    for (size_t l = 1; l <= levels; ++l) {
        const Shape& shape = inputs[l].get_shape();
        DEVMUX_NODE_CHECK(*this, shape.size() == 4 && shape[0] == 1 && shape[1] == C && shape[2] > 0 && shape[3] > 0,
                          "feature map ", l - 1, " must have shape [1, ", C, ", H, W], got ", shape);
    }
    const size_t side = static_cast<size_t>(m_attrs.output_size);
    if (outputs.size() < 2)
        outputs.resize(2);  // before taking references into it
    auto& features = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), Shape{R, C, side, side});
    auto& rois_out = devmux::ref::prepare_output(outputs, 1, inputs[0].get_element_type(), Shape{R, 4});
    dispatch_feature_type(*this, inputs[0].get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<T> rois(inputs[0]);
        std::vector<devmux::ref::InputBuffer<T>> maps;
        maps.reserve(levels);
        for (size_t l = 1; l <= levels; ++l)
            maps.emplace_back(inputs[l]);
        devmux::ref::OutputBuffer<T> out(features);
        T* y = out.data();
        std::fill(y, y + R * C * side * side, T(0));
        const T offset = m_attrs.aligned ? T(0.5) : T(0);
        for (size_t r = 0; r < R; ++r) {
            const T* roi = rois.data() + r * 4;
            const T area = (roi[2] - roi[0]) * (roi[3] - roi[1]);
            // Degenerate ROIs belong to no level and keep zeros.
            if (!(area > 0))
                continue;
            const T level_value = std::floor(std::log2(std::sqrt(area) / T(224) + T(1e-6)) + T(2));
            const auto level = static_cast<size_t>(
                std::min(std::max(level_value, T(0)), static_cast<T>(levels - 1)));
            const Shape& shape = inputs[level + 1].get_shape();
            const T scale = T(1) / static_cast<T>(m_attrs.pyramid_scales[level]);
            align_roi(maps[level].data(), C, shape[2], shape[3], roi[0] * scale - offset, roi[1] * scale - offset,
                      roi[2] * scale - offset, roi[3] * scale - offset, !m_attrs.aligned, side, side,
                      static_cast<int>(m_attrs.sampling_ratio), false, y + r * C * side * side);
        }
        out.commit();
        devmux::ref::OutputBuffer<T> copy(rois_out);
        std::copy(rois.data(), rois.data() + R * 4, copy.data());
        copy.commit();
    });
    return true;
}

}  // namespace v6
}  // namespace op
}  // namespace ov
