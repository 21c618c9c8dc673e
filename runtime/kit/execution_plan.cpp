// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/execution_plan.hpp"
#include "kit/node_text.hpp"

#include "devmux/kit/passes.hpp"
#include "devmux/plugin/iremote_context.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <numeric>

#include "openvino/core/except.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/squeeze.hpp"
#include "openvino/op/unsqueeze.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"

namespace devmux {
namespace kit {
namespace {

constexpr size_t no_index = ValueDesc::none;

// ---- host kernels the kit itself provides ----

class HostBoundOp final : public BoundOp {
public:
    HostBoundOp(const HostKernel& kernel, const BindArgs& args) : m_kernel(kernel) {
        const auto& values = args.plan.values;
        for (size_t i = 0; i < args.inputs.size(); ++i) {
            const ValueDesc& value = values[args.step.inputs[i]];
            m_inputs.emplace_back(value.type, value.shape, args.inputs[i].host());
        }
        for (size_t i = 0; i < args.outputs.size(); ++i) {
            const ValueDesc& value = values[args.step.outputs[i]];
            m_outputs.emplace_back(value.type, value.shape, args.outputs[i].host());
        }
        m_scratch = args.scratch.bytes ? args.scratch.host() : nullptr;
    }
    void execute(ExecContext& ctx) override { m_kernel.execute(m_inputs, m_outputs, m_scratch, ctx); }

private:
    const HostKernel& m_kernel;
    ov::TensorVector m_inputs, m_outputs;
    void* m_scratch = nullptr;
};

class CopyKernel final : public HostKernel {
public:
    explicit CopyKernel(const ov::element::Type& type) : m_name("copy_" + type.get_type_name()) {}
    std::string name() const override { return m_name; }
    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext&) const override {
        std::memcpy(outputs[0].data(), inputs[0].data(), outputs[0].get_byte_size());
    }

private:
    std::string m_name;
};

class ReadValueKernel final : public HostKernel {
public:
    ReadValueKernel(size_t index, bool has_init) : m_index(index), m_has_init(has_init) {}
    std::string name() const override { return "read_state"; }
    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        const VariableSlot& slot = ctx.variables[m_index];
        ov::Tensor& out = outputs[0];
        if (slot.initialized)
            std::memcpy(out.data(), slot.value.data(), out.get_byte_size());
        else if (m_has_init)
            std::memcpy(out.data(), inputs[0].data(), out.get_byte_size());
        else
            std::memset(out.data(), 0, out.get_byte_size());
    }

private:
    size_t m_index;
    bool m_has_init;
};

class AssignKernel final : public HostKernel {
public:
    explicit AssignKernel(size_t index) : m_index(index) {}
    std::string name() const override { return "write_state"; }
    void execute(const ov::TensorVector& inputs, ov::TensorVector&, void*, ExecContext& ctx) const override {
        VariableSlot& slot = ctx.variables[m_index];
        std::memcpy(slot.value.data(), inputs[0].data(), slot.value.get_byte_size());
        slot.initialized = true;
    }

private:
    size_t m_index;
};

class ReferenceKernel final : public HostKernel {
public:
    ReferenceKernel(std::shared_ptr<const ov::Node> node, std::string exec_type)
        : m_node(std::move(node)), m_name(std::move(exec_type)) {}
    std::string name() const override { return m_name; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext&) const override {
        // evaluate() may replace an output tensor it judged unfit; the plan's buffers must survive that.
        constexpr size_t kInline = 16;
        void* inline_bound[kInline];
        std::vector<void*> many_bound;  // only for nodes with more than kInline outputs
        void** bound = inline_bound;
        if (outputs.size() > kInline) {
            many_bound.resize(outputs.size());
            bound = many_bound.data();
        }
        for (size_t i = 0; i < outputs.size(); ++i)
            bound[i] = outputs[i].data();
        if (!m_node->evaluate(outputs, inputs)) {
            std::string types;
            for (const auto& t : inputs)
                types += (types.empty() ? "" : ", ") + t.get_element_type().get_type_name();
            OPENVINO_THROW("no reference implementation for inputs of type ", types);
        }
        for (size_t i = 0; i < outputs.size(); ++i) {
            if (outputs[i].data() == bound[i])
                continue;
            const auto& type = m_node->get_output_element_type(i);
            const auto shape = m_node->get_output_shape(i);
            OPENVINO_ASSERT(outputs[i].get_element_type() == type && outputs[i].get_shape() == shape,
                            "evaluate() produced output ", i, " as ", outputs[i].get_element_type(),
                            outputs[i].get_shape(), ", the plan expects ", type, shape);
            std::memcpy(bound[i], outputs[i].data(), outputs[i].get_byte_size());
            outputs[i] = ov::Tensor(type, shape, bound[i]);
        }
    }

private:
    std::shared_ptr<const ov::Node> m_node;
    std::string m_name;
};

class HostArena final : public ArenaAllocator {
public:
    BufferRef allocate(size_t bytes, size_t alignment) override {
        alignment = std::max<size_t>(alignment, alignof(std::max_align_t));
        const size_t rounded = (bytes + alignment - 1) / alignment * alignment;
        void* memory = std::aligned_alloc(alignment, rounded);
        OPENVINO_ASSERT(memory, "cannot allocate ", rounded, " bytes for an infer request's arena");
        return BufferRef{host_memory, memory, 0, bytes};
    }
    void release(const BufferRef& buffer) override { std::free(buffer.base); }
};

// ---- variable state ----

class VariableState final : public IVariableState {
public:
    VariableState(const VariableDesc& desc, VariableSlot& slot, const std::string& device)
        : IVariableState(desc.id), m_slot(slot), m_user_type(desc.user_type), m_device(device) {}

    void reset() override {
        std::memset(m_slot.value.data(), 0, m_slot.value.get_byte_size());
        m_slot.initialized = false;
    }
    void set_state(const ov::Tensor& state) override {
        OPENVINO_ASSERT(state, m_device, ": cannot set variable '", get_name(), "' from an empty tensor");
        OPENVINO_ASSERT(state.get_element_type() == m_user_type && state.get_shape() == m_slot.value.get_shape(),
                        m_device, ": variable '", get_name(), "' holds ", m_user_type, " ", m_slot.value.get_shape(),
                        ", got a tensor of ", state.get_element_type(), " ", state.get_shape());
        if (m_user_type == m_slot.value.get_element_type()) {
            state.copy_to(m_slot.value);
        } else {
            // A contiguous copy first: the user's tensor may be a strided view.
            ov::Tensor dense(state.get_element_type(), state.get_shape());
            state.copy_to(dense);
            convert_floats(dense.data(), m_user_type, m_slot.value.data(), m_slot.value.get_element_type(),
                           dense.get_size());
        }
        m_slot.initialized = true;
    }
    ov::Tensor get_state() const override {
        ov::Tensor copy(m_user_type, m_slot.value.get_shape());
        if (m_user_type == m_slot.value.get_element_type())
            m_slot.value.copy_to(copy);
        else
            convert_floats(m_slot.value.data(), m_slot.value.get_element_type(), copy.data(), m_user_type,
                           copy.get_size());
        return copy;
    }

private:
    VariableSlot& m_slot;  // owned by the PlanRequest, which also owns this state's only strong reference
    ov::element::Type m_user_type;
    std::string m_device;
};

// ---- the planner ----

bool is_view_op(const ov::Node& node) {
    if (!ov::is_type<ov::op::v1::Reshape>(&node) && !ov::is_type<ov::op::v0::Squeeze>(&node) &&
        !ov::is_type<ov::op::v0::Unsqueeze>(&node) && !ov::is_type<ov::op::v0::Convert>(&node))
        return false;
    // Row-major data is unchanged by these ops when the element type and count are (a Convert to its own type
    // included).
    return node.get_output_element_type(0) == node.get_input_element_type(0) &&
           ov::shape_size(node.get_output_shape(0)) == ov::shape_size(node.get_input_shape(0));
}

class Planner {
public:
    Planner(const std::shared_ptr<const ov::Model>& model, const KernelProvider& kernels, const PlanOptions& options)
        : m_kernels(kernels), m_options(options), m_plan(std::make_shared<ExecutionPlan>()) {
        OPENVINO_ASSERT(model, options.device, ": cannot plan a null model");
        m_plan->model = model;
        m_plan->device = options.device;
        m_plan->alignment = std::max<size_t>(options.alignment, 1);
        m_plan->arena_space = options.arena_space;
    }

    std::shared_ptr<const ExecutionPlan> build() {
        const auto& model = *m_plan->model;
        m_input_types = m_options.input_types;
        m_output_types = m_options.output_types;
        if (m_input_types.empty())
            for (const auto& parameter : model.get_parameters())
                m_input_types.push_back(parameter->get_output_element_type(0));
        if (m_output_types.empty())
            for (const auto& result : model.get_results())
                m_output_types.push_back(result->get_input_element_type(0));
        OPENVINO_ASSERT(model.get_parameters().size() == m_input_types.size() &&
                            model.get_results().size() == m_output_types.size(),
                        m_options.device, ": the model '", model.get_friendly_name(), "' has ",
                        model.get_parameters().size(), " inputs and ", model.get_results().size(),
                        " outputs, the plan was given ", m_input_types.size(), " and ", m_output_types.size(),
                        " port types");
        const auto ops = model.get_ordered_ops();
        for (const auto& node : ops)
            check_static(*node);
        add_inputs();
        for (const auto& node : ops) {
            if (ov::is_type<ov::op::v0::Parameter>(node) || ov::is_type<ov::op::v0::Result>(node))
                continue;
            add_node(node);
        }
        add_outputs();
        if (m_options.concat_in_place)
            place_concats();
        drop_removed_steps();
        if (m_options.in_place_results)
            place_in_place_results();
        resolve_views();
        plan_memory();
        return m_plan;
    }

private:
    void check_static(const ov::Node& node) const {
        for (size_t i = 0; i < node.get_output_size(); ++i)
            OPENVINO_ASSERT(node.get_output_partial_shape(i).is_static(), m_options.device, ": op ",
                            name_and_type(node), " has the dynamic output shape ",
                            node.get_output_partial_shape(i), " (output ", i, "); the plan needs static shapes");
        for (size_t i = 0; i < node.get_input_size(); ++i)
            OPENVINO_ASSERT(node.get_input_partial_shape(i).is_static(), m_options.device, ": op ",
                            name_and_type(node), " has the dynamic input shape ",
                            node.get_input_partial_shape(i), " (input ", i, "); the plan needs static shapes");
    }

    size_t add_value(ValueKind kind, const ov::element::Type& type, const ov::Shape& shape,
                     const std::string& layout = "plain") {
        ValueDesc value;
        value.kind = kind;
        value.type = type;
        value.shape = shape;
        value.layout = layout;
        value.bytes = ov::shape_size(shape) * type.size();
        value.space = kind == ValueKind::Arena ? m_options.arena_space : host_memory;
        m_plan->values.push_back(value);
        return m_plan->values.size() - 1;
    }
    // While planning, a view's `root` is its parent (maybe itself a view) and `offset` its place in it;
    // resolve_views() flattens both.
    size_t add_view(size_t parent, const ov::element::Type& type, const ov::Shape& shape) {
        const size_t view = add_value(ValueKind::View, type, shape, m_plan->values[parent].layout);
        m_plan->values[view].space = m_plan->values[parent].space;
        m_plan->values[view].root = parent;
        return view;
    }
    void make_view(size_t value, size_t parent, size_t offset) {
        ValueDesc& desc = m_plan->values[value];
        desc.kind = ValueKind::View;
        desc.root = parent;
        desc.offset = offset;
        desc.space = m_plan->values[parent].space;
    }
    size_t root_of(size_t value) const {
        while (m_plan->values[value].kind == ValueKind::View)
            value = m_plan->values[value].root;
        return value;
    }
    size_t value_of(const ov::Output<ov::Node>& output) const {
        const auto it = m_values.find({output.get_node(), output.get_index()});
        OPENVINO_ASSERT(it != m_values.end(), m_options.device, ": op ", name_and_type(*output.get_node()),
                        " output ", output.get_index(), " is used before it is computed");
        return it->second;
    }
    void add_step(const ov::Node& node, const std::string& type, std::shared_ptr<const OpKernel> kernel,
                  std::vector<size_t> inputs, std::vector<size_t> outputs) {
        PlanStep step;
        step.node = &node;
        step.node_name = node.get_friendly_name();
        step.node_type = type;
        step.scratch_bytes = kernel->scratch_bytes();
        step.kernel = std::move(kernel);
        step.inputs = std::move(inputs);
        step.outputs = std::move(outputs);
        m_plan->steps.push_back(std::move(step));
        m_removed.push_back(false);
    }
    std::shared_ptr<const OpKernel> convert_kernel(const ov::Node& node, const ov::element::Type& from,
                                                   const ov::element::Type& to) const {
        auto kernel = m_kernels.convert_kernel(from, to);
        OPENVINO_ASSERT(kernel, m_options.device, ": no conversion from ", from, " to ", to, " for ",
                        name_and_type(node));
        return kernel;
    }

    void add_inputs() {
        const auto& parameters = m_plan->model->get_parameters();
        for (size_t i = 0; i < parameters.size(); ++i) {
            const auto& parameter = parameters[i];
            const auto shape = parameter->get_output_shape(0);
            const auto& exec_type = parameter->get_output_element_type(0);
            const size_t user = add_value(ValueKind::Input, m_input_types[i], shape);
            m_plan->values[user].port = i;
            m_plan->input_values.push_back(user);
            size_t value = user;
            if (m_input_types[i] != exec_type) {
                value = add_value(ValueKind::Arena, exec_type, shape);
                add_step(*parameter, "Convert", convert_kernel(*parameter, m_input_types[i], exec_type), {user},
                         {value});
            }
            m_values[{parameter.get(), 0}] = value;
        }
    }

    size_t variable_index(const std::string& id, const ov::element::Type& type, const ov::Shape& shape,
                          const ov::Node& node) {
        for (size_t i = 0; i < m_plan->variables.size(); ++i) {
            const auto& variable = m_plan->variables[i];
            if (variable.id != id)
                continue;
            OPENVINO_ASSERT(variable.type == type && variable.shape == shape, m_options.device, ": ",
                            name_and_type(node), " uses variable '", id, "' as ", type, " ", shape,
                            ", which elsewhere holds ", variable.type, " ", variable.shape);
            return i;
        }
        const auto user = m_options.variable_types.find(id);
        m_plan->variables.push_back({id, type, shape, user == m_options.variable_types.end() ? type : user->second});
        return m_plan->variables.size() - 1;
    }

    void add_node(const std::shared_ptr<ov::Node>& node) {
        std::vector<size_t> inputs;
        for (const auto& input : node->input_values())
            inputs.push_back(value_of(input));

        if (auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node)) {
            const size_t value = add_value(ValueKind::Constant, constant->get_element_type(), constant->get_shape());
            m_plan->values[value].constant = constant->get_data_ptr();
            m_values[{node.get(), 0}] = value;
            return;
        }
        if (m_options.views && is_view_op(*node) && m_plan->values[inputs[0]].layout == "plain" &&
            m_kernels.layout_of(*node, 0) == "plain") {
            m_values[{node.get(), 0}] = add_view(inputs[0], node->get_output_element_type(0), node->get_output_shape(0));
            m_plan->free_ops.push_back({node.get(), node->get_friendly_name(), node->get_type_name(), "view"});
            return;
        }
        if (auto read = ov::as_type_ptr<ov::op::util::ReadValueBase>(node)) {
            const auto& type = node->get_output_element_type(0);
            const auto shape = node->get_output_shape(0);
            const size_t out = add_value(ValueKind::Arena, type, shape);
            auto kernel = m_kernels.read_value_kernel(variable_index(read->get_variable_id(), type, shape, *node),
                                                      node->get_input_size() > 0);
            add_step(*node, node->get_type_name(), std::move(kernel), inputs, {out});
            m_values[{node.get(), 0}] = out;
            return;
        }
        if (auto assign = ov::as_type_ptr<ov::op::util::AssignBase>(node)) {
            const auto& type = node->get_input_element_type(0);
            const auto shape = node->get_input_shape(0);
            add_step(*node, node->get_type_name(),
                     m_kernels.assign_kernel(variable_index(assign->get_variable_id(), type, shape, *node)),
                     {inputs[0]}, {});
            // Assign's output passes its input through: the same bytes.
            for (size_t i = 0; i < node->get_output_size(); ++i)
                m_values[{node.get(), i}] = add_view(inputs[0], type, shape);
            return;
        }
        std::shared_ptr<const OpKernel> kernel = m_kernels.kernel_for(node);
        OPENVINO_ASSERT(kernel, m_options.device, ": op ", name_and_type(*node), " has no implementation");
        std::vector<size_t> outputs;
        for (size_t i = 0; i < node->get_output_size(); ++i) {
            outputs.push_back(add_value(ValueKind::Arena, node->get_output_element_type(i), node->get_output_shape(i),
                                        m_kernels.layout_of(*node, i)));
            m_values[{node.get(), i}] = outputs.back();
        }
        add_step(*node, node->get_type_name(), std::move(kernel), std::move(inputs), std::move(outputs));
    }

    void add_outputs() {
        const auto& results = m_plan->model->get_results();
        std::vector<bool> claimed(m_plan->values.size(), false);
        for (size_t i = 0; i < results.size(); ++i) {
            const auto& result = results[i];
            const size_t source = value_of(result->input_value(0));
            ValueDesc& desc = m_plan->values[source];
            // An intermediate feeding one output is written straight into the user's tensor.
            if (m_options.direct_outputs && desc.kind == ValueKind::Arena && !claimed[source] &&
                desc.type == m_output_types[i] && desc.layout == "plain") {
                desc.kind = ValueKind::Output;
                desc.space = host_memory;
                desc.port = i;
                claimed[source] = true;
                m_plan->output_values.push_back(source);
                continue;
            }
            // Copied out before add_value, which may move the value list under `desc`.
            const ov::element::Type from = desc.type;
            const ov::Shape shape = desc.shape;
            const size_t out = add_value(ValueKind::Output, m_output_types[i], shape);
            m_plan->values[out].port = i;
            m_plan->output_values.push_back(out);
            add_step(*result, from == m_output_types[i] ? "Copy" : "Convert",
                     convert_kernel(*result, from, m_output_types[i]), {source}, {out});
        }
    }

    // A Concat whose inputs are contiguous slices of its output (nothing varies before the axis) costs
    // nothing when each input's producer writes straight into its slice.
    void place_concats() {
        std::vector<size_t> uses(m_plan->values.size(), 0);
        for (const auto& step : m_plan->steps)
            for (size_t in : step.inputs)
                ++uses[in];
        for (size_t s = 0; s < m_plan->steps.size(); ++s) {
            const PlanStep& step = m_plan->steps[s];
            const auto* concat = ov::as_type<const ov::op::v0::Concat>(step.node);
            if (!concat || step.node_type != concat->get_type_name() || step.outputs.size() != 1)
                continue;
            const ValueDesc& out = m_plan->values[step.outputs[0]];
            if (out.kind != ValueKind::Arena && out.kind != ValueKind::Output)
                continue;
            int64_t axis = concat->get_axis();
            if (axis < 0)
                axis += static_cast<int64_t>(out.shape.size());
            if (axis < 0 || axis >= static_cast<int64_t>(out.shape.size()))
                continue;
            if (out.layout != "plain" && !m_kernels.concatenates_like_plain(out.layout, static_cast<size_t>(axis)))
                continue;
            size_t outer = 1;
            for (int64_t d = 0; d < axis; ++d)
                outer *= out.shape[static_cast<size_t>(d)];
            if (outer != 1)
                continue;
            bool fits = true;
            for (size_t i = 0; i < step.inputs.size() && fits; ++i) {
                const ValueDesc& in = m_plan->values[step.inputs[i]];
                fits = in.kind == ValueKind::Arena && in.layout == out.layout && in.type == out.type &&
                       in.space == out.space &&
                       std::count(step.inputs.begin(), step.inputs.end(), step.inputs[i]) == 1;
            }
            if (!fits)
                continue;
            size_t offset = 0;
            for (size_t in : step.inputs) {
                make_view(in, step.outputs[0], offset);
                offset += m_plan->values[in].bytes;
            }
            m_removed[s] = true;
            m_plan->free_ops.push_back({step.node, step.node_name, step.node_type, "concat_in_place"});
        }
    }

    void drop_removed_steps() {
        std::vector<PlanStep> kept;
        for (size_t s = 0; s < m_plan->steps.size(); ++s)
            if (!m_removed[s])
                kept.push_back(std::move(m_plan->steps[s]));
        m_plan->steps = std::move(kept);
    }

    // Last step reading each root (through any of its views), or `no_index`.
    std::vector<size_t> last_reads() const {
        std::vector<size_t> last(m_plan->values.size(), no_index);
        for (size_t s = 0; s < m_plan->steps.size(); ++s)
            for (size_t in : m_plan->steps[s].inputs) {
                const size_t root = root_of(in);
                last[root] = last[root] == no_index ? s : std::max(last[root], s);
            }
        return last;
    }

    // An element-wise result reuses the memory of an input that nothing reads afterwards.
    void place_in_place_results() {
        std::vector<size_t> last = last_reads();
        for (size_t s = 0; s < m_plan->steps.size(); ++s) {
            const PlanStep& step = m_plan->steps[s];
            const int k = step.kernel->in_place_input();
            if (k < 0 || static_cast<size_t>(k) >= step.inputs.size() || step.outputs.empty())
                continue;
            const size_t out = step.outputs[0];
            const size_t in = step.inputs[static_cast<size_t>(k)];
            const size_t root = root_of(in);
            const ValueDesc& out_desc = m_plan->values[out];
            const ValueDesc& in_desc = m_plan->values[in];
            if (out_desc.kind != ValueKind::Arena || m_plan->values[root].kind != ValueKind::Arena ||
                out_desc.bytes != in_desc.bytes || out_desc.layout != in_desc.layout || last[root] != s)
                continue;
            bool alone = true;  // no other input of the step lives in the same memory
            for (size_t other : step.inputs)
                alone = alone && (other == in || root_of(other) != root);
            if (!alone)
                continue;
            const size_t out_last = last[out];
            make_view(out, in, 0);
            if (out_last != no_index)
                last[root] = std::max(last[root], out_last);
        }
    }

    void resolve_views() {
        auto& values = m_plan->values;
        std::vector<bool> done(values.size(), false);
        for (size_t v = 0; v < values.size(); ++v) {
            if (values[v].kind != ValueKind::View)
                continue;
            size_t root = values[v].root, offset = values[v].offset;
            while (values[root].kind == ValueKind::View && !done[root]) {
                offset += values[root].offset;
                root = values[root].root;
            }
            if (values[root].kind == ValueKind::View) {  // an already flattened view
                offset += values[root].offset;
                root = values[root].root;
            }
            values[v].root = root;
            values[v].offset = offset;
            values[v].space = values[root].space;
            done[v] = true;
        }
    }

    void plan_memory() {
        auto& values = m_plan->values;
        std::vector<size_t> first(values.size(), no_index), last(values.size(), 0);
        auto touch = [&](size_t value, size_t s) {
            const size_t root = values[value].kind == ValueKind::View ? values[value].root : value;
            if (values[root].kind != ValueKind::Arena)
                return;
            first[root] = first[root] == no_index ? s : std::min(first[root], s);
            last[root] = std::max(last[root], s);
        };
        for (size_t s = 0; s < m_plan->steps.size(); ++s) {
            for (size_t out : m_plan->steps[s].outputs)
                touch(out, s);
            for (size_t in : m_plan->steps[s].inputs)
                touch(in, s);
        }
        // One block per arena value, then one per step's scratch (live only while its step runs).
        std::vector<size_t> sizes, begin, end, owner;
        for (size_t v = 0; v < values.size(); ++v) {
            if (values[v].kind != ValueKind::Arena)
                continue;
            if (first[v] == no_index) {  // no step touches it (a free Concat nobody reads): keep a slot anyway
                first[v] = 0;
                last[v] = m_plan->steps.empty() ? 0 : m_plan->steps.size() - 1;
            }
            sizes.push_back(values[v].bytes);
            begin.push_back(first[v]);
            end.push_back(last[v]);
            owner.push_back(v);
        }
        const size_t value_blocks = sizes.size();
        for (size_t s = 0; s < m_plan->steps.size(); ++s) {
            if (m_plan->steps[s].scratch_bytes == 0)
                continue;
            sizes.push_back(m_plan->steps[s].scratch_bytes);
            begin.push_back(s);
            end.push_back(s);
            owner.push_back(s);
        }
        std::vector<size_t> offsets;
        m_plan->arena_bytes = plan_offsets(sizes, begin, end, m_plan->alignment, offsets);
        m_plan->unshared_bytes = 0;
        for (size_t i = 0; i < sizes.size(); ++i) {
            m_plan->unshared_bytes += sizes[i];
            if (i < value_blocks)
                values[owner[i]].offset = offsets[i];
            else
                m_plan->steps[owner[i]].scratch_offset = offsets[i];
        }
    }

    const KernelProvider& m_kernels;
    const PlanOptions& m_options;
    std::shared_ptr<ExecutionPlan> m_plan;
    std::vector<ov::element::Type> m_input_types, m_output_types;
    std::vector<bool> m_removed;                                        // per step: dropped (a free Concat)
    std::map<std::pair<const ov::Node*, size_t>, size_t> m_values;  // node output -> value
};

}  // namespace

// ---- kernels ----

std::unique_ptr<BoundOp> HostKernel::bind(const BindArgs& args) const {
    for (const auto& buffer : args.inputs)
        OPENVINO_ASSERT(buffer.space == host_memory, args.plan.device, ": host kernel ", name(), " of '",
                        args.step.node_name, "' was given device memory");
    for (const auto& buffer : args.outputs)
        OPENVINO_ASSERT(buffer.space == host_memory, args.plan.device, ": host kernel ", name(), " of '",
                        args.step.node_name, "' was given device memory");
    return std::make_unique<HostBoundOp>(*this, args);
}

std::shared_ptr<const OpKernel> KernelProvider::convert_kernel(const ov::element::Type& from,
                                                               const ov::element::Type& to) const {
    return from == to ? std::make_shared<CopyKernel>(to) : nullptr;
}
std::shared_ptr<const OpKernel> KernelProvider::read_value_kernel(size_t variable, bool has_init) const {
    return std::make_shared<ReadValueKernel>(variable, has_init);
}
std::shared_ptr<const OpKernel> KernelProvider::assign_kernel(size_t variable) const {
    return std::make_shared<AssignKernel>(variable);
}
std::string KernelProvider::layout_of(const ov::Node&, size_t) const { return "plain"; }

bool KernelProvider::concatenates_like_plain(const std::string&, size_t) const { return false; }

std::shared_ptr<const OpKernel> make_reference_kernel(const std::shared_ptr<const ov::Node>& node,
                                                      std::string exec_type) {
    OPENVINO_ASSERT(node && node->has_evaluate(), "make_reference_kernel: op ",
                    node ? name_and_type(*node) : "<null>", " has no reference implementation");
    return std::make_shared<ReferenceKernel>(node, std::move(exec_type));
}

// ---- planning ----

std::shared_ptr<const ExecutionPlan> build_plan(const std::shared_ptr<const ov::Model>& model,
                                                const KernelProvider& kernels, const PlanOptions& options) {
    return Planner(model, kernels, options).build();
}

size_t plan_offsets(const std::vector<size_t>& sizes, const std::vector<size_t>& first, const std::vector<size_t>& last,
                    size_t alignment, std::vector<size_t>& offsets) {
    const size_t n = sizes.size();
    alignment = std::max<size_t>(alignment, 1);
    offsets.assign(n, 0);
    // Largest first: big blocks get the low offsets and small ones fill the gaps between them.
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return sizes[a] > sizes[b]; });
    struct Placed {
        size_t offset, end, first, last;
    };
    std::vector<Placed> placed;
    std::vector<std::pair<size_t, size_t>> busy;
    size_t total = 0;
    for (size_t index : order) {
        const size_t size = (sizes[index] + alignment - 1) / alignment * alignment;
        busy.clear();
        for (const auto& p : placed)
            if (p.first <= last[index] && first[index] <= p.last)
                busy.emplace_back(p.offset, p.end);
        std::sort(busy.begin(), busy.end());
        size_t candidate = 0;
        for (const auto& block : busy) {
            if (block.first >= candidate + size)
                break;
            candidate = std::max(candidate, block.second);
        }
        offsets[index] = candidate;
        placed.push_back({candidate, candidate + size, first[index], last[index]});
        total = std::max(total, candidate + size);
    }
    return total;
}

// ---- PlanRequest ----

PlanRequest::PlanRequest(std::shared_ptr<const ExecutionPlan> plan, std::shared_ptr<ArenaAllocator> arena,
                         DeviceTensorResolver device_tensors)
    : m_plan(std::move(plan)), m_allocator(std::move(arena)), m_device_tensors(std::move(device_tensors)) {
    OPENVINO_ASSERT(m_plan, "PlanRequest needs a plan");
    const ExecutionPlan& plan_ref = *m_plan;
    if (!m_allocator) {
        OPENVINO_ASSERT(plan_ref.arena_space == host_memory, plan_ref.device,
                        ": a plan with a device arena needs the backend's ArenaAllocator");
        m_allocator = std::make_shared<HostArena>();
    }
    if (plan_ref.arena_bytes > 0) {
        try {
            m_arena = m_allocator->allocate(plan_ref.arena_bytes, plan_ref.alignment);
        } catch (const std::exception& e) {
            // The allocator knows the bytes, not the device: the caller must learn both (issue 27 §3).
            OPENVINO_THROW(plan_ref.device, ": out of memory: an infer request needs an arena of ",
                           plan_ref.arena_bytes, " bytes for the model's intermediate values (", e.what(), ")");
        }
        OPENVINO_ASSERT(m_arena.space == plan_ref.arena_space, plan_ref.device,
                        ": the arena allocator gave memory of another space");
    }
    for (const auto& variable : plan_ref.variables) {
        VariableSlot slot;
        slot.value = ov::Tensor(variable.type, variable.shape);
        std::memset(slot.value.data(), 0, slot.value.get_byte_size());
        m_variables.push_back(slot);
    }
    // Slots are not added to after this point, so the states may keep references to them.
    for (size_t i = 0; i < plan_ref.variables.size(); ++i)
        m_states.push_back(std::make_shared<VariableState>(plan_ref.variables[i], m_variables[i], plan_ref.device));

    for (const auto& step : plan_ref.steps) {
        ov::ProfilingInfo info;
        info.status = ov::ProfilingInfo::Status::EXECUTED;
        info.node_name = step.node_name;
        info.node_type = step.node_type;
        info.exec_type = step.kernel->name();
        m_profile.push_back(info);
    }
    for (const auto& op : plan_ref.free_ops) {
        ov::ProfilingInfo info;
        info.status = ov::ProfilingInfo::Status::OPTIMIZED_OUT;
        info.node_name = op.node_name;
        info.node_type = op.node_type;
        info.exec_type = op.how;
        m_profile.push_back(info);
    }

    // Buffers of everything but the user's tensors; those are placed on the first run.
    const auto& values = plan_ref.values;
    m_buffers.assign(values.size(), BufferRef());
    for (size_t v = 0; v < values.size(); ++v) {
        const ValueDesc& value = values[v];
        if (value.kind == ValueKind::Arena)
            m_buffers[v] = BufferRef{m_arena.space, m_arena.base, m_arena.offset + value.offset, value.bytes};
        else if (value.kind == ValueKind::Constant)
            m_buffers[v] = BufferRef{host_memory, const_cast<void*>(value.constant), 0, value.bytes};
    }
    for (size_t v = 0; v < values.size(); ++v)
        if (values[v].kind == ValueKind::View) {
            BufferRef ref = m_buffers[values[v].root];
            ref.offset += values[v].offset;
            ref.bytes = values[v].bytes;
            m_buffers[v] = ref;
        }

    const size_t inputs = plan_ref.input_values.size(), outputs = plan_ref.output_values.size();
    m_input_steps.assign(inputs, {});
    m_output_steps.assign(outputs, {});
    m_bound.resize(plan_ref.steps.size());
    m_dirty.assign(plan_ref.steps.size(), false);
    for (size_t s = 0; s < plan_ref.steps.size(); ++s) {
        bool user = false;
        auto note = [&](size_t value) {
            const ValueDesc& desc = values[value];
            const ValueDesc& root = desc.kind == ValueKind::View ? values[desc.root] : desc;
            auto& lists = root.kind == ValueKind::Input ? m_input_steps : m_output_steps;
            if (root.kind != ValueKind::Input && root.kind != ValueKind::Output)
                return;
            user = true;
            if (lists[root.port].empty() || lists[root.port].back() != s)
                lists[root.port].push_back(s);
        };
        for (size_t in : plan_ref.steps[s].inputs)
            note(in);
        for (size_t out : plan_ref.steps[s].outputs)
            note(out);
        if (!user)
            bind_step(s);
    }
    m_bound_inputs.assign(inputs, nullptr);
    m_bound_outputs.assign(outputs, nullptr);
}

PlanRequest::~PlanRequest() {
    m_bound.clear();  // bound state may refer to the arena
    if (m_arena.base)
        m_allocator->release(m_arena);
}

void PlanRequest::bind_step(size_t s) {
    const PlanStep& step = m_plan->steps[s];
    BindArgs args{*m_plan, step, {}, {}, {}};
    for (size_t in : step.inputs)
        args.inputs.push_back(m_buffers[in]);
    for (size_t out : step.outputs)
        args.outputs.push_back(m_buffers[out]);
    if (step.scratch_bytes)
        args.scratch = BufferRef{m_arena.space, m_arena.base, m_arena.offset + step.scratch_offset, step.scratch_bytes};
    m_bound[s] = step.kernel->bind(args);
    OPENVINO_ASSERT(m_bound[s], m_plan->device, ": kernel ", step.kernel->name(), " of ", step.node_type, " '",
                    step.node_name, "' bound to nothing");
}

void PlanRequest::bind_user(const std::vector<ov::Tensor>& tensors, bool inputs) {
    const auto& ports = inputs ? m_plan->input_values : m_plan->output_values;
    auto& bound = inputs ? m_bound_inputs : m_bound_outputs;
    const char* what = inputs ? "input" : "output";
    OPENVINO_ASSERT(tensors.size() == ports.size(), m_plan->device, ": the request has ", tensors.size(), " ", what,
                    " tensors, the compiled model ", ports.size());
    for (size_t port = 0; port < ports.size(); ++port) {
        const ov::Tensor& tensor = tensors[port];
        // A tensor the host cannot address is known by its backend object instead of its bytes.
        const void* identity = nullptr;
        bool addressable = true;
        if (tensor) {
            const auto remote = remote_tensor_of(tensor);
            addressable = !remote || remote->host_data();
            identity = addressable ? tensor.data() : remote.get();
        }
        if (tensor && identity == bound[port])
            continue;
        const size_t value = ports[port];
        const ValueDesc& desc = m_plan->values[value];
        OPENVINO_ASSERT(tensor, m_plan->device, ": ", what, " tensor ", port, " is not set");
        OPENVINO_ASSERT(tensor.get_element_type() == desc.type && tensor.get_shape() == desc.shape, m_plan->device,
                        ": ", what, " tensor ", port, " is ", tensor.get_element_type(), " ", tensor.get_shape(),
                        ", the compiled model expects ", desc.type, " ", desc.shape);
        OPENVINO_ASSERT(tensor.is_continuous(), m_plan->device, ": ", what, " tensor ", port,
                        " is not dense; the plan needs row-major tensors without padding");
        BufferRef placed;
        if (!m_device_tensors || !m_device_tensors(tensor, placed)) {
            OPENVINO_ASSERT(addressable, m_plan->device, ": ", what, " tensor ", port, " lives in memory space '",
                            memory_space_of(tensor), "', which the host cannot address and ", m_plan->device,
                            " cannot use; copy it into a host tensor or a tensor of ", m_plan->device, "'s context");
            placed = BufferRef{host_memory, tensor.data(), 0, desc.bytes};
        }
        m_buffers[value] = placed;
        for (size_t v = 0; v < m_plan->values.size(); ++v) {
            const ValueDesc& view = m_plan->values[v];
            if (view.kind == ValueKind::View && view.root == value)
                m_buffers[v] = BufferRef{placed.space, placed.base, placed.offset + view.offset, view.bytes};
        }
        for (size_t s : (inputs ? m_input_steps : m_output_steps)[port])
            m_dirty[s] = true;
        bound[port] = identity;
    }
}

void PlanRequest::run(const std::vector<ov::Tensor>& inputs, const std::vector<ov::Tensor>& outputs, ExecContext ctx,
                      bool profiling) {
    bind_user(inputs, true);
    bind_user(outputs, false);
    const size_t steps = m_bound.size();
    for (size_t s = 0; s < steps; ++s)
        if (m_dirty[s]) {
            bind_step(s);
            m_dirty[s] = false;
        }
    ctx.variables = m_variables.data();
    using clock = std::chrono::steady_clock;
    for (size_t s = 0; s < steps; ++s) {
        const auto start = profiling ? clock::now() : clock::time_point();
        try {
            m_bound[s]->execute(ctx);
        } catch (const std::exception& e) {
            const PlanStep& step = m_plan->steps[s];
            OPENVINO_THROW(m_plan->device, ": op '", step.node_name, "' (", step.node_type, ") failed: ", e.what());
        }
        if (profiling) {
            const auto host = std::chrono::duration_cast<std::chrono::microseconds>(clock::now() - start);
            std::chrono::microseconds device{0};
            m_profile[s].cpu_time = host;
            m_profile[s].real_time = m_bound[s]->device_time(device) ? device : host;
        }
    }
}

}  // namespace kit
}  // namespace devmux
