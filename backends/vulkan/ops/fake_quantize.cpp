// SPDX-License-Identifier: Apache-2.0
// FakeQuantize-0 (fake_quantize.comp): ranges of one value, one per channel or one per element, bound as they are
// (constants uploaded once; a computed range is read where it lies).
#include "ops/fake_quantize_params.h"
#include "ops/helpers.hpp"
#include "openvino/op/fake_quantize.hpp"

namespace devmux {
namespace vulkan {
namespace {

const char* const range_names[] = {"input_low", "input_high", "output_low", "output_high"};

std::string plan_fake_quantize(const ov::Node& node, NodePlan* plan) {
    const auto& quantize = static_cast<const ov::op::v0::FakeQuantize&>(node);
    if (auto reason = check_values(node, all_inputs(node)); !reason.empty())
        return reason;
    if (quantize.get_auto_broadcast().m_type == ov::op::AutoBroadcastType::PDPD)
        return "broadcasts by the pdpd rule, which VULKAN does not run";
    const ov::Shape data = node.get_input_shape(0), out = node.get_output_shape(0);
    if (out != data)
        return "has an output of shape " + shape_text(out) + " larger than its data " + shape_text(data) +
               "; VULKAN quantizes in the data's shape";
    uint32_t modes = 0;
    for (size_t range = 0; range < 4; ++range) {
        const ov::Shape shape = node.get_input_shape(range + 1);
        uint32_t mode = 0;
        if (ov::shape_size(shape) == 1)
            mode = DEVMUX_FQ_RANGE_ONE;
        else if (ov::shape_size(shape) == ov::shape_size(out))
            mode = DEVMUX_FQ_RANGE_PER_VALUE;  // the output's shape, perhaps with fewer leading 1s
        else if (out.size() >= 2)
            mode = operand_mode(shape, out) == 2 ? DEVMUX_FQ_RANGE_PER_CHANNEL : 0;
        if (mode == 0)
            return std::string("has ") + range_names[range] + " of shape " + shape_text(shape) +
                   "; VULKAN reads a range of one value, one per channel (axis 1) or one per element";
        modes |= mode << (2 * range);
    }
    if (plan) {
        FakeQuantizeParams params{};
        params.items = static_cast<uint32_t>(ov::shape_size(out));
        params.channels = static_cast<uint32_t>(out.size() >= 2 ? out[1] : 1);
        size_t per_channel = 1;
        for (size_t d = 2; d < out.size(); ++d)
            per_channel *= out[d];
        params.per_channel = static_cast<uint32_t>(per_channel);
        params.levels_minus_one = static_cast<float>(quantize.get_levels() - 1);
        params.range_modes = modes;
        // Per-channel ranges over planes of a work group's width or more: one plane per work group along y, so
        // that its channel is found once per invocation (llvmpipe divides lane by lane).
        bool per_channel_range = false;
        for (size_t range = 0; range < 4; ++range)
            per_channel_range = per_channel_range || ((modes >> (2 * range)) & 3u) == DEVMUX_FQ_RANGE_PER_CHANNEL;
        const size_t rows = ov::shape_size(out) / per_channel;
        params.rows = per_channel_range && per_channel >= group_size && rows <= max_groups ? 1u : 0u;
        Dispatch dispatch = make_dispatch(Shader::fake_quantize, params.rows ? per_channel : size_t(params.items));
        if (params.rows)
            dispatch.groups_y = static_cast<uint32_t>(rows);
        dispatch.inputs = {{0, 1, 2, 3, 4}};
        dispatch.set_params(params);
        dispatch.constants[0] = modes;
        dispatch.constants[1] = params.rows;
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "fake_quantize_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry fake_quantize_entry() { return planner_entry({"FakeQuantize"}, plan_fake_quantize); }

}  // namespace vulkan
}  // namespace devmux
