// SPDX-License-Identifier: Apache-2.0
// Interpolate-1, -4 and -11 over the two innermost axes of 4-d data, f32: nearest (every rounding), linear and
// linear_onnx, every coordinate transform, zero paddings of the spatial axes. The host computes each output
// row's and column's input taps in double as the reference does, so the kernel picks the same nearest pixel on
// ties; cubic, the pillow modes and antialiasing are refused.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "cl_kernel.hpp"
#include "devmux/kit/interpolate_mapping.hpp"
#include "devmux/kit/known_value.hpp"
#include "interpolate.h"
#include "openvino/op/interpolate.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(InterpolateTap) == 4 * 4, "InterpolateTap: 32-bit fields, laid out as in OpenCL C");
static_assert(sizeof(InterpolateParams) == 5 * 4, "InterpolateParams: 32-bit fields, laid out as in OpenCL C");

using Base = ov::op::util::InterpolateBase;
using Attrs = Base::InterpolateAttrs;

// One axis of the resize: lengths before and after, and the scale the coordinate transform divides by.
struct AxisResize {
    size_t in = 0;         // the input's length
    size_t pad_begin = 0;  // zeros before it
    size_t padded = 0;     // the length the resize reads: in + both paddings
    size_t out = 0;
    double scale = 1.0;
    bool identity = true;  // the reference skips the axis (output length equal, scale 1)
};

// What the node asks for in the terms of Interpolate-4, or why OPENCL does not run it.
struct ResizeDecision {
    std::string refusal;
    Attrs attrs;
    AxisResize axes[4];
};

// Interpolate-1's attributes as Interpolate-4's, the way the reference evaluates it (interpolate_v0.cpp).
bool from_v0(const ov::op::v0::Interpolate& op, Attrs& attrs, std::string& refusal) {
    const auto& v0 = op.get_attrs();
    if (v0.mode != "nearest" && v0.mode != "linear") {
        refusal = "runs the nearest and linear modes only; mode is " + v0.mode;
        return false;
    }
    attrs.mode = v0.mode == "nearest" ? Base::InterpolateMode::NEAREST : Base::InterpolateMode::LINEAR_ONNX;
    attrs.shape_calculation_mode = Base::ShapeCalcMode::SIZES;
    attrs.nearest_mode = Base::NearestMode::SIMPLE;
    const auto all_zero = [](const std::vector<size_t>& v) {
        for (auto x : v)
            if (x != 0)
                return false;
        return true;
    };
    const bool image_axes = v0.axes == ov::AxisSet{2, 3};
    if (v0.align_corners)
        attrs.coordinate_transformation_mode = Base::CoordinateTransformMode::ALIGN_CORNERS;
    else if (v0.mode == "linear" && all_zero(v0.pads_begin) && all_zero(v0.pads_end) && !image_axes)
        attrs.coordinate_transformation_mode = Base::CoordinateTransformMode::HALF_PIXEL;
    else
        attrs.coordinate_transformation_mode = Base::CoordinateTransformMode::ASYMMETRIC;
    attrs.antialias = v0.antialias;
    attrs.pads_begin = v0.pads_begin;
    attrs.pads_end = v0.pads_end;
    return true;
}

std::shared_ptr<ov::op::v0::Constant> known_input(const ov::Node& node, size_t input) {
    return input < node.get_input_size() ? kit::known_value(node.input_value(input)) : nullptr;
}

ResizeDecision decide(const ov::Node& node) {
    ResizeDecision d;
    const auto& data = node.get_input_partial_shape(0);
    if (!data.is_static() || data.size() != 4) {
        d.refusal = "resizes 4-d (NCHW) data of static shape only; data is " + data.to_string();
        return d;
    }
    if (node.get_input_element_type(0) != ov::element::f32 || node.get_output_element_type(0) != ov::element::f32) {
        d.refusal = "has " + node.get_input_element_type(0).get_type_name() +
                    " data; the OPENCL kernels compute in f32";
        return d;
    }
    const ov::Shape in = data.to_shape(), out = node.get_output_shape(0);
    bool by_sizes = true;
    size_t scales_input = 0, axes_input = 0;
    if (auto v0 = ov::as_type<const ov::op::v0::Interpolate>(&node)) {
        if (!from_v0(*v0, d.attrs, d.refusal))
            return d;
    } else if (auto base = ov::as_type<const Base>(&node)) {
        d.attrs = base->get_attrs();
        by_sizes = d.attrs.shape_calculation_mode == Base::ShapeCalcMode::SIZES;
        const bool v11 = ov::is_type<ov::op::v11::Interpolate>(&node);
        scales_input = v11 ? 1 : 2;
        axes_input = v11 ? 2 : 3;
    } else {
        d.refusal = "is not an Interpolate OPENCL knows";
        return d;
    }
    switch (d.attrs.mode) {
    case Base::InterpolateMode::NEAREST:
    case Base::InterpolateMode::LINEAR:
    case Base::InterpolateMode::LINEAR_ONNX: break;
    default: {
        std::ostringstream mode;
        mode << d.attrs.mode;
        d.refusal = "runs the nearest, linear and linear_onnx modes only; mode is " + mode.str();
        return d;
    }
    }
    if (d.attrs.antialias) {
        d.refusal = "has antialias set, which the OPENCL kernel does not run";
        return d;
    }
    for (size_t a = 0; a < 4; ++a) {
        auto& axis = d.axes[a];
        axis.in = in[a];
        axis.pad_begin = a < d.attrs.pads_begin.size() ? d.attrs.pads_begin[a] : 0;
        axis.padded = in[a] + axis.pad_begin + (a < d.attrs.pads_end.size() ? d.attrs.pads_end[a] : 0);
        axis.out = out[a];
        axis.scale = axis.padded ? static_cast<double>(axis.out) / static_cast<double>(axis.padded) : 1.0;
        axis.identity = axis.out == axis.padded;
    }
    if (!by_sizes) {
        // Scales mode: the coordinate transform divides by the given scale, which the output length alone does
        // not tell.
        const auto scales = known_input(node, scales_input);
        if (!scales) {
            d.refusal = "needs its scales input known at compile time (shape_calculation_mode scales)";
            return d;
        }
        std::vector<int64_t> axes{0, 1, 2, 3};
        if (axes_input < node.get_input_size()) {
            const auto axes_value = known_input(node, axes_input);
            if (!axes_value) {
                d.refusal = "needs its axes input known at compile time";
                return d;
            }
            axes = axes_value->cast_vector<int64_t>();
        }
        const auto values = scales->cast_vector<double>();
        if (values.size() != axes.size()) {
            d.refusal = "has " + std::to_string(values.size()) + " scales for " + std::to_string(axes.size()) +
                        " axes";
            return d;
        }
        for (auto& axis : d.axes)
            axis.scale = 1.0;
        for (size_t k = 0; k < axes.size(); ++k) {
            const int64_t a = axes[k] < 0 ? axes[k] + 4 : axes[k];
            if (a < 0 || a > 3) {
                d.refusal = "has axes entry " + std::to_string(axes[k]) + " outside the data's 4 axes";
                return d;
            }
            auto& axis = d.axes[static_cast<size_t>(a)];
            axis.scale = values[k];
            axis.identity = axis.out == axis.padded && values[k] == 1.0;
        }
    }
    for (size_t a = 0; a < 2; ++a) {
        const auto& axis = d.axes[a];
        if (axis.padded != axis.in) {
            d.refusal = "pads axis " + std::to_string(a) + "; OPENCL pads the two innermost axes only";
            return d;
        }
        // A length-1 axis reads its one element whatever the transform.
        if (!axis.identity && !(axis.in == 1 && axis.out == 1)) {
            d.refusal = "resizes axis " + std::to_string(a) + " (" + std::to_string(axis.in) + " to " +
                        std::to_string(axis.out) + "); OPENCL resizes the two innermost axes only";
            return d;
        }
    }
    for (size_t a = 2; a < 4; ++a)
        if (!d.axes[a].identity && d.axes[a].padded == 0) {
            d.refusal = "resizes an empty axis " + std::to_string(a);
            return d;
        }
    return d;
}

int64_t clamp_to(int64_t i, size_t len) {
    return std::min<int64_t>(std::max<int64_t>(i, 0), static_cast<int64_t>(len) - 1);
}

// The taps of every output position of one axis, indices into the unpadded input (-1 where they read padding).
std::vector<InterpolateTap> axis_taps(const Attrs& attrs, const AxisResize& axis) {
    std::vector<InterpolateTap> taps(axis.out);
    for (size_t o = 0; o < axis.out; ++o) {
        // Positions in the padded axis and their weights.
        int64_t index[2] = {-1, -1};
        double weight[2] = {0.0, 0.0};
        if (axis.identity) {
            index[0] = static_cast<int64_t>(o), weight[0] = 1.0;
        } else {
            const double x = kit::interpolate_input_coordinate(attrs.coordinate_transformation_mode,
                                                               static_cast<double>(o), axis.scale, axis.padded, axis.out);
            if (attrs.mode == Base::InterpolateMode::NEAREST) {
                index[0] = clamp_to(kit::interpolate_nearest_index(attrs.nearest_mode, x, axis.scale), axis.padded);
                weight[0] = 1.0;
            } else if (attrs.mode == Base::InterpolateMode::LINEAR_ONNX) {
                const double xc = std::min(std::max(x, 0.0), static_cast<double>(axis.padded - 1));
                const auto i0 = static_cast<int64_t>(std::floor(xc));
                const int64_t i1 = std::min<int64_t>(i0 + 1, static_cast<int64_t>(axis.padded) - 1);
                const double w = xc - static_cast<double>(i0);
                index[0] = i0, weight[0] = 1.0 - w;
                index[1] = i1, weight[1] = w;
            } else {
                // Linear without antialiasing: the triangle filter of support 1 over the positions inside the axis,
                // normalised; at most the two neighbours of x have a positive weight.
                double sum = 0.0;
                int used = 0;
                for (auto i = static_cast<int64_t>(std::ceil(x - 1.0)); i <= static_cast<int64_t>(std::floor(x + 1.0));
                     ++i) {
                    if (i < 0 || i >= static_cast<int64_t>(axis.padded))
                        continue;
                    const double w = std::max(0.0, 1.0 - std::fabs(x - static_cast<double>(i)));
                    if (w > 0.0 && used < 2) {
                        index[used] = i, weight[used] = w, ++used;
                        sum += w;
                    }
                }
                if (sum == 0.0) {
                    index[0] = clamp_to(static_cast<int64_t>(std::floor(x + 0.5)), axis.padded), weight[0] = 1.0;
                } else {
                    weight[0] /= sum, weight[1] /= sum;
                }
            }
        }
        auto& tap = taps[o];
        for (int k = 0; k < 2; ++k) {
            const int64_t unpadded = index[k] - static_cast<int64_t>(axis.pad_begin);
            const bool reads = index[k] >= 0 && weight[k] != 0.0 && unpadded >= 0 &&
                               unpadded < static_cast<int64_t>(axis.in);
            tap.index[k] = reads ? static_cast<int>(unpadded) : -1;
            tap.weight[k] = reads ? static_cast<float>(weight[k]) : 0.0f;
        }
    }
    return taps;
}

class InterpolateKernel final : public ClKernel {
public:
    InterpolateKernel(const KernelArgs& base, const ov::Node& node) : ClKernel(base, "interpolate_f32") {
        const ResizeDecision d = decide(node);
        OPENVINO_ASSERT(d.refusal.empty(), "OPENCL: Interpolate '", node.get_friendly_name(), "' ", d.refusal);
        auto taps = axis_taps(d.attrs, d.axes[2]);
        const auto columns = axis_taps(d.attrs, d.axes[3]);
        taps.insert(taps.end(), columns.begin(), columns.end());
        m_taps = m_device->allocate(taps.size() * sizeof(InterpolateTap),
                                    "the Interpolate taps of '" + node.get_friendly_name() + "' of model '" +
                                        m_constants->model + "'",
                                    taps.data());
        m_params.count = static_cast<int>(ov::shape_size(node.get_output_shape(0)));
        m_params.in_h = static_cast<int>(d.axes[2].in);
        m_params.in_w = static_cast<int>(d.axes[3].in);
        m_params.out_h = static_cast<int>(d.axes[2].out);
        m_params.out_w = static_cast<int>(d.axes[3].out);
    }

private:
    void setup(Binding& b) const override {
        b.launch("interpolate_2d", static_cast<size_t>(m_params.count)) << b.in(0) << b.out(0) << m_taps.get()
                                                                        << m_params;
    }
    Mem m_taps;
    InterpolateParams m_params{};
};

}  // namespace

OpenclKernelEntry interpolate_entry() {
    return {{"Interpolate"},
            "",
            {},
            all_of(fits_int, [](const ov::Node& n) { return decide(n).refusal; }),
            make_kernel<InterpolateKernel>()};
}

}  // namespace opencl
}  // namespace devmux
