// SPDX-License-Identifier: Apache-2.0
// The variables: ReadValue (a copy.comp dispatch from a mirror the host fills) and Assign (a host copy after the
// fence). The kit asks the provider for their kernels (read_value_kernel, assign_kernel): the table's entries
// state which ones VULKAN runs.
#include "ops/state.hpp"

#include <cstring>

#include "ops/helpers.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"

namespace devmux {
namespace vulkan {
namespace {

std::string plan_read_value(const ov::Node& node, NodePlan* plan) {
    if (!is_value_type(node.get_output_element_type(0)))
        return "reads a variable of element type " + node.get_output_element_type(0).get_type_name() +
               value_types_text;
    if (node.get_input_size() > 0 && !ov::is_type<ov::op::v0::Constant>(node.get_input_node_ptr(0)))
        return "has an initial value that is not a Constant; VULKAN fills variables before the submission";
    if (plan)
        plan->exec_type = "read_state";
    return {};
}

std::string plan_assign(const ov::Node& node, NodePlan* plan) {
    if (!is_value_type(node.get_input_element_type(0)))
        return "writes a variable of element type " + node.get_input_element_type(0).get_type_name() +
               value_types_text;
    if (plan)
        plan->exec_type = "write_state";
    return {};
}

// ReadValue: before the submission the variable's value (else its Constant initial value, else zeros) is
// written into a mirror buffer, which a copy dispatch puts into the step's output at its place in the plan
// (the output's arena bytes may serve earlier steps of the same submission).
class StateReadOp final : public DispatchOp {
public:
    StateReadOp(std::shared_ptr<Device> device, const NodePlan& plan, const std::vector<VkPipeline>& pipelines,
                const kit::BindArgs& args, size_t step, size_t variable, bool has_init)
        : DispatchOp(std::move(device), plan, pipelines, {}, VK_NULL_HANDLE, args, step), m_variable(variable),
          m_has_init(has_init) {}

protected:
    void upload(size_t, const void* init, void* mirror, size_t bytes, kit::ExecContext& ctx) override {
        const kit::VariableSlot& slot = ctx.variables[m_variable];
        if (slot.initialized)
            std::memcpy(mirror, slot.value.data(), bytes);
        else if (m_has_init)
            std::memcpy(mirror, init, bytes);
        else
            std::memset(mirror, 0, bytes);
    }

private:
    size_t m_variable;
    bool m_has_init;
};

class StateReadKernel final : public kit::OpKernel {
public:
    StateReadKernel(std::shared_ptr<Device> device, size_t variable, bool has_init, bool half)
        : m_device(std::move(device)), m_variable(variable), m_has_init(has_init), m_half(half) {
        m_pipelines.push_back(m_device->pipeline(Shader::copy, 0, 0, half));
    }
    std::string name() const override { return "read_state"; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        const kit::BufferRef& out = args.outputs.at(0);
        const size_t count = out.bytes / value_bytes(m_half);
        NodePlan plan;
        plan.dispatches.push_back(copy_dispatch({count}, {1}, {1}));
        plan.dispatches.back().half = m_half;
        // The mirror is filled from the variable; the initial value, when there is one, is a host Constant.
        kit::BindArgs state_args{args.plan, args.step, {}, args.outputs, args.scratch};
        state_args.inputs.push_back(m_has_init ? args.inputs.at(0) : kit::BufferRef{kit::host_memory, nullptr, 0, out.bytes});
        const size_t step = static_cast<size_t>(&args.step - args.plan.steps.data());
        return std::make_unique<StateReadOp>(m_device, plan, m_pipelines, state_args, step, m_variable, m_has_init);
    }

private:
    std::shared_ptr<Device> m_device;
    std::vector<VkPipeline> m_pipelines;
    size_t m_variable;
    bool m_has_init;
    bool m_half;
};

// Assign: the value is written into the variable after the fence (at once when it is host memory, a
// Parameter or a Constant).
class StateWriteOp final : public kit::BoundOp, public AfterFence {
public:
    StateWriteOp(const kit::BufferRef& value, size_t variable) : m_value(value), m_variable(variable) {}
    void execute(kit::ExecContext& ctx) override {
        m_slot = &ctx.variables[m_variable];
        if (m_value.space == kit::host_memory) {
            std::memcpy(m_slot->value.data(), m_value.host(), m_slot->value.get_byte_size());
            m_slot->initialized = true;
            return;
        }
        static_cast<RequestContext*>(ctx.backend)->downloads.push_back(this);
    }
    void finish(const RequestContext& ctx) const override {
        const char* source = ctx.arena->mapped(m_value);
        OPENVINO_ASSERT(source, "VULKAN: an Assign's value is not memory of this request");
        std::memcpy(m_slot->value.data(), source, m_slot->value.get_byte_size());
        m_slot->initialized = true;
    }

private:
    kit::BufferRef m_value;
    size_t m_variable;
    kit::VariableSlot* m_slot = nullptr;  // the request's slot, set by execute
};

class StateWriteKernel final : public kit::OpKernel {
public:
    explicit StateWriteKernel(size_t variable) : m_variable(variable) {}
    std::string name() const override { return "write_state"; }
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        return std::make_unique<StateWriteOp>(args.inputs.at(0), m_variable);
    }

private:
    size_t m_variable;
};

}  // namespace

VulkanKernelEntry read_value_entry() { return planner_entry({"ReadValue"}, plan_read_value); }

VulkanKernelEntry assign_entry() { return planner_entry({"Assign"}, plan_assign); }

std::shared_ptr<const kit::OpKernel> make_read_value_kernel(std::shared_ptr<Device> device, size_t variable,
                                                            bool has_init, bool half) {
    return std::make_shared<StateReadKernel>(std::move(device), variable, has_init, half);
}

std::shared_ptr<const kit::OpKernel> make_assign_kernel(size_t variable) {
    return std::make_shared<StateWriteKernel>(variable);
}

}  // namespace vulkan
}  // namespace devmux
