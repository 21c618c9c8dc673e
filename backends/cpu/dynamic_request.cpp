// SPDX-License-Identifier: Apache-2.0
#include "dynamic_request.hpp"

#include "compiled_model.hpp"

namespace devmux {
namespace cpu {

DynamicInferRequest::DynamicInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_compiled(compiled_model),
      m_run(compiled_model->dynamic_plan()),
      m_profiling(compiled_model->config().enable_profiling) {}

void DynamicInferRequest::infer() {
    // On a stream of the compiled model, like the static requests: no more inferences at once than streams.
    m_compiled->streams().run([this] { m_run.run(m_input_tensors, m_output_tensors, m_profiling); });
}

std::vector<ov::ProfilingInfo> DynamicInferRequest::get_profiling_info() const {
    if (!m_profiling)
        return {};
    return m_run.profiling_info();
}

std::vector<std::shared_ptr<IVariableState>> DynamicInferRequest::query_state() const { return m_run.states(); }

}  // namespace cpu
}  // namespace devmux
