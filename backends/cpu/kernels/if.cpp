// SPDX-License-Identifier: Apache-2.0
// If whose condition is known only at run time (computed from the data, as openWakeWord's "hey jarvis"
// computes it from its first network's score), with static shapes: each branch is compiled once, at compile
// time, as a CPU plan of its own (prepare_model, check_compilable and build_plan, as for a whole static
// model), and each execution runs the chosen branch's plan on the If's buffers. The reference If::evaluate
// runs a branch op by op on the reference evaluate()s instead. An If with dynamic shapes, or with a branch
// holding an op the CPU cannot plan, stays on the reference entry, which says why.
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "devmux/kit/dynamic_executor.hpp"
#include "exec_plan.hpp"
#include "kernels/kernel.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/if.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {
namespace {

using If = ov::op::v8::If;
constexpr size_t branch_count = 2;  // THEN_BODY_INDEX, ELSE_BODY_INDEX

const char* branch_name(size_t branch) { return branch == If::THEN_BODY_INDEX ? "then" : "else"; }

bool is_condition_type(const ov::element::Type& type) {
    return type == ov::element::boolean || type == ov::element::u8 || type == ov::element::i8 ||
           type == ov::element::i32 || type == ov::element::i64;
}

// Why one branch cannot run as a CPU plan on the If's buffers, or "" when it can: the body must have static
// shapes and no variables, take each of its Parameters from one If input of that very shape, give each If
// output from exactly one of its Results (of the output's shape), and hold only ops the CPU plans.
std::string branch_refusal(const If& choice, size_t branch) {
    const auto& body = choice.get_function(branch);
    const std::string where = std::string(branch == If::THEN_BODY_INDEX ? "has a " : "has an ") + branch_name(branch) + " body that ";
    if (!body)
        return where + "is missing";
    if (!body->get_sinks().empty() || !body->get_variables().empty())
        return where + "has variables (ReadValue/Assign)";
    if (kit::has_dynamic_shapes(*body))
        return where + "has dynamic shapes";
    const auto& parameters = body->get_parameters();
    std::vector<int> fed(parameters.size(), 0);
    for (const auto& d : choice.get_input_descriptions(static_cast<int>(branch))) {
        // Sliced and merged inputs belong to loops; an If's inputs are passed whole.
        if (dynamic_cast<const ov::op::util::MultiSubGraphOp::SliceInputDescription*>(d.get()) ||
            dynamic_cast<const ov::op::util::MultiSubGraphOp::MergedInputDescription*>(d.get()) ||
            d->m_body_parameter_index >= parameters.size() || d->m_input_index >= choice.get_input_size())
            return where + "is fed by an input description the kernel does not take";
        if (parameters[d->m_body_parameter_index]->get_output_partial_shape(0) !=
            choice.get_input_partial_shape(d->m_input_index))
            return where + "has a Parameter whose shape differs from the input that feeds it";
        ++fed[d->m_body_parameter_index];
    }
    for (int count : fed)
        if (count != 1)
            return where + "has a Parameter that is not fed by exactly one input";
    const auto& results = body->get_results();
    std::vector<int> read(results.size(), 0), given(choice.get_output_size(), 0);
    for (const auto& d : choice.get_output_descriptions(static_cast<int>(branch))) {
        if (d->m_body_value_index >= results.size() || d->m_output_index >= choice.get_output_size())
            return where + "has an output description the kernel does not take";
        if (results[d->m_body_value_index]->get_output_partial_shape(0) !=
            choice.get_output_partial_shape(d->m_output_index))
            return where + "gives an output a shape other than the If's";
        ++read[d->m_body_value_index];
        ++given[d->m_output_index];
    }
    for (int count : read)
        if (count != 1)
            return where + "has a Result that does not give exactly one output";
    for (int count : given)
        if (count != 1)
            return where + "does not give every output exactly once";
    for (const auto& op : body->get_ordered_ops()) {
        if (ov::is_type<ov::op::util::ReadValueBase>(op.get()) || ov::is_type<ov::op::util::AssignBase>(op.get()))
            return where + "has variables (ReadValue/Assign)";
        const std::string why = op_support().unsupported_reason(*op);
        if (!why.empty())
            return where + "the CPU cannot plan: " + why;
    }
    return "";
}

// Why the If stays on the reference entry, or "" when both branches compile to CPU plans.
std::string if_refusal(const ov::Node& node) {
    const auto* choice = ov::as_type<const If>(&node);
    if (!choice)
        return "is not an If-8";
    if (choice->get_input_size() < 1 || !choice->get_input_partial_shape(0).is_static() ||
        ov::shape_size(choice->get_input_shape(0)) != 1 || !is_condition_type(choice->get_input_element_type(0)))
        return "has a condition that is not one boolean or integer element";
    for (size_t i = 0; i < choice->get_input_size(); ++i)
        if (choice->get_input_partial_shape(i).is_dynamic() || choice->get_input_element_type(i).is_dynamic())
            return "has an input of dynamic shape or element type";
    for (size_t i = 0; i < choice->get_output_size(); ++i)
        if (choice->get_output_partial_shape(i).is_dynamic() || choice->get_output_element_type(i).is_dynamic())
            return "has an output of dynamic shape or element type";
    for (size_t branch = 0; branch < branch_count; ++branch) {
        const std::string why = branch_refusal(*choice, branch);
        if (!why.empty())
            return why;
    }
    return "";
}

// One port of a branch's plan: the If input or output whose buffer it is, and that value's type and shape
// (the If's own, which the outer plan gives its values), so binding wraps the buffer without a lookup.
struct BranchPort {
    size_t index = 0;
    ov::element::Type type;
    ov::Shape shape;
};

// One branch compiled: its plan, with user ports in the body's Parameter and Result order, and for each port
// the If input or output it is bound to.
struct CompiledBranch {
    std::shared_ptr<const kit::ExecutionPlan> plan;
    std::vector<BranchPort> inputs;   // per plan input (a body Parameter no Constant feeds): its If input
    std::vector<BranchPort> outputs;  // per body Result: the If output it gives
};

// The branch's body with each Parameter that a Constant feeds (the weights an ONNX If's branch reads from the
// outer graph) replaced by that Constant, so preparing it folds and fuses them and its kernels repack them
// once, as in a whole static model. `input_of_parameter` gets, per remaining Parameter, the If input feeding it.
std::shared_ptr<ov::Model> body_with_constants(const If& choice, size_t branch, std::vector<size_t>& input_of_parameter) {
    auto body = choice.get_function(branch)->clone();
    const auto& parameters = body->get_parameters();
    std::vector<size_t> input_of(parameters.size(), 0);
    for (const auto& d : choice.get_input_descriptions(static_cast<int>(branch)))
        input_of[d->m_body_parameter_index] = d->m_input_index;
    ov::ParameterVector kept;
    for (size_t i = 0; i < parameters.size(); ++i) {
        const auto source = choice.get_input_node_shared_ptr(input_of[i]);
        if (!ov::is_type<ov::op::v0::Constant>(source.get())) {
            kept.push_back(parameters[i]);
            input_of_parameter.push_back(input_of[i]);
            continue;
        }
        const auto constant = source->clone_with_new_inputs({});  // shares the outer Constant's data
        for (auto& target : parameters[i]->output(0).get_target_inputs())
            target.replace_source_output(constant);
    }
    return std::make_shared<ov::Model>(body->get_results(), kept, body->get_friendly_name());
}

CompiledBranch compile_branch(const If& choice, size_t branch, const CpuKernelContext& context) {
    CompiledBranch compiled;
    std::vector<size_t> input_of_parameter;
    const auto body = body_with_constants(choice, branch, input_of_parameter);
    std::vector<size_t> output_of_result(body->get_results().size(), 0);
    for (const auto& d : choice.get_output_descriptions(static_cast<int>(branch)))
        output_of_result[d->m_body_value_index] = d->m_output_index;
    // The ports take the If's own element types (the outer plan's values); the plan converts where the
    // prepared body computes in another (f16 retyped to f32).
    std::vector<ov::element::Type> input_types, output_types;
    for (size_t input : input_of_parameter) {
        compiled.inputs.push_back({input, choice.get_input_element_type(input), choice.get_input_shape(input)});
        input_types.push_back(compiled.inputs.back().type);
    }
    for (size_t output : output_of_result) {
        compiled.outputs.push_back({output, choice.get_output_element_type(output), choice.get_output_shape(output)});
        output_types.push_back(compiled.outputs.back().type);
    }
    auto prepared = prepare_model(*body);
    check_compilable(*body, *prepared);
    compiled.plan = build_plan(prepared, input_types, output_types, static_cast<size_t>(context.threads),
                               context.bf16);
    return compiled;
}

// Each distinct exec type of a plan's steps, in order, for the If's own exec type: profiling then shows
// what each branch runs on (one record covers the If; its time is the branch's).
std::string exec_types_of(const kit::ExecutionPlan& plan) {
    std::vector<std::string> names;
    for (const auto& step : plan.steps) {
        const std::string name = step.kernel->name();
        bool known = false;
        for (const auto& seen : names)
            known = known || seen == name;
        if (!known)
            names.push_back(name);
    }
    std::string joined;
    for (const auto& name : names)
        joined += (joined.empty() ? "" : ",") + name;
    return joined.empty() ? "none" : joined;
}

bool condition_holds(const void* data, const ov::element::Type& type) {
    if (type == ov::element::i64)
        return *static_cast<const int64_t*>(data) != 0;
    if (type == ov::element::i32)
        return *static_cast<const int32_t*>(data) != 0;
    return *static_cast<const uint8_t*>(data) != 0;  // boolean, u8, i8
}

// One request's runs of the branches' plans (each with its own arena), kept across that request's rebinds of
// the If step (see IfKernel::bind).
struct BranchRuns {
    std::unique_ptr<kit::PlanRequest> requests[branch_count];
};

class IfKernel;

// One request's side of the If: its runs of the branches' plans, and tensors over the If's buffers in each
// branch's port order. Used by the request's thread only, so execute() takes no lock; the plans it runs are
// the kernel's, shared read-only.
class BoundIf final : public kit::BoundOp {
public:
    BoundIf(const IfKernel& kernel, const kit::BindArgs& args, std::shared_ptr<BranchRuns> runs);
    void execute(kit::ExecContext& ctx) override;

private:
    std::shared_ptr<BranchRuns> m_runs;
    std::vector<ov::Tensor> m_inputs[branch_count], m_outputs[branch_count];
    const void* m_condition = nullptr;
    ov::element::Type m_condition_type;
};

// The branches' plans and the ports binding them to the If's buffers, made once at compile time and shared
// read-only by every request.
class IfKernel final : public kit::OpKernel, public HoldsWeights {
public:
    IfKernel(const If& choice, const CpuKernelContext& context) : m_condition_type(choice.get_input_element_type(0)) {
        for (size_t branch = 0; branch < branch_count; ++branch)
            m_branches[branch] = compile_branch(choice, branch, context);
        for (const auto& input : choice.input_values())
            if (const auto* constant = ov::as_type<const ov::op::v0::Constant>(input.get_node()))
                m_outer_constants.insert(constant->get_data_ptr());
        m_name = "if_plans(then:" + exec_types_of(*m_branches[If::THEN_BODY_INDEX].plan) +
                 ";else:" + exec_types_of(*m_branches[If::ELSE_BODY_INDEX].plan) + ")";
    }
    std::string name() const override { return m_name; }
    // Not written: its address in the request's arena tells one request from another (see bind).
    size_t scratch_bytes() const override { return 1; }

    // A request binds the step again whenever the user hands it a tensor at a new address that the If reads
    // or writes (Python's infer(dict) does so at every call; the If often reads a view of a model input).
    // Making new branch runs (arenas, every branch step bound) each time cost more than the branch itself, so
    // a request keeps its runs: they are found by the step's scratch address, which no two live requests share
    // and which stays put for a request, and only the branch steps touching the moved tensor bind again. The
    // planner makes the new bound op before dropping the old, so the runs are still alive when looked up.
    std::unique_ptr<kit::BoundOp> bind(const kit::BindArgs& args) const override {
        std::shared_ptr<BranchRuns> runs;
        {
            std::lock_guard<std::mutex> lock(m_runs_mutex);
            auto& slot = m_runs_by_request[args.scratch.host()];
            runs = slot.lock();
            if (!runs) {
                for (auto it = m_runs_by_request.begin(); it != m_runs_by_request.end();)
                    it = it->second.expired() && &it->second != &slot ? m_runs_by_request.erase(it) : std::next(it);
                runs = std::make_shared<BranchRuns>();
                for (size_t branch = 0; branch < branch_count; ++branch)
                    runs->requests[branch] = std::make_unique<kit::PlanRequest>(m_branches[branch].plan);
                slot = runs;
            }
        }
        return std::make_unique<BoundIf>(*this, args, std::move(runs));
    }
    // The branches' own Constants (those folded while preparing them among them) and their kernels' repacked
    // weights, which the outer model's count does not reach; the outer Constants a branch reads in place
    // (body_with_constants) are counted there already.
    size_t held_weight_bytes() const override {
        size_t bytes = 0;
        for (const auto& branch : m_branches) {
            for (const auto& op : branch.plan->model->get_ordered_ops())
                if (const auto* constant = ov::as_type<const ov::op::v0::Constant>(op.get()))
                    if (!m_outer_constants.count(constant->get_data_ptr()))
                        bytes += constant->get_byte_size();
            for (const auto& step : branch.plan->steps)
                if (const auto* holder = dynamic_cast<const HoldsWeights*>(step.kernel.get()))
                    bytes += holder->held_weight_bytes();
        }
        return bytes;
    }
    const CompiledBranch& branch(size_t index) const { return m_branches[index]; }
    const ov::element::Type& condition_type() const { return m_condition_type; }

private:
    ov::element::Type m_condition_type;
    CompiledBranch m_branches[branch_count];
    std::set<const void*> m_outer_constants;  // the data of the Constants the If reads
    std::string m_name;
    // Guards m_runs_by_request only (bind() finds, adds and prunes entries under it; execute() never takes it).
    // Each entry is one live request's runs, owned by its bound ops; an expired one is a request gone.
    mutable std::mutex m_runs_mutex;
    mutable std::map<const void*, std::weak_ptr<BranchRuns>> m_runs_by_request;
};

BoundIf::BoundIf(const IfKernel& kernel, const kit::BindArgs& args, std::shared_ptr<BranchRuns> runs)
    : m_runs(std::move(runs)), m_condition(args.inputs.at(0).host()), m_condition_type(kernel.condition_type()) {
    // The ports were worked out when the kernel was built: only the buffers are this binding's.
    for (size_t branch = 0; branch < branch_count; ++branch) {
        const CompiledBranch& compiled = kernel.branch(branch);
        m_inputs[branch].reserve(compiled.inputs.size());
        for (const auto& port : compiled.inputs)
            m_inputs[branch].emplace_back(port.type, port.shape, args.inputs.at(port.index).host());
        m_outputs[branch].reserve(compiled.outputs.size());
        for (const auto& port : compiled.outputs)
            m_outputs[branch].emplace_back(port.type, port.shape, args.outputs.at(port.index).host());
    }
}

void BoundIf::execute(kit::ExecContext& ctx) {
    const size_t branch = condition_holds(m_condition, m_condition_type) ? If::THEN_BODY_INDEX : If::ELSE_BODY_INDEX;
    // The branch's steps bind to these tensors on its first run, and again only where one moved since.
    m_runs->requests[branch]->run(m_inputs[branch], m_outputs[branch], ctx, false);
}

}  // namespace

CpuKernelEntry if_branches_entry() {
    return {{"If"}, "", {}, if_refusal,
            [](const CpuKernelContext& context,
               const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                // The check saw every body op accepted, shapes static and the ports matching; should preparing or
                // planning a branch still fail, the If runs as it would had the check refused it: on its
                // reference evaluate(), which runs any body it can.
                try {
                    return std::make_shared<IfKernel>(*ov::as_type_ptr<If>(node), context);
                } catch (const ov::Exception&) {
                    return make_reference_cpu_kernel(node);
                }
            }};
}

}  // namespace cpu
}  // namespace devmux
