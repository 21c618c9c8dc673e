// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
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

/// The plans one compiled model's requests share: made once per ShapeKey by the first request that needs
/// it (a null plan records that the model could not be made static for that key).
struct SpecialisedPlans;

/// The request of a model with dynamic shapes. For each set of input shapes it meets (and values of the
/// inputs that decide an If), the model is specialised once: reshaped to those shapes, those inputs' values
/// folded in, Ifs whose condition became known replaced by their branch, then compiled like a static model
/// (the CPU's kernels, planned buffers); later inferences with the same key run that plan. A key that cannot
/// be made static, or beyond max_specialised_plans, runs every op's reference evaluate() on the actual tensors
/// (kit::DynamicReferenceExecutor). Outputs of dynamic shape are handed back with their actual shapes. Plans
/// are shared by the compiled model's requests (SpecialisedPlans, under its own lock); each request binds
/// them to its own buffers, used by one thread at a time like the request.
class DynamicInferRequest : public ISyncInferRequest {
public:
    explicit DynamicInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

    void infer() override;
    std::vector<ov::ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;

    /// How many specialised plans this process has compiled (tests check that a key is compiled once).
    static size_t specialised_plans_built();

private:
    /// This request's run of the plan for `key`, made (or found among the compiled model's) on first use;
    /// null when the key runs on the reference path.
    kit::PlanRequest* static_run(const ShapeKey& key);

    std::shared_ptr<const CompiledModel> m_compiled;
    kit::DynamicReferenceExecutor m_run;
    bool m_profiling;
    std::shared_ptr<SpecialisedPlans> m_plans;
    std::unique_ptr<ThreadPool> m_pool;  // made when a specialised plan first runs
    std::map<ShapeKey, std::unique_ptr<kit::PlanRequest>> m_static;  // this request's bound plans
    kit::PlanRequest* m_last_static = nullptr;                       // the run profiling_info reports
};

}  // namespace cpu
}  // namespace devmux
