// SPDX-License-Identifier: Apache-2.0
#include "infer_request.hpp"

#include <algorithm>

#include "compiled_model.hpp"

namespace devmux {
namespace cpu {
InferRequest::InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_compiled(compiled_model),
      m_pool(pool_threads(compiled_model->config().request_threads())),
      m_run(compiled_model->plan_ptr()),
      m_profiling(compiled_model->config().enable_profiling) {}

void InferRequest::infer() {
    // On a stream of the compiled model, so that no more requests run at once than there are streams.
    m_compiled->streams().run([this] {
#ifdef _OPENMP
        // The team of this request's OpenMP loops and oneDNN primitives, in the thread that runs it.
        omp_set_num_threads(static_cast<int>(m_compiled->config().request_threads()));
#endif
        kit::ExecContext ctx;
        ctx.pool = &m_pool;
        m_run.run(m_input_tensors, m_output_tensors, ctx, m_profiling);
    });
}

std::vector<ov::ProfilingInfo> InferRequest::get_profiling_info() const {
    if (!m_profiling)
        return {};
    return m_run.profiling_info();
}

std::vector<std::shared_ptr<IVariableState>> InferRequest::query_state() const { return m_run.states(); }

}  // namespace cpu
}  // namespace devmux
