// SPDX-License-Identifier: Apache-2.0
// MVN-0, MVN-6 and NormalizeL2-0 over one run of adjacent axes (normalize.comp).
#include <algorithm>

#include "ops/helpers.hpp"
#include "ops/normalize_params.h"
#include "openvino/op/mvn.hpp"
#include "openvino/op/normalize_l2.hpp"

namespace devmux {
namespace vulkan {
namespace {

// The normalised axes as [outer, reduced, inner] of `shape`, or why VULKAN cannot normalise over them.
std::string split_normalised(const ov::Shape& shape, const std::vector<int64_t>& axes, NormalizeParams& params) {
    const auto rank = static_cast<int64_t>(shape.size());
    std::vector<size_t> real;  // the axes that are not of extent 1, which change nothing
    for (int64_t axis : axes) {
        const int64_t normalized = axis < 0 ? axis + rank : axis;
        if (normalized < 0 || normalized >= rank)
            return "has axis " + std::to_string(axis) + " outside its data's rank";
        if (shape[static_cast<size_t>(normalized)] != 1)
            real.push_back(static_cast<size_t>(normalized));
    }
    std::sort(real.begin(), real.end());
    real.erase(std::unique(real.begin(), real.end()), real.end());
    for (size_t i = 1; i < real.size(); ++i)
        if (real[i] != real[i - 1] + 1)
            return "normalises over axes that are not adjacent; VULKAN normalises one run of adjacent axes";
    size_t outer = ov::shape_size(shape), reduced = 1, inner = 1;
    if (!real.empty())
        split_around(shape, real.front(), real.back(), outer, reduced, inner);
    params.outer = static_cast<uint32_t>(outer);
    params.reduced = static_cast<uint32_t>(reduced);
    params.inner = static_cast<uint32_t>(inner);
    params.items = static_cast<uint32_t>(outer * inner);
    return {};
}

std::string plan_normalize(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    const ov::Shape shape = node.get_input_shape(0);
    NormalizeParams params{};
    std::vector<int64_t> axes;
    std::string name;
    if (const auto* mvn = ov::as_type<const ov::op::v0::MVN>(&node)) {
        // The axes in effect: reduction_axes, else the spatial axes and the channels too when across_channels.
        const ov::AxisSet set = mvn->get_reduction_axes();
        if (!set.empty())
            axes.assign(set.begin(), set.end());
        else
            for (size_t axis = mvn->get_across_channels() ? 1 : 2; axis < shape.size(); ++axis)
                axes.push_back(static_cast<int64_t>(axis));
        params.eps = static_cast<float>(mvn->get_eps());
        params.kind = mvn->get_normalize_variance() ? DEVMUX_NORMALIZE_MVN_EPS_INSIDE : DEVMUX_NORMALIZE_MVN_MEAN_ONLY;
        name = "mvn";
    } else if (const auto* mvn6 = ov::as_type<const ov::op::v6::MVN>(&node)) {
        if (!constant_ints(node, 1, axes))
            return "has axes that are not a Constant";
        params.eps = mvn6->get_eps();
        params.kind = !mvn6->get_normalize_variance() ? DEVMUX_NORMALIZE_MVN_MEAN_ONLY
                      : mvn6->get_eps_mode() == ov::op::MVNEpsMode::INSIDE_SQRT ? DEVMUX_NORMALIZE_MVN_EPS_INSIDE
                                                                                 : DEVMUX_NORMALIZE_MVN_EPS_OUTSIDE;
        name = "mvn";
    } else {
        const auto& l2 = static_cast<const ov::op::v0::NormalizeL2&>(node);
        if (!constant_ints(node, 1, axes))
            return "has axes that are not a Constant";
        params.eps = l2.get_eps();
        params.kind = l2.get_eps_mode() == ov::op::EpsMode::ADD ? DEVMUX_NORMALIZE_L2_ADD : DEVMUX_NORMALIZE_L2_MAX;
        name = "normalize_l2";
    }
    if (auto reason = split_normalised(shape, axes, params); !reason.empty())
        return reason;
    if (plan) {
        // Long groups get a work group each (the lanes share the sums); short ones an invocation each.
        params.cooperative = params.reduced >= group_size ? 1u : 0u;
        Dispatch dispatch = make_dispatch(Shader::normalize, params.cooperative ? size_t(params.items) * group_size
                                                                                : size_t(params.items));
        dispatch.inputs[0] = 0;
        dispatch.set_params(params);
        dispatch.constants[0] = params.kind;
        dispatch.constants[1] = params.cooperative;
        plan->dispatches.push_back(dispatch);
        plan->exec_type = name + (params.cooperative ? "_rows_f32" : "_f32");
    }
    return {};
}

}  // namespace

VulkanKernelEntry normalize_entry() { return planner_entry({"MVN", "NormalizeL2"}, plan_normalize); }

}  // namespace vulkan
}  // namespace devmux
