// SPDX-License-Identifier: Apache-2.0
#include "devmux/plugin/iinfer_request.hpp"

#include <algorithm>

#include "devmux/plugin/completion_queue.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "openvino/core/node.hpp"

namespace devmux {
namespace {
std::string describe_port(const ov::Output<const ov::Node>& port) {
    std::string text = port.get_node() ? std::string(port.get_node()->get_friendly_name()) : std::string("<null>");
    if (port.get_node() && !port.get_names().empty())
        text += " (tensor '" + port.get_any_name() + "')";
    return text;
}

ov::Tensor allocate_for(const ov::Output<const ov::Node>& port) {
    if (port.get_partial_shape().is_dynamic())
        return {};
    return ov::Tensor(port.get_element_type(), port.get_partial_shape().to_shape());
}

std::string message_of(const std::exception_ptr& error) {
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "an exception that is no std::exception";
    }
}

// What wait() reports when the user's callback threw.
std::exception_ptr callback_failure(const std::exception_ptr& thrown, const std::exception_ptr& inference_error) {
    std::string text = "The infer request's callback threw: " + message_of(thrown);
    if (inference_error)
        text += " (the inference it was told about had failed: " + message_of(inference_error) + ")";
    return std::make_exception_ptr(ov::Exception(text));
}

bool shares_a_name(const ov::Output<const ov::Node>& a, const ov::Output<const ov::Node>& b) {
    for (const auto& name : a.get_names())
        if (b.get_names().count(name))
            return true;
    return false;
}
}  // namespace

// ---- ISyncInferRequest ----

ISyncInferRequest::ISyncInferRequest(const std::shared_ptr<const ICompiledModel>& compiled_model)
    : m_compiled_model(compiled_model) {
    OPENVINO_ASSERT(compiled_model, "An infer request needs a compiled model");
    // A tensor too large for memory is reported with the device and the port, not only the bytes.
    const auto allocate_named = [&](const ov::Output<const ov::Node>& port, const char* what) {
        try {
            return allocate_for(port);
        } catch (const std::exception& e) {
            const auto plugin = compiled_model->get_plugin();
            OPENVINO_THROW("Cannot create an infer request on device '", plugin ? plugin->get_device_name() : "?",
                           "': out of memory for ", what, " ", describe_port(port), " of ", port.get_element_type(),
                           " ", port.get_partial_shape(), ": ", e.what());
        }
    };
    for (const auto& port : compiled_model->inputs())
        m_input_tensors.push_back(allocate_named(port, "input"));
    for (const auto& port : compiled_model->outputs())
        m_output_tensors.push_back(allocate_named(port, "output"));
}

const std::vector<ov::Output<const ov::Node>>& ISyncInferRequest::get_inputs() const {
    return m_compiled_model->inputs();
}
const std::vector<ov::Output<const ov::Node>>& ISyncInferRequest::get_outputs() const {
    return m_compiled_model->outputs();
}

ISyncInferRequest::PortRef ISyncInferRequest::find_port(const ov::Output<const ov::Node>& port) const {
    const auto& inputs = get_inputs();
    const auto& outputs = get_outputs();
    for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i] == port)
            return {true, i};
    for (size_t i = 0; i < outputs.size(); ++i)
        if (outputs[i] == port)
            return {false, i};
    // A port of the user's own model (or of another compiled copy) is matched by tensor name.
    if (port.get_node()) {
        for (size_t i = 0; i < inputs.size(); ++i)
            if (shares_a_name(inputs[i], port))
                return {true, i};
        for (size_t i = 0; i < outputs.size(); ++i)
            if (shares_a_name(outputs[i], port))
                return {false, i};
    }
    OPENVINO_THROW("Port ", describe_port(port), " is not an input or output of the compiled model");
}

ov::Tensor ISyncInferRequest::get_tensor(const ov::Output<const ov::Node>& port) const {
    const auto ref = find_port(port);
    return ref.is_input ? m_input_tensors[ref.index] : m_output_tensors[ref.index];
}

void ISyncInferRequest::set_tensor(const ov::Output<const ov::Node>& port, const ov::Tensor& tensor) {
    const auto ref = find_port(port);
    const auto& target = ref.is_input ? get_inputs()[ref.index] : get_outputs()[ref.index];
    OPENVINO_ASSERT(tensor, "Cannot set an empty tensor for port ", describe_port(target));
    OPENVINO_ASSERT(tensor.get_element_type() == target.get_element_type(), "Tensor for port ", describe_port(target),
                    " has element type ", tensor.get_element_type(), ", the port expects ", target.get_element_type());
    OPENVINO_ASSERT(target.get_partial_shape().compatible(tensor.get_shape()), "Tensor for port ",
                    describe_port(target), " has shape ", tensor.get_shape(), ", the port expects ",
                    target.get_partial_shape());
    (ref.is_input ? m_input_tensors : m_output_tensors)[ref.index] = tensor;
}

// ---- IAsyncInferRequest ----

IAsyncInferRequest::IAsyncInferRequest(const std::shared_ptr<ISyncInferRequest>& request) : m_sync(request) {
    OPENVINO_ASSERT(request, "An asynchronous infer request needs a synchronous one");
}

IAsyncInferRequest::IAsyncInferRequest(const std::shared_ptr<ISyncInferRequest>& request,
                                       std::shared_ptr<CompletionQueue> completions)
    : IAsyncInferRequest(request) {
    OPENVINO_ASSERT(completions, "A device-completed infer request needs a completion queue");
    m_completions = std::move(completions);
    // Made once: starting an inference copies nothing and allocates nothing.
    m_finish = [this](std::exception_ptr error) {
        std::unique_lock<std::mutex> lock(m_mutex);
        complete(lock, std::move(error));
    };
    m_done = [this](std::exception_ptr error) { m_completions->post(m_finish, std::move(error)); };
}

void IAsyncInferRequest::enqueue_async_job(const std::function<void(std::exception_ptr)>&) {
    OPENVINO_NOT_IMPLEMENTED("This infer request was made with a completion queue but does not enqueue device work");
}

IAsyncInferRequest::~IAsyncInferRequest() {
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_cv.wait(lock, [this] { return m_state != State::running && !m_in_callback; });
        m_stop = true;
    }
    m_cv.notify_all();
    if (m_worker.joinable())
        m_worker.join();
}

void IAsyncInferRequest::check_not_busy() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    OPENVINO_ASSERT(m_state == State::idle, "The infer request is busy: an asynchronous inference is in flight");
}

void IAsyncInferRequest::infer() {
    check_not_busy();
    m_sync->infer();
}

void IAsyncInferRequest::run_async_job() { m_sync->infer(); }

void IAsyncInferRequest::start_async() {
    if (m_completions) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            OPENVINO_ASSERT(m_state == State::idle,
                            "The infer request is busy: an asynchronous inference is in flight");
            m_state = State::running;
            m_cancelled = false;
            m_exception = nullptr;
        }
        try {
            enqueue_async_job(m_done);
        } catch (...) {
            m_done(std::current_exception());
        }
        return;
    }
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        OPENVINO_ASSERT(m_state == State::idle, "The infer request is busy: an asynchronous inference is in flight");
        m_state = State::queued;
        m_cancelled = false;
        m_exception = nullptr;
        // The worker is created once and reused, so start_async allocates no thread per inference.
        if (!m_worker.joinable())
            m_worker = std::thread([this] { worker_loop(); });
    }
    m_cv.notify_all();
}

void IAsyncInferRequest::worker_loop() {
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
        m_cv.wait(lock, [this] { return m_stop || m_state == State::queued; });
        if (m_stop)
            return;
        std::exception_ptr error;
        if (m_cancelled) {
            error = std::make_exception_ptr(ov::Cancelled("The infer request was cancelled"));
        } else {
            m_state = State::running;
            lock.unlock();
            try {
                run_async_job();
            } catch (...) {
                error = std::current_exception();
            }
            lock.lock();
        }
        complete(lock, error);
    }
}

void IAsyncInferRequest::complete(std::unique_lock<std::mutex>& lock, std::exception_ptr error) {
    auto callback = m_callback;
    m_exception = error;
    // The request is idle again before the callback runs, so the callback may start the next
    // inference; waiters still wake only once the callback has returned.
    m_state = State::idle;
    if (callback) {
        m_in_callback = true;
        lock.unlock();
        std::exception_ptr callback_error;
        try {
            callback(error);
        } catch (...) {
            callback_error = std::current_exception();
        }
        lock.lock();
        // Kept, not dropped: the next wait() reports it (with the inference's own error, if any).
        if (callback_error)
            m_exception = callback_failure(callback_error, error);
        m_in_callback = false;
    }
    // Notified under the lock: a waiter (or the destructor) can only go on once this thread has let go
    // of the request.
    m_cv.notify_all();
}

void IAsyncInferRequest::wait() {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_cv.wait(lock, [this] { return m_state == State::idle && !m_in_callback; });
    if (m_exception) {
        auto error = m_exception;
        m_exception = nullptr;
        std::rethrow_exception(error);
    }
}

bool IAsyncInferRequest::wait_for(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(m_mutex);
    if (!m_cv.wait_for(lock, timeout, [this] { return m_state == State::idle && !m_in_callback; }))
        return false;
    if (m_exception) {
        auto error = m_exception;
        m_exception = nullptr;
        std::rethrow_exception(error);
    }
    return true;
}

void IAsyncInferRequest::cancel() {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_state == State::queued)
        m_cancelled = true;
}

void IAsyncInferRequest::set_callback(std::function<void(std::exception_ptr)> callback) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_callback = std::move(callback);
}

ov::Tensor IAsyncInferRequest::get_tensor(const ov::Output<const ov::Node>& port) const {
    check_not_busy();
    return m_sync->get_tensor(port);
}
void IAsyncInferRequest::set_tensor(const ov::Output<const ov::Node>& port, const ov::Tensor& tensor) {
    check_not_busy();
    m_sync->set_tensor(port, tensor);
}
std::vector<ov::ProfilingInfo> IAsyncInferRequest::get_profiling_info() const {
    check_not_busy();
    return m_sync->get_profiling_info();
}
std::vector<std::shared_ptr<IVariableState>> IAsyncInferRequest::query_state() const {
    check_not_busy();
    return m_sync->query_state();
}
const std::vector<ov::Output<const ov::Node>>& IAsyncInferRequest::get_inputs() const { return m_sync->get_inputs(); }
const std::vector<ov::Output<const ov::Node>>& IAsyncInferRequest::get_outputs() const {
    return m_sync->get_outputs();
}
const std::shared_ptr<const ICompiledModel>& IAsyncInferRequest::get_compiled_model() const {
    return m_sync->get_compiled_model();
}

}  // namespace devmux
