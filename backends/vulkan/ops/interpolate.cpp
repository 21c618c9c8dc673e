// SPDX-License-Identifier: Apache-2.0
// Interpolate-0, -4 and -11 resizing the two innermost axes (interpolate.comp): nearest with every rounding,
// linear and linear_onnx, every coordinate transformation, pads on those two axes; sizes from the static output
// shape, scales from a Constant (folded by prepare_model where a shape computation made them).
//
// Each axis maps output index o to the input coordinate o * scale + offset in 32.32 fixed point (the shader's
// integer arithmetic, so every device finds the same indices; linear weights keep f32 precision on wide axes).
// Nearest rounds that coordinate to a grid just coarser than its error first, so that the exact integers and
// halves of the reference's double arithmetic (scale 3, half_pixel downscales) are found exactly. The nearest
// index of every output row and column is checked here against the reference's; where they differ the op is
// refused, so VULKAN never picks another pixel than the CPU. That happens where the reference's double arithmetic
// lands just off an exact tie (about 1% of the size pairs up to 30 x 60 in sizes mode, e.g. half_pixel from 14 to
// 17 rows with round_prefer_floor, where row 8 maps to 6.5 exactly and the reference finds 6.500000000000001).
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "devmux/kit/interpolate_mapping.hpp"
#include "ops/helpers.hpp"
#include "ops/interpolate_params.h"
#include "openvino/op/constant.hpp"
#include "openvino/op/interpolate.hpp"

namespace devmux {
namespace vulkan {
namespace {

using Base = ov::op::util::InterpolateBase;
using Mode = Base::InterpolateMode;
using Transform = Base::CoordinateTransformMode;
using Nearest = Base::NearestMode;

// What the reference does, as Interpolate-4's attributes (Interpolate-0's are mapped the way its evaluate() maps
// them), and the scale of each axis (0 where the sizes decide it).
struct Resize {
    Base::InterpolateAttrs attrs;
    std::vector<double> scales;  // per axis of the data
};

std::string mode_name(Mode mode) {
    std::ostringstream text;
    text << mode;
    return text.str();
}


int64_t clamped(int64_t index, size_t len) {
    return std::min<int64_t>(std::max<int64_t>(index, 0), static_cast<int64_t>(len) - 1);
}

// One axis in the shader's terms: x = o * scale + offset, both 32.32 fixed point.
struct AxisMap {
    int64_t scale = int64_t(1) << 32, offset = 0;
    uint32_t rounding = DEVMUX_INTERPOLATE_FLOOR;
    // Nearest: the low bits of the fraction rounded off, enough to cover the fixed-point error of the largest
    // output index ((o + 1) / 2 units of 2^-32): 2^snap > out_len + 1.
    uint32_t snap = 1;
};

int64_t fixed(double value) { return std::llround(std::ldexp(value, 32)); }

// The shader's coordinate of output index o: its floor and the fraction in units of 2^-32.
void fixed_coordinate(const AxisMap& map, uint32_t o, int64_t& whole, uint32_t& fraction) {
    const int64_t x = static_cast<int64_t>(o) * map.scale + map.offset;
    whole = x >> 32;  // arithmetic: the floor also of a negative coordinate
    fraction = static_cast<uint32_t>(x & 0xffffffff);
}

int64_t fixed_nearest(const AxisMap& map, uint32_t o, size_t len) {
    int64_t whole;
    uint32_t fraction;
    fixed_coordinate(map, o, whole, fraction);
    // As interpolate.comp: the fraction rounded to a multiple of 2^snap units first.
    uint32_t grid = (fraction >> map.snap) + ((fraction >> (map.snap - 1)) & 1u);
    if (grid == (uint32_t(1) << (32 - map.snap))) {
        whole += 1;
        grid = 0;
    }
    fraction = grid;
    const uint32_t one_half = uint32_t(1) << (31 - map.snap);
    switch (map.rounding) {
    case DEVMUX_INTERPOLATE_ROUND_PREFER_FLOOR: whole += fraction > one_half ? 1 : 0; break;
    case DEVMUX_INTERPOLATE_ROUND_PREFER_CEIL: whole += fraction >= one_half ? 1 : 0; break;
    case DEVMUX_INTERPOLATE_CEIL: whole += fraction != 0 ? 1 : 0; break;
    default: break;
    }
    return clamped(whole, len);
}

// The map of one axis resized from `in_len` (padded) to `out_len` with `scale`, or why VULKAN cannot run it.
std::string map_axis(const Base::InterpolateAttrs& attrs, size_t axis, size_t in_len, size_t out_len, double scale,
                     AxisMap& map) {
    const Transform transform = attrs.coordinate_transformation_mode;
    double a = 1.0 / scale, b = 0.0;
    switch (transform) {
    case Transform::HALF_PIXEL: b = 0.5 / scale - 0.5; break;
    case Transform::PYTORCH_HALF_PIXEL:
        if (out_len > 1)
            b = 0.5 / scale - 0.5;
        else
            a = 0.0;
        break;
    case Transform::ASYMMETRIC: break;
    case Transform::TF_HALF_PIXEL_FOR_NN: b = 0.5 / scale; break;
    case Transform::ALIGN_CORNERS:
        a = out_len == 1 ? 0.0 : static_cast<double>(in_len - 1) / static_cast<double>(out_len - 1);
        break;
    }
    // The shader's whole parts are 32-bit: keep every coordinate well inside.
    const double largest = std::fabs(a) * static_cast<double>(out_len) + std::fabs(b) + 1.0;
    if (!std::isfinite(largest) || largest >= 1073741824.0 || out_len >= (size_t(1) << 30))
        return "maps axis " + std::to_string(axis) + " to input coordinates beyond VULKAN's fixed-point range";
    map.scale = fixed(a);
    map.offset = fixed(b);
    while ((uint64_t(1) << map.snap) <= out_len + 1)
        ++map.snap;
    if (attrs.mode != Mode::NEAREST)
        return {};
    switch (attrs.nearest_mode) {
    case Nearest::ROUND_PREFER_FLOOR: map.rounding = DEVMUX_INTERPOLATE_ROUND_PREFER_FLOOR; break;
    case Nearest::ROUND_PREFER_CEIL: map.rounding = DEVMUX_INTERPOLATE_ROUND_PREFER_CEIL; break;
    case Nearest::FLOOR: map.rounding = DEVMUX_INTERPOLATE_FLOOR; break;
    case Nearest::CEIL: map.rounding = DEVMUX_INTERPOLATE_CEIL; break;
    case Nearest::SIMPLE: map.rounding = scale < 1.0 ? DEVMUX_INTERPOLATE_CEIL : DEVMUX_INTERPOLATE_FLOOR; break;
    }
    for (size_t o = 0; o < out_len; ++o) {
        const double x = kit::interpolate_input_coordinate(transform, static_cast<double>(o), scale, in_len, out_len);
        const int64_t expected = clamped(kit::interpolate_nearest_index(attrs.nearest_mode, x, scale), in_len);
        const int64_t found = fixed_nearest(map, static_cast<uint32_t>(o), in_len);
        if (found != expected) {
            std::ostringstream text;
            text << std::setprecision(17) << "maps output index " << o << " of axis " << axis
                 << " to input coordinate " << x << " (double precision), next to a rounding tie that VULKAN's "
                 << "fixed-point coordinates resolve to index " << found << " where the reference takes " << expected;
            return text.str();
        }
    }
    return {};
}

// Interpolate-0's attributes as the reference runs them (runtime/ops/interpolate_v0.cpp).
std::string resize_of_v0(const ov::op::v0::Interpolate& op, Resize& resize) {
    const auto& attrs = op.get_attrs();
    if (attrs.mode != "nearest" && attrs.mode != "linear")
        return "runs nearest and linear modes only; mode is " + attrs.mode;
    const size_t rank = op.get_input_shape(0).size();
    Base::InterpolateAttrs& out = resize.attrs;
    out.mode = attrs.mode == "nearest" ? Mode::NEAREST : (rank < 5 ? Mode::LINEAR_ONNX : Mode::LINEAR);
    out.shape_calculation_mode = Base::ShapeCalcMode::SIZES;
    out.nearest_mode = Nearest::SIMPLE;
    const auto all_zero = [](const std::vector<size_t>& pads) {
        return std::all_of(pads.begin(), pads.end(), [](size_t pad) { return pad == 0; });
    };
    const bool image_axes = rank == 4 && attrs.axes == ov::AxisSet{2, 3};
    if (attrs.align_corners)
        out.coordinate_transformation_mode = Transform::ALIGN_CORNERS;
    else if (attrs.mode == "linear" && all_zero(attrs.pads_begin) && all_zero(attrs.pads_end) && !image_axes)
        out.coordinate_transformation_mode = Transform::HALF_PIXEL;
    else
        out.coordinate_transformation_mode = Transform::ASYMMETRIC;
    out.antialias = attrs.antialias;
    out.pads_begin = attrs.pads_begin;
    out.pads_end = attrs.pads_end;
    resize.scales.assign(rank, 0.0);
    return {};
}

// Interpolate-4 and -11: the scales of the listed axes where the scales decide the output (a Constant then).
std::string resize_of_base(const Base& op, Resize& resize) {
    resize.attrs = op.get_attrs();
    const size_t rank = op.get_input_shape(0).size();
    resize.scales.assign(rank, 0.0);
    if (resize.attrs.shape_calculation_mode != Base::ShapeCalcMode::SCALES)
        return {};
    const bool v4 = ov::is_type<ov::op::v4::Interpolate>(&op);
    const size_t scales_input = v4 ? 2 : 1, axes_input = v4 ? 3 : 2;
    const auto scales = ov::as_type_ptr<ov::op::v0::Constant>(op.get_input_node_shared_ptr(scales_input));
    if (!scales)
        return "has scales that are not a Constant";
    std::vector<int64_t> axes;
    if (op.get_input_size() > axes_input) {
        if (!constant_ints(op, axes_input, axes))
            return "has axes that are not a Constant";
    } else {
        for (size_t d = 0; d < rank; ++d)
            axes.push_back(static_cast<int64_t>(d));
    }
    const auto values = scales->cast_vector<double>();
    if (values.size() != axes.size())
        return "has " + std::to_string(values.size()) + " scales for " + std::to_string(axes.size()) + " axes";
    for (size_t k = 0; k < axes.size(); ++k) {
        const int64_t axis = axes[k] < 0 ? axes[k] + static_cast<int64_t>(rank) : axes[k];
        if (axis < 0 || axis >= static_cast<int64_t>(rank))
            return "has axis " + std::to_string(axes[k]) + " outside its data's rank";
        resize.scales[static_cast<size_t>(axis)] = values[k];
    }
    return {};
}

std::string plan_interpolate(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    const ov::Shape in = node.get_input_shape(0), out = node.get_output_shape(0);
    if (in.size() < 2 || in.size() != out.size())
        return "has a " + std::to_string(in.size()) + "-D input; VULKAN resizes the two innermost axes of 2-D or "
               "larger tensors";
    Resize resize;
    std::string reason;
    if (const auto* v0 = ov::as_type<const ov::op::v0::Interpolate>(&node))
        reason = resize_of_v0(*v0, resize);
    else
        reason = resize_of_base(static_cast<const Base&>(node), resize);
    if (!reason.empty())
        return reason;
    const Base::InterpolateAttrs& attrs = resize.attrs;
    if (attrs.mode != Mode::NEAREST && attrs.mode != Mode::LINEAR && attrs.mode != Mode::LINEAR_ONNX)
        return "runs nearest, linear and linear_onnx modes only; mode is " + mode_name(attrs.mode);
    const size_t rank = in.size();
    AxisMap maps[2];
    size_t padded[2] = {0, 0};
    for (size_t axis = 0; axis < rank; ++axis) {
        const size_t pad_begin = axis < attrs.pads_begin.size() ? attrs.pads_begin[axis] : 0;
        const size_t pad_end = axis < attrs.pads_end.size() ? attrs.pads_end[axis] : 0;
        const size_t in_len = in[axis] + pad_begin + pad_end, out_len = out[axis];
        // The sizes give scale out / in; the reference leaves an axis as it is where that is 1.
        const double scale = resize.scales[axis] != 0.0 ? resize.scales[axis]
                                                        : static_cast<double>(out_len) / static_cast<double>(in_len);
        const bool resized = !(out_len == in_len && scale == 1.0);
        const bool inner = axis + 2 >= rank;
        if (!inner && (pad_begin || pad_end || resized))
            return std::string(resized ? "resizes" : "pads") + " axis " + std::to_string(axis) +
                   "; VULKAN resizes the two innermost axes only";
        if (!inner)
            continue;
        if (in_len == 0 || out_len == 0)
            return "has an empty axis " + std::to_string(axis);
        if (attrs.antialias && attrs.mode == Mode::LINEAR && resized && scale < 1.0)
            return "has antialias set on a linear downscale of axis " + std::to_string(axis) +
                   "; VULKAN does not run it";
        padded[axis + 2 - rank] = in_len;
        if (resized) {
            if (auto why = map_axis(attrs, axis, in_len, out_len, scale, maps[axis + 2 - rank]); !why.empty())
                return why;
        }
    }
    if (plan) {
        InterpolateParams params{};
        params.items = static_cast<uint32_t>(ov::shape_size(out));
        params.in_h = static_cast<uint32_t>(in[rank - 2]);
        params.in_w = static_cast<uint32_t>(in[rank - 1]);
        params.out_h = static_cast<uint32_t>(out[rank - 2]);
        params.out_w = static_cast<uint32_t>(out[rank - 1]);
        params.padded_h = static_cast<uint32_t>(padded[0]);
        params.padded_w = static_cast<uint32_t>(padded[1]);
        params.pad_top = static_cast<int32_t>(rank - 2 < attrs.pads_begin.size() ? attrs.pads_begin[rank - 2] : 0);
        params.pad_left = static_cast<int32_t>(rank - 1 < attrs.pads_begin.size() ? attrs.pads_begin[rank - 1] : 0);
        params.row_scale_whole = static_cast<uint32_t>(maps[0].scale >> 32);
        params.row_scale_fraction = static_cast<uint32_t>(maps[0].scale & 0xffffffff);
        params.row_offset_whole = static_cast<int32_t>(maps[0].offset >> 32);
        params.row_offset_fraction = static_cast<uint32_t>(maps[0].offset & 0xffffffff);
        params.column_scale_whole = static_cast<uint32_t>(maps[1].scale >> 32);
        params.column_scale_fraction = static_cast<uint32_t>(maps[1].scale & 0xffffffff);
        params.column_offset_whole = static_cast<int32_t>(maps[1].offset >> 32);
        params.column_offset_fraction = static_cast<uint32_t>(maps[1].offset & 0xffffffff);
        params.row_snap = maps[0].snap;
        params.column_snap = maps[1].snap;
        params.linear = attrs.mode == Mode::NEAREST ? 0u : 1u;
        params.rounding = maps[0].rounding | maps[1].rounding << 2;
        Dispatch dispatch = make_dispatch(Shader::interpolate, params.items);
        dispatch.inputs[0] = 0;
        dispatch.set_params(params);
        dispatch.constants[0] = params.linear;
        dispatch.constants[1] = params.rounding;
        plan->dispatches.push_back(dispatch);
        plan->exec_type = params.linear ? "interpolate_linear_f32" : "interpolate_nearest_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry interpolate_entry() { return planner_entry({"Interpolate"}, plan_interpolate); }

}  // namespace vulkan
}  // namespace devmux
