// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <vector>

#include "devmux/kit/dynamic_executor.hpp"
#include "devmux/plugin/iinfer_request.hpp"

namespace devmux {
namespace cpu {

class CompiledModel;

/// The request of a model with dynamic shapes: every op runs its reference evaluate() on the actual
/// tensors at each inference (kit::DynamicReferenceExecutor, which holds this request's values, variables
/// and profiling records). Outputs of dynamic shape are handed back with their actual shapes. Shares no
/// lock with other requests beyond the compiled model's stream slots.
class DynamicInferRequest : public ISyncInferRequest {
public:
    explicit DynamicInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

    void infer() override;
    std::vector<ov::ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;

private:
    std::shared_ptr<const CompiledModel> m_compiled;
    kit::DynamicReferenceExecutor m_run;
    bool m_profiling;
};

}  // namespace cpu
}  // namespace devmux
