// SPDX-License-Identifier: Apache-2.0
// MaxPool and AvgPool over 2-D NCHW planes (pool.comp; pool_c4.comp where layouts.cpp keeps both sides c4).
#include "ops/helpers.hpp"
#include "ops/pool_params.h"
#include "openvino/op/ops.hpp"

namespace devmux {
namespace vulkan {
namespace {

std::string plan_pool(const ov::Node& node, NodePlan* plan) {
    const auto* max8 = ov::as_type<const ov::op::v8::MaxPool>(&node);
    const auto* max14 = ov::as_type<const ov::op::v14::MaxPool>(&node);
    if (auto reason = check_values(node, {0}); !reason.empty()) {
        // MaxPool-8's and MaxPool-14's second output holds indices: only the values are computed.
        if (!((max8 || max14) && is_value_type(node.get_output_element_type(0)) &&
              node.get_input_element_type(0) == node.get_output_element_type(0)))
            return reason;
    }
    if ((max8 || max14) && !node.get_output_target_inputs(1).empty())
        return "has its indices output read; VULKAN computes only MaxPool's values";
    // A max window is clipped to the input, so ceil_torch (which only drops a last window from the output
    // shape) needs nothing more; an average would also need the divisor rule for such windows.
    if (const auto* avg14 = ov::as_type<const ov::op::v14::AvgPool>(&node);
        avg14 && avg14->get_rounding_type() == ov::op::RoundingType::CEIL_TORCH)
        return "has rounding_type ceil_torch; VULKAN runs AvgPool with floor or ceil rounding";
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
        if (max8)
            dilations = max8->get_dilations();
        else if (max14)
            dilations = max14->get_dilations();
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
        PoolParams params{};
        params.planes = static_cast<uint32_t>(in[0] * in[1]);
        params.height = static_cast<uint32_t>(in[2]);
        params.width = static_cast<uint32_t>(in[3]);
        params.out_height = static_cast<uint32_t>(out[2]);
        params.out_width = static_cast<uint32_t>(out[3]);
        params.kernel_h = static_cast<uint32_t>(kernel[0]);
        params.kernel_w = static_cast<uint32_t>(kernel[1]);
        params.stride_h = static_cast<uint32_t>(strides[0]);
        params.stride_w = static_cast<uint32_t>(strides[1]);
        params.dilation_h = static_cast<uint32_t>(dilations[0]);
        params.dilation_w = static_cast<uint32_t>(dilations[1]);
        params.pad_top = static_cast<uint32_t>(pads_begin[0]);
        params.pad_left = static_cast<uint32_t>(pads_begin[1]);
        params.average = average ? 1u : 0u;
        params.exclude_pad = exclude_pad ? 1u : 0u;
        params.items = static_cast<uint32_t>(items);
        params.pad_bottom = static_cast<uint32_t>(pads_end[0]);
        params.pad_right = static_cast<uint32_t>(pads_end[1]);
        dispatch.set_params(params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = average ? "avg_pool_f32" : "max_pool_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry pool_entry() { return planner_entry({"MaxPool", "AvgPool"}, plan_pool); }

}  // namespace vulkan
}  // namespace devmux
