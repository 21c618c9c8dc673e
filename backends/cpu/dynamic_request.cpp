// SPDX-License-Identifier: Apache-2.0
#include "dynamic_request.hpp"

#include <atomic>
#include <mutex>
#include <set>

#include "compiled_model.hpp"
#include "devmux/kit/passes.hpp"
#include "exec_plan.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/if.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {

namespace {

std::atomic<size_t> plans_built{0};
std::atomic<size_t> plans_alive{0};

// A specialised plan's holder, counted while alive (tests check that a compiled model's plans go with it).
struct CountedPlan {
    explicit CountedPlan(std::shared_ptr<const kit::ExecutionPlan> made) : plan(std::move(made)) { ++plans_alive; }
    ~CountedPlan() { --plans_alive; }
    CountedPlan(const CountedPlan&) = delete;
    CountedPlan& operator=(const CountedPlan&) = delete;
    std::shared_ptr<const kit::ExecutionPlan> plan;
};

bool is_whole_number(const ov::element::Type& type) {
    return type == ov::element::boolean || type == ov::element::i64 || type == ov::element::i32 ||
           type == ov::element::i16 || type == ov::element::i8 || type == ov::element::u64 ||
           type == ov::element::u32 || type == ov::element::u16 || type == ov::element::u8;
}

// The value of a one-element tensor of an integer or boolean type.
int64_t scalar_value(const ov::Tensor& tensor) {
    const auto type = tensor.get_element_type();
    const void* data = tensor.data();
    if (type == ov::element::i64)
        return *static_cast<const int64_t*>(data);
    if (type == ov::element::i32)
        return *static_cast<const int32_t*>(data);
    if (type == ov::element::u64)
        return static_cast<int64_t>(*static_cast<const uint64_t*>(data));
    if (type == ov::element::u32)
        return *static_cast<const uint32_t*>(data);
    if (type == ov::element::i16)
        return *static_cast<const int16_t*>(data);
    if (type == ov::element::u16)
        return *static_cast<const uint16_t*>(data);
    if (type == ov::element::i8)
        return *static_cast<const int8_t*>(data);
    return *static_cast<const uint8_t*>(data);  // u8 and boolean
}

// The inputs that an If's condition reads (through any ops), integer or boolean scalars: their values decide
// which branch runs, so a plan made for one value can inline that branch.
std::vector<size_t> inputs_deciding_an_if(const ov::Model& model) {
    std::set<const ov::Node*> seen;
    std::vector<const ov::Node*> pending;
    for (const auto& op : model.get_ordered_ops())
        if (ov::is_type<ov::op::v8::If>(op.get()) && op->get_input_size() > 0)
            pending.push_back(op->get_input_node_ptr(0));
    while (!pending.empty()) {
        const ov::Node* node = pending.back();
        pending.pop_back();
        if (!seen.insert(node).second)
            continue;
        for (size_t i = 0; i < node->get_input_size(); ++i)
            pending.push_back(node->get_input_node_ptr(i));
    }
    std::vector<size_t> inputs;
    const auto& parameters = model.get_parameters();
    for (size_t i = 0; i < parameters.size(); ++i)
        if (seen.count(parameters[i].get()) && is_whole_number(parameters[i]->get_element_type()) &&
            parameters[i]->get_partial_shape().is_static() &&
            ov::shape_size(parameters[i]->get_partial_shape().to_shape()) <= 1)
            inputs.push_back(i);
    return inputs;
}

bool has_variables(const ov::Model& model) {
    if (!model.get_variables().empty() || !model.get_sinks().empty())
        return true;
    for (const auto& op : model.get_ordered_ops())
        if (ov::is_type<ov::op::util::ReadValueBase>(op.get()) || ov::is_type<ov::op::util::AssignBase>(op.get()))
            return true;
    return false;
}

// Replaces every If whose condition is a Constant by the branch it takes: the branch's ops join the model,
// reading the If's inputs, and the If's consumers (and output names) move to the branch's results.
bool inline_decided_ifs(ov::Model& model) {
    bool changed = false;
    for (const auto& op : model.get_ordered_ops()) {
        auto choice = ov::as_type_ptr<ov::op::v8::If>(op);
        if (!choice)
            continue;
        const auto* condition = ov::as_type<const ov::op::v0::Constant>(choice->get_input_node_ptr(0));
        if (!condition)
            continue;
        const auto values = condition->cast_vector<int64_t>();
        if (values.size() != 1)
            continue;
        const size_t branch = values[0] ? ov::op::v8::If::THEN_BODY_INDEX : ov::op::v8::If::ELSE_BODY_INDEX;
        const auto body = choice->get_function(branch)->clone();
        const auto& parameters = body->get_parameters();
        for (const auto& d : choice->get_input_descriptions(branch)) {
            const auto source = choice->input_value(d->m_input_index);
            for (auto& target : parameters.at(d->m_body_parameter_index)->output(0).get_target_inputs())
                target.replace_source_output(source);
        }
        for (const auto& d : choice->get_output_descriptions(branch)) {
            const auto value = body->get_results().at(d->m_body_value_index)->input_value(0);
            const auto output = choice->output(d->m_output_index);
            value.add_names(output.get_names());
            output.replace(value);
        }
        changed = true;
    }
    return changed;
}

// The model reshaped to `key`'s shapes with the deciding inputs' values folded in and decided Ifs inlined,
// compiled like a static model; null when some shape stays dynamic (a data-dependent shape).
std::shared_ptr<const kit::ExecutionPlan> specialise(const CompiledModel& compiled, const ov::Model& source,
                                                     const std::vector<size_t>& value_inputs, const ShapeKey& key,
                                                     const std::vector<ov::Tensor>& inputs) {
    auto model = source.clone();
    const auto& parameters = model->get_parameters();
    for (size_t i = 0; i < parameters.size(); ++i)
        parameters[i]->set_partial_shape(key.shapes[i]);
    model->validate_nodes_and_infer_types();
    for (size_t i : value_inputs) {
        // The value as the model's own type (the user's tensor may be of another integer type).
        auto value = std::make_shared<ov::op::v0::Constant>(inputs[i]);
        std::shared_ptr<ov::Node> typed = value;
        if (value->get_element_type() != parameters[i]->get_element_type())
            typed = ov::op::v0::Constant::create(parameters[i]->get_element_type(), value->get_shape(),
                                                 value->cast_vector<int64_t>());
        for (auto& target : parameters[i]->output(0).get_target_inputs())
            target.replace_source_output(typed);
    }
    // Folding decides conditions (Equal(sr, 16000), the Shape(x)[-1] == 1 that PyTorch leaves), inlining
    // exposes the next level of Ifs to folding; bodies are nested a few levels at most.
    for (int level = 0; level < 16; ++level) {
        kit::fold_constants(*model);
        if (!inline_decided_ifs(*model))
            break;
        model->validate_nodes_and_infer_types();
    }
    if (kit::has_dynamic_shapes(*model))
        return nullptr;
    auto prepared = prepare_model(*model);
    check_compilable(*model, *prepared);
    std::vector<ov::element::Type> input_types, output_types;
    for (const auto& input : compiled.inputs())
        input_types.push_back(input.get_element_type());
    for (const auto& output : compiled.outputs())
        output_types.push_back(output.get_element_type());
    const bool bf16 =
        compiled.config().get(ov::hint::inference_precision.name()).as<ov::element::Type>() == ov::element::bf16;
    auto counted = std::make_shared<const CountedPlan>(
        build_plan(prepared, input_types, output_types, compiled.config().request_threads(), bf16));
    ++plans_built;
    return std::shared_ptr<const kit::ExecutionPlan>(counted, counted->plan.get());
}

// Whether a tensor of `shape` fits `port` (PartialShape::compatible, without making a PartialShape of it).
bool fits(const ov::PartialShape& port, const ov::Shape& shape) {
    if (port.rank().is_dynamic())
        return true;
    if (static_cast<size_t>(port.rank().get_length()) != shape.size())
        return false;
    for (size_t i = 0; i < shape.size(); ++i)
        if (!port[i].compatible(ov::Dimension(static_cast<ov::Dimension::value_type>(shape[i]))))
            return false;
    return true;
}

}  // namespace

bool needs_dynamic_request(const ov::Model& model) {
    return kit::has_dynamic_shapes(model) || !inputs_deciding_an_if(model).empty();
}

SpecialisedPlans::SpecialisedPlans(const ov::Model& model)
    : m_value_inputs(inputs_deciding_an_if(model)), m_can_specialise(!has_variables(model)) {}

std::shared_ptr<const kit::ExecutionPlan> SpecialisedPlans::plan_for(const CompiledModel& compiled, const ShapeKey& key,
                                                                     const std::vector<ov::Tensor>& inputs) {
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto found = m_plans.find(key);
    if (found != m_plans.end())
        return found->second;
    if (m_plans.size() >= max_specialised_plans)
        return nullptr;
    std::shared_ptr<const kit::ExecutionPlan> plan;
    try {
        plan = specialise(compiled, *compiled.dynamic_plan()->model(), m_value_inputs, key, inputs);
    } catch (const std::exception&) {
        plan = nullptr;  // not compilable for these shapes: the reference path runs it, and reports
    }
    m_plans.emplace(key, plan);
    return plan;
}

DynamicInferRequest::DynamicInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_compiled(compiled_model),
      m_run(compiled_model->dynamic_plan()),
      m_profiling(compiled_model->config().enable_profiling),
      m_plans(compiled_model->specialised_plans()) {}

size_t DynamicInferRequest::specialised_plans_built() { return plans_built.load(); }

size_t DynamicInferRequest::specialised_plans_alive() { return plans_alive.load(); }

kit::PlanRequest* DynamicInferRequest::static_run(const ShapeKey& key) {
    const auto mine = m_static.find(key);
    if (mine != m_static.end())
        return mine->second.get();
    const auto plan = m_plans.plan_for(*m_compiled, key, m_input_tensors);
    auto& slot = m_static[key];
    if (plan)
        slot = std::make_unique<kit::PlanRequest>(plan);
    return slot.get();
}

bool DynamicInferRequest::fill_key() {
    // Assigned element by element: a shape or list of the same length as the last inference's reuses its memory.
    bool usable = true;
    const auto& ports = m_compiled->inputs();
    m_key.shapes.resize(m_input_tensors.size());
    for (size_t i = 0; i < m_input_tensors.size(); ++i) {
        const auto& tensor = m_input_tensors[i];
        // What the reference path would refuse (or copy: a strided view) goes there, which says why.
        usable = usable && tensor && tensor.is_continuous() &&
                 fits(ports.at(i).get_partial_shape(), tensor.get_shape());
        if (usable)
            m_key.shapes[i] = tensor.get_shape();
        else
            m_key.shapes[i].clear();
    }
    m_key.values.clear();
    for (size_t i : m_plans.value_inputs()) {
        const auto& tensor = m_input_tensors[i];
        usable = usable && tensor.get_size() == 1 && is_whole_number(tensor.get_element_type());
        if (usable)
            m_key.values.push_back(scalar_value(tensor));
    }
    return usable;
}

void DynamicInferRequest::infer() {
    // On a stream of the compiled model, like the static requests: no more inferences at once than streams.
    m_compiled->streams().run([this] {
        kit::PlanRequest* run = nullptr;
        if (m_plans.can_specialise() && fill_key())
            run = static_run(m_key);
        if (!run) {
            m_last_static = nullptr;
            m_run.run(m_input_tensors, m_output_tensors, m_profiling);
            return;
        }
        // Outputs as the plan gives them: a missing tensor is made, a given one takes the plan's shape.
        const auto& plan = run->plan();
        for (size_t i = 0; i < m_output_tensors.size(); ++i) {
            const auto& shape = plan.values.at(plan.output_values.at(i)).shape;
            const auto type = m_compiled->outputs().at(i).get_element_type();
            auto& tensor = m_output_tensors[i];
            if (!tensor || tensor.get_element_type() != type)
                tensor = ov::Tensor(type, shape);
            else if (tensor.get_shape() != shape)
                tensor.set_shape(shape);
        }
        if (!m_pool)
            m_pool = std::make_unique<ThreadPool>(pool_threads(m_compiled->config().request_threads()));
#ifdef _OPENMP
        omp_set_num_threads(static_cast<int>(m_compiled->config().request_threads()));
#endif
        kit::ExecContext ctx;
        ctx.pool = m_pool.get();
        run->run(m_input_tensors, m_output_tensors, ctx, m_profiling);
        m_last_static = run;
    });
}

std::vector<ov::ProfilingInfo> DynamicInferRequest::get_profiling_info() const {
    if (!m_profiling)
        return {};
    return m_last_static ? m_last_static->profiling_info() : m_run.profiling_info();
}

std::vector<std::shared_ptr<IVariableState>> DynamicInferRequest::query_state() const { return m_run.states(); }

}  // namespace cpu
}  // namespace devmux

// For tests that reach the plugin through ov::Core: found with dlsym in the library the Core loaded.
extern "C" __attribute__((visibility("default"))) size_t devmux_cpu_specialised_plans_built() {
    return devmux::cpu::DynamicInferRequest::specialised_plans_built();
}

extern "C" __attribute__((visibility("default"))) size_t devmux_cpu_specialised_plans_alive() {
    return devmux::cpu::DynamicInferRequest::specialised_plans_alive();
}
