// SPDX-License-Identifier: Apache-2.0
// RegionYolo-0 and ReorgYolo-2: the YOLO v2/v3 output layers, computed in float (double for f64).
#include <algorithm>
#include <cmath>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/op/region_yolo.hpp"
#include "openvino/op/reorg_yolo.hpp"
#include "ops/detect_common.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {

template <typename C>
C logistic(C x) {
    return C(1) / (C(1) + std::exp(-x));
}

}  // namespace

RegionYolo::RegionYolo(const Output<Node>& input, const size_t coords, const size_t classes, const size_t regions,
                       const bool do_softmax, const std::vector<int64_t>& mask, const int axis, const int end_axis,
                       const std::vector<float>& anchors)
    : Op({input}),
      m_num_coords(coords),
      m_num_classes(classes),
      m_num_regions(regions),
      m_do_softmax(do_softmax),
      m_mask(mask),
      m_anchors(anchors),
      m_axis(axis),
      m_end_axis(end_axis) {
    constructor_validate_and_infer_types();
}

bool RegionYolo::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("anchors", m_anchors);
    visitor.on_attribute("axis", m_axis);
    visitor.on_attribute("coords", m_num_coords);
    visitor.on_attribute("classes", m_num_classes);
    visitor.on_attribute("end_axis", m_end_axis);
    visitor.on_attribute("num", m_num_regions);
    visitor.on_attribute("do_softmax", m_do_softmax);
    visitor.on_attribute("mask", m_mask);
    return true;
}

void RegionYolo::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 1, "expects 1 input, got ", get_input_size());
    devmux::detect::check_real_input(*this, 0, "data");
    devmux::detect::check_rank(*this, 0, 4, "data");
    DEVMUX_NODE_CHECK(*this, m_num_coords >= 2, "coords must be at least 2 (the box centre), got ", m_num_coords);
    const auto& in = get_input_partial_shape(0);
    const auto& type = get_input_element_type(0);
    const int64_t per_region = static_cast<int64_t>(m_num_coords + m_num_classes + 1);
    if (m_do_softmax) {
        DEVMUX_NODE_CHECK(*this, m_num_regions > 0, "num (regions) must be positive with do_softmax");
        devmux::detect::check_dim(*this, 0, 1, static_cast<int64_t>(m_num_regions) * per_region,
                                  "channels (num * (coords + classes + 1))");
        const int64_t axis = devmux::ref::normalize_axis(*this, m_axis, 4, "axis");
        const int64_t end_axis = devmux::ref::normalize_axis(*this, m_end_axis, 4, "end_axis");
        DEVMUX_NODE_CHECK(*this, axis <= end_axis, "axis ", m_axis, " must not come after end_axis ", m_end_axis);
        if (!in.rank_is_static()) {
            set_output_type(0, type, PartialShape(std::vector<Dimension>(static_cast<size_t>(4 - (end_axis - axis)))));
            return;
        }
        std::vector<Dimension> out;
        for (int64_t i = 0; i < axis; ++i)
            out.push_back(in[i]);
        Dimension flat(1);
        for (int64_t i = axis; i <= end_axis; ++i)
            flat = devmux::detect::mul(flat, in[i]);
        out.push_back(flat);
        for (int64_t i = end_axis + 1; i < 4; ++i)
            out.push_back(in[i]);
        set_output_type(0, type, PartialShape(out));
    } else {
        DEVMUX_NODE_CHECK(*this, !m_mask.empty(), "mask must name at least one anchor without do_softmax");
        for (int64_t m : m_mask)
            DEVMUX_NODE_CHECK(*this, m >= 0, "mask holds a negative anchor index ", m);
        const int64_t channels = static_cast<int64_t>(m_mask.size()) * per_region;
        devmux::detect::check_dim(*this, 0, 1, channels, "channels (mask size * (coords + classes + 1))");
        set_output_type(0, type,
                        PartialShape{devmux::detect::dim(in, 0), Dimension(channels), devmux::detect::dim(in, 2),
                                     devmux::detect::dim(in, 3)});
    }
}

std::shared_ptr<Node> RegionYolo::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "expects 1 input, got ", new_args.size());
    return std::make_shared<RegionYolo>(new_args[0], m_num_coords, m_num_classes, m_num_regions, m_do_softmax,
                                        m_mask, m_axis, m_end_axis, m_anchors);
}

bool RegionYolo::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 1, "evaluate() expects 1 input, got ", inputs.size());
    const Tensor& input = inputs[0];
    const Shape& shape = input.get_shape();
    DEVMUX_NODE_CHECK(*this, shape.size() == 4, "data must have rank 4, got ", shape);
    const size_t per_region = m_num_coords + m_num_classes + 1;
    const size_t regions = m_do_softmax ? m_num_regions : m_mask.size();
    DEVMUX_NODE_CHECK(*this, shape[1] == regions * per_region, "data has ", shape[1], " channels, expected ",
                      regions * per_region);
    // The output holds the input's values in the input's order; only its shape differs.
    Shape out_shape;
    if (m_do_softmax) {
        const int64_t axis = devmux::ref::normalize_axis(*this, m_axis, 4, "axis");
        const int64_t end_axis = devmux::ref::normalize_axis(*this, m_end_axis, 4, "end_axis");
        for (int64_t i = 0; i < axis; ++i)
            out_shape.push_back(shape[i]);
        out_shape.push_back(devmux::ref::product(shape, static_cast<size_t>(axis), static_cast<size_t>(end_axis) + 1));
        for (int64_t i = end_axis + 1; i < 4; ++i)
            out_shape.push_back(shape[i]);
    } else {
        out_shape = shape;
    }
    auto& output = devmux::ref::prepare_output(outputs, 0, input.get_element_type(), out_shape);
    const bool known = devmux::ref::dispatch_real(input.get_element_type(), [&](auto tag) {
        using C = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<C> in(input);
        devmux::ref::OutputBuffer<C> out(output);
        const size_t n = input.get_size();
        C* y = out.data();
        std::copy(in.data(), in.data() + n, y);
        const size_t plane = shape[2] * shape[3];
        for (size_t b = 0; b < shape[0]; ++b) {
            for (size_t r = 0; r < regions; ++r) {
                C* region = y + (b * regions + r) * per_region * plane;
                // x and y of the box centre.
                for (size_t i = 0; i < 2 * plane; ++i)
                    region[i] = logistic(region[i]);
                // Objectness, and the class scores too when they are independent (YOLO v3).
                C* objectness = region + m_num_coords * plane;
                const size_t logistic_count = m_do_softmax ? plane : plane * (m_num_classes + 1);
                for (size_t i = 0; i < logistic_count; ++i)
                    objectness[i] = logistic(objectness[i]);
                if (!m_do_softmax)
                    continue;
                // Softmax over the classes at every cell.
                C* classes = objectness + plane;
                for (size_t cell = 0; cell < plane; ++cell) {
                    C largest = classes[cell];
                    for (size_t k = 1; k < m_num_classes; ++k)
                        largest = std::max(largest, classes[k * plane + cell]);
                    C sum = 0;
                    for (size_t k = 0; k < m_num_classes; ++k) {
                        C& v = classes[k * plane + cell];
                        v = std::exp(v - largest);
                        sum += v;
                    }
                    for (size_t k = 0; k < m_num_classes; ++k)
                        classes[k * plane + cell] /= sum;
                }
            }
        }
        out.commit();
    });
    DEVMUX_NODE_CHECK(*this, known, "cannot evaluate element type ", input.get_element_type());
    return true;
}

ReorgYolo::ReorgYolo(const Output<Node>& input, const Strides& strides) : Op({input}), m_strides(strides) {
    constructor_validate_and_infer_types();
}

ReorgYolo::ReorgYolo(const Output<Node>& input, const size_t stride) : ReorgYolo(input, Strides{stride, stride}) {}

bool ReorgYolo::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("stride", m_strides);
    return true;
}

void ReorgYolo::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 1, "expects 1 input, got ", get_input_size());
    DEVMUX_NODE_CHECK(*this, !m_strides.empty(), "stride must be given");
    DEVMUX_NODE_CHECK(*this, std::all_of(m_strides.begin(), m_strides.end(), [&](size_t s) { return s == m_strides[0]; }),
                      "stride must be the same on both axes, got ", m_strides.size(), " different values");
    const int64_t stride = static_cast<int64_t>(m_strides[0]);
    DEVMUX_NODE_CHECK(*this, stride > 0, "stride must be positive, got ", stride);
    devmux::detect::check_rank(*this, 0, 4, "data");
    const auto& in = get_input_partial_shape(0);
    const auto c = devmux::detect::dim(in, 1);
    DEVMUX_NODE_CHECK(*this, !c.is_static() || c.get_length() % (stride * stride) == 0, "channels (", c,
                      ") must be a multiple of stride * stride (", stride * stride, ")");
    for (size_t axis = 2; axis < 4; ++axis) {
        const auto d = devmux::detect::dim(in, axis);
        DEVMUX_NODE_CHECK(*this, !d.is_static() || d.get_length() % stride == 0, "spatial dimension ", axis, " (",
                          d, ") must be a multiple of the stride ", stride);
    }
    set_output_type(0, get_input_element_type(0),
                    PartialShape{devmux::detect::dim(in, 0), devmux::detect::mul(c, Dimension(stride * stride)),
                                 devmux::detect::div(devmux::detect::dim(in, 2), stride),
                                 devmux::detect::div(devmux::detect::dim(in, 3), stride)});
}

std::shared_ptr<Node> ReorgYolo::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "expects 1 input, got ", new_args.size());
    return std::make_shared<ReorgYolo>(new_args[0], m_strides);
}

bool ReorgYolo::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 1, "evaluate() expects 1 input, got ", inputs.size());
    const Tensor& input = inputs[0];
    const Shape& shape = input.get_shape();
    const size_t s = m_strides.at(0);
    DEVMUX_NODE_CHECK(*this, shape.size() == 4 && shape[1] % (s * s) == 0 && shape[2] % s == 0 && shape[3] % s == 0,
                      "data shape ", shape, " does not fit stride ", s);
    const size_t N = shape[0], C = shape[1], H = shape[2], W = shape[3];
    auto& output = devmux::ref::prepare_output(outputs, 0, input.get_element_type(), Shape{N, C * s * s, H / s, W / s});
    // darknet's reorg read backwards: the flat buffer, seen as [N, C, H, W], takes at (n, c, h, w) the value
    // that the same buffer seen as [N, C / s^2, H * s, W * s] holds at (n, c % (C / s^2), h * s + block / s,
    // w * s + block % s), block = c / (C / s^2).
    const size_t element = input.get_element_type().size();
    const auto* src = static_cast<const uint8_t*>(input.data());
    auto* dst = static_cast<uint8_t*>(output.data());
    const size_t wide_c = C / (s * s), wide_h = H * s, wide_w = W * s;
    size_t target = 0;
    for (size_t n = 0; n < N; ++n)
        for (size_t c = 0; c < C; ++c) {
            const size_t block = c / wide_c, channel = c % wide_c;
            for (size_t h = 0; h < H; ++h)
                for (size_t w = 0; w < W; ++w, ++target) {
                    const size_t row = h * s + block / s, col = w * s + block % s;
                    const size_t source = ((n * wide_c + channel) * wide_h + row) * wide_w + col;
                    std::copy(src + source * element, src + (source + 1) * element, dst + target * element);
                }
        }
    return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ov
