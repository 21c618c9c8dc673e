// SPDX-License-Identifier: Apache-2.0
// TensorIterator, Loop and If: ops that run bodies (sub-models), their base classes, and the reference
// evaluation that runs a body node by node.
#include "control_flow.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "openvino/op/constant.hpp"
#include "openvino/op/if.hpp"
#include "openvino/op/loop.hpp"
#include "openvino/op/tensor_iterator.hpp"
#include "openvino/op/util/variable_extension.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace {

using devmux::ref::describe;

// Normalised slicing of one dimension of `size` (SliceInputDescription / ConcatOutputDescription): the first
// position, the step between parts, and the number of parts. Negative positions count from the end, -1 being
// `size` itself; a negative stride walks from start down to end.
struct Slicing {
    int64_t first = 0;
    int64_t step = 0;
    int64_t parts = 0;
};

Slicing slicing_of(const Node& node, int64_t start, int64_t stride, int64_t part_size, int64_t end, int64_t size) {
    OPENVINO_ASSERT(stride != 0, describe(node), ": a slice stride of 0");
    OPENVINO_ASSERT(part_size > 0, describe(node), ": a slice part_size of ", part_size);
    const int64_t begin = start < 0 ? start + size + 1 : start;
    const int64_t finish = end < 0 ? end + size + 1 : end;
    OPENVINO_ASSERT(begin >= 0 && begin <= size && finish >= 0 && finish <= size, describe(node),
                    ": slice from ", start, " to ", end, " lies outside a dimension of ", size);
    Slicing s;
    const int64_t span = std::abs(finish - begin);
    const int64_t stride_size = std::abs(stride);
    s.parts = span >= part_size ? (span - part_size) / stride_size + 1 : 0;
    // Walking down, `begin` is the exclusive upper end: the first part ends there.
    s.first = stride > 0 ? begin : begin - part_size;
    s.step = stride;
    return s;
}

// Copies between `whole` and `part`, the slice of `whole` of `part_size` along `axis` from `position`: into
// `whole` when into_whole is set, else out of it.
void move_part(const ov::Tensor& whole, const ov::Tensor& part, size_t axis, int64_t position, int64_t part_size,
               bool into_whole) {
    const auto& shape = whole.get_shape();
    const size_t element = whole.get_element_type().size();
    const size_t outer = devmux::ref::product(shape, 0, axis);
    const size_t inner = devmux::ref::product(shape, axis + 1, shape.size()) * element;
    const size_t whole_row = shape[axis] * inner;
    const size_t part_row = static_cast<size_t>(part_size) * inner;
    auto* w = static_cast<uint8_t*>(const_cast<void*>(whole.data()));
    auto* p = static_cast<uint8_t*>(const_cast<void*>(part.data()));
    for (size_t o = 0; o < outer; ++o) {
        uint8_t* wp = w + o * whole_row + static_cast<size_t>(position) * inner;
        uint8_t* pp = p + o * part_row;
        if (into_whole)
            std::memcpy(wp, pp, part_row);
        else
            std::memcpy(pp, wp, part_row);
    }
}

ov::Tensor copy_of(const ov::Tensor& tensor) {
    ov::Tensor out(tensor.get_element_type(), tensor.get_shape());
    if (tensor.get_byte_size())
        std::memcpy(out.data(), tensor.data(), tensor.get_byte_size());
    return out;
}

// ---- Body plans ----
// Running a body used to mean cloning it and inferring its shapes again at every evaluation and iteration,
// which cost more than the ops themselves on small models (Silero VAD runs its whole network inside an If).
// A plan is that work done once for one set of Parameter types and shapes: a private clone of the body with
// its shapes inferred, the order its ops run in, where each op reads its inputs, the Constants' data wrapped
// once, and when each value can be dropped. Plans are immutable once built and shared by every evaluation
// (any thread) of the same body of the same op with the same input shapes; the op keeps them, so they go with it.

std::atomic<size_t> plans_built{0};
std::atomic<size_t> plans_alive{0};

struct BodyPlan {
    BodyPlan() { ++plans_alive; }
    ~BodyPlan() { --plans_alive; }
    BodyPlan(const BodyPlan&) = delete;
    BodyPlan& operator=(const BodyPlan&) = delete;

    struct Step {
        std::shared_ptr<Node> node;
        std::vector<size_t> inputs;                    // value slots, in input order
        size_t first_output = 0;                       // slot of output 0; outputs are consecutive
        std::vector<element::Type> types;              // per output
        std::vector<std::pair<bool, ov::Shape>> shapes;  // per output: static, and its shape
        std::vector<size_t> release;                   // slots whose last reader is this step
    };
    std::shared_ptr<Model> body;  // the clone the steps point into; never changed after it is built
    std::vector<size_t> parameter_slots;
    std::vector<std::pair<size_t, ov::Tensor>> constants;  // slot and data (the clone's memory, read-only)
    std::vector<Step> steps;
    std::vector<size_t> result_slots;  // per body Result: the slot it gives
    size_t slot_count = 0;
};

using PlanKey = std::vector<std::pair<element::Type, ov::Shape>>;

PlanKey key_of(const std::vector<ov::Tensor>& parameter_values) {
    PlanKey key;
    key.reserve(parameter_values.size());
    for (const auto& value : parameter_values)
        key.emplace_back(value.get_element_type(), value.get_shape());
    return key;
}

// A copy of `source` whose Parameters have the key's types and shapes from the start, so every op is
// validated once, for them (Model::clone would validate each op for the source's shapes first, which fail
// for a branch the op's own shape inference found unable to take its inputs).
std::shared_ptr<Model> clone_for(const Model& source, const PlanKey& key) {
    std::unordered_map<const Node*, std::shared_ptr<Node>> copies;
    const auto& source_parameters = source.get_parameters();
    for (size_t i = 0; i < source_parameters.size(); ++i) {
        auto copy = std::static_pointer_cast<v0::Parameter>(source_parameters[i]->copy_with_new_inputs({}));
        copy->set_element_type(key[i].first);
        copy->set_partial_shape(key[i].second);
        copy->validate_and_infer_types();
        copies[source_parameters[i].get()] = copy;
    }
    for (const auto& node : source.get_ordered_ops()) {
        if (copies.count(node.get()))
            continue;
        OutputVector inputs;
        for (const auto& value : node->input_values())
            inputs.emplace_back(copies.at(value.get_node()), value.get_index());
        auto copy = node->copy_with_new_inputs(inputs);
        if (auto* variable = dynamic_cast<util::VariableExtension*>(node.get()))
            dynamic_cast<util::VariableExtension&>(*copy).set_variable(variable->get_variable());
        copies[node.get()] = copy;
    }
    ParameterVector parameters;
    for (const auto& parameter : source_parameters)
        parameters.push_back(std::static_pointer_cast<v0::Parameter>(copies.at(parameter.get())));
    ResultVector results;
    for (const auto& result : source.get_results())
        results.push_back(std::static_pointer_cast<v0::Result>(copies.at(result.get())));
    SinkVector sinks;
    for (const auto& sink : source.get_sinks())
        sinks.push_back(std::static_pointer_cast<Sink>(copies.at(sink.get())));
    return std::make_shared<Model>(results, sinks, parameters, source.get_variables(), source.get_friendly_name());
}

std::shared_ptr<const BodyPlan> build_plan(const Node& op, const Model& source, const PlanKey& key) {
    auto plan = std::make_shared<BodyPlan>();
    try {
        plan->body = clone_for(source, key);
    } catch (const ov::Exception& e) {
        std::ostringstream shapes;
        for (size_t i = 0; i < key.size(); ++i)
            shapes << (i ? ", " : "") << key[i].first << " " << key[i].second;
        OPENVINO_THROW(describe(op), ": its body cannot run on inputs of ", shapes.str(), ": ", e.what());
    }
    auto& body = *plan->body;
    const auto& parameters = body.get_parameters();
    std::unordered_map<const Node*, size_t> first_slot;
    std::unordered_map<const Node*, size_t> parameter_index;
    for (size_t i = 0; i < parameters.size(); ++i)
        parameter_index[parameters[i].get()] = i;
    plan->parameter_slots.assign(parameters.size(), 0);
    std::vector<size_t> last_reader;  // per slot: the step that reads it last (SIZE_MAX: none)
    const auto slot_of = [&](const Output<Node>& source_output) {
        const auto found = first_slot.find(source_output.get_node());
        OPENVINO_ASSERT(found != first_slot.end(), describe(op), ": body node '",
                        source_output.get_node()->get_friendly_name(), "' is read before it runs");
        return found->second + source_output.get_index();
    };
    std::unordered_map<const Node*, size_t> result_slot;
    for (const auto& node : body.get_ordered_ops()) {
        if (ov::is_type<v0::Result>(node.get())) {
            result_slot[node.get()] = slot_of(node->input_value(0));
            continue;
        }
        const size_t first = plan->slot_count;
        first_slot[node.get()] = first;
        plan->slot_count += node->get_output_size();
        last_reader.resize(plan->slot_count, SIZE_MAX);
        if (const auto parameter = parameter_index.find(node.get()); parameter != parameter_index.end()) {
            plan->parameter_slots[parameter->second] = first;
            continue;
        }
        if (const auto* constant = ov::as_type<const v0::Constant>(node.get())) {
            ov::Tensor data = constant->get_byte_size() && constant->get_data_ptr()
                                  ? ov::Tensor(constant->get_element_type(), constant->get_shape(),
                                               const_cast<void*>(constant->get_data_ptr()))
                                  : ov::Tensor(constant->get_element_type(), constant->get_shape());
            plan->constants.emplace_back(first, data);
            continue;
        }
        BodyPlan::Step step;
        step.node = node;
        step.first_output = first;
        for (const auto& input : node->input_values()) {
            const size_t slot = slot_of(input);
            step.inputs.push_back(slot);
            last_reader[slot] = plan->steps.size();
        }
        for (size_t i = 0; i < node->get_output_size(); ++i) {
            step.types.push_back(node->get_output_element_type(i));
            const auto& shape = node->get_output_partial_shape(i);
            step.shapes.emplace_back(shape.is_static(), shape.is_static() ? shape.to_shape() : ov::Shape{});
        }
        plan->steps.push_back(std::move(step));
    }
    for (const auto& result : body.get_results())
        plan->result_slots.push_back(result_slot.at(result.get()));
    // A slot read by a Result lives to the end; any other is dropped after its last reader.
    std::vector<bool> kept(plan->slot_count, false);
    for (size_t slot : plan->result_slots)
        kept[slot] = true;
    for (size_t slot = 0; slot < plan->slot_count; ++slot)
        if (!kept[slot] && last_reader[slot] != SIZE_MAX)
            plan->steps[last_reader[slot]].release.push_back(slot);
    ++plans_built;
    return plan;
}

// The plans of one body, keyed by its Parameters' types and shapes. `mutex` guards `plans` and `order`;
// the plans themselves are immutable and used outside the lock.
struct BodyPlans {
    std::weak_ptr<const Model> body;  // the body they are made for: an op given another body plans it afresh
    std::mutex mutex;
    std::map<PlanKey, std::shared_ptr<const BodyPlan>> plans;
    std::vector<PlanKey> order;  // oldest first, to forget beyond body_plans_per_body
};

}  // namespace

namespace util {

// The plans of one op's bodies (MultiSubGraphOp::m_body_plans), by body index; they go with the op. `m_mutex`
// guards `m_bodies` only (finding, adding and dropping a body's entry), never a plan being built or run: a
// body's plans are built under that body's own lock, so two threads that need the same new plan build it once,
// and an inner op's evaluation (which takes its own op's locks only) never waits on an outer body's planning.
class BodyPlanCache {
public:
    // The plan of `body`, body `index` of `op`, for the Parameter values' types and shapes (built on first use).
    static std::shared_ptr<const BodyPlan> plan_for(const MultiSubGraphOp& op, size_t index,
                                                    const std::shared_ptr<Model>& body,
                                                    const std::vector<ov::Tensor>& parameter_values);
    // Drops the plans of body `index`: an op validated again may have had it edited (a pass, new Parameter types).
    static void forget(const MultiSubGraphOp& op, size_t index);

private:
    std::mutex m_mutex;
    std::vector<std::shared_ptr<BodyPlans>> m_bodies;  // shared with a planning thread should forget() drop one
};

std::shared_ptr<const BodyPlan> BodyPlanCache::plan_for(const MultiSubGraphOp& op, size_t index,
                                                        const std::shared_ptr<Model>& body,
                                                        const std::vector<ov::Tensor>& parameter_values) {
    OPENVINO_ASSERT(body, describe(op), ": has no body");
    const auto& parameters = body->get_parameters();
    OPENVINO_ASSERT(parameter_values.size() == parameters.size(), describe(op), ": body of ", parameters.size(),
                    " Parameters given ", parameter_values.size(), " values");
    for (size_t i = 0; i < parameters.size(); ++i)
        OPENVINO_ASSERT(parameter_values[i], describe(op), ": body Parameter ", i, " has no value");
    auto key = key_of(parameter_values);
    std::shared_ptr<BodyPlans> entry;
    {
        auto& cache = *op.m_body_plans;
        std::lock_guard<std::mutex> lock(cache.m_mutex);
        if (cache.m_bodies.size() <= index)
            cache.m_bodies.resize(index + 1);
        auto& slot = cache.m_bodies[index];
        if (!slot || slot->body.lock() != body) {
            slot = std::make_shared<BodyPlans>();
            slot->body = body;
        }
        entry = slot;
    }
    // Built under the body's own lock: two threads that need the same new plan build it once.
    std::lock_guard<std::mutex> lock(entry->mutex);
    const auto found = entry->plans.find(key);
    if (found != entry->plans.end())
        return found->second;
    auto plan = build_plan(op, *body, key);
    if (entry->order.size() >= devmux::ref::body_plans_per_body) {
        entry->plans.erase(entry->order.front());
        entry->order.erase(entry->order.begin());
    }
    entry->order.push_back(key);
    entry->plans.emplace(std::move(key), plan);
    return plan;
}

void BodyPlanCache::forget(const MultiSubGraphOp& op, size_t index) {
    auto& cache = *op.m_body_plans;
    std::lock_guard<std::mutex> lock(cache.m_mutex);
    if (index < cache.m_bodies.size())
        cache.m_bodies[index].reset();
}

}  // namespace util

namespace {

// Runs a plan on the given Parameter values (whose types and shapes are the plan's key).
std::vector<ov::Tensor> run_plan(const Node& op, const BodyPlan& plan, const std::vector<ov::Tensor>& parameter_values) {
    std::vector<ov::Tensor> values(plan.slot_count);
    for (size_t i = 0; i < plan.parameter_slots.size(); ++i)
        values[plan.parameter_slots[i]] = parameter_values[i];
    for (const auto& [slot, data] : plan.constants)
        values[slot] = data;
    ov::TensorVector in, out;
    for (const auto& step : plan.steps) {
        in.clear();
        out.clear();
        for (size_t slot : step.inputs) {
            OPENVINO_ASSERT(values[slot], describe(op), ": body op '", step.node->get_friendly_name(),
                            "' reads a value that was not computed");
            in.push_back(values[slot]);
        }
        for (size_t i = 0; i < step.types.size(); ++i)
            out.push_back(step.shapes[i].first ? ov::Tensor(step.types[i], step.shapes[i].second) : ov::Tensor());
        OPENVINO_ASSERT(step.node->evaluate(out, in), describe(op), ": body op '", step.node->get_friendly_name(),
                        "' (", step.node->get_type_name(), ") cannot be evaluated");
        for (size_t i = 0; i < out.size(); ++i)
            values[step.first_output + i] = std::move(out[i]);
        for (size_t slot : step.release)
            values[slot] = ov::Tensor();
    }
    std::vector<ov::Tensor> results;
    results.reserve(plan.result_slots.size());
    for (size_t slot : plan.result_slots)
        results.push_back(values[slot]);
    return results;
}

// Runs body `index` of `op` on the given Parameter values with the plan for their shapes (built on first use).
std::vector<ov::Tensor> run_body(const util::MultiSubGraphOp& op, size_t index, const std::shared_ptr<Model>& body,
                                 const std::vector<ov::Tensor>& parameter_values) {
    return run_plan(op, *util::BodyPlanCache::plan_for(op, index, body, parameter_values), parameter_values);
}

// A condition tensor's truth: a boolean or integer scalar.
bool truth_of(const ov::Tensor& tensor) {
    if (tensor.get_element_type() == element::boolean)
        return *static_cast<const char*>(tensor.data()) != 0;
    return devmux::ref::tensor_to_i64(tensor).at(0) != 0;
}

bool body_evaluates(const Model& body) {
    for (const auto& node : body.get_ordered_ops())
        if (!ov::is_type<v0::Parameter>(node) && !ov::is_type<v0::Result>(node) && !node->has_evaluate())
            return false;
    return true;
}

// The body Parameter shapes an iterating op's inputs give (a sliced input gives part_size along its axis),
// set before the body's shapes are inferred.
void set_body_parameter_types(const Node& op, Model& body,
                              const util::MultiSubgraphInputDescriptionVector& descriptions) {
    const auto& parameters = body.get_parameters();
    for (const auto& description : descriptions) {
        OPENVINO_ASSERT(description->m_body_parameter_index < parameters.size(), describe(op),
                        ": an input description names body Parameter ", description->m_body_parameter_index,
                        " of ", parameters.size());
        OPENVINO_ASSERT(description->m_input_index < op.get_input_size(), describe(op),
                        ": an input description names input ", description->m_input_index, " of ",
                        op.get_input_size());
        const auto& parameter = parameters[description->m_body_parameter_index];
        PartialShape shape = op.get_input_partial_shape(description->m_input_index);
        if (const auto* slice = dynamic_cast<const util::MultiSubGraphOp::SliceInputDescription*>(description.get())) {
            if (shape.rank().is_static()) {
                const int64_t axis = devmux::ref::normalize_axis(op, slice->m_axis, shape.rank().get_length());
                shape[static_cast<size_t>(axis)] = slice->m_part_size;
            }
        }
        // A merged input's later values come from the body: keep the type, let its shape be what the body says
        // when it differs (checked at run time).
        parameter->set_element_type(op.get_input_element_type(description->m_input_index));
        parameter->set_partial_shape(shape);
    }
    body.validate_nodes_and_infer_types();
}

}  // namespace

namespace util {

MultiSubGraphOp::InputDescription::InputDescription(uint64_t input_index, uint64_t body_parameter_index)
    : m_input_index(input_index), m_body_parameter_index(body_parameter_index) {}
MultiSubGraphOp::SliceInputDescription::SliceInputDescription(uint64_t input_index, uint64_t body_parameter_index,
                                                              int64_t start, int64_t stride, int64_t part_size,
                                                              int64_t end, int64_t axis)
    : InputDescription(input_index, body_parameter_index), m_start(start), m_stride(stride), m_part_size(part_size),
      m_end(end), m_axis(axis) {}
std::shared_ptr<MultiSubGraphOp::InputDescription> MultiSubGraphOp::SliceInputDescription::copy() const {
    return std::make_shared<SliceInputDescription>(*this);
}
MultiSubGraphOp::MergedInputDescription::MergedInputDescription(uint64_t input_index, uint64_t body_parameter_index,
                                                                uint64_t body_value_index)
    : InputDescription(input_index, body_parameter_index), m_body_value_index(body_value_index) {}
std::shared_ptr<MultiSubGraphOp::InputDescription> MultiSubGraphOp::MergedInputDescription::copy() const {
    return std::make_shared<MergedInputDescription>(*this);
}
MultiSubGraphOp::InvariantInputDescription::InvariantInputDescription(uint64_t input_index,
                                                                      uint64_t body_parameter_index)
    : InputDescription(input_index, body_parameter_index) {}
std::shared_ptr<MultiSubGraphOp::InputDescription> MultiSubGraphOp::InvariantInputDescription::copy() const {
    return std::make_shared<InvariantInputDescription>(*this);
}
MultiSubGraphOp::OutputDescription::OutputDescription(uint64_t body_value_index, uint64_t output_index)
    : m_body_value_index(body_value_index), m_output_index(output_index) {}
MultiSubGraphOp::ConcatOutputDescription::ConcatOutputDescription(uint64_t body_value_index, uint64_t output_index,
                                                                  int64_t start, int64_t stride, int64_t part_size,
                                                                  int64_t end, int64_t axis)
    : OutputDescription(body_value_index, output_index), m_start(start), m_stride(stride), m_part_size(part_size),
      m_end(end), m_axis(axis) {}
std::shared_ptr<MultiSubGraphOp::OutputDescription> MultiSubGraphOp::ConcatOutputDescription::copy() const {
    return std::make_shared<ConcatOutputDescription>(*this);
}
MultiSubGraphOp::BodyOutputDescription::BodyOutputDescription(uint64_t body_value_index, uint64_t output_index,
                                                              int64_t iteration)
    : OutputDescription(body_value_index, output_index), m_iteration(iteration) {}
std::shared_ptr<MultiSubGraphOp::OutputDescription> MultiSubGraphOp::BodyOutputDescription::copy() const {
    return std::make_shared<BodyOutputDescription>(*this);
}

MultiSubGraphOp::MultiSubGraphOp() : m_body_plans(std::make_shared<BodyPlanCache>()) {}

MultiSubGraphOp::MultiSubGraphOp(size_t number_of_bodies)
    : m_bodies(number_of_bodies), m_input_descriptions(number_of_bodies), m_output_descriptions(number_of_bodies),
      m_body_plans(std::make_shared<BodyPlanCache>()) {}

MultiSubGraphOp::MultiSubGraphOp(const OutputVector& args, size_t number_of_bodies)
    : Op(args, 0), m_bodies(number_of_bodies), m_input_descriptions(number_of_bodies),
      m_output_descriptions(number_of_bodies), m_body_plans(std::make_shared<BodyPlanCache>()) {}

bool MultiSubGraphOp::visit_attributes(AttributeVisitor&) { return true; }

uint64_t MultiSubGraphOp::input_for_value(const Output<Node>& value) {
    for (size_t i = 0; i < get_input_size(); ++i)
        if (input_value(i) == value)
            return i;
    set_argument(get_input_size(), value);
    return get_input_size() - 1;
}

void MultiSubGraphOp::set_invariant_inputs(const Output<Node>& value, const ParameterVector& bodies_parameters) {
    const uint64_t input = input_for_value(value);
    for (size_t body = 0; body < bodies_parameters.size() && body < m_bodies.size(); ++body) {
        const auto& parameter = bodies_parameters[body];
        if (!parameter)
            continue;
        const int64_t index = m_bodies[body]->get_parameter_index(parameter);
        OPENVINO_ASSERT(index >= 0, describe(*this), ": the Parameter is not in body ", body);
        m_input_descriptions[body].push_back(
            std::make_shared<InvariantInputDescription>(input, static_cast<uint64_t>(index)));
    }
}

Output<Node> MultiSubGraphOp::set_body_outputs(const ResultVector& bodies_results) {
    const uint64_t output = get_output_size();
    for (size_t body = 0; body < bodies_results.size() && body < m_bodies.size(); ++body) {
        const auto& result = bodies_results[body];
        if (!result)
            continue;
        const int64_t index = m_bodies[body]->get_result_index(result->output(0));
        OPENVINO_ASSERT(index >= 0, describe(*this), ": the Result is not in body ", body);
        m_output_descriptions[body].push_back(std::make_shared<BodyOutputDescription>(static_cast<uint64_t>(index), output));
    }
    set_output_size(output + 1);
    validate_and_infer_types();
    return this->output(output);
}

void MultiSubGraphOp::copy_bodies_from(const MultiSubGraphOp& other) {
    m_bodies.clear();
    m_input_descriptions.clear();
    m_output_descriptions.clear();
    for (size_t body = 0; body < other.m_bodies.size(); ++body) {
        m_bodies.push_back(other.m_bodies[body] ? other.m_bodies[body]->clone() : nullptr);
        MultiSubgraphInputDescriptionVector inputs;
        for (const auto& d : other.m_input_descriptions[body])
            inputs.push_back(d->copy());
        MultiSubgraphOutputDescriptionVector outputs;
        for (const auto& d : other.m_output_descriptions[body])
            outputs.push_back(d->copy());
        m_input_descriptions.push_back(inputs);
        m_output_descriptions.push_back(outputs);
    }
}

void SubGraphOp::set_sliced_input(const std::shared_ptr<v0::Parameter>& parameter, const Output<Node>& value,
                                  int64_t start, int64_t stride, int64_t part_size, int64_t end, int64_t axis) {
    const int64_t index = get_function()->get_parameter_index(parameter);
    OPENVINO_ASSERT(index >= 0, describe(*this), ": the sliced Parameter is not in the body");
    m_input_descriptions[0].push_back(std::make_shared<SliceInputDescription>(
        input_for_value(value), static_cast<uint64_t>(index), start, stride, part_size, end, axis));
}

void SubGraphOp::set_merged_input(const std::shared_ptr<v0::Parameter>& body_parameter,
                                  const Output<Node>& initial_value, const Output<Node>& successive_value) {
    const int64_t index = get_function()->get_parameter_index(body_parameter);
    const int64_t value = get_function()->get_result_index(successive_value);
    OPENVINO_ASSERT(index >= 0, describe(*this), ": the merged Parameter is not in the body");
    OPENVINO_ASSERT(value >= 0, describe(*this), ": the successive value is not a Result of the body");
    m_input_descriptions[0].push_back(std::make_shared<MergedInputDescription>(
        input_for_value(initial_value), static_cast<uint64_t>(index), static_cast<uint64_t>(value)));
}

void SubGraphOp::set_invariant_input(const std::shared_ptr<v0::Parameter>& body_parameter, const Output<Node>& value) {
    const int64_t index = get_function()->get_parameter_index(body_parameter);
    OPENVINO_ASSERT(index >= 0, describe(*this), ": the invariant Parameter is not in the body");
    m_input_descriptions[0].push_back(
        std::make_shared<InvariantInputDescription>(input_for_value(value), static_cast<uint64_t>(index)));
}

Output<Node> SubGraphOp::get_iter_value(const Output<Node>& body_value, int64_t iteration) {
    const int64_t index = get_function()->get_result_index(body_value);
    OPENVINO_ASSERT(index >= 0, describe(*this), ": the value is not a Result of the body");
    const uint64_t output = get_output_size();
    m_output_descriptions[0].push_back(
        std::make_shared<BodyOutputDescription>(static_cast<uint64_t>(index), output, iteration));
    set_output_size(output + 1);
    validate_and_infer_types();
    return this->output(output);
}

Output<Node> SubGraphOp::get_concatenated_slices(const Output<Node>& value, int64_t start, int64_t stride,
                                                 int64_t part_size, int64_t end, int64_t axis) {
    const int64_t index = get_function()->get_result_index(value);
    OPENVINO_ASSERT(index >= 0, describe(*this), ": the value is not a Result of the body");
    const uint64_t output = get_output_size();
    m_output_descriptions[0].push_back(std::make_shared<ConcatOutputDescription>(static_cast<uint64_t>(index), output,
                                                                                 start, stride, part_size, end, axis));
    set_output_size(output + 1);
    validate_and_infer_types();
    return this->output(output);
}

}  // namespace util

namespace {

// TensorIterator and Loop share the iteration: slices in, merged values carried, per-iteration outputs kept.
// `max_iterations` < 0: as many as the slices give (TensorIterator) or unbounded (Loop); `condition_output`
// and `iteration_input` are Loop's special body ports (-1: none).
TensorVector iterate(const util::SubGraphOp& op, const TensorVector& inputs, int64_t max_iterations,
                     bool first_condition, int64_t iteration_input, int64_t condition_output) {
    const auto& body = op.get_function();
    const auto& in_descriptions = op.get_input_descriptions();
    const auto& out_descriptions = op.get_output_descriptions();
    const size_t parameter_count = body->get_parameters().size();

    // Slices fix the number of iterations when there are any.
    int64_t sliced_iterations = -1;
    for (const auto& d : in_descriptions)
        if (const auto* slice = dynamic_cast<const util::MultiSubGraphOp::SliceInputDescription*>(d.get())) {
            const auto& shape = inputs.at(d->m_input_index).get_shape();
            const int64_t axis = devmux::ref::normalize_axis(op, slice->m_axis, static_cast<int64_t>(shape.size()));
            const auto s = slicing_of(op, slice->m_start, slice->m_stride, slice->m_part_size, slice->m_end,
                                      static_cast<int64_t>(shape[static_cast<size_t>(axis)]));
            OPENVINO_ASSERT(sliced_iterations < 0 || sliced_iterations == s.parts, devmux::ref::describe(op),
                            ": sliced inputs give ", sliced_iterations, " and ", s.parts, " iterations");
            sliced_iterations = s.parts;
        }
    int64_t iterations_limit = max_iterations;
    if (sliced_iterations >= 0)
        iterations_limit = iterations_limit < 0 ? sliced_iterations : std::min(iterations_limit, sliced_iterations);
    constexpr int64_t unbounded_guard = 1 << 24;  // a Loop without any limit that never stops is refused
    std::vector<ov::Tensor> parameter_values(parameter_count);
    for (const auto& d : in_descriptions)
        if (!dynamic_cast<const util::MultiSubGraphOp::SliceInputDescription*>(d.get()))
            parameter_values.at(d->m_body_parameter_index) = inputs.at(d->m_input_index);

    std::vector<std::vector<ov::Tensor>> kept(out_descriptions.size());  // per output: per iteration (concat)
    std::vector<ov::Tensor> last(out_descriptions.size());
    bool go_on = first_condition;
    std::shared_ptr<const BodyPlan> plan;
    PlanKey plan_key;
    int64_t iteration = 0;
    for (; go_on && (iterations_limit < 0 || iteration < iterations_limit); ++iteration) {
        OPENVINO_ASSERT(iteration < unbounded_guard, devmux::ref::describe(op), ": ran ", unbounded_guard,
                        " iterations without its condition turning false");
        for (const auto& d : in_descriptions)
            if (const auto* slice = dynamic_cast<const util::MultiSubGraphOp::SliceInputDescription*>(d.get())) {
                const auto& whole = inputs.at(d->m_input_index);
                const auto& shape = whole.get_shape();
                const auto axis = static_cast<size_t>(
                    devmux::ref::normalize_axis(op, slice->m_axis, static_cast<int64_t>(shape.size())));
                const auto s = slicing_of(op, slice->m_start, slice->m_stride, slice->m_part_size, slice->m_end,
                                          static_cast<int64_t>(shape[axis]));
                ov::Shape part_shape = shape;
                part_shape[axis] = static_cast<size_t>(slice->m_part_size);
                ov::Tensor part(whole.get_element_type(), part_shape);
                move_part(whole, part, axis, s.first + iteration * s.step, slice->m_part_size, false);
                parameter_values.at(d->m_body_parameter_index) = part;
            }
        if (iteration_input >= 0) {
            const auto& parameter = body->get_parameters().at(static_cast<size_t>(iteration_input));
            ov::Tensor counter(parameter->get_element_type().is_dynamic() ? element::i64 : parameter->get_element_type(),
                               ov::Shape{});
            if (counter.get_element_type() == element::i32)
                *counter.data<int32_t>() = static_cast<int32_t>(iteration);
            else
                *counter.data<int64_t>() = iteration;
            parameter_values.at(static_cast<size_t>(iteration_input)) = counter;
        }
        // The plan is looked up again only when an iteration's shapes differ from the last one's.
        auto key = key_of(parameter_values);
        if (!plan || key != plan_key) {
            plan = util::BodyPlanCache::plan_for(op, 0, body, parameter_values);
            plan_key = std::move(key);
        }
        auto results = run_plan(op, *plan, parameter_values);
        for (size_t o = 0; o < out_descriptions.size(); ++o) {
            const auto& d = out_descriptions[o];
            const auto& value = results.at(d->m_body_value_index);
            if (dynamic_cast<const util::MultiSubGraphOp::ConcatOutputDescription*>(d.get()))
                kept[o].push_back(copy_of(value));
            else if (const auto* body_out = dynamic_cast<const util::MultiSubGraphOp::BodyOutputDescription*>(d.get()))
                if (body_out->m_iteration < 0 || body_out->m_iteration == iteration)
                    last[o] = copy_of(value);
        }
        for (const auto& d : in_descriptions)
            if (const auto* merged = dynamic_cast<const util::MultiSubGraphOp::MergedInputDescription*>(d.get()))
                parameter_values.at(d->m_body_parameter_index) = copy_of(results.at(merged->m_body_value_index));
        if (condition_output >= 0) {
            const auto& flag = results.at(static_cast<size_t>(condition_output));
            go_on = truth_of(flag);
        }
    }

    TensorVector outputs(op.get_output_size());
    for (size_t o = 0; o < out_descriptions.size(); ++o) {
        const auto& d = out_descriptions[o];
        const size_t index = d->m_output_index;
        if (const auto* concat = dynamic_cast<const util::MultiSubGraphOp::ConcatOutputDescription*>(d.get())) {
            const auto& body_result = body->get_results().at(d->m_body_value_index);
            ov::Shape part_shape;
            if (kept[o].empty()) {
                // No iteration ran: an empty output, its other dimensions as the body states them.
                const auto& stated = body_result->get_output_partial_shape(0);
                OPENVINO_ASSERT(stated.rank().is_static(), devmux::ref::describe(op),
                                ": no iteration ran and the body gives output ", index, " no rank");
                for (const auto& dim : stated)
                    part_shape.push_back(dim.is_static() ? static_cast<size_t>(dim.get_length()) : 0);
            } else {
                part_shape = kept[o].front().get_shape();
            }
            const auto type = kept[o].empty() ? body_result->get_output_element_type(0) : kept[o].front().get_element_type();
            const auto axis = static_cast<size_t>(
                devmux::ref::normalize_axis(op, concat->m_axis, static_cast<int64_t>(part_shape.size())));
            ov::Shape shape = part_shape;
            shape[axis] = part_shape[axis] * kept[o].size();
            ov::Tensor whole(type, shape);
            const auto s = slicing_of(op, concat->m_start, concat->m_stride, concat->m_part_size, concat->m_end,
                                      static_cast<int64_t>(shape[axis]));
            for (size_t i = 0; i < kept[o].size(); ++i) {
                OPENVINO_ASSERT(kept[o][i].get_shape() == part_shape, devmux::ref::describe(op),
                                ": iterations gave values of different shapes for a concatenated output");
                move_part(whole, kept[o][i], axis, s.first + static_cast<int64_t>(i) * s.step,
                          static_cast<int64_t>(part_shape[axis]), true);
            }
            outputs.at(index) = whole;
        } else {
            if (!last[o]) {
                // No iteration ran: a carried value leaves as it came in (the initial value of the merged input
                // the same body result feeds back to), as ONNX's Loop with a false start condition requires.
                for (const auto& in : in_descriptions)
                    if (const auto* merged = dynamic_cast<const util::MultiSubGraphOp::MergedInputDescription*>(in.get()))
                        if (merged->m_body_value_index == d->m_body_value_index)
                            last[o] = inputs.at(in->m_input_index);
            }
            OPENVINO_ASSERT(last[o], devmux::ref::describe(op), ": output ", index, " was given by no iteration");
            outputs.at(index) = last[o];
        }
    }
    return outputs;
}

void copy_outputs(TensorVector& outputs, const TensorVector& values) {
    for (size_t i = 0; i < values.size(); ++i)
        devmux::ref::copy_to_output(values[i], outputs, i);
}

// The output types and shapes of an iterating op: a body value's (per-iteration outputs), or the body value's
// with the concatenation axis scaled by the iteration count (dynamic when unknown).
void infer_iterating_outputs(util::SubGraphOp& op, int64_t iterations) {
    const auto& body = op.get_function();
    for (const auto& d : op.get_output_descriptions()) {
        OPENVINO_ASSERT(d->m_body_value_index < body->get_results().size(), describe(op),
                        ": an output description names body Result ", d->m_body_value_index);
        const auto& result = body->get_results()[d->m_body_value_index];
        PartialShape shape = result->get_output_partial_shape(0);
        if (const auto* concat = dynamic_cast<const util::MultiSubGraphOp::ConcatOutputDescription*>(d.get())) {
            if (shape.rank().is_static()) {
                const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(op, concat->m_axis, shape.rank().get_length()));
                if (iterations >= 0 && shape[axis].is_static())
                    shape[axis] = shape[axis].get_length() * iterations;
                else
                    shape[axis] = Dimension::dynamic();
            }
        }
        op.set_output_type(d->m_output_index, result->get_output_element_type(0), shape);
    }
}

// The iteration count sliced inputs give, or -1 when none does or a sliced dimension is unknown.
int64_t sliced_iteration_count(const util::SubGraphOp& op) {
    int64_t count = -1;
    for (const auto& d : op.get_input_descriptions())
        if (const auto* slice = dynamic_cast<const util::MultiSubGraphOp::SliceInputDescription*>(d.get())) {
            const auto& shape = op.get_input_partial_shape(d->m_input_index);
            if (shape.rank().is_dynamic())
                return -1;
            const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(op, slice->m_axis, shape.rank().get_length()));
            if (shape[axis].is_dynamic())
                return -1;
            count = slicing_of(op, slice->m_start, slice->m_stride, slice->m_part_size, slice->m_end,
                               shape[axis].get_length())
                        .parts;
        }
    return count;
}

}  // namespace

namespace v0 {

TensorIterator::TensorIterator(const OutputVector& values) : util::SubGraphOp(values) {}

void TensorIterator::validate_and_infer_types() {
    const auto& body = get_function();
    if (!body)
        return;  // wired step by step: checked once the body is set
    util::BodyPlanCache::forget(*this, 0);
    set_body_parameter_types(*this, *body, get_input_descriptions());
    m_num_iterations = sliced_iteration_count(*this);
    infer_iterating_outputs(*this, m_num_iterations);
}

std::shared_ptr<Node> TensorIterator::clone_with_new_inputs(const OutputVector& new_args) const {
    auto copy = std::make_shared<TensorIterator>(new_args);
    copy->copy_bodies_from(*this);
    copy->set_output_size(get_output_size());
    copy->validate_and_infer_types();
    return copy;
}

bool TensorIterator::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    copy_outputs(outputs, iterate(*this, inputs, -1, true, -1, -1));
    return true;
}

bool TensorIterator::has_evaluate() const { return get_function() && body_evaluates(*get_function()); }

}  // namespace v0

namespace v5 {

Loop::Loop(const Output<Node>& trip_count, const Output<Node>& execution_condition)
    : util::SubGraphOp({trip_count, execution_condition}) {}

void Loop::validate_and_infer_types() {
    const auto& body = get_function();
    if (!body)
        return;
    util::BodyPlanCache::forget(*this, 0);
    OPENVINO_ASSERT(get_input_size() >= 2, describe(*this), ": expects trip_count and execution_condition inputs");
    set_body_parameter_types(*this, *body, get_input_descriptions());
    const auto& parameters = body->get_parameters();
    const int64_t current = m_special_body_ports.current_iteration_input_idx;
    if (current >= 0) {
        OPENVINO_ASSERT(static_cast<size_t>(current) < parameters.size(), describe(*this),
                        ": current_iteration_input_idx ", current, " names no body Parameter");
        auto& parameter = parameters[static_cast<size_t>(current)];
        if (parameter->get_element_type().is_dynamic())
            parameter->set_element_type(element::i64);
        parameter->set_partial_shape(PartialShape{});
        body->validate_nodes_and_infer_types();
    }
    const int64_t condition = m_special_body_ports.body_condition_output_idx;
    OPENVINO_ASSERT(condition < static_cast<int64_t>(body->get_results().size()), describe(*this),
                    ": body_condition_output_idx ", condition, " names no body Result");
    // The count is known only for a constant trip count and a condition that cannot stop the loop early.
    int64_t iterations = -1;
    const auto trip = devmux::ref::constant_input(*this, 0);
    const auto first = devmux::ref::constant_input(*this, 1);
    if (trip && condition < 0 && first) {
        const int64_t limit = devmux::ref::tensor_to_i64(trip->get_tensor_view()).at(0);
        const bool runs = truth_of(first->get_tensor_view());
        const int64_t sliced = sliced_iteration_count(*this);
        iterations = !runs ? 0 : limit < 0 ? sliced : sliced < 0 ? limit : std::min(limit, sliced);
    }
    m_num_iterations = iterations;
    infer_iterating_outputs(*this, iterations);
}

std::shared_ptr<Node> Loop::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() >= 2, describe(*this), ": expects trip_count and execution_condition inputs");
    auto copy = std::make_shared<Loop>();
    copy->set_arguments(new_args);
    copy->copy_bodies_from(*this);
    copy->m_special_body_ports = m_special_body_ports;
    copy->set_output_size(get_output_size());
    copy->validate_and_infer_types();
    return copy;
}

bool Loop::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() >= 2, describe(*this), ": expects trip_count and execution_condition inputs");
    const int64_t limit = devmux::ref::tensor_to_i64(inputs[0]).at(0);
    const bool first = truth_of(inputs[1]);
    copy_outputs(outputs, iterate(*this, inputs, limit, first, m_special_body_ports.current_iteration_input_idx,
                                  m_special_body_ports.body_condition_output_idx));
    return true;
}

bool Loop::has_evaluate() const { return get_function() && body_evaluates(*get_function()); }

}  // namespace v5

namespace v8 {

If::If() : util::MultiSubGraphOp(2) {}

If::If(const Output<Node>& execution_condition) : util::MultiSubGraphOp({execution_condition}, 2) {}

void If::set_input(const Output<Node>& value, const std::shared_ptr<v0::Parameter>& then_parameter,
                   const std::shared_ptr<v0::Parameter>& else_parameter) {
    OPENVINO_ASSERT(then_parameter || else_parameter, describe(*this), ": set_input needs a Parameter of a body");
    set_invariant_inputs(value, {then_parameter, else_parameter});
}

Output<Node> If::set_output(const std::shared_ptr<v0::Result>& then_result, const std::shared_ptr<v0::Result>& else_result) {
    OPENVINO_ASSERT(then_result && else_result, describe(*this), ": set_output needs a Result of each body");
    return set_body_outputs({then_result, else_result});
}

void If::validate_and_infer_types() {
    if (!get_then_body() || !get_else_body())
        return;
    OPENVINO_ASSERT(get_input_size() >= 1, describe(*this), ": expects the execution_condition input");
    // A constant condition decides the branch at compile time, as its shapes.
    const auto condition = devmux::ref::constant_input(*this, 0);
    int branch = -1;
    if (condition)
        branch = truth_of(condition->get_tensor_view()) ? THEN_BODY_INDEX : ELSE_BODY_INDEX;
    util::BodyPlanCache::forget(*this, THEN_BODY_INDEX);
    util::BodyPlanCache::forget(*this, ELSE_BODY_INDEX);
    // Only a branch that can run takes the inputs' shapes: the other may not hold for them (a PyTorch export
    // tests an input's rank and keeps a branch for another rank, whose Squeeze fails on a reshaped input).
    // With a condition known only at run time, a branch whose shape inference fails for these inputs is one
    // that cannot run on them, which ONNX never runs either (Silero VAD's 8 kHz branch on 16 kHz-sized input):
    // the op takes its shapes from the branch that holds, and should the other be chosen at run time its
    // evaluation fails then, naming the op and the body op at fault. Both failing is the op's error.
    bool holds[2] = {false, false};
    std::string failure[2];
    for (size_t body = 0; body < 2; ++body) {
        if (branch >= 0 && static_cast<int>(body) != branch)
            continue;
        if (branch >= 0) {
            set_body_parameter_types(*this, *m_bodies[body], m_input_descriptions[body]);
            holds[body] = true;
            continue;
        }
        // What the body held for before, to go back to when it fails: a body left half inferred could not
        // be cloned (Model::clone validates every op again), and the op is cloned when it is compiled.
        std::vector<std::pair<element::Type, PartialShape>> held;
        for (const auto& parameter : m_bodies[body]->get_parameters())
            held.emplace_back(parameter->get_element_type(), parameter->get_partial_shape());
        try {
            set_body_parameter_types(*this, *m_bodies[body], m_input_descriptions[body]);
            holds[body] = true;
        } catch (const ov::Exception& e) {
            failure[body] = e.what();
            const auto& parameters = m_bodies[body]->get_parameters();
            for (size_t i = 0; i < parameters.size(); ++i) {
                parameters[i]->set_element_type(held[i].first);
                parameters[i]->set_partial_shape(held[i].second);
            }
            try {
                m_bodies[body]->validate_nodes_and_infer_types();
            } catch (const ov::Exception&) {
                // Not even its old shapes: leave every input's shape unknown, which shape inference accepts.
                for (const auto& parameter : parameters)
                    parameter->set_partial_shape(PartialShape::dynamic());
                m_bodies[body]->validate_nodes_and_infer_types();
            }
        }
    }
    OPENVINO_ASSERT(branch >= 0 || holds[THEN_BODY_INDEX] || holds[ELSE_BODY_INDEX], describe(*this),
                    ": neither body holds for the inputs' shapes; then body: ", failure[THEN_BODY_INDEX],
                    "; else body: ", failure[ELSE_BODY_INDEX]);
    std::map<uint64_t, std::pair<element::Type, PartialShape>> outputs;
    for (size_t body = 0; body < 2; ++body) {
        if (!holds[body])
            continue;
        for (const auto& d : m_output_descriptions[body]) {
            OPENVINO_ASSERT(d->m_body_value_index < m_bodies[body]->get_results().size(), describe(*this),
                            ": an output description names body Result ", d->m_body_value_index);
            const auto& result = m_bodies[body]->get_results()[d->m_body_value_index];
            auto type = result->get_output_element_type(0);
            auto shape = result->get_output_partial_shape(0);
            auto found = outputs.find(d->m_output_index);
            if (found == outputs.end()) {
                outputs[d->m_output_index] = {type, shape};
                continue;
            }
            // The two branches may give different shapes: the output then has what they share.
            auto& [known_type, known_shape] = found->second;
            OPENVINO_ASSERT(known_type == type || known_type.is_dynamic() || type.is_dynamic(), describe(*this),
                            ": output ", d->m_output_index, " is ", known_type, " in one body and ", type, " in the other");
            if (known_shape.rank().is_static() && shape.rank().is_static() &&
                known_shape.rank().get_length() == shape.rank().get_length()) {
                for (size_t i = 0; i < shape.size(); ++i)
                    if (!(known_shape[i] == shape[i]))
                        known_shape[i] = Dimension::dynamic();
            } else if (!(known_shape == shape)) {
                known_shape = PartialShape::dynamic();
            }
        }
    }
    for (const auto& [index, type_and_shape] : outputs)
        set_output_type(index, type_and_shape.first, type_and_shape.second);
}

std::shared_ptr<Node> If::clone_with_new_inputs(const OutputVector& new_args) const {
    auto copy = std::make_shared<If>();
    copy->set_arguments(new_args);
    copy->copy_bodies_from(*this);
    copy->set_output_size(get_output_size());
    copy->validate_and_infer_types();
    return copy;
}

bool If::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(!inputs.empty(), describe(*this), ": expects the execution_condition input");
    const size_t branch = truth_of(inputs[0]) ? THEN_BODY_INDEX : ELSE_BODY_INDEX;
    const auto& body = m_bodies[branch];
    OPENVINO_ASSERT(body, describe(*this), ": has no ", branch == THEN_BODY_INDEX ? "then" : "else", " body");
    std::vector<ov::Tensor> parameter_values(body->get_parameters().size());
    for (const auto& d : m_input_descriptions[branch])
        parameter_values.at(d->m_body_parameter_index) = inputs.at(d->m_input_index);
    const auto results = run_body(*this, branch, body, parameter_values);
    TensorVector values(get_output_size());
    for (const auto& d : m_output_descriptions[branch])
        values.at(d->m_output_index) = results.at(d->m_body_value_index);
    copy_outputs(outputs, values);
    return true;
}

bool If::has_evaluate() const {
    return get_then_body() && get_else_body() && body_evaluates(*get_then_body()) && body_evaluates(*get_else_body());
}

}  // namespace v8
}  // namespace op
}  // namespace ov

size_t devmux::ref::body_plans_built() { return ov::op::plans_built.load(); }

size_t devmux::ref::body_plans_alive() { return ov::op::plans_alive.load(); }
