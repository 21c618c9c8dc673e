// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "devmux/plugin/iinfer_request.hpp"
#include "openvino/core/model.hpp"
#include "openvino/runtime/profiling_info.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {

/// @brief A model planned for reference execution: every op runs its own ov::Node::evaluate, in
/// topological order. For test plugins and simple backends that need a correct, not a fast, device.
///
/// Built once per compiled model and immutable afterwards, so any number of ReferenceExecutor objects
/// (one per infer request) use it from different threads at once.
class ReferencePlan {
public:
    /// @brief Plans `model`, which the plan keeps and reads while it lives (give it a copy nobody changes).
    /// `device` starts every message (e.g. "MOCK.0"). Throws ov::Exception naming the op (friendly name
    /// and type) that can_execute refuses, or that has a dynamic output shape.
    ReferencePlan(std::shared_ptr<const ov::Model> model, std::string device);

    /// @brief Whether the executor can run this op at all: Parameter, Constant, Result, ReadValue,
    /// Assign, or any op with a reference implementation (ov::Node::has_evaluate).
    static bool can_execute(const ov::Node& node);

    const std::shared_ptr<const ov::Model>& model() const { return m_model; }
    const std::string& device() const { return m_device; }

private:
    friend class ReferenceExecutor;

    enum class StepKind { Parameter, Constant, Compute, ReadValue, Assign, Result };
    struct Step {
        StepKind kind;
        const ov::Node* node;
        std::vector<size_t> inputs;   // value slots read
        std::vector<size_t> outputs;  // value slots written (an Assign's output aliases its input)
        size_t port = 0;              // Parameter: model input index; Result: model output index
        size_t variable = 0;          // ReadValue / Assign: index into m_variables
    };
    struct Value {
        ov::element::Type type;
        ov::Shape shape;
        const ov::Node* constant = nullptr;  // set when the value is a Constant's data (never copied)
        bool from_input = false;             // set when the value is a model input (the user's tensor)
    };
    struct Variable {
        std::string id;
        ov::element::Type type;
        ov::Shape shape;
    };

    std::shared_ptr<const ov::Model> m_model;
    std::string m_device;
    std::vector<Step> m_steps;
    std::vector<Value> m_values;
    std::vector<Variable> m_variables;
};

/// @brief One infer request's memory for a ReferencePlan: every intermediate tensor and every variable
/// state is allocated at construction; run() allocates no tensor data (only an empty output tensor is
/// allocated, once). Used by one thread at a time, like the request that owns it.
class ReferenceExecutor {
public:
    explicit ReferenceExecutor(std::shared_ptr<const ReferencePlan> plan);

    /// @brief Runs the plan: `inputs` and `outputs` are indexed like the model's inputs and outputs (the
    /// request's own tensors). Results are copied into `outputs`. Throws ov::Exception naming the device,
    /// the op (friendly name and type) and the cause when an op fails.
    void run(const std::vector<ov::Tensor>& inputs, std::vector<ov::Tensor>& outputs, bool profiling);

    /// @brief One record per op in execution order (Parameters and Constants NOT_RUN); the times are those
    /// of the last run made with `profiling` set.
    const std::vector<ov::ProfilingInfo>& profiling_info() const { return m_profile; }

    /// @brief One state per variable of the model; they stay valid as long as the executor.
    const std::vector<std::shared_ptr<IVariableState>>& states() const { return m_states; }

private:
    class State;
    void bind_inputs(const std::vector<ov::Tensor>& inputs);

    std::shared_ptr<const ReferencePlan> m_plan;
    std::vector<ov::Tensor> m_values;  // one per plan value slot
    std::vector<ov::TensorVector> m_step_inputs, m_step_outputs;
    std::vector<const void*> m_bound_inputs;  // the user input memory the step vectors were bound to
    std::vector<std::shared_ptr<State>> m_variables;
    std::vector<std::shared_ptr<IVariableState>> m_states;
    std::vector<ov::ProfilingInfo> m_profile;
    bool m_bound = false;
};

}  // namespace devmux
