// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/reference_executor.hpp"
#include "kit/node_text.hpp"

#include <map>

#include "openvino/core/except.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"

namespace devmux {
namespace kit {
namespace {

constexpr size_t no_step = static_cast<size_t>(-1);

// Every op runs its own evaluate(); the kit supplies copies, views and variables.
class ReferenceKernels final : public kit::KernelProvider {
public:
    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
        return node->has_evaluate() ? kit::make_reference_kernel(node, "reference") : nullptr;
    }
    // A user port of another type than the plan computes in (see ReferencePlan's port types): the
    // reference Convert on a parameter of any shape, so one kernel serves every port of this pair.
    std::shared_ptr<const kit::OpKernel> convert_kernel(const ov::element::Type& from,
                                                        const ov::element::Type& to) const override {
        if (from == to)
            return kit::KernelProvider::convert_kernel(from, to);
        auto source = std::make_shared<ov::op::v0::Parameter>(from, ov::PartialShape::dynamic());
        return kit::make_reference_kernel(std::make_shared<ov::op::v0::Convert>(source, to), "reference_convert");
    }
};

std::shared_ptr<const ReferencePlan> checked(std::shared_ptr<const ReferencePlan> plan) {
    OPENVINO_ASSERT(plan, "ReferenceExecutor needs a plan");
    return plan;
}

}  // namespace

// ---- ReferencePlan ----

bool ReferencePlan::can_execute(const ov::Node& node) {
    return ov::is_type<ov::op::v0::Parameter>(&node) || ov::is_type<ov::op::v0::Constant>(&node) ||
           ov::is_type<ov::op::v0::Result>(&node) || ov::is_type<ov::op::util::ReadValueBase>(&node) ||
           ov::is_type<ov::op::util::AssignBase>(&node) || node.has_evaluate();
}

ReferencePlan::ReferencePlan(std::shared_ptr<const ov::Model> model, std::string device,
                             std::vector<ov::element::Type> input_types, std::vector<ov::element::Type> output_types)
    : m_model(std::move(model)),
      m_device(std::move(device)) {
    OPENVINO_ASSERT(m_model, m_device, ": cannot plan a null model");
    const auto ops = m_model->get_ordered_ops();
    for (const auto& op : ops)
        OPENVINO_ASSERT(can_execute(*op), m_device, ": op ", name_and_type(*op),
                        " has no reference implementation");
    kit::PlanOptions options;
    options.device = m_device;
    options.input_types = std::move(input_types);
    options.output_types = std::move(output_types);
    m_plan = kit::build_plan(m_model, ReferenceKernels(), options);

    // Profiling reports every op of the model, in order, whether or not it became a step.
    std::map<const ov::Node*, size_t> step_of;
    for (size_t s = 0; s < m_plan->steps.size(); ++s)
        if (!ov::is_type<ov::op::v0::Parameter>(m_plan->steps[s].node))  // an input conversion, never here
            step_of.emplace(m_plan->steps[s].node, s);
    std::map<const ov::Node*, bool> free;
    for (const auto& op : m_plan->free_ops)
        free[op.node] = true;
    for (const auto& op : ops) {
        const auto step = step_of.find(op.get());
        m_op_step.push_back(step == step_of.end() ? no_step : step->second);
        m_op_free.push_back(free.count(op.get()) != 0);
        ov::ProfilingInfo info;
        info.node_name = op->get_friendly_name();
        info.node_type = op->get_type_name();
        info.exec_type = "reference";
        info.status = m_op_step.back() != no_step ? ov::ProfilingInfo::Status::EXECUTED
                      : m_op_free.back()       ? ov::ProfilingInfo::Status::OPTIMIZED_OUT
                                               : ov::ProfilingInfo::Status::NOT_RUN;
        m_profile_template.push_back(info);
    }
}

// ---- ReferenceExecutor ----

ReferenceExecutor::ReferenceExecutor(std::shared_ptr<const ReferencePlan> plan)
    : m_plan(checked(std::move(plan))),
      m_request(m_plan->m_plan),
      m_profile(m_plan->m_profile_template) {}

void ReferenceExecutor::run(const std::vector<ov::Tensor>& inputs, std::vector<ov::Tensor>& outputs, bool profiling) {
    const auto& results = m_plan->m_model->get_results();
    OPENVINO_ASSERT(outputs.size() == results.size(), m_plan->m_device, ": the request has ", outputs.size(),
                    " output tensors, the model ", results.size());
    for (size_t i = 0; i < outputs.size(); ++i)
        if (!outputs[i])
            outputs[i] = ov::Tensor(results[i]->get_output_element_type(0), results[i]->get_output_shape(0));
    m_request.run(inputs, outputs, kit::ExecContext{}, profiling);
    if (!profiling)
        return;
    const auto& records = m_request.profiling_info();
    for (size_t i = 0; i < m_profile.size(); ++i)
        if (m_plan->m_op_step[i] != no_step) {
            m_profile[i].real_time = records[m_plan->m_op_step[i]].real_time;
            m_profile[i].cpu_time = records[m_plan->m_op_step[i]].cpu_time;
        }
}

}  // namespace kit
}  // namespace devmux
