// SPDX-License-Identifier: Apache-2.0
// ReduceSum, ReduceMean, ReduceMax and ReduceProd over one run of adjacent axes (reduce.comp).
#include "ops/helpers.hpp"
#include "ops/reduce_params.h"
#include <algorithm>

#include "openvino/op/ops.hpp"

namespace devmux {
namespace vulkan {
namespace {

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
    uint32_t op = DEVMUX_REDUCE_SUM;
    if (ov::is_type<ov::op::v1::ReduceMean>(&node))
        op = DEVMUX_REDUCE_MEAN;
    else if (ov::is_type<ov::op::v1::ReduceMax>(&node))
        op = DEVMUX_REDUCE_MAX;
    else if (ov::is_type<ov::op::v1::ReduceProd>(&node))
        op = DEVMUX_REDUCE_PROD;
    if (plan) {
        size_t outer = ov::shape_size(in), middle = 1, inner = 1;
        if (!real.empty())
            split_around(in, real.front(), real.back(), outer, middle, inner);
        Dispatch dispatch = make_dispatch(Shader::reduce, outer * inner);
        dispatch.inputs[0] = 0;
        ReduceParams params{};
        params.outer = static_cast<uint32_t>(outer);
        params.reduced = static_cast<uint32_t>(middle);
        params.inner = static_cast<uint32_t>(inner);
        params.op = op;
        params.items = static_cast<uint32_t>(outer * inner);
        dispatch.set_params(params);
        dispatch.constants[0] = op;
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "reduce_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry reduce_entry() {
    return planner_entry({"ReduceMean", "ReduceSum", "ReduceMax", "ReduceProd"}, plan_reduce);
}

}  // namespace vulkan
}  // namespace devmux
