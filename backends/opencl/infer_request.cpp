// SPDX-License-Identifier: Apache-2.0
#include "infer_request.hpp"

#include <utility>

#include "compiled_model.hpp"
#include "remote_context.hpp"

namespace devmux {
namespace opencl {
namespace {

// The request's arena: one device buffer.
class DeviceArena final : public kit::ArenaAllocator {
public:
    DeviceArena(std::shared_ptr<DeviceContext> device, std::string owner)
        : m_device(std::move(device)), m_owner(std::move(owner)) {}
    kit::BufferRef allocate(size_t bytes, size_t) override {
        Mem mem = m_device->allocate(bytes, "the intermediate values of an infer request of model '" + m_owner + "'");
        kit::BufferRef ref{device_memory, mem.get(), 0, bytes};
        m_buffers.push_back(std::move(mem));
        return ref;
    }
    void release(const kit::BufferRef& buffer) override {
        for (auto it = m_buffers.begin(); it != m_buffers.end(); ++it)
            if (it->get() == buffer.base) {
                m_buffers.erase(it);
                return;
            }
    }

private:
    std::shared_ptr<DeviceContext> m_device;
    std::string m_owner;
    std::vector<Mem> m_buffers;
};

}  // namespace

InferRequest::InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model),
      m_compiled(compiled_model),
      m_queue(compiled_model->device()->make_queue(compiled_model->config().profiling())),
      m_run(compiled_model->plan(),
            std::make_shared<DeviceArena>(compiled_model->device(),
                                          compiled_model->get_property(ov::model_name.name()).as<std::string>()),
            // The device's own remote tensors are kernel arguments as they are: no host round trip.
            [device = compiled_model->device()](const ov::Tensor& tensor, kit::BufferRef& buffer) {
                return place_device_tensor(*device, tensor, buffer);
            }),
      m_profiling(compiled_model->config().profiling()) {
    m_context.queue = m_queue.get();
    m_context.profiling = m_profiling;
}

InferRequest::~InferRequest() {
    // Nothing may still run on the buffers the bound steps are about to release.
    clFinish(m_queue.get());
}

const std::string& InferRequest::device_name() const { return m_compiled->device()->name(); }

void InferRequest::enqueue() {
    kit::ExecContext ctx;
    ctx.backend = &m_context;
    m_run.run(m_input_tensors, m_output_tensors, ctx, m_profiling);
    check(clFlush(m_queue.get()), "clFlush", device_name());
}

void InferRequest::infer() {
    enqueue();
    check(clFinish(m_queue.get()), "clFinish", device_name());
}

std::vector<ov::ProfilingInfo> InferRequest::get_profiling_info() const {
    if (!m_profiling)
        return {};
    return m_run.profiling_info();
}

std::vector<std::shared_ptr<IVariableState>> InferRequest::query_state() const { return m_run.states(); }

AsyncInferRequest::AsyncInferRequest(const std::shared_ptr<InferRequest>& request, const DeviceThreads& threads)
    : IAsyncInferRequest(request, threads.completions),
      m_request(request),
      m_waits(threads.waits),
      m_wait([this](std::exception_ptr) { finish_job(); }) {}

AsyncInferRequest::~AsyncInferRequest() {
    // The wait thread uses this object until it has handed the completion on: let a job in flight end.
    try {
        wait();
    } catch (...) {
        // The job's error was the caller's to collect; a destructor only waits.
    }
    clFinish(m_request->queue());
}

void AsyncInferRequest::enqueue_async_job(const std::function<void(std::exception_ptr)>& done) {
    m_request->enqueue();  // flushed: the device starts; the wait thread's clFinish submits the marker
    cl_event marker = nullptr;
    check(clEnqueueMarkerWithWaitList(m_request->queue(), 0, nullptr, &marker), "clEnqueueMarkerWithWaitList",
          m_request->device_name());
    m_done = done;
    m_marker = marker;
    m_waits->post(m_wait, nullptr);
}

void AsyncInferRequest::finish_job() {
    cl_event marker = std::exchange(m_marker, nullptr);
    // clFinish, as infer() waits: prompt on NVIDIA and PoCL alike (docs/opencl.md).
    cl_int status = clFinish(m_request->queue());
    if (status == CL_SUCCESS) {
        cl_int executed = CL_COMPLETE;
        status = clGetEventInfo(marker, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(executed), &executed, nullptr);
        if (status == CL_SUCCESS && executed < 0)
            status = executed;
    }
    clReleaseEvent(marker);
    std::exception_ptr error;
    if (status != CL_SUCCESS) {
        try {
            check(status, "the inference's commands", m_request->device_name());
        } catch (...) {
            error = std::current_exception();
        }
    }
    // A copy: once the completion is handed on, the request may be destroyed while this call returns.
    const auto done = m_done;
    done(error);
}

}  // namespace opencl
}  // namespace devmux
