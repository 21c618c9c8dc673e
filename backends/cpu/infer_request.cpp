// SPDX-License-Identifier: Apache-2.0
#include "infer_request.hpp"

#include <chrono>
#include <cstdlib>
#include <cstring>

#include "compiled_model.hpp"

namespace devmux {
namespace cpu {

// ---- VariableState ----

void VariableState::reset() {
    std::memset(m_slot.value.data(), 0, m_slot.value.get_byte_size());
    m_slot.initialized = false;
}

void VariableState::set_state(const ov::Tensor& state) {
    OPENVINO_ASSERT(state, "CPU: cannot set variable '", get_name(), "' from an empty tensor");
    OPENVINO_ASSERT(state.get_element_type() == m_slot.value.get_element_type() &&
                        state.get_shape() == m_slot.value.get_shape(),
                    "CPU: variable '", get_name(), "' holds ", m_slot.value.get_element_type(), " ",
                    m_slot.value.get_shape(), ", got a tensor of ", state.get_element_type(), " ", state.get_shape());
    state.copy_to(m_slot.value);
    m_slot.initialized = true;
}

ov::Tensor VariableState::get_state() const {
    ov::Tensor copy(m_slot.value.get_element_type(), m_slot.value.get_shape());
    m_slot.value.copy_to(copy);
    return copy;
}

// ---- InferRequest ----

InferRequest::InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model), m_compiled(compiled_model), m_plan(compiled_model->plan()) {
    if (m_plan.arena_bytes > 0) {
        const size_t bytes = (m_plan.arena_bytes + 63) / 64 * 64;
        m_arena = std::aligned_alloc(64, bytes);
        OPENVINO_ASSERT(m_arena, "CPU: cannot allocate ", bytes, " bytes for an infer request's intermediates");
    }
    for (const auto& variable : m_plan.variables) {
        VariableSlot slot;
        slot.value = ov::Tensor(variable.type, variable.shape);
        std::memset(slot.value.data(), 0, slot.value.get_byte_size());
        m_variables.push_back(slot);
    }
    // Slots are not added to after this point, so the states may keep references to them.
    for (size_t i = 0; i < m_plan.variables.size(); ++i)
        m_states.push_back(std::make_shared<VariableState>(m_plan.variables[i].id, m_variables[i]));
    for (const auto& step : m_plan.steps) {
        ov::ProfilingInfo info;
        info.status = ov::ProfilingInfo::Status::EXECUTED;
        info.node_name = step.node_name;
        info.node_type = step.node_type;
        info.exec_type = step.kernel->name();
        m_profile.push_back(info);
    }
    for (const auto& op : m_plan.in_place_ops) {
        ov::ProfilingInfo info;
        info.status = ov::ProfilingInfo::Status::OPTIMIZED_OUT;
        info.node_name = op.first;
        info.node_type = op.second;
        info.exec_type = "in_place";
        m_profile.push_back(info);
    }
    bind();
}

InferRequest::~InferRequest() { std::free(m_arena); }

void InferRequest::bind() {
    auto user_tensor = [](const ov::Tensor& tensor, const BufferDesc& desc, const char* what) {
        OPENVINO_ASSERT(tensor, "CPU: ", what, " tensor ", desc.port, " is not set");
        OPENVINO_ASSERT(tensor.get_element_type() == desc.type && tensor.get_shape() == desc.shape, "CPU: ", what,
                        " tensor ", desc.port, " is ", tensor.get_element_type(), " ", tensor.get_shape(),
                        ", the compiled model expects ", desc.type, " ", desc.shape);
        OPENVINO_ASSERT(tensor.is_continuous(), "CPU: ", what, " tensor ", desc.port,
                        " is not dense; the CPU plugin needs row-major tensors without padding");
        return tensor;
    };
    char* arena = static_cast<char*>(m_arena);
    m_buffers.assign(m_plan.buffers.size(), ov::Tensor());
    for (size_t b = 0; b < m_plan.buffers.size(); ++b) {
        const BufferDesc& desc = m_plan.buffers[b];
        switch (desc.kind) {
        case BufferKind::Arena:
            m_buffers[b] = ov::Tensor(desc.type, desc.shape, desc.bytes ? arena + desc.offset : nullptr);
            break;
        case BufferKind::Constant:
            m_buffers[b] = ov::Tensor(desc.type, desc.shape, const_cast<void*>(desc.constant));
            break;
        case BufferKind::Input:
            m_buffers[b] = user_tensor(m_input_tensors.at(desc.port), desc, "input");
            break;
        case BufferKind::Output:
            m_buffers[b] = user_tensor(m_output_tensors.at(desc.port), desc, "output");
            break;
        case BufferKind::View:
            break;  // below, once every root is bound
        }
    }
    for (size_t b = 0; b < m_plan.buffers.size(); ++b) {
        const BufferDesc& desc = m_plan.buffers[b];
        if (desc.kind == BufferKind::View)
            m_buffers[b] = ov::Tensor(desc.type, desc.shape, m_buffers[desc.root].data());
    }
    m_steps.assign(m_plan.steps.size(), BoundStep());
    for (size_t s = 0; s < m_plan.steps.size(); ++s) {
        const Step& step = m_plan.steps[s];
        for (size_t in : step.inputs)
            m_steps[s].inputs.push_back(m_buffers[in]);
        for (size_t out : step.outputs)
            m_steps[s].outputs.push_back(m_buffers[out]);
        m_steps[s].scratch = step.scratch_bytes ? arena + step.scratch_offset : nullptr;
    }
    m_bound_inputs.clear();
    for (const auto& tensor : m_input_tensors)
        m_bound_inputs.push_back(tensor.data());
    m_bound_outputs.clear();
    for (const auto& tensor : m_output_tensors)
        m_bound_outputs.push_back(tensor.data());
}

bool InferRequest::user_tensors_moved() const {
    for (size_t i = 0; i < m_input_tensors.size(); ++i)
        if (m_input_tensors[i].data() != m_bound_inputs[i])
            return true;
    for (size_t i = 0; i < m_output_tensors.size(); ++i)
        if (m_output_tensors[i].data() != m_bound_outputs[i])
            return true;
    return false;
}

void InferRequest::infer() {
    if (user_tensors_moved())
        bind();
    ExecContext ctx;
    ctx.pool = &m_compiled->pool();
    ctx.variables = m_variables.data();
    const bool profiling = m_compiled->config().enable_profiling;
    for (size_t s = 0; s < m_steps.size(); ++s) {
        const Step& step = m_plan.steps[s];
        BoundStep& bound = m_steps[s];
        const auto start = profiling ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
        try {
            step.kernel->execute(bound.inputs, bound.outputs, bound.scratch, ctx);
        } catch (const std::exception& e) {
            OPENVINO_THROW("CPU: ", step.node_type, " '", step.node_name, "' failed: ", e.what());
        }
        if (profiling) {
            const auto elapsed = std::chrono::duration_cast<std::chrono::microseconds>(
                std::chrono::steady_clock::now() - start);
            m_profile[s].real_time = elapsed;
            m_profile[s].cpu_time = elapsed;
        }
    }
}

std::vector<ov::ProfilingInfo> InferRequest::get_profiling_info() const {
    if (!m_compiled->config().enable_profiling)
        return {};
    return m_profile;
}

std::vector<std::shared_ptr<IVariableState>> InferRequest::query_state() const { return m_states; }

}  // namespace cpu
}  // namespace devmux
