// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <chrono>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/node_output.hpp"
#include "openvino/runtime/common.hpp"
#include "openvino/runtime/profiling_info.hpp"
#include "openvino/runtime/tensor.hpp"
#include "openvino/runtime/variable_state.hpp"

namespace devmux {
class IAsyncInferRequest;
}  // namespace devmux

namespace ov {

class Node;
class CompiledModel;

/// @brief One inference of a compiled model: its input and output tensors, synchronous and
/// asynchronous execution, profiling and variable states.
///
/// Different requests may be used from different threads at once; one request is used by one
/// thread at a time.
class InferRequest {
    // Declared before _impl so that it is destroyed after it: the request's code lives in the
    // plugin library that _so keeps loaded.
    std::shared_ptr<void> _so;
    std::shared_ptr<devmux::IAsyncInferRequest> _impl;

    InferRequest(const std::shared_ptr<devmux::IAsyncInferRequest>& impl, const std::shared_ptr<void>& so);
    friend class ov::CompiledModel;

public:
    /// @brief An empty request (operator bool gives false); every method but the destructor throws.
    InferRequest() = default;
    /// @brief Releases the implementation before the plugin library it comes from.
    ~InferRequest();
    InferRequest(const InferRequest&) = default;
    InferRequest& operator=(const InferRequest&) = default;
    InferRequest(InferRequest&&) = default;
    InferRequest& operator=(InferRequest&&) = default;

    /// @brief Sets the tensor of the input or output whose tensor names include @p tensor_name.
    /// Throws ov::Exception naming the port and values when the type or shape does not match.
    void set_tensor(const std::string& tensor_name, const Tensor& tensor);
    /// @brief Sets the tensor of an input or output port.
    void set_tensor(const ov::Output<const ov::Node>& port, const Tensor& tensor);
    /// @brief Sets the tensor of an input or output port.
    void set_tensor(const ov::Output<ov::Node>& port, const Tensor& tensor);
    /// @brief Sets the tensor of input @p idx.
    void set_input_tensor(size_t idx, const Tensor& tensor);
    /// @brief Sets the tensor of the only input; throws when the model has several.
    void set_input_tensor(const Tensor& tensor);
    /// @brief Sets the tensor of output @p idx.
    void set_output_tensor(size_t idx, const Tensor& tensor);
    /// @brief Sets the tensor of the only output; throws when the model has several.
    void set_output_tensor(const Tensor& tensor);

    /// @brief The tensor of the input or output whose tensor names include @p tensor_name.
    Tensor get_tensor(const std::string& tensor_name);
    /// @brief The tensor of an input or output port.
    Tensor get_tensor(const ov::Output<const ov::Node>& port);
    /// @brief The tensor of an input or output port.
    Tensor get_tensor(const ov::Output<ov::Node>& port);
    /// @brief The tensor of input @p idx.
    Tensor get_input_tensor(size_t idx);
    /// @brief The tensor of the only input; throws when the model has several.
    Tensor get_input_tensor();
    /// @brief The tensor of output @p idx.
    Tensor get_output_tensor(size_t idx);
    /// @brief The tensor of the only output; throws when the model has several.
    Tensor get_output_tensor();

    /// @brief Runs one inference in the calling thread.
    void infer();
    /// @brief Cancels an inference that was started but has not begun running; wait() then throws.
    void cancel();
    /// @brief Per-node performance counters of the last inference (empty unless the plugin gathers them).
    std::vector<ProfilingInfo> get_profiling_info() const;
    /// @brief Starts one inference and returns at once; see wait, wait_for and set_callback.
    void start_async();
    /// @brief Blocks until the inference started by start_async has finished; rethrows its error.
    void wait();
    /// @brief Blocks until the inference has finished or @p timeout has passed.
    /// @return true when the inference has finished, false on timeout.
    bool wait_for(const std::chrono::milliseconds timeout);
    /// @brief Sets the function called (on a worker thread) when an asynchronous inference ends;
    /// its argument is the inference's error, or null.
    void set_callback(std::function<void(std::exception_ptr)> callback);
    /// @brief The variable states of a stateful model.
    std::vector<VariableState> query_state();
    /// @brief Resets every variable state to its initial value.
    void reset_state();
    /// @brief The compiled model that created this request.
    CompiledModel get_compiled_model();

    /// @brief True for an empty request.
    bool operator!() const noexcept;
    /// @brief True for a request created by a compiled model.
    explicit operator bool() const noexcept;
    /// @brief True when both wrap the same request.
    bool operator==(const InferRequest& other) const noexcept;
    bool operator!=(const InferRequest& other) const noexcept;
};

}  // namespace ov
