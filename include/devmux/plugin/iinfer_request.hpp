// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "openvino/core/node_output.hpp"
#include "openvino/runtime/profiling_info.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {

class ICompiledModel;
class CompletionQueue;

/// @brief The state of one variable of a stateful model, as one infer request holds it.
class IVariableState {
public:
    explicit IVariableState(const std::string& name) : m_name(name) {}
    virtual ~IVariableState() = default;
    const std::string& get_name() const { return m_name; }
    /// @brief Back to the initial value (the ReadValue's init input, else zeros).
    virtual void reset() = 0;
    /// @brief Copies the given tensor into the state.
    virtual void set_state(const ov::Tensor& state) = 0;
    virtual ov::Tensor get_state() const = 0;

private:
    std::string m_name;
};

/// @brief Runs one inference at a time in the calling thread. Backends implement infer().
///
/// Owns one tensor per input and output port, allocated at creation for static shapes; the user may
/// replace them with set_tensor. Used by one thread at a time.
class ISyncInferRequest {
public:
    explicit ISyncInferRequest(const std::shared_ptr<const ICompiledModel>& compiled_model);
    virtual ~ISyncInferRequest() = default;

    virtual void infer() = 0;
    virtual std::vector<ov::ProfilingInfo> get_profiling_info() const { return {}; }
    virtual std::vector<std::shared_ptr<IVariableState>> query_state() const { return {}; }

    /// @brief The tensor of an input or output port, matched by node and index, else by tensor name.
    virtual ov::Tensor get_tensor(const ov::Output<const ov::Node>& port) const;
    /// @brief Checks element type and shape against the port; throws ov::Exception naming the port otherwise.
    virtual void set_tensor(const ov::Output<const ov::Node>& port, const ov::Tensor& tensor);

    const std::vector<ov::Output<const ov::Node>>& get_inputs() const;
    const std::vector<ov::Output<const ov::Node>>& get_outputs() const;
    const std::shared_ptr<const ICompiledModel>& get_compiled_model() const { return m_compiled_model; }

protected:
    struct PortRef {
        bool is_input;
        size_t index;
    };
    /// @brief Which port of the compiled model this is; throws ov::Exception naming it when unknown.
    PortRef find_port(const ov::Output<const ov::Node>& port) const;
    /// @brief The tensors backends read and write; indexed like get_inputs() / get_outputs().
    std::vector<ov::Tensor> m_input_tensors;
    std::vector<ov::Tensor> m_output_tensors;

private:
    std::shared_ptr<const ICompiledModel> m_compiled_model;
};

/// @brief The request applications use: runs a sync request in the caller's thread (infer) or on a
/// worker thread of its own (start_async), and reports completion through wait and the callback.
///
/// Plugins with their own pipelines (HETERO) derive from it and override run_async_job(). Devices that
/// signal completion use the constructor taking a CompletionQueue and override enqueue_async_job().
class IAsyncInferRequest {
public:
    explicit IAsyncInferRequest(const std::shared_ptr<ISyncInferRequest>& request);
    /// @brief A request completed by its device: start_async() calls enqueue_async_job() in the caller's
    /// thread and returns; the backend calls the `done` it was given once the device has finished (from
    /// its event callback, any thread); @p completions (one per device, shared by its requests) then
    /// runs the user's callback and wakes wait(). No thread is held per request while the device runs.
    IAsyncInferRequest(const std::shared_ptr<ISyncInferRequest>& request,
                       std::shared_ptr<CompletionQueue> completions);
    virtual ~IAsyncInferRequest();

    virtual void infer();
    virtual void start_async();
    /// @brief Waits for the job started by start_async; rethrows its exception.
    virtual void wait();
    /// @brief False on timeout; rethrows the job's exception once it has finished.
    virtual bool wait_for(std::chrono::milliseconds timeout);
    /// @brief Cancels a job that has not started running yet; wait() then throws ov::Cancelled.
    virtual void cancel();
    virtual void set_callback(std::function<void(std::exception_ptr)> callback);

    virtual ov::Tensor get_tensor(const ov::Output<const ov::Node>& port) const;
    virtual void set_tensor(const ov::Output<const ov::Node>& port, const ov::Tensor& tensor);
    virtual std::vector<ov::ProfilingInfo> get_profiling_info() const;
    virtual std::vector<std::shared_ptr<IVariableState>> query_state() const;
    const std::vector<ov::Output<const ov::Node>>& get_inputs() const;
    const std::vector<ov::Output<const ov::Node>>& get_outputs() const;
    const std::shared_ptr<const ICompiledModel>& get_compiled_model() const;
    const std::shared_ptr<ISyncInferRequest>& get_sync_request() const { return m_sync; }

protected:
    /// @brief The work of one asynchronous inference; runs on the worker thread. Default: m_sync->infer().
    virtual void run_async_job();
    /// @brief For a request made with a CompletionQueue: enqueues one inference on the device and returns
    /// without waiting; @p done must be called exactly once when the device has finished, with its
    /// error or null (a throw from here counts as done with that error). Default: ov::NotImplemented.
    virtual void enqueue_async_job(const std::function<void(std::exception_ptr)>& done);
    /// @brief Throws ov::Exception when a job is in flight (tensors must not change under it).
    void check_not_busy() const;

    std::shared_ptr<ISyncInferRequest> m_sync;

private:
    void worker_loop();
    /// Ends the inference in flight with @p error: idle, the user's callback, then the waiters woken.
    void complete(std::unique_lock<std::mutex>& lock, std::exception_ptr error);

    enum class State { idle, queued, running };
    // m_mutex guards every member below and the worker's creation; m_cv signals
    // both directions (new job for the worker, finished job for waiters).
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    State m_state = State::idle;
    bool m_stop = false;
    bool m_cancelled = false;
    bool m_in_callback = false;
    std::exception_ptr m_exception;
    std::function<void(std::exception_ptr)> m_callback;
    std::thread m_worker;
    // Device-completed requests: set at construction, never changed.
    std::shared_ptr<CompletionQueue> m_completions;
    std::function<void(std::exception_ptr)> m_done;    // handed to enqueue_async_job: posts m_finish
    std::function<void(std::exception_ptr)> m_finish;  // runs on the completion thread
};

}  // namespace devmux
