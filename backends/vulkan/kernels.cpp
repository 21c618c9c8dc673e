// SPDX-License-Identifier: Apache-2.0
#include "kernels.hpp"

#include <algorithm>
#include <cstring>
#include <deque>
#include <limits>
#include <numeric>
#include <set>

#include "devmux/kit/internal_ops.hpp"
#include "devmux/kit/pass_manager.hpp"
#include "devmux/kit/passes.hpp"
#include "openvino/core/type/float16.hpp"
#include "openvino/op/ops.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"
#include "openvino/op/util/reduction_base.hpp"

namespace devmux {
namespace vulkan {
namespace {

// Codes of the shaders' `op` parameters (shaders/*.comp).
enum UnaryOp : uint32_t { u_copy = 0, u_relu = 1, u_sigmoid = 2, u_tanh = 3, u_exp = 4, u_sqrt = 6, u_clamp = 7 };
enum BinaryOp : uint32_t { b_add = 0, b_sub, b_mul, b_div, b_max, b_min, b_pow, b_sqdiff, b_prelu };
enum FusedAct : uint32_t { a_none = 0, a_relu, a_clamp, a_sigmoid, a_tanh, a_prelu };
enum ReduceOp : uint32_t { r_sum = 0, r_mean, r_max, r_min, r_prod };
constexpr size_t max_rank = 6;
// Invocations the grid is sized for per work group: local_size_x of most shaders; the blocked convolutions
// run groups of 8 whose invocations each loop over 8 of these items (grid-stride loops).
constexpr size_t group_size = 64;
constexpr uint32_t max_groups = 65535;

uint32_t as_bits(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
}

std::string shape_text(const ov::Shape& shape) {
    std::ostringstream text;
    text << shape;
    return text.str();
}

std::vector<size_t> strides_of(const ov::Shape& shape) {
    std::vector<size_t> strides(shape.size(), 1);
    for (size_t d = shape.size(); d-- > 1;)
        strides[d - 1] = strides[d] * shape[d];
    return strides;
}

// The types VULKAN stores values in: f32, and f16 at the f16 inference precision (prepare_model converts every
// floating value to one of them).
bool is_value_type(const ov::element::Type& type) { return type == ov::element::f32 || type == ov::element::f16; }
const char* const value_types_text = "; VULKAN computes in f32 (f16 at the f16 inference precision)";

// Every data input (the indices given) and every output must be of one value type.
std::string check_values(const ov::Node& node, const std::vector<size_t>& data_inputs) {
    const ov::element::Type type = node.get_output_size() ? node.get_output_element_type(0) : ov::element::f32;
    for (size_t i : data_inputs)
        if (!is_value_type(node.get_input_element_type(i)) || node.get_input_element_type(i) != type)
            return "has input " + std::to_string(i) + " of element type " + node.get_input_element_type(i).get_type_name() +
                   value_types_text;
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (!is_value_type(node.get_output_element_type(i)) || node.get_output_element_type(i) != type)
            return "has output " + std::to_string(i) + " of element type " +
                   node.get_output_element_type(i).get_type_name() + value_types_text;
    return {};
}

std::string check_rank(const ov::Node& node, size_t rank) {
    for (size_t i = 0; i < node.get_output_size(); ++i)
        if (node.get_output_shape(i).size() > rank)
            return "has output rank " + std::to_string(node.get_output_shape(i).size()) + "; VULKAN handles at most " +
                   std::to_string(rank);
    for (size_t i = 0; i < node.get_input_size(); ++i)
        if (node.get_input_shape(i).size() > rank)
            return "has input rank " + std::to_string(node.get_input_shape(i).size()) + "; VULKAN handles at most " +
                   std::to_string(rank);
    return {};
}

// Integer values of a Constant input (axes, permutations, split lengths); false when it is not constant.
bool constant_ints(const ov::Node& node, size_t input, std::vector<int64_t>& values) {
    const auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(input));
    if (!constant)
        return false;
    values = constant->cast_vector<int64_t>();
    return true;
}

Dispatch make_dispatch(Shader shader, size_t items) {
    Dispatch dispatch;
    dispatch.shader = shader;
    dispatch.items = items;
    return dispatch;
}

// A copy of `dims` (padded to max_rank at the front) with per-dimension source and destination strides.
Dispatch copy_dispatch(const std::vector<size_t>& dims, const std::vector<size_t>& source_strides,
                       const std::vector<size_t>& destination_strides) {
    const size_t items = std::accumulate(dims.begin(), dims.end(), size_t(1), std::multiplies<size_t>());
    Dispatch dispatch = make_dispatch(Shader::copy, items);
    dispatch.params[0] = static_cast<uint32_t>(items);
    const size_t pad = max_rank - dims.size();
    for (size_t d = 0; d < max_rank; ++d) {
        const bool real = d >= pad;
        dispatch.params[1 + d] = real ? static_cast<uint32_t>(dims[d - pad]) : 1u;
        dispatch.params[7 + d] = real ? static_cast<uint32_t>(source_strides[d - pad]) : 0u;
        dispatch.params[13 + d] = real ? static_cast<uint32_t>(destination_strides[d - pad]) : 0u;
    }
    dispatch.inputs[0] = 0;
    return dispatch;
}

std::string plan_unary(const ov::Node& node, NodePlan* plan) {
    uint32_t op = u_copy;
    float alpha = 0.0f, beta = 0.0f;
    if (ov::is_type<ov::op::v0::Relu>(&node))
        op = u_relu;
    else if (ov::is_type<ov::op::v0::Sigmoid>(&node))
        op = u_sigmoid;
    else if (ov::is_type<ov::op::v0::Tanh>(&node))
        op = u_tanh;
    else if (ov::is_type<ov::op::v0::Exp>(&node))
        op = u_exp;
    else if (ov::is_type<ov::op::v0::Sqrt>(&node))
        op = u_sqrt;
    else if (const auto* clamp = ov::as_type<const ov::op::v0::Clamp>(&node)) {
        op = u_clamp;
        alpha = static_cast<float>(clamp->get_min());
        beta = static_cast<float>(clamp->get_max());
    }
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (plan) {
        const size_t items = ov::shape_size(node.get_output_shape(0));
        Dispatch dispatch = make_dispatch(Shader::unary, items);
        dispatch.inputs[0] = 0;
        dispatch.params[0] = op;
        dispatch.params[1] = static_cast<uint32_t>(items);
        dispatch.params[2] = as_bits(alpha);
        dispatch.params[3] = as_bits(beta);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "unary_f32";
    }
    return {};
}

// The strides with which an input of `shape` is read at every index of `out` (numpy broadcasting).
std::vector<size_t> broadcast_strides(const ov::Shape& shape, const ov::Shape& out) {
    std::vector<size_t> strides(out.size(), 0);
    const auto own = strides_of(shape);
    const size_t shift = out.size() - shape.size();
    for (size_t d = 0; d < shape.size(); ++d)
        strides[d + shift] = shape[d] == 1 ? 0 : own[d];
    return strides;
}

// How a per-output operand of `shape` broadcasts over an NCHW output: 1 one value, 2 per channel, 3 full;
// 0 when the shader cannot read it that way.
uint32_t operand_mode(const ov::Shape& shape, const ov::Shape& out) {
    const size_t size = ov::shape_size(shape);
    if (size == 1)
        return 1;
    if (shape == out)
        return 3;
    if (size == out[1] && shape.size() <= out.size()) {
        // The channel extent sits at the channel axis once the shape is aligned to the output's rank.
        const size_t shift = out.size() - shape.size();
        for (size_t d = 0; d < shape.size(); ++d)
            if (shape[d] != 1 && d + shift != 1)
                return 0;
        return 2;
    }
    return 0;
}

std::string plan_binary(const ov::Node& node, NodePlan* plan) {
    // The shader broadcasts by numpy's rule (which also runs "none": equal shapes); PDPD aligns the second input
    // at an axis instead.
    const auto* arithmetic = dynamic_cast<const ov::op::util::BinaryElementwiseArithmetic*>(&node);
    if (arithmetic && arithmetic->get_autob().m_type == ov::op::AutoBroadcastType::PDPD)
        return "broadcasts by the pdpd rule, which VULKAN does not run";
    uint32_t op = b_add;
    if (ov::is_type<ov::op::v1::Subtract>(&node))
        op = b_sub;
    else if (ov::is_type<ov::op::v1::Multiply>(&node))
        op = b_mul;
    else if (ov::is_type<ov::op::v1::Divide>(&node))
        op = b_div;
    else if (ov::is_type<ov::op::v1::Maximum>(&node))
        op = b_max;
    else if (ov::is_type<ov::op::v1::Minimum>(&node))
        op = b_min;
    else if (ov::is_type<ov::op::v0::PRelu>(&node))
        op = b_prelu;
    if (auto reason = check_values(node, {0, 1}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    const ov::Shape out = node.get_output_shape(0);
    ov::Shape a = node.get_input_shape(0), b = node.get_input_shape(1);
    if (op == b_prelu && b.size() == 1 && a.size() >= 2 && b[0] == a[1] && b[0] != 1) {
        // A 1-D slope runs along the channel axis.
        ov::Shape slope(a.size() - 1, 1);
        slope[0] = b[0];
        b = slope;
    }
    if (a.size() > out.size() || b.size() > out.size())
        return "has inputs " + shape_text(a) + " and " + shape_text(b) + " that VULKAN cannot broadcast to " +
               shape_text(out);
    for (const auto* shape : {&a, &b})
        for (size_t d = 0; d < shape->size(); ++d) {
            const size_t extent = (*shape)[d], target = out[d + out.size() - shape->size()];
            if (extent != 1 && extent != target)
                return "has inputs " + shape_text(a) + " and " + shape_text(b) +
                       " that do not broadcast (numpy) to its output " + shape_text(out);
        }
    if (plan) {
        const size_t items = ov::shape_size(out);
        Dispatch dispatch = make_dispatch(Shader::binary, items);
        dispatch.inputs[0] = 0;
        dispatch.inputs[1] = 1;
        dispatch.params[0] = op;
        dispatch.params[1] = static_cast<uint32_t>(items);
        const auto sa = broadcast_strides(a, out), sb = broadcast_strides(b, out);
        // The layouts the shader indexes without divisions: a dense, b dense, one value or one per channel.
        const bool a_dense = ov::shape_size(a) == items, b_dense = ov::shape_size(b) == items;
        if (a_dense && b_dense) {
            dispatch.params[20] = 1;
        } else if (a_dense && ov::shape_size(b) == 1) {
            dispatch.params[20] = 2;
        } else if (a_dense && out.size() >= 2 && operand_mode(b, out) == 2) {
            const size_t rows = out[0] * out[1], inner = items / rows;
            dispatch.params[20] = 3;
            dispatch.params[21] = static_cast<uint32_t>(out[1]);
            dispatch.params[22] = static_cast<uint32_t>(inner);
            // Rows of a work group's width or more: one row per work group along y (layout 4).
            if (inner >= group_size && rows <= max_groups) {
                dispatch.params[20] = 4;
                dispatch.items = inner;
                dispatch.groups_y = static_cast<uint32_t>(rows);
            }
        }
        const size_t pad = max_rank - out.size();
        for (size_t d = 0; d < max_rank; ++d) {
            const bool real = d >= pad;
            dispatch.params[2 + d] = real ? static_cast<uint32_t>(out[d - pad]) : 1u;
            dispatch.params[8 + d] = real ? static_cast<uint32_t>(sa[d - pad]) : 0u;
            dispatch.params[14 + d] = real ? static_cast<uint32_t>(sb[d - pad]) : 0u;
        }
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "eltwise_f32";
    }
    return {};
}

// The convolutions' operand modes (parameter 16, conv_epilogue.glsl): a 2-bit field per operand at these
// bit offsets (1 one value, 2 one per channel, 3 one per element), and bit 13 for the residual form,
// FusedConvolution::addend_first(). Bits 8-10 are conv_texel's layouts (c4_input_bit and the next two).
constexpr uint32_t bias_field = 0, slope_field = 2, addend_field = 4, scale_field = 6, shift_field = 11;
constexpr uint32_t residual_bit = 8192;

uint32_t operand_field(uint32_t modes, uint32_t field) { return (modes >> field) & 3u; }

// An operand of one value per element is indexed as the plain layout: such an output cannot be c4.
bool has_per_element_operand(uint32_t modes) {
    for (uint32_t field : {bias_field, slope_field, addend_field, scale_field, shift_field})
        if (operand_field(modes, field) == 3u)
            return true;
    return false;
}

std::string plan_convolution(const ov::Node& node, NodePlan* plan) {
    const auto* fused = ov::as_type<const kit::FusedConvolution>(&node);
    const auto* base = ov::as_type<const ov::op::util::ConvolutionBase>(&node);
    const bool grouped = ov::is_type<ov::op::v1::GroupConvolution>(&node);
    std::vector<size_t> data_inputs(node.get_input_size());
    std::iota(data_inputs.begin(), data_inputs.end(), size_t(0));
    if (auto reason = check_values(node, data_inputs); !reason.empty())
        return reason;
    const ov::Shape in = node.get_input_shape(0), filters = node.get_input_shape(1), out = node.get_output_shape(0);
    if (in.size() != 4)
        return "has a " + std::to_string(in.size()) + "-D input; VULKAN runs 2-D convolutions (4-D NCHW tensors)";
    const ov::Strides strides = fused ? fused->get_strides() : base->get_strides();
    const ov::Strides dilations = fused ? fused->get_dilations() : base->get_dilations();
    const ov::CoordinateDiff pads = fused ? fused->get_pads_begin() : base->get_pads_begin();
    if (strides.size() != 2 || dilations.size() != 2 || pads.size() != 2)
        return "has strides, dilations or paddings of the wrong rank";
    const size_t groups = grouped ? filters[0] : 1;
    const size_t kh = filters[filters.size() - 2], kw = filters[filters.size() - 1];
    uint32_t modes = 0, act = a_none;
    float clamp_min = 0.0f, clamp_max = 0.0f;
    std::array<int, output_binding> inputs{{0, 1, -1, -1, -1}};
    if (fused) {
        const uint32_t bias = operand_mode(node.get_input_shape(2), out);
        if (bias == 0)
            return "has a bias of shape " + shape_text(node.get_input_shape(2)) +
                   " that is neither one value, one per channel nor the output's shape";
        modes |= bias;
        inputs[2] = 2;
        switch (fused->get_activation()) {
        case kit::FusedActivation::None:
            break;
        case kit::FusedActivation::Relu:
            act = a_relu;
            break;
        case kit::FusedActivation::Clamp:
            act = a_clamp;
            clamp_min = static_cast<float>(fused->get_clamp_min());
            clamp_max = static_cast<float>(fused->get_clamp_max());
            break;
        case kit::FusedActivation::Sigmoid:
            act = a_sigmoid;
            break;
        case kit::FusedActivation::Tanh:
            act = a_tanh;
            break;
        case kit::FusedActivation::PRelu: {
            act = a_prelu;
            const auto slope_shape = node.get_input_shape(fused->slope_input());
            uint32_t slope = operand_mode(slope_shape, out);
            if (slope_shape.size() == 1 && slope_shape[0] == out[1])
                slope = 2;
            if (slope == 0)
                return "has a PRelu slope of shape " + shape_text(slope_shape) + " that VULKAN cannot broadcast";
            modes |= slope << slope_field;
            inputs[3] = static_cast<int>(fused->slope_input());
            break;
        }
        }
        if (fused->has_scale_shift()) {
            // The scales and shifts share binding 3, or 4 where a PRelu slope takes 3 (then no addend fits).
            if (act == a_prelu && fused->has_addend())
                return "has a PRelu, a scale-shift and an addend, one operand more than the VULKAN convolution "
                       "shaders bind";
            const uint32_t scale = operand_mode(node.get_input_shape(fused->scale_input()), out);
            const uint32_t shift = operand_mode(node.get_input_shape(fused->shift_input()), out);
            if (scale == 0 || shift == 0)
                return "has a fused scale-shift of shapes " + shape_text(node.get_input_shape(fused->scale_input())) +
                       " and " + shape_text(node.get_input_shape(fused->shift_input())) +
                       " that VULKAN cannot broadcast";
            if (!ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(fused->scale_input())) ||
                !ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(fused->shift_input())))
                return "has a fused scale-shift that is not constant";
            modes |= scale << scale_field | shift << shift_field;
            inputs[act == a_prelu ? 4 : 3] = static_cast<int>(fused->scale_input());
        }
        if (fused->has_addend()) {
            const uint32_t addend = operand_mode(node.get_input_shape(fused->addend_input()), out);
            if (addend == 0)
                return "has an addend of shape " + shape_text(node.get_input_shape(fused->addend_input())) +
                       " that VULKAN cannot broadcast";
            modes |= addend << addend_field;
            inputs[4] = static_cast<int>(fused->addend_input());
            if (fused->addend_first())
                modes |= residual_bit;
        }
    }
    if (plan) {
        const size_t kg = out[1] / groups;
        // Groups of 16 channels or more take the blocked shader (16 channels per invocation, filter loads
        // shared by the work group); depthwise and narrow groups the 4 x 4 one.
        const bool blocked = kg >= 16 && ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(1));
        const size_t pixels = out[0] * out[2] * out[3];
        const size_t items = blocked ? (pixels + 3) / 4 : out[0] * groups * ((kg + 3) / 4) * out[2] * ((out[3] + 3) / 4);
        Dispatch dispatch = make_dispatch(blocked ? Shader::conv_block : Shader::conv, items);
        if (blocked) {
            dispatch.groups_y = static_cast<uint32_t>(groups * ((kg + 15) / 16));
            dispatch.pack_block = 16;
            dispatch.filter_groups = static_cast<uint32_t>(groups);
            dispatch.params[21] = static_cast<uint32_t>(pixels);
        }
        dispatch.inputs = inputs;
        if (fused && fused->has_scale_shift())
            dispatch.scale_shift = static_cast<int>(fused->scale_input());
        const uint32_t values[] = {static_cast<uint32_t>(in[0]), static_cast<uint32_t>(in[1]),
                                   static_cast<uint32_t>(in[2]), static_cast<uint32_t>(in[3]),
                                   static_cast<uint32_t>(out[1]), static_cast<uint32_t>(out[2]),
                                   static_cast<uint32_t>(out[3]), static_cast<uint32_t>(kh),
                                   static_cast<uint32_t>(kw), static_cast<uint32_t>(strides[0]),
                                   static_cast<uint32_t>(strides[1]), static_cast<uint32_t>(dilations[0]),
                                   static_cast<uint32_t>(dilations[1]), static_cast<uint32_t>(pads[0]),
                                   static_cast<uint32_t>(pads[1]), static_cast<uint32_t>(groups), modes, act,
                                   as_bits(clamp_min), as_bits(clamp_max), static_cast<uint32_t>(items)};
        std::copy(std::begin(values), std::end(values), dispatch.params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = fused ? "conv_fused_f32" : (grouped ? "group_conv_f32" : "conv_f32");
    }
    return {};
}

std::string plan_pool(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty()) {
        // MaxPool-8's second output holds indices: only the values are computed.
        if (!(ov::is_type<ov::op::v8::MaxPool>(&node) && is_value_type(node.get_output_element_type(0)) &&
              node.get_input_element_type(0) == node.get_output_element_type(0)))
            return reason;
    }
    if (ov::is_type<ov::op::v8::MaxPool>(&node) && !node.get_output_target_inputs(1).empty())
        return "has its indices output read; VULKAN computes only MaxPool's values";
    const ov::Shape in = node.get_input_shape(0), out = node.get_output_shape(0);
    if (in.size() != 4)
        return "has a " + std::to_string(in.size()) + "-D input; VULKAN runs 2-D pooling (4-D NCHW tensors)";
    ov::Shape kernel, pads_begin, pads_end;
    ov::Strides strides, dilations{1, 1};
    bool average = false, exclude_pad = false;
    if (const auto* max = ov::as_type<const ov::op::util::MaxPoolBase>(&node)) {
        kernel = max->get_kernel();
        strides = max->get_strides();
        pads_begin = max->get_pads_begin();
        pads_end = max->get_pads_end();
        if (const auto* v8 = ov::as_type<const ov::op::v8::MaxPool>(&node))
            dilations = v8->get_dilations();
    } else {
        const auto* avg = ov::as_type<const ov::op::util::AvgPoolBase>(&node);
        kernel = avg->get_kernel();
        strides = avg->get_strides();
        pads_begin = avg->get_pads_begin();
        pads_end = avg->get_pads_end();
        average = true;
        exclude_pad = avg->get_exclude_pad();
    }
    if (kernel.size() != 2 || strides.size() != 2 || dilations.size() != 2 || pads_begin.size() != 2 ||
        pads_end.size() != 2)
        return "has a kernel, strides, dilations or paddings of the wrong rank";
    if (plan) {
        const size_t items = ov::shape_size(out);
        Dispatch dispatch = make_dispatch(Shader::pool, items);
        dispatch.inputs[0] = 0;
        const uint32_t values[] = {static_cast<uint32_t>(in[0] * in[1]), static_cast<uint32_t>(in[2]),
                                   static_cast<uint32_t>(in[3]), static_cast<uint32_t>(out[2]),
                                   static_cast<uint32_t>(out[3]), static_cast<uint32_t>(kernel[0]),
                                   static_cast<uint32_t>(kernel[1]), static_cast<uint32_t>(strides[0]),
                                   static_cast<uint32_t>(strides[1]), static_cast<uint32_t>(dilations[0]),
                                   static_cast<uint32_t>(dilations[1]), static_cast<uint32_t>(pads_begin[0]),
                                   static_cast<uint32_t>(pads_begin[1]), average ? 1u : 0u, exclude_pad ? 1u : 0u,
                                   static_cast<uint32_t>(items), static_cast<uint32_t>(pads_end[0]),
                                   static_cast<uint32_t>(pads_end[1])};
        std::copy(std::begin(values), std::end(values), dispatch.params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = average ? "avg_pool_f32" : "max_pool_f32";
    }
    return {};
}

// [outer, middle, inner] of `shape` around the axes [first, last].
void split_around(const ov::Shape& shape, size_t first, size_t last, size_t& outer, size_t& middle, size_t& inner) {
    outer = middle = inner = 1;
    for (size_t d = 0; d < shape.size(); ++d)
        (d < first ? outer : (d <= last ? middle : inner)) *= shape[d];
}

std::string plan_reduce(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    std::vector<int64_t> axes;
    if (!constant_ints(node, 1, axes))
        return "has axes that are not a Constant";
    const ov::Shape in = node.get_input_shape(0);
    const auto rank = static_cast<int64_t>(in.size());
    std::vector<size_t> normalized;
    for (int64_t axis : axes)
        normalized.push_back(static_cast<size_t>(axis < 0 ? axis + rank : axis));
    std::sort(normalized.begin(), normalized.end());
    normalized.erase(std::unique(normalized.begin(), normalized.end()), normalized.end());
    // Axes of extent 1 change nothing; the others must be adjacent.
    std::vector<size_t> real;
    for (size_t axis : normalized)
        if (axis < in.size() && in[axis] != 1)
            real.push_back(axis);
    for (size_t i = 1; i < real.size(); ++i)
        if (real[i] != real[i - 1] + 1)
            return "reduces over axes that are not adjacent; VULKAN reduces one run of adjacent axes";
    uint32_t op = r_sum;
    if (ov::is_type<ov::op::v1::ReduceMean>(&node))
        op = r_mean;
    else if (ov::is_type<ov::op::v1::ReduceMax>(&node))
        op = r_max;
    else if (ov::is_type<ov::op::v1::ReduceProd>(&node))
        op = r_prod;
    if (plan) {
        size_t outer = ov::shape_size(in), middle = 1, inner = 1;
        if (!real.empty())
            split_around(in, real.front(), real.back(), outer, middle, inner);
        Dispatch dispatch = make_dispatch(Shader::reduce, outer * inner);
        dispatch.inputs[0] = 0;
        const uint32_t values[] = {static_cast<uint32_t>(outer), static_cast<uint32_t>(middle),
                                   static_cast<uint32_t>(inner), op, static_cast<uint32_t>(outer * inner)};
        std::copy(std::begin(values), std::end(values), dispatch.params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "reduce_f32";
    }
    return {};
}

std::string plan_softmax(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    const ov::Shape in = node.get_input_shape(0);
    int64_t axis = 0;
    if (const auto* v1 = ov::as_type<const ov::op::v1::Softmax>(&node))
        axis = static_cast<int64_t>(v1->get_axis());
    else
        axis = ov::as_type<const ov::op::v8::Softmax>(&node)->get_axis();
    if (axis < 0)
        axis += static_cast<int64_t>(in.size());
    if (axis < 0 || axis >= static_cast<int64_t>(in.size()))
        return "has axis " + std::to_string(axis) + " outside its input's rank";
    if (plan) {
        size_t outer, middle, inner;
        split_around(in, static_cast<size_t>(axis), static_cast<size_t>(axis), outer, middle, inner);
        Dispatch dispatch = make_dispatch(Shader::softmax, outer * inner);
        dispatch.inputs[0] = 0;
        // Fewer items than a work group has invocations, each a long row: a work group per item.
        const bool cooperative = outer * inner < group_size && middle >= group_size;
        if (cooperative)
            dispatch.items = outer * inner * group_size;
        const uint32_t values[] = {static_cast<uint32_t>(outer), static_cast<uint32_t>(middle),
                                   static_cast<uint32_t>(inner), 0u, static_cast<uint32_t>(outer * inner),
                                   cooperative ? 1u : 0u};
        std::copy(std::begin(values), std::end(values), dispatch.params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = cooperative ? "softmax_rows_f32" : "softmax_f32";
    }
    return {};
}

std::string plan_matmul(const ov::Node& node, NodePlan* plan) {
    const auto* matmul = ov::as_type<const ov::op::v0::MatMul>(&node);
    if (auto reason = check_values(node, {0, 1}); !reason.empty())
        return reason;
    const ov::Shape a = node.get_input_shape(0), b = node.get_input_shape(1), out = node.get_output_shape(0);
    if (a.size() < 2 || b.size() < 2)
        return "has a 1-D input; VULKAN multiplies matrices of rank 2 or more";
    const bool ta = matmul->get_transpose_a(), tb = matmul->get_transpose_b();
    const size_t m = ta ? a[a.size() - 1] : a[a.size() - 2], k = ta ? a[a.size() - 2] : a[a.size() - 1];
    const size_t n = tb ? b[b.size() - 2] : b[b.size() - 1];
    const size_t batch_a = ov::shape_size(a) / (m * k), batch_b = ov::shape_size(b) / (k * n);
    const size_t batch = ov::shape_size(out) / (m * n);
    // Each side's batch is either one matrix for all or one per output matrix in the same order.
    const auto batch_dims = [](const ov::Shape& shape) { return ov::Shape(shape.begin(), shape.end() - 2); };
    const ov::Shape out_batch = batch_dims(out);
    for (const auto& [shape, count] : {std::make_pair(a, batch_a), std::make_pair(b, batch_b)}) {
        if (count == 1)
            continue;
        ov::Shape dims = batch_dims(shape);
        while (dims.size() < out_batch.size())
            dims.insert(dims.begin(), 1);
        if (dims != out_batch)
            return "broadcasts the batch dimensions of " + shape_text(a) + " and " + shape_text(b) +
                   " in a way VULKAN does not (each side needs one matrix or all of the output's)";
    }
    if (plan) {
        // One invocation per 4 x 4 tile of each batch's output (matmul.comp).
        const size_t tiles = batch * ((m + 3) / 4) * ((n + 3) / 4);
        Dispatch dispatch = make_dispatch(Shader::matmul, tiles);
        dispatch.inputs[0] = 0;
        dispatch.inputs[1] = 1;
        const uint32_t values[] = {static_cast<uint32_t>(batch), static_cast<uint32_t>(m), static_cast<uint32_t>(n),
                                   static_cast<uint32_t>(k), ta ? 1u : 0u, tb ? 1u : 0u,
                                   static_cast<uint32_t>(batch_a == 1 ? 0 : m * k),
                                   static_cast<uint32_t>(batch_b == 1 ? 0 : k * n),
                                   static_cast<uint32_t>(tiles)};
        std::copy(std::begin(values), std::end(values), dispatch.params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "matmul_f32";
    }
    return {};
}

std::string plan_transpose(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    std::vector<int64_t> order;
    if (!constant_ints(node, 1, order))
        return "has a permutation that is not a Constant";
    const ov::Shape in = node.get_input_shape(0), out = node.get_output_shape(0);
    if (order.empty()) {  // an empty order reverses the axes
        for (size_t d = in.size(); d-- > 0;)
            order.push_back(static_cast<int64_t>(d));
    }
    if (plan) {
        const auto source = strides_of(in);
        std::vector<size_t> dims(out.begin(), out.end()), source_strides;
        for (int64_t axis : order)
            source_strides.push_back(source[static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(in.size()) : axis)]);
        plan->dispatches.push_back(copy_dispatch(dims, source_strides, strides_of(out)));
        plan->exec_type = "transpose_f32";
    }
    return {};
}

std::string plan_concat(const ov::Node& node, NodePlan* plan) {
    std::vector<size_t> data_inputs(node.get_input_size());
    std::iota(data_inputs.begin(), data_inputs.end(), size_t(0));
    if (auto reason = check_values(node, data_inputs); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    const auto* concat = ov::as_type<const ov::op::v0::Concat>(&node);
    const ov::Shape out = node.get_output_shape(0);
    int64_t axis = concat->get_axis();
    if (axis < 0)
        axis += static_cast<int64_t>(out.size());
    if (plan) {
        const auto out_strides = strides_of(out);
        size_t offset = 0;
        for (size_t i = 0; i < node.get_input_size(); ++i) {
            const ov::Shape in = node.get_input_shape(i);
            if (ov::shape_size(in) == 0)
                continue;
            Dispatch dispatch = copy_dispatch(std::vector<size_t>(in.begin(), in.end()), strides_of(in), out_strides);
            dispatch.inputs[0] = static_cast<int>(i);
            dispatch.output_offset = offset * out_strides[static_cast<size_t>(axis)];
            offset += in[static_cast<size_t>(axis)];
            plan->dispatches.push_back(dispatch);
        }
        plan->exec_type = "concat_f32";
    }
    return {};
}

std::string plan_split(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    std::vector<int64_t> axis_value;
    if (!constant_ints(node, 1, axis_value) || axis_value.size() != 1)
        return "has an axis that is not a scalar Constant";
    const ov::Shape in = node.get_input_shape(0);
    int64_t axis = axis_value[0] < 0 ? axis_value[0] + static_cast<int64_t>(in.size()) : axis_value[0];
    if (plan) {
        const auto in_strides = strides_of(in);
        size_t offset = 0;
        for (size_t o = 0; o < node.get_output_size(); ++o) {
            const ov::Shape out = node.get_output_shape(o);
            Dispatch dispatch = copy_dispatch(std::vector<size_t>(out.begin(), out.end()), in_strides, strides_of(out));
            // The source box starts `offset` slices along the axis: shift the source by that many elements.
            dispatch.params[0] = static_cast<uint32_t>(ov::shape_size(out));
            dispatch.output = o;
            dispatch.items = ov::shape_size(out);
            dispatch.input_offset = offset * in_strides[static_cast<size_t>(axis)];
            offset += out[static_cast<size_t>(axis)];
            if (dispatch.items)
                plan->dispatches.push_back(dispatch);
        }
        plan->exec_type = "split_f32";
    }
    return {};
}

bool is_structural(const ov::Node& node) {
    return ov::is_type<ov::op::v0::Parameter>(&node) || ov::is_type<ov::op::v0::Constant>(&node) ||
           ov::is_type<ov::op::v0::Result>(&node);
}

// Reshape, Squeeze and Unsqueeze keep the bytes: the planner makes them views of their input.
bool is_view(const ov::Node& node) {
    return (ov::is_type<ov::op::v1::Reshape>(&node) || ov::is_type<ov::op::v0::Squeeze>(&node) ||
            ov::is_type<ov::op::v0::Unsqueeze>(&node)) &&
           node.get_output_element_type(0) == node.get_input_element_type(0);
}

}  // namespace

std::string plan_node(const ov::Node& node, NodePlan* plan) {
    using namespace ov::op;
    if (ov::is_type<v0::Relu>(&node) || ov::is_type<v0::Sigmoid>(&node) || ov::is_type<v0::Tanh>(&node) ||
        ov::is_type<v0::Exp>(&node) || ov::is_type<v0::Sqrt>(&node) || ov::is_type<v0::Clamp>(&node))
        return plan_unary(node, plan);
    if (ov::is_type<v1::Add>(&node) || ov::is_type<v1::Subtract>(&node) || ov::is_type<v1::Multiply>(&node) ||
        ov::is_type<v1::Divide>(&node) || ov::is_type<v1::Maximum>(&node) || ov::is_type<v1::Minimum>(&node) ||
        ov::is_type<v0::PRelu>(&node))
        return plan_binary(node, plan);
    if (ov::is_type<v1::Convolution>(&node) || ov::is_type<v1::GroupConvolution>(&node) ||
        ov::is_type<kit::FusedConvolution>(&node))
        return plan_convolution(node, plan);
    if (ov::is_type<util::MaxPoolBase>(&node) || ov::is_type<util::AvgPoolBase>(&node))
        return plan_pool(node, plan);
    if (ov::is_type<v1::ReduceMean>(&node) || ov::is_type<v1::ReduceSum>(&node) || ov::is_type<v1::ReduceMax>(&node) ||
        ov::is_type<v1::ReduceProd>(&node))
        return plan_reduce(node, plan);
    if (ov::is_type<v1::Softmax>(&node) || ov::is_type<v8::Softmax>(&node))
        return plan_softmax(node, plan);
    if (ov::is_type<v0::MatMul>(&node))
        return plan_matmul(node, plan);
    if (ov::is_type<v1::Transpose>(&node))
        return plan_transpose(node, plan);
    if (ov::is_type<v0::Concat>(&node))
        return plan_concat(node, plan);
    if (ov::is_type<v1::Split>(&node))
        return plan_split(node, plan);
    if (ov::is_type<ov::op::util::ReadValueBase>(&node)) {
        if (!is_value_type(node.get_output_element_type(0)))
            return "reads a variable of element type " + node.get_output_element_type(0).get_type_name() +
                   value_types_text;
        if (node.get_input_size() > 0 && !ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(0)))
            return "has an initial value that is not a Constant; VULKAN fills variables before the submission";
        if (plan)
            plan->exec_type = "read_state";
        return {};
    }
    if (ov::is_type<ov::op::util::AssignBase>(&node)) {
        if (!is_value_type(node.get_input_element_type(0)))
            return "writes a variable of element type " + node.get_input_element_type(0).get_type_name() +
                   value_types_text;
        if (plan)
            plan->exec_type = "write_state";
        return {};
    }
    return "has no VULKAN shader";
}

const kit::OpSupport& op_support() {
    static const kit::OpSupport support = [] {
        kit::OpSupport statement("VULKAN");
        statement.add(kit::OpRule{"*", "", {}, [](const ov::Node& node) {
                                      if (is_structural(node) || is_view(node))
                                          return std::string();
                                      return plan_node(node, nullptr);
                                  }});
        return statement;
    }();
    return support;
}

std::shared_ptr<ov::Model> prepare_model(const ov::Model& model, const ov::element::Type& precision) {
    auto exec = model.clone();
    kit::PassManager passes("VULKAN");
    // f16: every floating value and constant becomes f16 (constants converted once, here); the plan converts
    // the user's tensors at the boundary.
    passes.add("inference_precision", [precision](ov::Model& m) {
              return precision == ov::element::f16
                         ? kit::convert_precision(m, {ov::element::f32, ov::element::bf16}, ov::element::f16) != 0
                         : kit::apply_inference_precision(m, ov::element::f32) != 0;
          })
        .add("remove_identity_ops", [](ov::Model& m) { return kit::remove_identity_ops(m) != 0; })
        .add("fold_constants", [](ov::Model& m) { return kit::fold_constants(m) != 0; })
        .add("fuse_convolutions", [](ov::Model& m) {
            kit::ConvolutionFusionOptions options;
            // The convolution shaders' epilogue applies both (conv_epilogue.glsl).
            options.scale_shift = true;
            options.addend_first = true;
            return kit::fuse_convolutions(m, options) != 0;
        });
    passes.run(*exec);
    return exec;
}

// ---- kernels ----

namespace {

// Filters [K, C/groups, KH, KW] regrouped for conv_block: per block of `block` output channels of a group
// and per (input channel, kh, kw), the block's weights side by side, zeros past the group's last channel.
std::vector<float> pack_filters(const std::vector<float>& filters, size_t out_channels, size_t groups, size_t block) {
    const size_t kg = out_channels / groups, filter_size = filters.size() / out_channels;
    const size_t blocks = (kg + block - 1) / block;
    std::vector<float> packed(groups * blocks * filter_size * block, 0.0f);
    for (size_t g = 0; g < groups; ++g)
        for (size_t b = 0; b < blocks; ++b)
            for (size_t e = 0; e < filter_size; ++e)
                for (size_t j = 0; j < block && b * block + j < kg; ++j)
                    packed[((g * blocks + b) * filter_size + e) * block + j] =
                        filters[(g * kg + b * block + j) * filter_size + e];
    return packed;
}

// Filters [K, C/groups, KH, KW] for conv_texel: per block of 16 output channels of a group and per (kh, kw,
// quad of input channels), 16 vec4 texels, texel 4 * ci + j holding output channels 4j..4j+3 of the block for
// input channel ci of the quad; zeros past the group's last output or input channel.
std::vector<float> pack_texel_filters(const std::vector<float>& filters, size_t out_channels, size_t groups,
                                      size_t kh_size, size_t kw_size) {
    const size_t kg = out_channels / groups, blocks = (kg + 15) / 16;
    const size_t cg = filters.size() / (out_channels * kh_size * kw_size), quads = (cg + 3) / 4;
    std::vector<float> packed(groups * blocks * kh_size * kw_size * quads * 64, 0.0f);
    for (size_t g = 0; g < groups; ++g)
        for (size_t b = 0; b < blocks; ++b)
            for (size_t kh = 0; kh < kh_size; ++kh)
                for (size_t kw = 0; kw < kw_size; ++kw)
                    for (size_t q = 0; q < quads; ++q)
                        for (size_t ci = 0; ci < 4; ++ci)
                            for (size_t lane = 0; lane < 16 && b * 16 + lane < kg && q * 4 + ci < cg; ++lane) {
                                const size_t k = g * kg + b * 16 + lane, c = q * 4 + ci;
                                const size_t position = ((g * blocks + b) * kh_size + kh) * kw_size + kw;
                                const size_t texel = (position * quads + q) * 16 + ci * 4 + lane / 4;
                                packed[texel * 4 + lane % 4] = filters[((k * cg + c) * kh_size + kh) * kw_size + kw];
                            }
    return packed;
}

// Turns a conv_block plan into pack_c4 + conv_texel where the device reads vec4 texel buffers large enough
// and every group's input channels come in quads (one group: any count, the last quad padded with zeros);
// false (the plan unchanged) otherwise.
bool use_texel_convolution(NodePlan& plan, const Device& device, const ov::Node& node) {
    if (plan.dispatches.size() != 1 || plan.dispatches[0].shader != Shader::conv_block)
        return false;
    const Dispatch block = plan.dispatches[0];
    const size_t max_texels = device.max_texels(block.half);
    if (!max_texels)
        return false;
    const uint32_t* p = block.params;
    const size_t n = p[0], c = p[1], k = p[4], oh = p[5], ow = p[6], kh = p[7], kw = p[8];
    const size_t sh = p[9], sw = p[10], dh = p[11], dw = p[12], groups = p[15];
    if (groups > 1 && (c / groups) % 4 != 0)
        return false;
    const size_t quads = (c + 3) / 4;
    // The padded plane: every place the filter reads, starting at (-pad top, -pad left).
    const size_t hp = (oh - 1) * sh + (kh - 1) * dh + 1, wp = (ow - 1) * sw + (kw - 1) * dw + 1;
    const size_t input_texels = n * quads * hp * wp;
    const size_t kg = k / groups, filter_texels = groups * ((kg + 15) / 16) * kh * kw * (quads / groups) * 16;
    if (input_texels > max_texels || filter_texels > max_texels ||
        input_texels * 4 > std::numeric_limits<uint32_t>::max())
        return false;
    Dispatch pack = make_dispatch(Shader::pack_c4, input_texels);
    pack.half = block.half;
    pack.inputs[0] = block.inputs[0];
    pack.output_to_scratch = true;
    const uint32_t values[] = {p[1], p[2], p[3], static_cast<uint32_t>(hp), static_cast<uint32_t>(wp), p[13], p[14],
                               static_cast<uint32_t>(input_texels)};
    std::copy(std::begin(values), std::end(values), pack.params);
    Dispatch conv = block;
    conv.shader = Shader::conv_texel;
    conv.inputs[0] = conv.inputs[1] = -1;
    conv.pack_block = 0;
    conv.texel_input = conv.texel_filters = true;
    // conv_texel computes a tile of pixels x quads of channels per invocation over a flat (tile of pixels,
    // block of 16 channels, part of the block) item space.
    const TexelTile tile = device.conv_texel_tile();
    conv.tile_pixels = tile.pixels;
    conv.tile_quads = tile.quads;
    conv.params[20] = static_cast<uint32_t>((conv.params[21] + tile.pixels - 1) / tile.pixels);
    conv.items = size_t(conv.params[20]) * conv.groups_y * (4 / tile.quads);
    conv.groups_y = 1;
    conv.params[22] = static_cast<uint32_t>(hp);
    conv.params[23] = static_cast<uint32_t>(wp);
    conv.params[24] = static_cast<uint32_t>(quads);
    // A constant bias of one value per channel is stored after the filters and starts the sums.
    const int bias = conv.inputs[2];
    if (operand_field(conv.params[16], bias_field) == 2u && bias >= 0 &&
        ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(static_cast<size_t>(bias))) &&
        filter_texels + groups * ((kg + 15) / 16) * 4 <= max_texels) {
        conv.texel_bias = bias;
        conv.inputs[2] = -1;
        conv.params[16] &= ~(3u << bias_field);
        conv.params[25] = static_cast<uint32_t>(filter_texels);
    }
    plan.dispatches = {pack, conv};
    plan.scratch_bytes = input_texels * texel_bytes(block.half);
    plan.exec_type += "_texel";
    return true;
}

// The parameters a shader takes as its specialization constants 0 and 1 (see each shader): llvmpipe runs
// both sides of every branch, masked, so a branch on a push constant costs what all its cases cost.
std::pair<uint32_t, uint32_t> specialization(const Dispatch& dispatch) {
    switch (dispatch.shader) {
    case Shader::conv:
    case Shader::conv_block:
    case Shader::conv_texel:
        return {dispatch.params[16], dispatch.params[17]};  // epilogue operand modes, activation
    case Shader::unary:
        return {dispatch.params[0], 0};  // op
    case Shader::binary:
        return {dispatch.params[0], dispatch.params[20]};  // op, layout kind
    case Shader::reduce:
        return {dispatch.params[3], 0};  // op
    case Shader::pool:
    case Shader::pool_c4:
        return {dispatch.params[13], 0};  // average
    case Shader::pack_c4:
        return {dispatch.c4_input ? 1u : 0u, 0};  // input in layout c4
    case Shader::softmax:
        return {dispatch.params[5], 0};  // a work group per item
    default:
        return {0, 0};
    }
}

class ShaderKernel final : public kit::OpKernel {
public:
    ShaderKernel(const std::shared_ptr<ov::Node>& node, NodePlan plan, std::shared_ptr<Device> device)
        : m_plan(std::move(plan)), m_device(std::move(device)) {
        const std::string where = m_device->name() + ": op '" + node->get_friendly_name() + "' (" +
                                  kit::OpSupport::describe_type(*node) + ")";
        for (const auto& dispatch : m_plan.dispatches) {
            try {
                const auto constants = specialization(dispatch);
                m_pipelines.push_back(m_device->pipeline(dispatch.shader, constants.first, constants.second,
                                                         dispatch.half, {dispatch.tile_pixels, dispatch.tile_quads}));
            } catch (const std::exception& e) {
                OPENVINO_THROW(where, ": ", e.what());
            }
        }
        // Constants the shaders read are uploaded once, here; every request binds these buffers. Where the
        // device's mapped memory is not device-local they go through one staging copy into device-only memory.
        const bool staged = m_device->weights_staged();
        std::deque<std::vector<unsigned char>> staged_bytes;  // uploads point into it: a deque keeps them
        std::vector<Device::Upload> uploads;
        auto place = [&](std::vector<unsigned char> bytes, const std::string& what) {
            const auto placement = staged ? Placement::device_only : Placement::mapped;
            auto buffer = std::make_shared<Buffer>(m_device, bytes.size(), what, placement);
            if (staged) {
                staged_bytes.push_back(std::move(bytes));
                uploads.push_back({buffer.get(), staged_bytes.back().data(), staged_bytes.back().size()});
            } else {
                std::memcpy(buffer->mapped(), bytes.data(), bytes.size());
            }
            return buffer;
        };
        auto as_bytes = [](const void* data, size_t bytes) {
            const auto* first = static_cast<const unsigned char*>(data);
            return std::vector<unsigned char>(first, first + bytes);
        };
        // Repacked values, stored as the dispatch's values are (f32, or f16).
        auto stored = [&](const std::vector<float>& values, bool half) {
            if (!half)
                return as_bytes(values.data(), values.size() * sizeof(float));
            std::vector<ov::float16> halves(values.begin(), values.end());
            return as_bytes(halves.data(), halves.size() * sizeof(ov::float16));
        };
        m_weights.resize(node->get_input_size());
        for (const auto& dispatch : m_plan.dispatches)
            for (int input : dispatch.inputs) {
                if (input < 0 || m_weights[static_cast<size_t>(input)])
                    continue;
                const auto constant =
                    ov::as_type_ptr<ov::op::v0::Constant>(node->get_input_node_shared_ptr(static_cast<size_t>(input)));
                if (!constant)
                    continue;
                const std::string what = "weights of '" + node->get_friendly_name() + "'";
                if (input == 1 && dispatch.pack_block) {
                    const auto packed = pack_filters(constant->cast_vector<float>(), node->get_output_shape(0)[1],
                                                     dispatch.filter_groups, dispatch.pack_block);
                    m_weights[static_cast<size_t>(input)] = place(stored(packed, dispatch.half), what);
                } else if (input == dispatch.scale_shift) {
                    auto both = constant->cast_vector<float>();
                    const auto shifts = ov::as_type_ptr<ov::op::v0::Constant>(
                                            node->get_input_node_shared_ptr(static_cast<size_t>(input) + 1))
                                            ->cast_vector<float>();
                    both.insert(both.end(), shifts.begin(), shifts.end());
                    m_weights[static_cast<size_t>(input)] = place(stored(both, dispatch.half), what);
                } else {
                    // prepare_model gave every floating constant the values' type.
                    OPENVINO_ASSERT(constant->get_element_type().size() == value_bytes(dispatch.half), where,
                                    ": constant input ", input, " is ", constant->get_element_type(),
                                    " where the shader reads ", dispatch.half ? "f16" : "f32");
                    m_weights[static_cast<size_t>(input)] =
                        place(as_bytes(constant->get_data_ptr(), constant->get_byte_size()), what);
                }
            }
        for (const auto& dispatch : m_plan.dispatches) {
            if (!dispatch.texel_filters || m_filter_view)
                continue;
            const auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node->get_input_node_shared_ptr(1));
            OPENVINO_ASSERT(constant, where, ": conv_texel needs constant filters");
            const size_t out_channels = node->get_output_shape(0)[1], groups = dispatch.params[15];
            auto packed = pack_texel_filters(constant->cast_vector<float>(), out_channels, groups, dispatch.params[7],
                                             dispatch.params[8]);
            if (dispatch.texel_bias >= 0) {
                // Per block of 16 channels of a group, their bias (zeros past the group's last channel).
                const auto bias = ov::as_type_ptr<ov::op::v0::Constant>(
                                      node->get_input_node_shared_ptr(static_cast<size_t>(dispatch.texel_bias)))
                                      ->cast_vector<float>();
                OPENVINO_ASSERT(bias.size() == out_channels, where, ": a bias of ", bias.size(), " values for ",
                                out_channels, " channels");
                const size_t kg = out_channels / groups, blocks = (kg + 15) / 16;
                OPENVINO_ASSERT(packed.size() == dispatch.params[25] * size_t(4), where, ": misplaced bias texels");
                for (size_t g = 0; g < groups; ++g)
                    for (size_t b = 0; b < blocks; ++b)
                        for (size_t lane = 0; lane < 16; ++lane)
                            packed.push_back(b * 16 + lane < kg ? bias[g * kg + b * 16 + lane] : 0.0f);
            }
            m_texel_filters = place(stored(packed, dispatch.half), "texel filters of '" + node->get_friendly_name() + "'");
            m_filter_view = std::make_shared<TexelView>(m_device, m_texel_filters->handle(),
                                                        packed.size() * value_bytes(dispatch.half), where, 0,
                                                        dispatch.half);
        }
        m_device->upload(uploads, where);
    }
    std::string name() const override { return m_plan.exec_type; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        const size_t step = static_cast<size_t>(&args.step - args.plan.steps.data());
        return std::make_unique<DispatchOp>(m_device, m_plan, m_pipelines, m_weights,
                                            m_filter_view ? m_filter_view->handle() : VK_NULL_HANDLE, args, step);
    }

private:
    NodePlan m_plan;
    std::shared_ptr<Device> m_device;
    std::vector<VkPipeline> m_pipelines;
    std::vector<std::shared_ptr<Buffer>> m_weights;  // per step input: its uploaded Constant, or null
    std::shared_ptr<Buffer> m_texel_filters;         // conv_texel's filters, repacked
    std::shared_ptr<TexelView> m_filter_view;
};

class BoundaryKernel final : public kit::OpKernel {
public:
    BoundaryKernel(ov::element::Type from, ov::element::Type to) : m_from(from), m_to(to) {}
    std::string name() const override { return m_from == m_to ? "copy" : "convert_host"; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        return std::make_unique<DownloadOp>(args, m_from, m_to);
    }

private:
    ov::element::Type m_from, m_to;
};

// ReadValue: before the submission the variable's value (else its Constant initial value, else zeros) is
// written into a mirror buffer, which a copy dispatch puts into the step's output at its place in the plan
// (the output's arena bytes may serve earlier steps of the same submission).
class StateReadOp final : public DispatchOp {
public:
    StateReadOp(std::shared_ptr<Device> device, const NodePlan& plan, const std::vector<VkPipeline>& pipelines,
                const kit::BindArgs& args, size_t step, size_t variable, bool has_init)
        : DispatchOp(std::move(device), plan, pipelines, {}, VK_NULL_HANDLE, args, step), m_variable(variable),
          m_has_init(has_init) {}

protected:
    void upload(size_t, const void* init, void* mirror, size_t bytes, kit::ExecContext& ctx) override {
        const kit::VariableSlot& slot = ctx.variables[m_variable];
        if (slot.initialized)
            std::memcpy(mirror, slot.value.data(), bytes);
        else if (m_has_init)
            std::memcpy(mirror, init, bytes);
        else
            std::memset(mirror, 0, bytes);
    }

private:
    size_t m_variable;
    bool m_has_init;
};

class StateReadKernel final : public kit::OpKernel {
public:
    StateReadKernel(std::shared_ptr<Device> device, size_t variable, bool has_init, bool half)
        : m_device(std::move(device)), m_variable(variable), m_has_init(has_init), m_half(half) {
        m_pipelines.push_back(m_device->pipeline(Shader::copy, 0, 0, half));
    }
    std::string name() const override { return "read_state"; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        const kit::BufferRef& out = args.outputs.at(0);
        const size_t count = out.bytes / value_bytes(m_half);
        NodePlan plan;
        plan.dispatches.push_back(copy_dispatch({count}, {1}, {1}));
        plan.dispatches.back().half = m_half;
        // The mirror is filled from the variable; the initial value, when there is one, is a host Constant.
        kit::BindArgs state_args{args.plan, args.step, {}, args.outputs, args.scratch};
        state_args.inputs.push_back(m_has_init ? args.inputs.at(0) : kit::BufferRef{kit::host_memory, nullptr, 0, out.bytes});
        const size_t step = static_cast<size_t>(&args.step - args.plan.steps.data());
        return std::make_unique<StateReadOp>(m_device, plan, m_pipelines, state_args, step, m_variable, m_has_init);
    }

private:
    std::shared_ptr<Device> m_device;
    std::vector<VkPipeline> m_pipelines;
    size_t m_variable;
    bool m_has_init;
    bool m_half;
};

// Assign: the value is written into the variable after the fence (at once when it is host memory, a
// Parameter or a Constant).
class StateWriteOp final : public kit::BoundOp, public AfterFence {
public:
    StateWriteOp(const kit::BufferRef& value, size_t variable) : m_value(value), m_variable(variable) {}
    void execute(kit::ExecContext& ctx) override {
        m_slot = &ctx.variables[m_variable];
        if (m_value.space == kit::host_memory) {
            std::memcpy(m_slot->value.data(), m_value.host(), m_slot->value.get_byte_size());
            m_slot->initialized = true;
            return;
        }
        static_cast<RequestContext*>(ctx.backend)->downloads.push_back(this);
    }
    void finish(const RequestContext& ctx) const override {
        const char* source = ctx.arena->mapped(m_value);
        OPENVINO_ASSERT(source, "VULKAN: an Assign's value is not memory of this request");
        std::memcpy(m_slot->value.data(), source, m_slot->value.get_byte_size());
        m_slot->initialized = true;
    }

private:
    kit::BufferRef m_value;
    size_t m_variable;
    kit::VariableSlot* m_slot = nullptr;  // the request's slot, set by execute
};

class StateWriteKernel final : public kit::OpKernel {
public:
    explicit StateWriteKernel(size_t variable) : m_variable(variable) {}
    std::string name() const override { return "write_state"; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        return std::make_unique<StateWriteOp>(args.inputs.at(0), m_variable);
    }

private:
    size_t m_variable;
};

// What `node` runs as on `device`: plan_node's plan, in the shaders' f16 variants for f16 values, conv_texel
// where the device and the shapes allow. Throws naming the op when VULKAN refuses it.
NodePlan device_plan(const ov::Node& node, const Device& device) {
    NodePlan plan;
    const std::string reason = plan_node(node, &plan);
    OPENVINO_ASSERT(reason.empty(), device.name(), ": op '", node.get_friendly_name(), "' (",
                    kit::OpSupport::describe_type(node), ") ", reason);
    // The precision changes how values are stored, never whether the op runs.
    if (node.get_output_size() > 0 && node.get_output_element_type(0) == ov::element::f16) {
        for (auto& dispatch : plan.dispatches)
            dispatch.half = true;
        const size_t at = plan.exec_type.find("_f32");
        if (at != std::string::npos)
            plan.exec_type.replace(at, 4, "_f16");
    }
    // So does the device: conv_texel where it reads vec4 texel buffers (and the shapes allow).
    use_texel_convolution(plan, device, node);
    return plan;
}

// The conv_texel dispatch of a plan, or null.
const Dispatch* texel_convolution(const NodePlan& plan) {
    return plan.dispatches.size() == 2 && plan.dispatches[1].shader == Shader::conv_texel ? &plan.dispatches[1]
                                                                                          : nullptr;
}

// conv_texel.comp: INPUT_C4, OUTPUT_C4, OUTPUT_C4_QUADS
constexpr uint32_t c4_input_bit = 256, c4_output_bit = 512, c4_quads_bit = 1024;
const char* const c4_layout = "c4";

// The ops whose output 0 VULKAN keeps in layout c4 ([C/4][H][W] texels of 4 channels, one image): what
// conv_texel reads, so that a convolution feeding convolutions (through in-place Concats or not) writes it
// directly and its consumers need no pack_c4 pass. A value qualifies when it is one image of 4-D f32 with
// channels in quads, made by a conv_texel convolution without a per-element operand or by a channel Concat
// of such values, and read only as input 0 of conv_texel convolutions or by such Concats. With channels in
// quads the layout has the plain layout's size, and channel slices lie where the plain ones do, so Concats
// stay in place (concatenates_like_plain).
std::set<const ov::Node*> c4_values(const ov::Model& model, const Device& device) {
    std::set<const ov::Node*> c4;
    std::set<const ov::Node*> texel_readers;  // conv_texel convolutions: may read a c4 input 0
    const auto ops = model.get_ordered_ops();
    const auto is_channel_concat = [](const ov::Node& node) {
        const auto* concat = ov::as_type<const ov::op::v0::Concat>(&node);
        return concat && (concat->get_axis() == 1 || concat->get_axis() == -3);
    };
    // Ops that keep c4 from input 0 to output 0 (Concat: from every input), so they are c4 on both sides or
    // on neither.
    std::set<const ov::Node*> pools;
    const auto passes_c4 = [&](const ov::Node& node) { return is_channel_concat(node) || pools.count(&node); };
    for (const auto& node : ops) {
        // MaxPool-8's second output (indices) is unread where VULKAN runs it (plan_node).
        const bool pool =
            (ov::is_type<ov::op::util::MaxPoolBase>(node) || ov::is_type<ov::op::util::AvgPoolBase>(node)) &&
            plan_node(*node, nullptr).empty();
        if ((node->get_output_size() != 1 && !pool) || !is_value_type(node->get_output_element_type(0)))
            continue;
        const bool half = node->get_output_element_type(0) == ov::element::f16;
        const auto& shape = node->get_output_partial_shape(0);
        if (!shape.is_static() || shape.rank().get_length() != 4)
            continue;
        const ov::Shape out = shape.to_shape();
        // Its readers view it as texels, from an offset aligned down by up to an alignment.
        const size_t texels = out[1] / 4 * out[2] * out[3] + device.texel_offset_alignment(half) / texel_bytes(half);
        const bool fits = out[0] == 1 && out[1] % 4 == 0 && texels <= device.max_texels(half);
        if (is_channel_concat(*node) || pool) {
            if (fits)
                c4.insert(node.get());
            if (pool)
                pools.insert(node.get());
            continue;
        }
        if (!plan_node(*node, nullptr).empty())
            continue;
        const NodePlan plan = device_plan(*node, device);
        const Dispatch* conv = texel_convolution(plan);
        if (!conv)
            continue;
        texel_readers.insert(node.get());
        if (fits && !has_per_element_operand(conv->params[16]))
            c4.insert(node.get());
    }
    // Drop values with a consumer that reads plain, and Concats of values that are not c4, until none changes.
    for (bool changed = true; changed;) {
        changed = false;
        for (auto it = c4.begin(); it != c4.end();) {
            const ov::Node* node = *it;
            bool keep = true;
            for (const auto& target : node->output(0).get_target_inputs()) {
                const ov::Node* consumer = target.get_node();
                const bool reads_c4 = texel_readers.count(consumer) || pools.count(consumer);
                keep = keep &&
                       ((reads_c4 && target.get_index() == 0) || (is_channel_concat(*consumer) && c4.count(consumer)));
                keep = keep && (!passes_c4(*consumer) || c4.count(consumer));
            }
            if (is_channel_concat(*node))
                for (const auto& input : node->input_values())
                    keep = keep && c4.count(input.get_node()) && input.get_index() == 0;
            if (pools.count(node))
                keep = keep && c4.count(node->get_input_node_ptr(0)) && node->input_value(0).get_index() == 0;
            if (keep) {
                ++it;
            } else {
                it = c4.erase(it);
                changed = true;
            }
        }
    }
    return c4;
}

class Kernels final : public kit::KernelProvider {
public:
    Kernels(std::shared_ptr<Device> device, bool half, std::set<const ov::Node*> c4)
        : m_device(std::move(device)), m_half(half), m_c4(std::move(c4)) {}
    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
        NodePlan plan = device_plan(*node, *m_device);
        if (m_c4.count(node.get()) && plan.dispatches.size() == 1 && plan.dispatches[0].shader == Shader::pool) {
            // Four channels per invocation, read and written in layout c4.
            Dispatch& pool = plan.dispatches[0];
            pool.shader = Shader::pool_c4;
            pool.inputs[0] = -1;
            pool.c4_input = pool.texel_input = true;
            pool.params[0] /= 4;
            pool.params[15] /= 4;
            pool.items /= 4;
            plan.exec_type += "_c4";
        }
        if (texel_convolution(plan)) {
            Dispatch conv = plan.dispatches[1];
            if (m_c4.count(node.get())) {
                conv.params[16] |= c4_output_bit;
                // Blocks of 16 channels start at quads where a group's channels come in quads.
                const uint32_t groups = conv.params[15], per_group = conv.params[4] / groups;
                if (per_group % 4 == 0)
                    conv.params[16] |= c4_quads_bit;
                plan.exec_type += "_c4_output";
            }
            if (m_c4.count(node->get_input_node_ptr(0))) {
                const uint32_t* p = conv.params;
                const size_t hp = conv.params[22], wp = conv.params[23];
                if (p[13] == 0 && p[14] == 0 && hp <= p[2] && wp <= p[3]) {
                    // The filter reads no padding: conv_texel reads the input where it lies, its plane unpadded.
                    conv.params[16] |= c4_input_bit;
                    conv.params[22] = p[2];
                    conv.params[23] = p[3];
                    conv.c4_input = true;
                    plan.scratch_bytes = 0;
                    plan.dispatches = {conv};
                } else {
                    // pack_c4 adds the padding, one texel fetch per texel (a pass that costs less than testing
                    // the padding in the convolution's inner loop, measured).
                    plan.dispatches[0].c4_input = plan.dispatches[0].texel_input = true;
                    plan.dispatches[0].inputs[0] = -1;
                    plan.dispatches[1] = conv;
                }
                plan.exec_type += "_c4_input";
            } else {
                plan.dispatches[1] = conv;
            }
        }
        return std::make_shared<ShaderKernel>(node, std::move(plan), m_device);
    }
    std::string layout_of(const ov::Node& node, size_t index) const override {
        return index == 0 && m_c4.count(&node) ? c4_layout : "plain";
    }
    bool concatenates_like_plain(const std::string& layout, size_t axis) const override {
        return layout == c4_layout && axis == 1;
    }
    std::shared_ptr<const kit::OpKernel> convert_kernel(const ov::element::Type& from,
                                                        const ov::element::Type& to) const override {
        const auto convertible = [](const ov::element::Type& type) {
            return type == ov::element::f32 || type == ov::element::f16 || type == ov::element::bf16;
        };
        if (from != to && !(convertible(from) && convertible(to)))
            return nullptr;
        return std::make_shared<BoundaryKernel>(from, to);
    }
    std::shared_ptr<const kit::OpKernel> read_value_kernel(size_t variable, bool has_init) const override {
        return std::make_shared<StateReadKernel>(m_device, variable, has_init, m_half);
    }
    std::shared_ptr<const kit::OpKernel> assign_kernel(size_t variable) const override {
        return std::make_shared<StateWriteKernel>(variable);
    }

private:
    std::shared_ptr<Device> m_device;
    bool m_half;                     // the model was prepared in f16: variables too hold f16 values
    std::set<const ov::Node*> m_c4;  // c4_values()
};

size_t aligned_down(size_t value, size_t alignment) { return value / alignment * alignment; }

bool overlaps(const BarrierTracker::Range& a, const BarrierTracker::Range& b) {
    return a.buffer == b.buffer && a.begin < b.end && b.begin < a.end;
}

}  // namespace

std::shared_ptr<const kit::ExecutionPlan> build_plan(const std::shared_ptr<ov::Model>& model,
                                                     const std::shared_ptr<Device>& device, bool half,
                                                     kit::PlanOptions user_types) {
    kit::PlanOptions options = std::move(user_types);
    options.device = device->name();
    options.alignment = std::max<size_t>(64, device->offset_alignment());
    options.arena_space = device_memory;
    // Producers write device memory; the user's output tensors are host memory, filled after the fence.
    options.direct_outputs = false;
    return kit::build_plan(model, Kernels(device, half, c4_values(*model, *device)), options);
}

// ---- ArenaAllocator ----

kit::BufferRef ArenaAllocator::allocate(size_t bytes, size_t) {
    m_buffers.push_back(std::make_unique<Buffer>(m_device, bytes, "request arena"));
    return kit::BufferRef{device_memory, reinterpret_cast<void*>(m_buffers.back()->handle()), 0, bytes};
}

void ArenaAllocator::release(const kit::BufferRef& buffer) {
    m_buffers.erase(std::remove_if(m_buffers.begin(), m_buffers.end(),
                                   [&](const std::unique_ptr<Buffer>& owned) {
                                       return reinterpret_cast<void*>(owned->handle()) == buffer.base;
                                   }),
                    m_buffers.end());
}

char* ArenaAllocator::mapped(const kit::BufferRef& buffer) const {
    for (const auto& owned : m_buffers)
        if (reinterpret_cast<void*>(owned->handle()) == buffer.base)
            return static_cast<char*>(owned->mapped()) + buffer.offset;
    return nullptr;
}

// ---- DispatchOp ----

DispatchOp::DispatchOp(std::shared_ptr<Device> device, const NodePlan& plan, const std::vector<VkPipeline>& pipelines,
                       const std::vector<std::shared_ptr<Buffer>>& weights, VkBufferView filter_view,
                       const kit::BindArgs& args, size_t step)
    : m_device(std::move(device)), m_step(step) {
    m_where = m_device->name() + ": op '" + args.step.node_name + "' (" + args.step.node_type + ")";
    const Api& api = vk();
    VkDevice handle = m_device->handle();
    const auto count = static_cast<uint32_t>(plan.dispatches.size());
    const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, count * binding_count},
                                          {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, count * texel_binding_count}};
    VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool_info.maxSets = count;
    pool_info.poolSizeCount = 2;
    pool_info.pPoolSizes = sizes;
    check(api.vkCreateDescriptorPool(handle, &pool_info, nullptr, &m_pool), "vkCreateDescriptorPool", m_where);
    std::vector<VkDescriptorSetLayout> layouts(count, m_device->set_layout());
    std::vector<VkDescriptorSet> sets(count);
    VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocate.descriptorPool = m_pool;
    allocate.descriptorSetCount = count;
    allocate.pSetLayouts = layouts.data();
    check(api.vkAllocateDescriptorSets(handle, &allocate, sets.data()), "vkAllocateDescriptorSets", m_where);

    // A step input's buffer: its uploaded Constant, its device value, or a mirror of the user's host tensor.
    struct Resolved {
        VkBuffer buffer;
        size_t offset, bytes;
    };
    std::vector<Resolved> inputs(args.inputs.size());
    for (size_t i = 0; i < args.inputs.size(); ++i) {
        const kit::BufferRef& ref = args.inputs[i];
        if (i < weights.size() && weights[i]) {
            inputs[i] = {weights[i]->handle(), 0, weights[i]->size()};
        } else if (ref.space == device_memory) {
            inputs[i] = {reinterpret_cast<VkBuffer>(ref.base), ref.offset, ref.bytes};
        } else {
            bool used = false;
            for (const auto& dispatch : plan.dispatches)
                used = used || std::find(dispatch.inputs.begin(), dispatch.inputs.end(), static_cast<int>(i)) !=
                                   dispatch.inputs.end();
            if (!used)
                continue;
            m_mirrors.push_back(std::make_unique<Buffer>(m_device, ref.bytes, m_where + " input mirror"));
            m_uploads.push_back({i, ref.host(), m_mirrors.back().get(), ref.bytes});
            inputs[i] = {m_mirrors.back()->handle(), 0, ref.bytes};
        }
    }

    // Every dispatch of a step stores its values alike (f32, or f16 for a model prepared in f16).
    const bool half = !plan.dispatches.empty() && plan.dispatches[0].half;
    if (plan.scratch_bytes) {
        m_scratch = std::make_unique<Buffer>(m_device, plan.scratch_bytes, m_where + " scratch");
        m_scratch_view =
            std::make_unique<TexelView>(m_device, m_scratch->handle(), plan.scratch_bytes, m_where, 0, half);
    }
    const BarrierTracker::Range scratch_range{m_scratch ? m_scratch->handle() : VK_NULL_HANDLE, 0, plan.scratch_bytes};

    // A c4 input (Dispatch::c4_input) is read where its producer wrote it: a view from an aligned-down offset,
    // the rest in whole texels through the push constant of binding 0 (which those shaders leave unused).
    uint32_t c4_origin = 0;
    BarrierTracker::Range c4_range{};
    if (std::any_of(plan.dispatches.begin(), plan.dispatches.end(), [](const Dispatch& d) { return d.c4_input; })) {
        OPENVINO_ASSERT(!inputs.empty() && inputs[0].buffer, m_where, ": a c4 input is not device memory");
        const Resolved& source = inputs[0];
        const size_t texel = texel_bytes(half);
        const size_t start = aligned_down(source.offset, m_device->texel_offset_alignment(half));
        const size_t bytes = source.offset + source.bytes - start;
        OPENVINO_ASSERT((source.offset - start) % texel == 0 && bytes % texel == 0 &&
                            bytes / texel <= m_device->max_texels(half),
                        m_where, ": the c4 input at byte ", source.offset, " (", source.bytes,
                        " bytes) cannot be viewed as texels");
        m_input_view = std::make_unique<TexelView>(m_device, source.buffer, bytes, m_where, start, half);
        c4_origin = static_cast<uint32_t>((source.offset - start) / texel);
        c4_range = {source.buffer, source.offset, source.offset + source.bytes};
    }

    std::vector<VkDescriptorBufferInfo> infos(count * binding_count);
    std::vector<VkBufferView> views(count * texel_binding_count);
    std::vector<VkWriteDescriptorSet> writes;
    for (uint32_t d = 0; d < count; ++d) {
        const Dispatch& dispatch = plan.dispatches[d];
        const kit::BufferRef& out_ref = args.outputs.at(dispatch.output);
        OPENVINO_ASSERT(out_ref.space == device_memory, m_where, ": output ", dispatch.output, " is not device memory");
        Bound bound{};
        bound.pipeline = pipelines[d];
        bound.set = sets[d];
        std::copy(std::begin(dispatch.params), std::end(dispatch.params), bound.push.params);
        const size_t groups = (dispatch.items + group_size - 1) / group_size;
        bound.groups = static_cast<uint32_t>(std::max<size_t>(1, std::min<size_t>(groups, max_groups)));
        bound.groups_y = dispatch.groups_y;
        for (uint32_t b = 0; b < binding_count; ++b) {
            Resolved target{};
            size_t element_offset = 0;
            bool written = false, read = false;
            if (b == output_binding && dispatch.output_to_scratch) {
                OPENVINO_ASSERT(m_scratch, m_where, ": a dispatch writes a scratch buffer the step does not have");
                target = {m_scratch->handle(), 0, plan.scratch_bytes};
                written = true;
            } else if (b == output_binding) {
                target = {reinterpret_cast<VkBuffer>(out_ref.base), out_ref.offset, out_ref.bytes};
                element_offset = dispatch.output_offset;
                written = true;
            } else if (dispatch.inputs[b] >= 0) {
                target = inputs[static_cast<size_t>(dispatch.inputs[b])];
                element_offset = b == 0 ? dispatch.input_offset : 0;
                read = true;
            } else {  // unused by the shader: any valid buffer
                target = {reinterpret_cast<VkBuffer>(out_ref.base), out_ref.offset, out_ref.bytes};
            }
            const size_t start = aligned_down(target.offset, m_device->offset_alignment());
            const size_t range = target.offset + target.bytes - start;
            OPENVINO_ASSERT(range <= m_device->max_range(), m_where, ": a binding of ", range,
                            " bytes exceeds the device's maxStorageBufferRange of ", m_device->max_range());
            bound.push.offsets[b] =
                static_cast<uint32_t>((target.offset - start) / value_bytes(dispatch.half) + element_offset);
            infos[d * binding_count + b] = VkDescriptorBufferInfo{target.buffer, start, std::max<size_t>(range, 4)};
            VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
            write.dstSet = sets[d];
            write.dstBinding = b;
            write.descriptorCount = 1;
            write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            write.pBufferInfo = &infos[d * binding_count + b];
            writes.push_back(write);
            if (read)
                bound.reads.push_back({target.buffer, target.offset, target.offset + target.bytes});
            if (written)
                bound.writes.push_back({target.buffer, target.offset, target.offset + target.bytes});
        }
        // Shaders storing c4 texels as vec4s index the output binding in texels.
        const bool texel_output = dispatch.shader == Shader::pool_c4 ||
                                  (dispatch.shader == Shader::conv_texel && (dispatch.params[16] & c4_quads_bit));
        OPENVINO_ASSERT(!texel_output || bound.push.offsets[output_binding] % 4 == 0, m_where,
                        ": a c4 output does not start at a whole texel of its binding");
        BarrierTracker::Range texel_input_range = scratch_range;
        VkBufferView input_view = m_scratch_view ? m_scratch_view->handle() : VK_NULL_HANDLE;
        if (dispatch.c4_input) {
            OPENVINO_ASSERT(m_input_view, m_where, ": a c4 input is not bound");
            bound.push.offsets[0] = c4_origin;
            texel_input_range = c4_range;
            input_view = m_input_view->handle();
        }
        // pack_c4 declares binding 6 for its c4 variant: the plain variant gets the scratch view there, unread.
        const bool placeholder_input = dispatch.shader == Shader::pack_c4 && !dispatch.texel_input;
        for (uint32_t t = 0; t < texel_binding_count; ++t) {
            const bool input = t == 0;
            if (!(input ? dispatch.texel_input || placeholder_input : dispatch.texel_filters))
                continue;
            VkBufferView view = input ? input_view : filter_view;
            OPENVINO_ASSERT(view, m_where, ": a dispatch reads a texel buffer the step does not have");
            views[d * texel_binding_count + t] = view;
            VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
            write.dstSet = sets[d];
            write.dstBinding = first_texel_binding + t;
            write.descriptorCount = 1;
            write.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
            write.pTexelBufferView = &views[d * texel_binding_count + t];
            writes.push_back(write);
            // The filters are constants, written once before any submission; the input is the scratch of this
            // step or, in layout c4, the producer's output.
            if (input && !placeholder_input)
                bound.reads.push_back(texel_input_range);
        }
        m_bound.push_back(std::move(bound));
    }
    api.vkUpdateDescriptorSets(handle, static_cast<uint32_t>(writes.size()), writes.data(), 0, nullptr);
}

DispatchOp::~DispatchOp() {
    if (m_pool)
        vk().vkDestroyDescriptorPool(m_device->handle(), m_pool, nullptr);  // frees its sets
}

void DispatchOp::execute(kit::ExecContext& ctx) {
    auto* request = static_cast<RequestContext*>(ctx.backend);
    for (const auto& upload : m_uploads) {
        this->upload(upload.input, upload.host, upload.mirror->mapped(), upload.bytes, ctx);
        request->uploaded_bytes += upload.bytes;
    }
    request->ops.push_back(this);
    if (!m_recorded)
        request->rerecord = true;
}

void DispatchOp::upload(size_t, const void* host, void* mirror, size_t bytes, kit::ExecContext&) {
    std::memcpy(mirror, host, bytes);
}

void DispatchOp::record(VkCommandBuffer commands, BarrierTracker& tracker, VkQueryPool queries, uint32_t query) {
    const Api& api = vk();
    if (queries)
        api.vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queries, query);
    for (const auto& bound : m_bound) {
        bool depends = false;
        for (const auto& read : bound.reads)
            for (const auto& write : tracker.writes)
                depends = depends || overlaps(read, write);
        for (const auto& written : bound.writes) {
            for (const auto& write : tracker.writes)
                depends = depends || overlaps(written, write);
            for (const auto& read : tracker.reads)
                depends = depends || overlaps(written, read);
        }
        if (depends) {
            VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
            barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_SHADER_READ_BIT;
            barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
            api.vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                     VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, nullptr, 0, nullptr);
            tracker.reads.clear();
            tracker.writes.clear();
            ++tracker.barriers;
        }
        tracker.reads.insert(tracker.reads.end(), bound.reads.begin(), bound.reads.end());
        tracker.writes.insert(tracker.writes.end(), bound.writes.begin(), bound.writes.end());
        api.vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, bound.pipeline);
        api.vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, m_device->pipeline_layout(), 0, 1,
                                    &bound.set, 0, nullptr);
        api.vkCmdPushConstants(commands, m_device->pipeline_layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                               sizeof(PushConstants), &bound.push);
        api.vkCmdDispatch(commands, bound.groups, bound.groups_y, 1);
    }
    if (queries)
        api.vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries, query + 1);
    m_recorded = true;
}

// ---- DownloadOp ----

DownloadOp::DownloadOp(const kit::BindArgs& args, ov::element::Type from, ov::element::Type to)
    : m_in(args.inputs.at(0)), m_out(args.outputs.at(0)), m_from(from), m_to(to),
      m_count(args.outputs.at(0).bytes / std::max<size_t>(1, to.size())) {
    m_where = args.plan.device + ": boundary of '" + args.step.node_name + "'";
}

void DownloadOp::convert(const void* source, void* destination) const {
    if (m_from == m_to) {
        std::memcpy(destination, source, m_count * m_to.size());
        return;
    }
    // Through a host buffer, a chunk at a time: one side is mapped device memory, which on a discrete GPU is
    // write-combined and uncached, where element-sized stores and loads each cost a bus transaction (an H100
    // spent 2.9 ms of host time per SqueezeNet inference at f16 so). memcpy moves whole chunks.
    constexpr size_t chunk = 4096;
    alignas(64) unsigned char from_values[chunk * 4], to_values[chunk * 4];
    const auto* in = static_cast<const unsigned char*>(source);
    auto* out = static_cast<unsigned char*>(destination);
    for (size_t first = 0; first < m_count; first += chunk) {
        const size_t count = std::min(chunk, m_count - first);
        std::memcpy(from_values, in + first * m_from.size(), count * m_from.size());
        kit::convert_floats(from_values, m_from, to_values, m_to, count);
        std::memcpy(out + first * m_to.size(), to_values, count * m_to.size());
    }
}

// Boundary steps run on the host through mapped memory: an input (a host tensor, or a remote tensor that the
// host wrote) before the submission; a value the device writes after the fence.
void DownloadOp::resolve(const RequestContext& request) {
    m_after_fence = m_in.space == device_memory && !request.is_remote(m_in);
    m_source = m_in.space == kit::host_memory ? m_in.host() : request.mapped(m_in);
    m_destination = m_out.space == kit::host_memory ? m_out.host() : request.mapped(m_out);
    OPENVINO_ASSERT(m_source && m_destination, m_where,
                    ": the source or the destination is not memory of this request");
    m_resolved = true;
}

void DownloadOp::execute(kit::ExecContext& ctx) {
    auto* request = static_cast<RequestContext*>(ctx.backend);
    if (!m_resolved)
        resolve(*request);
    if (m_after_fence)
        request->downloads.push_back(this);  // the device writes it: read after the fence
    else
        convert(m_source, m_destination);
}

void DownloadOp::finish(const RequestContext&) const { convert(m_source, m_destination); }

char* RequestContext::mapped(const kit::BufferRef& buffer) const {
    if (char* in_arena = arena->mapped(buffer))
        return in_arena;
    const auto found = remote.find(reinterpret_cast<VkBuffer>(buffer.base));
    return found == remote.end() ? nullptr : found->second + buffer.offset;
}

}  // namespace vulkan
}  // namespace devmux
