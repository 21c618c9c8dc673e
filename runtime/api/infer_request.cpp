// SPDX-License-Identifier: Apache-2.0
#include "openvino/runtime/infer_request.hpp"

#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/compiled_model.hpp"

namespace ov {
namespace {
std::string names_of(const std::vector<ov::Output<const ov::Node>>& ports) {
    std::string text;
    for (const auto& port : ports) {
        std::string names;
        for (const auto& name : port.get_names())
            names += (names.empty() ? "" : "|") + name;
        text += (text.empty() ? "" : ", ") + (names.empty() ? port.get_node()->get_friendly_name() + " (no tensor name)"
                                                                 : names);
    }
    return text.empty() ? "none" : text;
}
}  // namespace

InferRequest::InferRequest(const std::shared_ptr<devmux::IAsyncInferRequest>& impl, const std::shared_ptr<void>& so)
    : _so(so),
      _impl(impl) {
    OPENVINO_ASSERT(_impl, "InferRequest was created from a null implementation");
}

InferRequest::~InferRequest() {
    _impl.reset();  // before _so: the implementation's code is in the library _so keeps loaded
}

#define DEVMUX_CHECK_REQUEST() OPENVINO_ASSERT(_impl, "The InferRequest is empty (default-constructed)")

namespace {
const ov::Output<const ov::Node>& find_by_name(const devmux::IAsyncInferRequest& request, const std::string& name) {
    for (const auto& port : request.get_inputs()) {
        if (port.get_names().count(name))
            return port;
    }
    for (const auto& port : request.get_outputs()) {
        if (port.get_names().count(name))
            return port;
    }
    OPENVINO_THROW("The infer request has no input or output with tensor name '", name,
                   "'; inputs: ", names_of(request.get_inputs()), "; outputs: ", names_of(request.get_outputs()));
}

const ov::Output<const ov::Node>& request_port_at(const std::vector<ov::Output<const ov::Node>>& ports, size_t idx,
                                          const char* what) {
    OPENVINO_ASSERT(idx < ports.size(), "InferRequest: ", what, " index ", idx, " is out of range: the model has ",
                    ports.size(), " ", what, "s (", names_of(ports), ")");
    return ports[idx];
}

const ov::Output<const ov::Node>& only_request_port(const std::vector<ov::Output<const ov::Node>>& ports,
                                                    const char* what) {
    OPENVINO_ASSERT(ports.size() == 1, "InferRequest: the model has ", ports.size(), " ", what, "s (", names_of(ports),
                    "), so the ", what, " must be given by index, name or port");
    return ports.front();
}
}  // namespace

void InferRequest::set_tensor(const std::string& tensor_name, const Tensor& tensor) {
    DEVMUX_CHECK_REQUEST();
    _impl->set_tensor(find_by_name(*_impl, tensor_name), tensor);
}

void InferRequest::set_tensor(const ov::Output<const ov::Node>& port, const Tensor& tensor) {
    DEVMUX_CHECK_REQUEST();
    _impl->set_tensor(port, tensor);
}

void InferRequest::set_tensor(const ov::Output<ov::Node>& port, const Tensor& tensor) {
    set_tensor(ov::Output<const ov::Node>(port), tensor);
}

void InferRequest::set_input_tensor(size_t idx, const Tensor& tensor) {
    DEVMUX_CHECK_REQUEST();
    _impl->set_tensor(request_port_at(_impl->get_inputs(), idx, "input"), tensor);
}

void InferRequest::set_input_tensor(const Tensor& tensor) {
    DEVMUX_CHECK_REQUEST();
    _impl->set_tensor(only_request_port(_impl->get_inputs(), "input"), tensor);
}

void InferRequest::set_output_tensor(size_t idx, const Tensor& tensor) {
    DEVMUX_CHECK_REQUEST();
    _impl->set_tensor(request_port_at(_impl->get_outputs(), idx, "output"), tensor);
}

void InferRequest::set_output_tensor(const Tensor& tensor) {
    DEVMUX_CHECK_REQUEST();
    _impl->set_tensor(only_request_port(_impl->get_outputs(), "output"), tensor);
}

Tensor InferRequest::get_tensor(const std::string& tensor_name) {
    DEVMUX_CHECK_REQUEST();
    return _impl->get_tensor(find_by_name(*_impl, tensor_name));
}

Tensor InferRequest::get_tensor(const ov::Output<const ov::Node>& port) {
    DEVMUX_CHECK_REQUEST();
    return _impl->get_tensor(port);
}

Tensor InferRequest::get_tensor(const ov::Output<ov::Node>& port) {
    return get_tensor(ov::Output<const ov::Node>(port));
}

Tensor InferRequest::get_input_tensor(size_t idx) {
    DEVMUX_CHECK_REQUEST();
    return _impl->get_tensor(request_port_at(_impl->get_inputs(), idx, "input"));
}

Tensor InferRequest::get_input_tensor() {
    DEVMUX_CHECK_REQUEST();
    return _impl->get_tensor(only_request_port(_impl->get_inputs(), "input"));
}

Tensor InferRequest::get_output_tensor(size_t idx) {
    DEVMUX_CHECK_REQUEST();
    return _impl->get_tensor(request_port_at(_impl->get_outputs(), idx, "output"));
}

Tensor InferRequest::get_output_tensor() {
    DEVMUX_CHECK_REQUEST();
    return _impl->get_tensor(only_request_port(_impl->get_outputs(), "output"));
}

void InferRequest::infer() {
    DEVMUX_CHECK_REQUEST();
    _impl->infer();
}

void InferRequest::cancel() {
    DEVMUX_CHECK_REQUEST();
    _impl->cancel();
}

std::vector<ProfilingInfo> InferRequest::get_profiling_info() const {
    DEVMUX_CHECK_REQUEST();
    return _impl->get_profiling_info();
}

void InferRequest::start_async() {
    DEVMUX_CHECK_REQUEST();
    _impl->start_async();
}

void InferRequest::wait() {
    DEVMUX_CHECK_REQUEST();
    _impl->wait();
}

bool InferRequest::wait_for(const std::chrono::milliseconds timeout) {
    DEVMUX_CHECK_REQUEST();
    return _impl->wait_for(timeout);
}

void InferRequest::set_callback(std::function<void(std::exception_ptr)> callback) {
    DEVMUX_CHECK_REQUEST();
    _impl->set_callback(std::move(callback));
}

std::vector<VariableState> InferRequest::query_state() {
    DEVMUX_CHECK_REQUEST();
    std::vector<VariableState> states;
    for (const auto& state : _impl->query_state())
        states.push_back(VariableState(state, _so));
    return states;
}

void InferRequest::reset_state() {
    DEVMUX_CHECK_REQUEST();
    for (const auto& state : _impl->query_state())
        state->reset();
}

CompiledModel InferRequest::get_compiled_model() {
    DEVMUX_CHECK_REQUEST();
    // CompiledModel hands out a non-const implementation; the request only keeps a const one.
    return CompiledModel(std::const_pointer_cast<devmux::ICompiledModel>(_impl->get_compiled_model()), _so);
}

bool InferRequest::operator!() const noexcept {
    return !_impl;
}

InferRequest::operator bool() const noexcept {
    return static_cast<bool>(_impl);
}

bool InferRequest::operator==(const InferRequest& other) const noexcept {
    return _impl == other._impl;
}

bool InferRequest::operator!=(const InferRequest& other) const noexcept {
    return !(*this == other);
}

#undef DEVMUX_CHECK_REQUEST

}  // namespace ov
