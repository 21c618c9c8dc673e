// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <exception>
#include <functional>
#include <memory>
#include <vector>

#include "devmux/kit/execution_plan.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "kernels.hpp"

namespace devmux {
namespace vulkan {

class CompiledModel;

/// Runs the compiled model's plan on the device: its steps are bound once (descriptor sets written, host
/// inputs mirrored) and recorded once into this request's command buffer; an inference copies the inputs
/// in, submits that command buffer once and waits on one fence, then copies the outputs out. It records
/// again only when the user replaced a tensor and the plan bound the touching steps anew.
class InferRequest : public ISyncInferRequest {
public:
    explicit InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);
    ~InferRequest() override;

    void infer() override;
    std::vector<ov::ProfilingInfo> get_profiling_info() const override;
    std::vector<std::shared_ptr<IVariableState>> query_state() const override;

    /// How many times the command buffer was recorded (tests check it is once for many inferences).
    size_t recordings() const { return m_recordings; }
    /// Barriers between dispatches in the last recording (tests check they follow the plan's dependencies).
    size_t barriers() const { return m_barriers; }
    /// Bytes the last inference copied from host tensors into input mirrors (none for remote tensors).
    size_t uploaded_bytes() const { return m_context.uploaded_bytes; }

    /// Starts one inference and returns once it is submitted; `done` (kept by reference) is called on the
    /// device's fence thread once the outputs are written, with the error or null.
    void start(const std::function<void(std::exception_ptr)>& done);
    const std::shared_ptr<Device>& device() const { return m_device; }

private:
    void record();
    /// Binds and runs the plan's host side, records when needed and submits; false when nothing was submitted.
    bool begin();
    /// After the fence: the outputs copied out and the device times read.
    void end();

    std::shared_ptr<const CompiledModel> m_compiled;
    std::shared_ptr<Device> m_device;
    std::shared_ptr<ArenaAllocator> m_arena;
    kit::PlanRequest m_run;
    RequestContext m_context;
    BarrierTracker m_tracker;
    std::vector<DispatchOp*> m_recorded_ops;  // what the command buffer holds, in order
    std::vector<DeviceCopy> m_recorded_copies;  // its read-back copies, in order
    VkCommandPool m_pool = VK_NULL_HANDLE;
    VkCommandBuffer m_commands = VK_NULL_HANDLE;
    VkFence m_fence = VK_NULL_HANDLE;
    VkQueryPool m_queries = VK_NULL_HANDLE;
    bool m_profiling = false;
    size_t m_recordings = 0;
    size_t m_barriers = 0;
    std::vector<uint64_t> m_timestamps;
    std::vector<ov::ProfilingInfo> m_profile;
    const std::function<void(std::exception_ptr)>* m_done = nullptr;  // of the inference in flight
    std::function<void(std::exception_ptr)> m_on_signal;              // given to Device::when_signalled
};

/// The request applications get: start_async submits and returns; the device's fence thread finishes the
/// inference and its CompletionQueue runs the callback, so no thread is parked per request.
class AsyncInferRequest : public IAsyncInferRequest {
public:
    explicit AsyncInferRequest(const std::shared_ptr<InferRequest>& request);

protected:
    void enqueue_async_job(const std::function<void(std::exception_ptr)>& done) override;

private:
    std::shared_ptr<InferRequest> m_request;
};

}  // namespace vulkan
}  // namespace devmux
