// SPDX-License-Identifier: Apache-2.0
// DeformablePSROIPooling-1 (bilinear_deformable, as Deformable ConvNets define it), computed in float
// (double for f64).
#include "openvino/op/deformable_psroi_pooling.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/detect_common.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v1 {

DeformablePSROIPooling::DeformablePSROIPooling(const Output<Node>& input, const Output<Node>& coords,
                                               const Output<Node>& offsets, const int64_t output_dim,
                                               const float spatial_scale, const int64_t group_size,
                                               const std::string mode, int64_t spatial_bins_x, int64_t spatial_bins_y,
                                               float trans_std, int64_t part_size)
    : Op({input, coords, offsets}),
      m_output_dim(output_dim),
      m_spatial_scale(spatial_scale),
      m_group_size(group_size),
      m_mode(mode),
      m_spatial_bins_x(spatial_bins_x),
      m_spatial_bins_y(spatial_bins_y),
      m_trans_std(trans_std),
      m_part_size(part_size) {
    constructor_validate_and_infer_types();
}

DeformablePSROIPooling::DeformablePSROIPooling(const Output<Node>& input, const Output<Node>& coords,
                                               const int64_t output_dim, const float spatial_scale,
                                               const int64_t group_size, const std::string mode,
                                               int64_t spatial_bins_x, int64_t spatial_bins_y, float trans_std,
                                               int64_t part_size)
    : Op({input, coords}),
      m_output_dim(output_dim),
      m_spatial_scale(spatial_scale),
      m_group_size(group_size),
      m_mode(mode),
      m_spatial_bins_x(spatial_bins_x),
      m_spatial_bins_y(spatial_bins_y),
      m_trans_std(trans_std),
      m_part_size(part_size) {
    constructor_validate_and_infer_types();
}

bool DeformablePSROIPooling::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("output_dim", m_output_dim);
    visitor.on_attribute("spatial_scale", m_spatial_scale);
    visitor.on_attribute("group_size", m_group_size);
    visitor.on_attribute("mode", m_mode);
    visitor.on_attribute("spatial_bins_x", m_spatial_bins_x);
    visitor.on_attribute("spatial_bins_y", m_spatial_bins_y);
    visitor.on_attribute("trans_std", m_trans_std);
    visitor.on_attribute("part_size", m_part_size);
    return true;
}

void DeformablePSROIPooling::validate_and_infer_types() {
    using namespace devmux::detect;
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2 || get_input_size() == 3,
                      "expects 2 or 3 inputs (data, rois[, offsets]), got ", get_input_size());
    DEVMUX_NODE_CHECK(*this, m_mode == "bilinear_deformable" || m_mode == "average",
                      "mode must be 'bilinear_deformable' or 'average', got '", m_mode, "'");
    DEVMUX_NODE_CHECK(*this, m_output_dim > 0, "output_dim must be positive, got ", m_output_dim);
    DEVMUX_NODE_CHECK(*this, m_group_size > 0, "group_size must be positive, got ", m_group_size);
    DEVMUX_NODE_CHECK(*this, m_part_size > 0, "part_size must be positive, got ", m_part_size);
    DEVMUX_NODE_CHECK(*this, m_spatial_bins_x > 0 && m_spatial_bins_y > 0,
                      "spatial_bins_x and spatial_bins_y must be positive, got ", m_spatial_bins_x, " and ",
                      m_spatial_bins_y);
    DEVMUX_NODE_CHECK(*this, m_spatial_scale > 0, "spatial_scale must be positive, got ", m_spatial_scale);
    check_real_input(*this, 0, "data");
    check_real_input(*this, 1, "rois");
    check_rank(*this, 0, 4, "data");
    check_rank(*this, 1, 2, "rois");
    check_dim(*this, 1, 1, 5, "rois' second dimension");
    check_dim(*this, 0, 1, m_output_dim * m_group_size * m_group_size, "data channels (output_dim * group_size^2)");
    Dimension rois = dim(get_input_partial_shape(1), 0);
    if (get_input_size() == 3) {
        check_real_input(*this, 2, "offsets");
        check_rank(*this, 2, 4, "offsets");
        check_dim(*this, 2, 2, m_part_size, "offsets' third dimension (part_size)");
        check_dim(*this, 2, 3, m_part_size, "offsets' fourth dimension (part_size)");
        const auto classes2 = dim(get_input_partial_shape(2), 1);
        DEVMUX_NODE_CHECK(*this,
                          !classes2.is_static() || (classes2.get_length() % 2 == 0 && classes2.get_length() > 0 &&
                                                    m_output_dim % (classes2.get_length() / 2) == 0),
                          "offsets' second dimension (", classes2, ") must be 2 * classes with output_dim (",
                          m_output_dim, ") a multiple of classes");
        rois = merged(*this, rois, dim(get_input_partial_shape(2), 0), "the ROI counts of rois and offsets");
    }
    set_output_type(0, get_input_element_type(0), PartialShape{rois, m_output_dim, m_group_size, m_group_size});
}

std::shared_ptr<Node> DeformablePSROIPooling::clone_with_new_inputs(const OutputVector& new_args) const {
    if (new_args.size() == 3)
        return std::make_shared<DeformablePSROIPooling>(new_args[0], new_args[1], new_args[2], m_output_dim,
                                                        m_spatial_scale, m_group_size, m_mode, m_spatial_bins_x,
                                                        m_spatial_bins_y, m_trans_std, m_part_size);
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "expects 2 or 3 inputs, got ", new_args.size());
    return std::make_shared<DeformablePSROIPooling>(new_args[0], new_args[1], m_output_dim, m_spatial_scale,
                                                    m_group_size, m_mode, m_spatial_bins_x, m_spatial_bins_y,
                                                    m_trans_std, m_part_size);
}

bool DeformablePSROIPooling::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2 || inputs.size() == 3, "evaluate() expects 2 or 3 inputs, got ",
                      inputs.size());
    DEVMUX_NODE_CHECK(*this, m_mode == "bilinear_deformable",
                      "devmux evaluates mode 'bilinear_deformable' only, not '", m_mode, "'");
    const Shape& in = inputs[0].get_shape();
    const size_t G = static_cast<size_t>(m_group_size), D = static_cast<size_t>(m_output_dim);
    DEVMUX_NODE_CHECK(*this, in.size() == 4 && in[1] == D * G * G && in[2] > 0 && in[3] > 0, "data ", in,
                      " does not fit output_dim ", D, " and group_size ", G);
    DEVMUX_NODE_CHECK(*this, inputs[1].get_shape().size() == 2 && inputs[1].get_shape()[1] == 5,
                      "rois must have shape [R, 5], got ", inputs[1].get_shape());
    const size_t N = in[0], C = in[1], H = in[2], W = in[3];
    const size_t R = inputs[1].get_shape()[0];
    const size_t P = static_cast<size_t>(m_part_size);
    const bool with_offsets = inputs.size() == 3;
    size_t classes = 1;
    if (with_offsets) {
        const Shape& o = inputs[2].get_shape();
        DEVMUX_NODE_CHECK(*this, o.size() == 4 && o[0] == R && o[1] % 2 == 0 && o[1] > 0 && o[2] == P && o[3] == P &&
                                     D % (o[1] / 2) == 0,
                          "offsets ", o, " do not fit ", R, " ROIs and part_size ", P);
        classes = o[1] / 2;
    }
    const size_t channels_per_class = D / classes;
    const size_t bins_x = static_cast<size_t>(m_spatial_bins_x), bins_y = static_cast<size_t>(m_spatial_bins_y);
    auto& output = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), Shape{R, D, G, G});
    const bool known = devmux::ref::dispatch_real(inputs[0].get_element_type(), [&](auto tag) {
        using T = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<T> data(inputs[0]);
        devmux::ref::InputBuffer<T> rois(inputs[1]);
        const T* offsets = nullptr;
        std::unique_ptr<devmux::ref::InputBuffer<T>> offset_buffer;
        if (with_offsets) {
            offset_buffer.reset(new devmux::ref::InputBuffer<T>(inputs[2]));
            offsets = offset_buffer->data();
        }
        devmux::ref::OutputBuffer<T> out(output);
        T* y = out.data();
        const T scale = static_cast<T>(m_spatial_scale);
        for (size_t r = 0; r < R; ++r) {
            const T* roi = rois.data() + r * 5;
            const auto b = static_cast<int64_t>(roi[0]);
            DEVMUX_NODE_CHECK(*this, b >= 0 && static_cast<size_t>(b) < N, "ROI ", r, " names batch ", b,
                              ", outside [0, ", N, ")");
            // Corners rounded to pixels, the end inclusive, then moved to pixel centres (-0.5).
            const T x1 = std::round(roi[1]) * scale - T(0.5), y1 = std::round(roi[2]) * scale - T(0.5);
            const T x2 = (std::round(roi[3]) + 1) * scale - T(0.5), y2 = (std::round(roi[4]) + 1) * scale - T(0.5);
            const T roi_w = std::max(x2 - x1, T(0.1)), roi_h = std::max(y2 - y1, T(0.1));
            const T bin_w = roi_w / static_cast<T>(G), bin_h = roi_h / static_cast<T>(G);
            const T sub_w = bin_w / static_cast<T>(bins_x), sub_h = bin_h / static_cast<T>(bins_y);
            for (size_t c = 0; c < D; ++c)
                for (size_t ph = 0; ph < G; ++ph)
                    for (size_t pw = 0; pw < G; ++pw) {
                        const size_t part_h = ph * P / G, part_w = pw * P / G;
                        const size_t cls = c / channels_per_class;
                        T shift_x = 0, shift_y = 0;
                        if (offsets) {
                            shift_x = offsets[(((r * classes + cls) * 2) * P + part_h) * P + part_w] *
                                      static_cast<T>(m_trans_std);
                            shift_y = offsets[(((r * classes + cls) * 2 + 1) * P + part_h) * P + part_w] *
                                      static_cast<T>(m_trans_std);
                        }
                        const T start_x = static_cast<T>(pw) * bin_w + x1 + shift_x * roi_w;
                        const T start_y = static_cast<T>(ph) * bin_h + y1 + shift_y * roi_h;
                        const T* plane = data.data() + (static_cast<size_t>(b) * C + (c * G + ph) * G + pw) * H * W;
                        T sum = 0;
                        size_t count = 0;
                        for (size_t iy = 0; iy < bins_y; ++iy)
                            for (size_t ix = 0; ix < bins_x; ++ix) {
                                T px = start_x + static_cast<T>(ix) * sub_w;
                                T py = start_y + static_cast<T>(iy) * sub_h;
                                // Samples more than half a pixel outside the map do not count.
                                if (px < T(-0.5) || px > static_cast<T>(W) - T(0.5) || py < T(-0.5) ||
                                    py > static_cast<T>(H) - T(0.5))
                                    continue;
                                px = std::min(std::max(px, T(0)), static_cast<T>(W - 1));
                                py = std::min(std::max(py, T(0)), static_cast<T>(H - 1));
                                const auto left = static_cast<size_t>(std::floor(px));
                                const auto right = static_cast<size_t>(std::ceil(px));
                                const auto top = static_cast<size_t>(std::floor(py));
                                const auto bottom = static_cast<size_t>(std::ceil(py));
                                const T dx = px - static_cast<T>(left), dy = py - static_cast<T>(top);
                                sum += (1 - dx) * (1 - dy) * plane[top * W + left] + (1 - dx) * dy * plane[bottom * W + left] +
                                       dx * (1 - dy) * plane[top * W + right] + dx * dy * plane[bottom * W + right];
                                ++count;
                            }
                        y[((r * D + c) * G + ph) * G + pw] = count ? sum / static_cast<T>(count) : T(0);
                    }
        }
        out.commit();
    });
    DEVMUX_NODE_CHECK(*this, known, "cannot evaluate element type ", inputs[0].get_element_type());
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov
