// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <mutex>
#include <tuple>
#include <memory>
#include <utility>
#include <vector>

#include "devmux/kit/dynamic_executor.hpp"
#include "devmux/kit/execution_plan.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {

class CompiledModel;

/// What a specialised plan is made for: every input's shape, and the values of the inputs that decide an If
/// (integer or boolean scalars that an If's condition reads, such as Silero VAD's sample rate).
struct ShapeKey {
    std::vector<ov::Shape> shapes;
    std::vector<int64_t> values;
    bool operator<(const ShapeKey& other) const {
        return std::tie(shapes, values) < std::tie(other.shapes, other.values);
    }
};

/// How many specialised plans one compiled model makes at most; inputs of further shapes (or values) run on
/// the reference path, so a model fed ever new shapes never compiles at every inference.
constexpr size_t max_specialised_plans = 8;

/// True when `model` runs on DynamicInferRequest: it has dynamic shapes, or an If whose condition an integer or
/// boolean input decides (a plan per value of that input runs the chosen branch with the CPU's kernels, where
/// the static plan would run the whole If through its reference evaluate()).
bool needs_dynamic_request(const ov::Model& model);

/// The plans the DynamicInferRequests of one compiled model share, owned by that compiled model
/// (CompiledModel::specialised_plans), so that they go with it and no other compiled model sees them. A plan is
/// made once per ShapeKey, by the first request that needs it; a null plan records that the model could not be
/// made static for that key. Safe from several threads.
class SpecialisedPlans {
public:
    /// For the prepared model of a compiled model (its kit::DynamicReferencePlan's).
    explicit SpecialisedPlans(const ov::Model& model);

    /// The inputs whose values are part of a key (they decide an If).
    const std::vector<size_t>& value_inputs() const { return m_value_inputs; }
    /// False for a model with variables: their state lives in the reference run, so every key runs there.
    bool can_specialise() const { return m_can_specialise; }

    /// The plan for `key`, made with `compiled`'s settings for `inputs` (whose shapes and deciding values are
    /// the key) when no request has made it yet; null when the key runs on the reference path (it cannot be
    /// made static, or max_specialised_plans keys are recorded already).
    std::shared_ptr<const kit::ExecutionPlan> plan_for(const CompiledModel& compiled, const ShapeKey& key,
                                                       const std::vector<ov::Tensor>& inputs);

private:
    const std::vector<size_t> m_value_inputs;
    const bool m_can_specialise;
    // Guards m_plans: a key is found, made and added under it, so two requests that need the same new key make
    // it once. Only the requests of this compiled model ever wait on it.
    std::mutex m_mutex;
    std::map<ShapeKey, std::shared_ptr<const kit::ExecutionPlan>> m_plans;
};

/// The request of a model with dynamic shapes. For each set of input shapes it meets (and values of the
/// inputs that decide an If), the model is specialised once: reshaped to those shapes, those inputs' values
/// folded in, Ifs whose condition became known replaced by their branch, then compiled like a static model
/// (the CPU's kernels, planned buffers); later inferences with the same key run that plan. A key that cannot
/// be made static, or beyond max_specialised_plans, runs every op's reference evaluate() on the actual tensors
/// (kit::DynamicReferenceExecutor). Outputs of dynamic shape are handed back with their actual shapes. Plans
/// are shared by the compiled model's requests (its SpecialisedPlans, under their own lock); each request binds
/// them to its own buffers, used by one thread at a time like the request. An inference whose key is the last
/// one's allocates nothing for it (the key is refilled in place).
class DynamicInferRequest : public ISyncInferRequest {
public:
    explicit DynamicInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

    void infer() override;
    std::vector<ov::ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;

    /// How many specialised plans this process has compiled (tests check that a key is compiled once).
    static size_t specialised_plans_built();
    /// How many of them are alive (tests check that a compiled model's plans go with it and its requests).
    static size_t specialised_plans_alive();

private:
    /// This request's run of the plan for `key`, made (or found among the compiled model's) on first use;
    /// null when the key runs on the reference path.
    kit::PlanRequest* static_run(const ShapeKey& key);
    // Refills m_key from the input tensors; false when they cannot run on a plan (the reference path says why).
    bool fill_key();

    std::shared_ptr<const CompiledModel> m_compiled;
    kit::DynamicReferenceExecutor m_run;
    bool m_profiling;
    SpecialisedPlans& m_plans;  // the compiled model's, which m_compiled keeps alive
    ShapeKey m_key;             // of the current inference, refilled in place: no allocation when unchanged
    std::unique_ptr<ThreadPool> m_pool;  // made when a specialised plan first runs
    std::map<ShapeKey, std::unique_ptr<kit::PlanRequest>> m_static;  // this request's bound plans
    kit::PlanRequest* m_last_static = nullptr;                       // the run profiling_info reports
};

}  // namespace cpu
}  // namespace devmux
