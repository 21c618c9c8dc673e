// SPDX-License-Identifier: Apache-2.0
// Broadcast-1 and Broadcast-3 (numpy, bidirectional and explicit, with a constant target shape and axes
// mapping): one box copy (copy.comp) of the output, reading the input with stride 0 along the axes it is
// repeated over.
#include "ops/helpers.hpp"
#include "openvino/op/broadcast.hpp"

namespace devmux {
namespace vulkan {
namespace {

std::string plan_broadcast(const ov::Node& node, NodePlan* plan) {
    if (auto reason = check_values(node, {0}); !reason.empty())
        return reason;
    if (auto reason = check_rank(node, max_rank); !reason.empty())
        return reason;
    bool explicit_axes = false;
    if (const auto* v3 = ov::as_type<const ov::op::v3::Broadcast>(&node)) {
        const auto type = v3->get_broadcast_spec().m_type;
        if (type == ov::op::BroadcastType::PDPD)
            return "broadcasts by the pdpd rule, which VULKAN does not run";
        explicit_axes = type == ov::op::BroadcastType::EXPLICIT;
    } else {
        const auto type = ov::as_type<const ov::op::v1::Broadcast>(&node)->get_broadcast_spec().m_type;
        if (type == ov::op::AutoBroadcastType::PDPD)
            return "broadcasts by the pdpd rule, which VULKAN does not run";
        explicit_axes = type == ov::op::AutoBroadcastType::EXPLICIT;
    }
    std::vector<int64_t> target, axes;
    if (!constant_ints(node, 1, target))
        return "has a target shape that is not a Constant";
    if (explicit_axes && (node.get_input_size() < 3 || !constant_ints(node, 2, axes)))
        return "has an axes mapping that is not a Constant";
    const ov::Shape in = node.get_input_shape(0), out = node.get_output_shape(0);
    std::vector<size_t> source_strides;
    if (explicit_axes) {
        // Input axis i lies at output axis axes[i]; the other output axes repeat it.
        if (axes.size() != in.size())
            return "has an axes mapping of " + std::to_string(axes.size()) + " axes for an input of rank " +
                   std::to_string(in.size());
        source_strides.assign(out.size(), 0);
        const auto own = strides_of(in);
        for (size_t i = 0; i < in.size(); ++i) {
            if (axes[i] < 0 || axes[i] >= static_cast<int64_t>(out.size()))
                return "maps input axis " + std::to_string(i) + " to output axis " + std::to_string(axes[i]) +
                       ", outside its output " + shape_text(out);
            if (in[i] != 1 && in[i] != out[static_cast<size_t>(axes[i])])
                return "maps input axis " + std::to_string(i) + " of extent " + std::to_string(in[i]) +
                       " to an output axis of extent " + std::to_string(out[static_cast<size_t>(axes[i])]);
            if (in[i] != 1)
                source_strides[static_cast<size_t>(axes[i])] = own[i];
        }
    } else {
        // numpy and bidirectional: the input aligned to the output's last axes.
        if (in.size() > out.size())
            return "has an input " + shape_text(in) + " of higher rank than its output " + shape_text(out);
        for (size_t d = 0; d < in.size(); ++d)
            if (in[d] != 1 && in[d] != out[d + out.size() - in.size()])
                return "has an input " + shape_text(in) + " that does not broadcast to its output " + shape_text(out);
        source_strides = broadcast_strides(in, out);
    }
    if (ov::shape_size(out) == 0)
        return "has an empty output " + shape_text(out);
    if (plan) {
        plan->dispatches.push_back(copy_dispatch(std::vector<size_t>(out.begin(), out.end()), source_strides,
                                                 strides_of(out)));
        plan->exec_type = "broadcast_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry broadcast_entry() { return planner_entry({"Broadcast"}, plan_broadcast); }

}  // namespace vulkan
}  // namespace devmux
