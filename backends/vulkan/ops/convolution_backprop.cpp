// SPDX-License-Identifier: Apache-2.0
// ConvolutionBackpropData-1 and GroupConvolutionBackpropData-1 over 2-D NCHW planes (convolution_backprop.comp):
// strides, dilations, explicit and automatic paddings, output_padding and a constant output_shape; the op's shape
// inference has already put the paddings in effect in pads_begin (pads_end and output_padding only size the output).
#include "ops/convolution_backprop_params.h"
#include "ops/helpers.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"

namespace devmux {
namespace vulkan {
namespace {

std::string plan_convolution_backprop(const ov::Node& node, NodePlan* plan) {
    const auto& op = static_cast<const ov::op::util::ConvolutionBackPropBase&>(node);
    const bool grouped = ov::is_type<ov::op::v1::GroupConvolutionBackpropData>(&node);
    if (auto reason = check_values(node, {0, 1}); !reason.empty())
        return reason;
    if (node.get_input_size() > 2 && !ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(2)))
        return "has an output_shape that is not a Constant";
    const ov::Shape in = node.get_input_shape(0), filters = node.get_input_shape(1), out = node.get_output_shape(0);
    if (in.size() != 4)
        return "has a " + std::to_string(in.size()) + "-D input; VULKAN runs 2-D transposed convolutions (4-D NCHW "
               "tensors)";
    const ov::Strides& strides = op.get_strides();
    const ov::Strides& dilations = op.get_dilations();
    const ov::CoordinateDiff& pads = op.get_pads_begin();
    if (strides.size() != 2 || dilations.size() != 2 || pads.size() != 2)
        return "has strides, dilations or pads_begin of the wrong rank";
    const size_t groups = grouped ? filters[0] : 1;
    if (plan) {
        ConvolutionBackpropParams params{};
        // One invocation per pixel and quad of output channels of a group.
        const size_t quads = (out[1] / groups + 3) / 4;
        params.items = static_cast<uint32_t>(out[0] * groups * quads * out[2] * out[3]);
        params.in_channels = static_cast<uint32_t>(in[1]);
        params.in_h = static_cast<uint32_t>(in[2]);
        params.in_w = static_cast<uint32_t>(in[3]);
        params.out_channels = static_cast<uint32_t>(out[1]);
        params.out_h = static_cast<uint32_t>(out[2]);
        params.out_w = static_cast<uint32_t>(out[3]);
        params.kernel_h = static_cast<uint32_t>(filters[filters.size() - 2]);
        params.kernel_w = static_cast<uint32_t>(filters[filters.size() - 1]);
        params.stride_h = static_cast<uint32_t>(strides[0]);
        params.stride_w = static_cast<uint32_t>(strides[1]);
        params.dilation_h = static_cast<uint32_t>(dilations[0]);
        params.dilation_w = static_cast<uint32_t>(dilations[1]);
        params.pad_top = static_cast<int32_t>(pads[0]);
        params.pad_left = static_cast<int32_t>(pads[1]);
        params.groups = static_cast<uint32_t>(groups);
        Dispatch dispatch = make_dispatch(Shader::convolution_backprop, params.items);
        dispatch.inputs[0] = 0;
        dispatch.inputs[1] = 1;
        dispatch.set_params(params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = grouped ? "group_deconv_f32" : "deconv_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry convolution_backprop_entry() {
    return planner_entry({"ConvolutionBackpropData", "GroupConvolutionBackpropData"}, plan_convolution_backprop);
}

}  // namespace vulkan
}  // namespace devmux
