// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <memory>

#include "devmux/kit/execution_plan.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "kernels.hpp"

namespace devmux {
namespace opencl {

class CompiledModel;

/// Runs the plan on the request's own in-order queue: every step is enqueued, and the host waits only at
/// the end (infer) or not at all (start_async, through AsyncInferRequest). Its arena is one device buffer.
class InferRequest : public ISyncInferRequest {
public:
    explicit InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);
    ~InferRequest() override;

    void infer() override;
    /// Enqueues one inference without waiting for it.
    void enqueue();
    cl_command_queue queue() const { return m_queue.get(); }
    const std::string& device_name() const;
    std::vector<ov::ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;

private:
    std::shared_ptr<const CompiledModel> m_compiled;
    Queue m_queue;
    RequestQueue m_context;
    kit::PlanRequest m_run;
    bool m_profiling;
};

/// start_async enqueues the inference and returns; an OpenCL event callback on a marker after the last
/// command tells the device's completion queue that it is done.
class AsyncInferRequest : public IAsyncInferRequest {
public:
    AsyncInferRequest(const std::shared_ptr<InferRequest>& request, std::shared_ptr<kit::CompletionQueue> completions);
    ~AsyncInferRequest() override;

protected:
    void enqueue_async_job(const std::function<void(std::exception_ptr)>& done) override;

private:
    static void CL_CALLBACK on_complete(cl_event event, cl_int status, void* self);
    std::shared_ptr<InferRequest> m_request;
    std::function<void(std::exception_ptr)> m_done;  // the job in flight's completion, set before enqueueing
};

}  // namespace opencl
}  // namespace devmux
