// SPDX-License-Identifier: Apache-2.0
// VariadicSplit-1 with a constant axis and split lengths: one box copy (copy.comp) per non-empty output, its
// source shifted to the output's first slice along the axis.
#include "ops/helpers.hpp"
#include "openvino/op/variadic_split.hpp"

namespace devmux {
namespace vulkan {
namespace {

std::string plan_variadic_split(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    std::vector<int64_t> axis_value, lengths;
    if (!constant_ints(node, 1, axis_value) || axis_value.size() != 1)
        return "has an axis that is not a scalar Constant";
    if (!constant_ints(node, 2, lengths))
        return "has split lengths that are not a Constant";
    const ov::Shape in = node.get_input_shape(0);
    const auto rank = static_cast<int64_t>(in.size());
    const int64_t axis = axis_value[0] < 0 ? axis_value[0] + rank : axis_value[0];
    if (axis < 0 || axis >= rank)
        return "has axis " + std::to_string(axis_value[0]) + " outside its input " + shape_text(in);
    if (plan) {
        // The output shapes hold the lengths with -1 resolved.
        const auto in_strides = strides_of(in);
        size_t offset = 0;
        for (size_t o = 0; o < node.get_output_size(); ++o) {
            const ov::Shape out = node.get_output_shape(o);
            const size_t first = offset;
            offset += out[static_cast<size_t>(axis)];
            if (ov::shape_size(out) == 0)
                continue;
            Dispatch dispatch = copy_dispatch(std::vector<size_t>(out.begin(), out.end()), in_strides, strides_of(out));
            dispatch.output = o;
            dispatch.input_offset = first * in_strides[static_cast<size_t>(axis)];
            plan->dispatches.push_back(dispatch);
        }
        plan->exec_type = "variadic_split_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry variadic_split_entry() { return planner_entry({"VariadicSplit"}, plan_variadic_split); }

}  // namespace vulkan
}  // namespace devmux
