// SPDX-License-Identifier: Apache-2.0
// VULKAN's kernel table: the entries of ops/table.inc, after the one for the ops that run no shader.
#include "ops/helpers.hpp"
#include "openvino/op/ops.hpp"

namespace devmux {
namespace vulkan {

#define DEVMUX_VULKAN_KERNEL(name) VulkanKernelEntry name##_entry();
#include "ops/table.inc"
#undef DEVMUX_VULKAN_KERNEL

namespace {

bool is_structural(const ov::Node& node) {
    return ov::is_type<ov::op::v0::Parameter>(&node) || ov::is_type<ov::op::v0::Constant>(&node) ||
           ov::is_type<ov::op::v0::Result>(&node);
}

// Reshape, Squeeze and Unsqueeze keep the bytes: the planner makes them views of their input.
bool is_view(const ov::Node& node) {
    // The planner makes these views of their input (kit's is_view_op), a Convert to its own type included.
    return (ov::is_type<ov::op::v1::Reshape>(&node) || ov::is_type<ov::op::v0::Squeeze>(&node) ||
            ov::is_type<ov::op::v0::Unsqueeze>(&node) || ov::is_type<ov::op::v0::Convert>(&node)) &&
           node.get_output_element_type(0) == node.get_input_element_type(0);
}

const char* const no_shader = "has no VULKAN shader";

// First, for every type: accepts the ops the planner runs without a shader and refuses the rest with the reason
// a node gets when no later entry of its type has one of its own (the statement reports the last refusal).
VulkanKernelEntry graph_entry() {
    VulkanKernelEntry entry;
    entry.types = {"*"};
    entry.check = [](const ov::Node& node) {
        return is_structural(node) || is_view(node) ? std::string() : std::string(no_shader);
    };
    return entry;  // no factory: plan_node refuses these, as they dispatch nothing
}

}  // namespace

const VulkanKernelTable& kernel_table() {
    static const VulkanKernelTable table("VULKAN", [] {
        std::vector<VulkanKernelEntry> entries{graph_entry()};
#define DEVMUX_VULKAN_KERNEL(name) entries.push_back(name##_entry());
#include "ops/table.inc"
#undef DEVMUX_VULKAN_KERNEL
        return entries;
    }());
    return table;
}

const kit::OpSupport& op_support() { return kernel_table().support(); }

std::string plan_node(const ov::Node& node, NodePlan* plan) {
    // The rule the statement accepts `node` by is the entry_for() decision, without its throw: callers (the c4
    // walk) ask about nodes VULKAN may refuse.
    std::string reason;
    const kit::OpRule* rule = kernel_table().support().accepting_rule(node, &reason);
    if (!rule)
        return reason;
    const VulkanKernelEntry& entry = kernel_table().entries()[static_cast<size_t>(rule->entry)];
    if (!entry.make)
        return no_shader;
    return entry.make(node, plan);
}

}  // namespace vulkan
}  // namespace devmux
