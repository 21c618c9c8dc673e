// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <vector>

#include "devmux/kit/execution_plan.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {

class CompiledModel;

/// Runs the compiled model's plan (kit::PlanRequest: this request's arena, bound kernels, variables and
/// profiling records) on the request's own thread pool, so requests running at once share no lock.
/// infer() allocates nothing after the first run unless the user replaced a tensor, which rebinds only the
/// steps that touch it.
class InferRequest : public ISyncInferRequest {
public:
    explicit InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

    void infer() override;
    std::vector<ov::ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;

    /// Where plan value `index` lives now (tests check that buffers stay put across infers).
    kit::BufferRef buffer(size_t index) const { return m_run.buffer(index); }

private:
    std::shared_ptr<const CompiledModel> m_compiled;
    ThreadPool m_pool;
    kit::PlanRequest m_run;
    bool m_profiling;
};

}  // namespace cpu
}  // namespace devmux
