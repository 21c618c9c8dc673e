// SPDX-License-Identifier: Apache-2.0
#include "exec_plan.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "openvino/op/assign.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/squeeze.hpp"
#include "openvino/op/unsqueeze.hpp"
#include "openvino/op/util/variable_extension.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {
namespace {

constexpr size_t arena_alignment = 64;

bool is_view_op(const std::shared_ptr<ov::Node>& node) {
    if (!ov::is_type<ov::op::v1::Reshape>(node) && !ov::is_type<ov::op::v0::Squeeze>(node) &&
        !ov::is_type<ov::op::v0::Unsqueeze>(node))
        return false;
    // Row-major data is unchanged by these ops when the element type and count are.
    return node->get_output_element_type(0) == node->get_input_element_type(0) &&
           ov::shape_size(node->get_output_shape(0)) == ov::shape_size(node->get_input_shape(0));
}

class PlanBuilder {
public:
    PlanBuilder(const std::shared_ptr<ov::Model>& model, const std::vector<ov::element::Type>& input_types,
                const std::vector<ov::element::Type>& output_types)
        : m_input_types(input_types), m_output_types(output_types) {
        m_plan.model = model;
    }

    ExecutionPlan build() {
        const auto& model = *m_plan.model;
        OPENVINO_ASSERT(model.get_parameters().size() == m_input_types.size() &&
                            model.get_results().size() == m_output_types.size(),
                        "CPU: the prepared model of '", model.get_friendly_name(), "' lost inputs or outputs");
        add_inputs();
        for (const auto& node : model.get_ordered_ops()) {
            if (ov::is_type<ov::op::v0::Parameter>(node) || ov::is_type<ov::op::v0::Result>(node))
                continue;
            add_node(node);
        }
        add_outputs();
        plan_memory();
        return std::move(m_plan);
    }

private:
    size_t add_buffer(BufferKind kind, const ov::element::Type& type, const ov::Shape& shape) {
        BufferDesc desc;
        desc.kind = kind;
        desc.type = type;
        desc.shape = shape;
        desc.bytes = ov::shape_size(shape) * type.size();
        m_plan.buffers.push_back(desc);
        return m_plan.buffers.size() - 1;
    }
    size_t root_of(size_t buffer) const {
        const auto& desc = m_plan.buffers[buffer];
        return desc.kind == BufferKind::View ? desc.root : buffer;
    }
    size_t add_view(size_t of, const ov::element::Type& type, const ov::Shape& shape) {
        const size_t view = add_buffer(BufferKind::View, type, shape);
        m_plan.buffers[view].root = root_of(of);
        return view;
    }
    size_t value(const ov::Output<ov::Node>& output) const {
        const auto it = m_values.find({output.get_node(), output.get_index()});
        OPENVINO_ASSERT(it != m_values.end(), "CPU: ", *output.get_node(), " output ", output.get_index(),
                        " is used before it is computed");
        return it->second;
    }
    void add_step(const std::string& name, const std::string& type, std::shared_ptr<const Kernel> kernel,
                  std::vector<size_t> inputs, std::vector<size_t> outputs) {
        Step step;
        step.node_name = name;
        step.node_type = type;
        step.scratch_bytes = kernel->scratch_bytes();
        step.kernel = std::move(kernel);
        step.inputs = std::move(inputs);
        step.outputs = std::move(outputs);
        m_plan.steps.push_back(std::move(step));
    }

    void add_inputs() {
        const auto& parameters = m_plan.model->get_parameters();
        for (size_t i = 0; i < parameters.size(); ++i) {
            const auto& parameter = parameters[i];
            const auto shape = parameter->get_output_shape(0);
            const auto& exec_type = parameter->get_output_element_type(0);
            const size_t user = add_buffer(BufferKind::Input, m_input_types[i], shape);
            m_plan.buffers[user].port = i;
            size_t buffer = user;
            if (m_input_types[i] != exec_type) {
                buffer = add_buffer(BufferKind::Arena, exec_type, shape);
                add_step(parameter->get_friendly_name(), "Convert",
                         make_convert_kernel(m_input_types[i], exec_type), {user}, {buffer});
            }
            m_values[{parameter.get(), 0}] = buffer;
        }
    }

    size_t variable_index(ov::op::util::VariableExtension& ext, const ov::element::Type& type, const ov::Shape& shape) {
        const std::string id = ext.get_variable_id();
        for (size_t i = 0; i < m_plan.variables.size(); ++i)
            if (m_plan.variables[i].id == id)
                return i;
        m_plan.variables.push_back({id, type, shape});
        return m_plan.variables.size() - 1;
    }

    void add_node(const std::shared_ptr<ov::Node>& node) {
        std::vector<size_t> inputs;
        for (const auto& input : node->input_values())
            inputs.push_back(value(input));
        const std::string& name = node->get_friendly_name();

        if (auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node)) {
            const size_t buffer = add_buffer(BufferKind::Constant, constant->get_element_type(), constant->get_shape());
            m_plan.buffers[buffer].constant = constant->get_data_ptr();
            m_values[{node.get(), 0}] = buffer;
            return;
        }
        if (is_view_op(node)) {
            m_values[{node.get(), 0}] = add_view(inputs[0], node->get_output_element_type(0), node->get_output_shape(0));
            m_plan.in_place_ops.emplace_back(name, node->get_type_name());
            return;
        }
        if (auto* ext = dynamic_cast<ov::op::util::VariableExtension*>(node.get())) {
            if (ov::is_type<ov::op::util::ReadValueBase>(node)) {
                const auto& type = node->get_output_element_type(0);
                const auto shape = node->get_output_shape(0);
                const size_t out = add_buffer(BufferKind::Arena, type, shape);
                add_step(name, node->get_type_name(),
                         make_read_value_kernel(variable_index(*ext, type, shape), node->get_input_size() > 0),
                         inputs, {out});
                m_values[{node.get(), 0}] = out;
                return;
            }
            if (ov::is_type<ov::op::util::AssignBase>(node)) {
                const auto& type = node->get_input_element_type(0);
                const auto shape = node->get_input_shape(0);
                add_step(name, node->get_type_name(), make_assign_kernel(variable_index(*ext, type, shape)),
                         {inputs[0]}, {});
                // Assign's output passes its input through: the same bytes.
                for (size_t i = 0; i < node->get_output_size(); ++i)
                    m_values[{node.get(), i}] = add_view(inputs[0], type, shape);
                return;
            }
        }
        std::shared_ptr<const Kernel> kernel = make_optimized_kernel(node);
        if (!kernel) {
            OPENVINO_ASSERT(node->has_evaluate(), "CPU: op '", name, "' of type ", describe_type(*node),
                            " has no CPU implementation");
            kernel = make_reference_kernel(node);
        }
        std::vector<size_t> outputs;
        for (size_t i = 0; i < node->get_output_size(); ++i) {
            outputs.push_back(add_buffer(BufferKind::Arena, node->get_output_element_type(i), node->get_output_shape(i)));
            m_values[{node.get(), i}] = outputs.back();
        }
        add_step(name, node->get_type_name(), std::move(kernel), std::move(inputs), std::move(outputs));
    }

    void add_outputs() {
        const auto& results = m_plan.model->get_results();
        std::vector<bool> claimed(m_plan.buffers.size(), false);
        for (size_t i = 0; i < results.size(); ++i) {
            const auto& result = results[i];
            const size_t source = value(result->input_value(0));
            BufferDesc& desc = m_plan.buffers[source];
            // An intermediate feeding one output is written straight into the user's tensor.
            if (desc.kind == BufferKind::Arena && !claimed[source] && desc.type == m_output_types[i]) {
                desc.kind = BufferKind::Output;
                desc.port = i;
                claimed[source] = true;
                continue;
            }
            // Copied out before add_buffer, which may move the buffer list under `desc`.
            const ov::element::Type from = desc.type;
            const ov::Shape shape = desc.shape;
            const size_t out = add_buffer(BufferKind::Output, m_output_types[i], shape);
            m_plan.buffers[out].port = i;
            add_step(result->get_friendly_name(), from == m_output_types[i] ? "Copy" : "Convert",
                     make_convert_kernel(from, m_output_types[i]), {source}, {out});
        }
    }

    void plan_memory() {
        const size_t none = static_cast<size_t>(-1);
        std::vector<size_t> first(m_plan.buffers.size(), none), last(m_plan.buffers.size(), 0);
        for (size_t s = 0; s < m_plan.steps.size(); ++s) {
            for (size_t out : m_plan.steps[s].outputs)
                if (m_plan.buffers[out].kind == BufferKind::Arena) {
                    first[out] = s;
                    last[out] = std::max(last[out], s);
                }
            for (size_t in : m_plan.steps[s].inputs) {
                const size_t root = root_of(in);
                if (m_plan.buffers[root].kind == BufferKind::Arena)
                    last[root] = std::max(last[root], s);
            }
        }
        // One block per arena value, then one per step's scratch (live only while its step runs).
        std::vector<size_t> sizes, begin, end, owner;
        for (size_t b = 0; b < m_plan.buffers.size(); ++b) {
            if (m_plan.buffers[b].kind != BufferKind::Arena)
                continue;
            OPENVINO_ASSERT(first[b] != none, "CPU: buffer ", b, " of the plan has no producer");
            sizes.push_back(m_plan.buffers[b].bytes);
            begin.push_back(first[b]);
            end.push_back(last[b]);
            owner.push_back(b);
        }
        const size_t value_blocks = sizes.size();
        for (size_t s = 0; s < m_plan.steps.size(); ++s) {
            if (m_plan.steps[s].scratch_bytes == 0)
                continue;
            sizes.push_back(m_plan.steps[s].scratch_bytes);
            begin.push_back(s);
            end.push_back(s);
            owner.push_back(s);
        }
        std::vector<size_t> offsets;
        m_plan.arena_bytes = plan_offsets(sizes, begin, end, arena_alignment, offsets);
        m_plan.unshared_bytes = 0;
        for (size_t i = 0; i < sizes.size(); ++i) {
            m_plan.unshared_bytes += sizes[i];
            if (i < value_blocks)
                m_plan.buffers[owner[i]].offset = offsets[i];
            else
                m_plan.steps[owner[i]].scratch_offset = offsets[i];
        }
    }

    ExecutionPlan m_plan;
    std::vector<ov::element::Type> m_input_types, m_output_types;
    std::map<std::pair<const ov::Node*, size_t>, size_t> m_values;  // node output -> buffer
};

}  // namespace

size_t plan_offsets(const std::vector<size_t>& sizes, const std::vector<size_t>& first, const std::vector<size_t>& last,
                    size_t alignment, std::vector<size_t>& offsets) {
    const size_t n = sizes.size();
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

ExecutionPlan build_plan(const std::shared_ptr<ov::Model>& model, const std::vector<ov::element::Type>& input_types,
                         const std::vector<ov::element::Type>& output_types) {
    return PlanBuilder(model, input_types, output_types).build();
}

}  // namespace cpu
}  // namespace devmux
