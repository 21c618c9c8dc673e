// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "devmux/plugin/iinfer_request.hpp"
#include "openvino/core/model.hpp"
#include "openvino/runtime/profiling_info.hpp"
#include "openvino/runtime/tensor.hpp"

/// @file
/// @brief Reference execution of models whose shapes are not all known at compile time: dynamic input
/// dimensions ([?,3,?,?]) and data-dependent output shapes (NonZero, Unique, a Reshape whose target shape
/// is computed). Every op runs its own ov::Node::evaluate at each inference, on the actual tensors, and
/// the op sizes its outputs itself; nothing is planned ahead. Correct, not fast: a backend chooses it only
/// for models the static planner (devmux/kit/execution_plan.hpp) refuses.

namespace devmux {
namespace kit {

/// @brief True when `model` has a Parameter of dynamic shape or an op with an output of dynamic shape:
/// the models that need a DynamicReferencePlan.
bool has_dynamic_shapes(const ov::Model& model);

/// @brief A model prepared for dynamic reference execution: its ops in topological order, where each op
/// reads its inputs from, and when each value can be released. Built once per compiled model and immutable
/// afterwards, so any number of DynamicReferenceExecutor objects (one per infer request) use it from
/// different threads at once.
class DynamicReferencePlan {
public:
    /// @brief Prepares `model`, which the plan keeps and reads while it lives (give it a copy nobody
    /// changes). `device` starts every message ("CPU"). `input_types` and `output_types` are the element
    /// types of the user's tensors per port when they differ from the model's (converted at the
    /// boundary); empty means the model's own. Throws ov::Exception naming the op (friendly name and
    /// type) that has no evaluate() (see can_execute), or an output of dynamic element type.
    DynamicReferencePlan(std::shared_ptr<const ov::Model> model, std::string device,
                         std::vector<ov::element::Type> input_types = {},
                         std::vector<ov::element::Type> output_types = {});

    /// @brief Parameter, Constant, Result, ReadValue, Assign, or any op with ov::Node::has_evaluate.
    static bool can_execute(const ov::Node& node);

    const std::shared_ptr<const ov::Model>& model() const { return m_model; }
    const std::string& device() const { return m_device; }

    /// @brief Where an op's input comes from: output `port` of the op at `op` in the plan's order.
    struct Source {
        size_t op = 0;
        size_t port = 0;
    };
    /// @brief One op of the model, in execution order.
    struct Step {
        std::shared_ptr<const ov::Node> node;
        std::vector<Source> inputs;
        /// Values (outputs of earlier steps, as flat indices) whose last reader is this step.
        std::vector<size_t> release;
        size_t first_value = 0;  ///< the flat index of output 0; outputs are consecutive
        int parameter = -1;      ///< the model input it is, for a Parameter
        int result = -1;         ///< the model output it is, for a Result
        int variable = -1;       ///< the variable it reads or writes, for ReadValue and Assign
        std::shared_ptr<const ov::Node> convert;  ///< Convert at the boundary (user type differs), or null
        ov::Tensor constant;  ///< a Constant's data, shared read-only by every request
    };

    const std::vector<Step>& steps() const { return m_steps; }
    size_t value_count() const { return m_value_count; }
    /// @brief The variable ids, indexed like Step::variable.
    const std::vector<std::string>& variables() const { return m_variables; }

private:
    std::shared_ptr<const ov::Model> m_model;
    std::string m_device;
    std::vector<Step> m_steps;
    std::vector<std::string> m_variables;
    size_t m_value_count = 0;
};

/// @brief One infer request's side of a DynamicReferencePlan: its values during a run, its variables and
/// profiling records. Used by one thread at a time, like the request that owns it.
class DynamicReferenceExecutor {
public:
    explicit DynamicReferenceExecutor(std::shared_ptr<const DynamicReferencePlan> plan);

    /// @brief Runs every op. `inputs` and `outputs` are the request's tensors, indexed like the model's
    /// ports; each input's shape must fit its Parameter. An empty output tensor is replaced with a new
    /// tensor of the actual shape; a given one is written into, its shape set to the actual one (as
    /// ov::Tensor::set_shape allows: a tensor over user memory must be large enough). Throws ov::Exception
    /// naming the device, the op (friendly name and type) and the cause when an op fails.
    void run(const std::vector<ov::Tensor>& inputs, std::vector<ov::Tensor>& outputs, bool profiling);

    /// @brief One record per op in execution order (exec_type "ref_dynamic"; Parameters, Constants and
    /// Results NOT_RUN); the times are those of the last run made with `profiling` set.
    const std::vector<ov::ProfilingInfo>& profiling_info() const { return m_profile; }

    /// @brief One state per variable of the model; valid as long as the executor.
    const std::vector<std::shared_ptr<IVariableState>>& states() const { return m_states; }

    /// @brief A variable's value as one request holds it (shared with its IVariableState).
    struct VariableValue {
        ov::Tensor value;  ///< a tensor of its own, which no op or user writes
        bool initialized = false;  ///< false until an Assign or set_state: ReadValue gives its initial value
    };

private:
    std::shared_ptr<const DynamicReferencePlan> m_plan;
    std::vector<ov::Tensor> m_values;       // per flat value index; empty between runs
    std::vector<std::shared_ptr<VariableValue>> m_variables;  // shared with the states
    std::vector<std::shared_ptr<IVariableState>> m_states;
    std::vector<ov::ProfilingInfo> m_profile;
};

}  // namespace kit
}  // namespace devmux
