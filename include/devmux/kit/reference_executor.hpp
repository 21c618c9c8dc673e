// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "devmux/kit/execution_plan.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "openvino/core/model.hpp"
#include "openvino/runtime/profiling_info.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
namespace kit {

/// @brief A model planned for reference execution: every op runs its own ov::Node::evaluate, in
/// topological order, on the shared planner (kit::build_plan: one arena, views, in-place Concat). For
/// test plugins and simple backends that need a correct, not a fast, device.
///
/// Built once per compiled model and immutable afterwards, so any number of ReferenceExecutor objects
/// (one per infer request) use it from different threads at once.
class ReferencePlan {
public:
    /// @brief Plans `model`, which the plan keeps and reads while it lives (give it a copy nobody changes).
    /// `device` starts every message (e.g. "MOCK.0"). `input_types` and `output_types` are the element
    /// types of the user's tensors per port when they differ from the model's (a model retyped by the
    /// kit's precision policy keeps its user's f16 ports); empty means the model's own. Throws
    /// ov::Exception naming the op (friendly name and type) that can_execute refuses, or that has a dynamic
    /// output shape.
    ReferencePlan(std::shared_ptr<const ov::Model> model, std::string device,
                  std::vector<ov::element::Type> input_types = {}, std::vector<ov::element::Type> output_types = {});

    /// @brief Whether the executor can run this op at all: Parameter, Constant, Result, ReadValue,
    /// Assign, or any op with a reference implementation (ov::Node::has_evaluate).
    static bool can_execute(const ov::Node& node);

    const std::shared_ptr<const ov::Model>& model() const { return m_model; }
    const std::string& device() const { return m_device; }

    /// @brief The shared plan (devmux/kit/execution_plan.hpp) the executor runs.
    const std::shared_ptr<const kit::ExecutionPlan>& execution_plan() const { return m_plan; }

private:
    friend class ReferenceExecutor;

    std::shared_ptr<const ov::Model> m_model;
    std::string m_device;
    std::shared_ptr<const kit::ExecutionPlan> m_plan;
    // Per op of m_model->get_ordered_ops(): its step in m_plan (or `none`), and whether it is free.
    std::vector<size_t> m_op_step;
    std::vector<bool> m_op_free;
    std::vector<ov::ProfilingInfo> m_profile_template;
};

/// @brief One infer request's memory for a ReferencePlan (a kit::PlanRequest): the arena and every variable
/// state are allocated at construction; run() allocates no tensor data (only an empty output tensor is
/// allocated, once). Used by one thread at a time, like the request that owns it.
class ReferenceExecutor {
public:
    explicit ReferenceExecutor(std::shared_ptr<const ReferencePlan> plan);

    /// @brief Runs the plan: `inputs` and `outputs` are indexed like the model's inputs and outputs (the
    /// request's own tensors). Results are written into `outputs` (an empty one is allocated
    /// once). Throws ov::Exception naming the device,
    /// the op (friendly name and type) and the cause when an op fails.
    void run(const std::vector<ov::Tensor>& inputs, std::vector<ov::Tensor>& outputs, bool profiling);

    /// @brief One record per op in execution order (Parameters, Constants and Results without a
    /// step NOT_RUN, views and in-place Concats OPTIMIZED_OUT); the times are those
    /// of the last run made with `profiling` set.
    const std::vector<ov::ProfilingInfo>& profiling_info() const { return m_profile; }

    /// @brief One state per variable of the model; they stay valid as long as the executor.
    const std::vector<std::shared_ptr<IVariableState>>& states() const { return m_request.states(); }

private:
    std::shared_ptr<const ReferencePlan> m_plan;
    kit::PlanRequest m_request;
    std::vector<ov::ProfilingInfo> m_profile;
};

}  // namespace kit
}  // namespace devmux
