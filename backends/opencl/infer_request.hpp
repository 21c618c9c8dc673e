// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <memory>

#include "devmux/plugin/completion_queue.hpp"
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

/// start_async enqueues the inference and returns; the device's wait thread then waits for the request's
/// queue to finish (clFinish) and hands the completion on. Not an OpenCL event callback: NVIDIA's driver
/// (580.159.04, on an H200) ran those about 20 ms after the work had ended.
class AsyncInferRequest : public IAsyncInferRequest {
public:
    AsyncInferRequest(const std::shared_ptr<InferRequest>& request, const DeviceThreads& threads);
    ~AsyncInferRequest() override;

protected:
    void enqueue_async_job(const std::function<void(std::exception_ptr)>& done) override;

private:
    /// Runs on the wait thread: waits for the inference's commands, then calls `done`.
    void finish_job();
    std::shared_ptr<InferRequest> m_request;
    std::shared_ptr<CompletionQueue> m_waits;
    // The job in flight: set by enqueue_async_job before it posts m_wait, taken by finish_job. One job at a
    // time (IAsyncInferRequest's state), and the post orders the writes before the wait thread's reads.
    std::function<void(std::exception_ptr)> m_done;
    cl_event m_marker = nullptr;
    const CompletionQueue::Task m_wait;  // posted per job; kept here, as the queue keeps a reference
};

}  // namespace opencl
}  // namespace devmux
