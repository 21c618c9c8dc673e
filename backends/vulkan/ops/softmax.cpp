// SPDX-License-Identifier: Apache-2.0
// Softmax-1 and Softmax-8 along one axis (softmax.comp).
#include "ops/helpers.hpp"
#include "ops/softmax_params.h"
#include "openvino/op/ops.hpp"

namespace devmux {
namespace vulkan {
namespace {

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
        SoftmaxParams params{};
        params.outer = static_cast<uint32_t>(outer);
        params.axis = static_cast<uint32_t>(middle);
        params.inner = static_cast<uint32_t>(inner);
        params.log_softmax = 0u;
        params.items = static_cast<uint32_t>(outer * inner);
        params.cooperative = cooperative ? 1u : 0u;
        dispatch.set_params(params);
        dispatch.constants[0] = cooperative ? 1u : 0u;
        plan->dispatches.push_back(dispatch);
        plan->exec_type = cooperative ? "softmax_rows_f32" : "softmax_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry softmax_entry() { return planner_entry({"Softmax"}, plan_softmax); }

}  // namespace vulkan
}  // namespace devmux
