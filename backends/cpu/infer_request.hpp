// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <vector>

#include "devmux/plugin/iinfer_request.hpp"
#include "kernels/kernel.hpp"

namespace devmux {
namespace cpu {

class CompiledModel;
struct ExecutionPlan;

/// One variable's state as the user sees it (query_state); the data lives in the request's slot.
class VariableState : public IVariableState {
public:
    VariableState(const std::string& name, VariableSlot& slot) : IVariableState(name), m_slot(slot) {}
    void reset() override;
    void set_state(const ov::Tensor& state) override;
    ov::Tensor get_state() const override;

private:
    VariableSlot& m_slot;
};

/// Runs the compiled model's plan on this request's arena. All memory (arena, views, variable states)
/// is made at construction; infer() walks the step list with pre-bound tensors and allocates nothing,
/// unless the user replaced an input or output tensor, which rebinds the views once.
class InferRequest : public ISyncInferRequest {
public:
    explicit InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);
    ~InferRequest() override;

    void infer() override;
    std::vector<ov::ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;

    /// The bound tensor of plan buffer `index` (tests check that data pointers stay put across infers).
    const ov::Tensor& buffer_tensor(size_t index) const { return m_buffers[index]; }
    const void* arena() const { return m_arena; }

private:
    struct BoundStep {
        ov::TensorVector inputs;
        ov::TensorVector outputs;
        void* scratch = nullptr;
    };
    void bind();
    bool user_tensors_moved() const;

    std::shared_ptr<const CompiledModel> m_compiled;
    const ExecutionPlan& m_plan;
    void* m_arena = nullptr;
    std::vector<ov::Tensor> m_buffers;  // one per plan buffer
    std::vector<BoundStep> m_steps;
    std::vector<const void*> m_bound_inputs, m_bound_outputs;  // user tensor memory the views were made for
    std::vector<VariableSlot> m_variables;
    std::vector<std::shared_ptr<IVariableState>> m_states;
    std::vector<ov::ProfilingInfo> m_profile;
};

}  // namespace cpu
}  // namespace devmux
