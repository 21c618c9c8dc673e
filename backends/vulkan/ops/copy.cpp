// SPDX-License-Identifier: Apache-2.0
// The ops that move values as they are: Transpose, Concat and Split, as strided copies (copy.comp).
#include "ops/helpers.hpp"
#include "openvino/op/ops.hpp"

namespace devmux {
namespace vulkan {
namespace {

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
    if (auto reason = check_values(node, all_inputs(node)); !reason.empty())
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

}  // namespace

VulkanKernelEntry transpose_entry() { return planner_entry({"Transpose"}, plan_transpose); }

VulkanKernelEntry concat_entry() { return planner_entry({"Concat"}, plan_concat); }

VulkanKernelEntry split_entry() { return planner_entry({"Split"}, plan_split); }

}  // namespace vulkan
}  // namespace devmux
