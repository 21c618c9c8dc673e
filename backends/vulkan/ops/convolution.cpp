// SPDX-License-Identifier: Apache-2.0
// The convolution family: Convolution, GroupConvolution and kit::FusedConvolution (their bias, activation,
// scale-shift and addend applied by conv_epilogue.glsl) as conv.comp (4 x 4 tiles), conv_block.comp (blocks of
// 16 output channels) or, where the device reads texel buffers, pack_c4.comp + conv_texel.comp; and the
// filters repacked for the blocked shaders.
#include "ops/convolution.hpp"

#include <limits>

#include "devmux/kit/internal_ops.hpp"
#include "ops/conv_params.h"
#include "ops/helpers.hpp"
#include "ops/pack_c4_params.h"
#include "openvino/op/ops.hpp"

namespace devmux {
namespace vulkan {
namespace {

// Codes of the epilogue's activation (conv_epilogue.glsl; specialization constant 1).
enum FusedAct : uint32_t { a_none = 0, a_relu, a_clamp, a_sigmoid, a_tanh, a_prelu };

std::string plan_convolution(const ov::Node& node, NodePlan* plan) {
    const auto* fused = ov::as_type<const kit::FusedConvolution>(&node);
    const auto* base = ov::as_type<const ov::op::util::ConvolutionBase>(&node);
    const bool grouped = ov::is_type<ov::op::v1::GroupConvolution>(&node);
    if (auto reason = check_values(node, all_inputs(node)); !reason.empty())
        return reason;
    const ov::Shape in = node.get_input_shape(0), filters = node.get_input_shape(1), out = node.get_output_shape(0);
    if (in.size() != 4)
        return "has a " + std::to_string(in.size()) + "-D input; VULKAN runs 2-D convolutions (4-D NCHW tensors)";
    if (fused && (fused->is_grouped() || fused->get_activation() == kit::FusedActivation::HSwish))
        return "has groups or an HSwish, which the VULKAN convolution kernels do not fuse";
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
        case kit::FusedActivation::HSwish:  // refused above
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
        ConvParams params{};
        if (blocked) {
            dispatch.groups_y = static_cast<uint32_t>(groups * ((kg + 15) / 16));
            dispatch.pack_block = 16;
            dispatch.filter_groups = static_cast<uint32_t>(groups);
            params.pixels = static_cast<uint32_t>(pixels);
        }
        dispatch.inputs = inputs;
        if (fused && fused->has_scale_shift())
            dispatch.scale_shift = static_cast<int>(fused->scale_input());
        params.batch = static_cast<uint32_t>(in[0]);
        params.channels = static_cast<uint32_t>(in[1]);
        params.height = static_cast<uint32_t>(in[2]);
        params.width = static_cast<uint32_t>(in[3]);
        params.out_channels = static_cast<uint32_t>(out[1]);
        params.out_height = static_cast<uint32_t>(out[2]);
        params.out_width = static_cast<uint32_t>(out[3]);
        params.kernel_h = static_cast<uint32_t>(kh);
        params.kernel_w = static_cast<uint32_t>(kw);
        params.stride_h = static_cast<uint32_t>(strides[0]);
        params.stride_w = static_cast<uint32_t>(strides[1]);
        params.dilation_h = static_cast<uint32_t>(dilations[0]);
        params.dilation_w = static_cast<uint32_t>(dilations[1]);
        params.pad_top = static_cast<uint32_t>(pads[0]);
        params.pad_left = static_cast<uint32_t>(pads[1]);
        params.groups = static_cast<uint32_t>(groups);
        params.modes = modes;
        params.activation = act;
        params.clamp_min = clamp_min;
        params.clamp_max = clamp_max;
        params.items = static_cast<uint32_t>(items);
        dispatch.set_params(params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = fused ? "conv_fused_f32" : (grouped ? "group_conv_f32" : "conv_f32");
    }
    return {};
}

}  // namespace

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
    const ConvParams p = block.params_as<ConvParams>();
    const size_t n = p.batch, c = p.channels, k = p.out_channels, oh = p.out_height, ow = p.out_width;
    const size_t kh = p.kernel_h, kw = p.kernel_w, sh = p.stride_h, sw = p.stride_w, dh = p.dilation_h;
    const size_t dw = p.dilation_w, groups = p.groups;
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
    PackC4Params packing{};
    packing.channels = p.channels;
    packing.height = p.height;
    packing.width = p.width;
    packing.padded_height = static_cast<uint32_t>(hp);
    packing.padded_width = static_cast<uint32_t>(wp);
    packing.pad_top = p.pad_top;
    packing.pad_left = p.pad_left;
    packing.items = static_cast<uint32_t>(input_texels);
    pack.set_params(packing);
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
    ConvParams texel = p;
    texel.items = static_cast<uint32_t>((p.pixels + tile.pixels - 1) / tile.pixels);
    conv.items = size_t(texel.items) * conv.groups_y * (4 / tile.quads);
    conv.groups_y = 1;
    texel.padded_height = static_cast<uint32_t>(hp);
    texel.padded_width = static_cast<uint32_t>(wp);
    texel.input_quads = static_cast<uint32_t>(quads);
    // A constant bias of one value per channel is stored after the filters and starts the sums.
    const int bias = conv.inputs[2];
    if (operand_field(texel.modes, bias_field) == 2u && bias >= 0 &&
        ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(static_cast<size_t>(bias))) &&
        filter_texels + groups * ((kg + 15) / 16) * 4 <= max_texels) {
        conv.texel_bias = bias;
        conv.inputs[2] = -1;
        texel.modes &= ~(3u << bias_field);
        texel.bias_texel = static_cast<uint32_t>(filter_texels);
    }
    conv.set_params(texel);
    plan.dispatches = {pack, conv};
    plan.scratch_bytes = input_texels * texel_bytes(block.half);
    plan.exec_type += "_texel";
    return true;
}

VulkanKernelEntry convolution_entry() {
    return planner_entry({"Convolution", "GroupConvolution", "FusedConvolution"}, plan_convolution);
}

}  // namespace vulkan
}  // namespace devmux
