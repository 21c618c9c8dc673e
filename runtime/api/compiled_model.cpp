// SPDX-License-Identifier: Apache-2.0
#include "openvino/runtime/compiled_model.hpp"

#include "core/tensor_access.hpp"
#include "devmux/plugin/iremote_context.hpp"

#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "openvino/core/except.hpp"

namespace ov {
namespace {
std::string port_names(const std::vector<ov::Output<const ov::Node>>& ports) {
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

const ov::Output<const ov::Node>& only_compiled_model_port(const std::vector<ov::Output<const ov::Node>>& ports,
                                                           const char* what) {
    OPENVINO_ASSERT(ports.size() == 1, "CompiledModel::", what, "() needs a model with exactly one ", what,
                    ", this one has ", ports.size(), ": ", port_names(ports), "; use ", what, "(index) or ", what,
                    "(tensor_name)");
    return ports.front();
}

const ov::Output<const ov::Node>& compiled_model_port_at(const std::vector<ov::Output<const ov::Node>>& ports, size_t i,
                                          const char* what) {
    OPENVINO_ASSERT(i < ports.size(), "CompiledModel::", what, "(", i, "): the model has ", ports.size(), " ", what,
                    "s (", port_names(ports), ")");
    return ports[i];
}

const ov::Output<const ov::Node>& port_named(const std::vector<ov::Output<const ov::Node>>& ports,
                                             const std::string& name, const char* what) {
    for (const auto& port : ports) {
        if (port.get_names().count(name))
            return port;
    }
    OPENVINO_THROW("CompiledModel::", what, "('", name, "'): the model has no ", what, " with tensor name '", name,
                   "'; its ", what, "s: ", port_names(ports));
}
}  // namespace

CompiledModel::CompiledModel(const std::shared_ptr<devmux::ICompiledModel>& impl, const std::shared_ptr<void>& so)
    : _so(so),
      _impl(impl) {
    OPENVINO_ASSERT(_impl, "CompiledModel was created from a null implementation");
}

CompiledModel::~CompiledModel() {
    _impl.reset();  // before _so: the implementation's code is in the library _so keeps loaded
}

#define DEVMUX_CHECK_COMPILED_MODEL() OPENVINO_ASSERT(_impl, "The CompiledModel is empty (default-constructed)")

std::shared_ptr<const Model> CompiledModel::get_runtime_model() const {
    DEVMUX_CHECK_COMPILED_MODEL();
    return _impl->get_runtime_model();
}

const std::vector<ov::Output<const ov::Node>>& CompiledModel::inputs() const {
    DEVMUX_CHECK_COMPILED_MODEL();
    return _impl->inputs();
}

const ov::Output<const ov::Node>& CompiledModel::input() const {
    return only_compiled_model_port(inputs(), "input");
}

const ov::Output<const ov::Node>& CompiledModel::input(size_t i) const {
    return compiled_model_port_at(inputs(), i, "input");
}

const ov::Output<const ov::Node>& CompiledModel::input(const std::string& tensor_name) const {
    return port_named(inputs(), tensor_name, "input");
}

const std::vector<ov::Output<const ov::Node>>& CompiledModel::outputs() const {
    DEVMUX_CHECK_COMPILED_MODEL();
    return _impl->outputs();
}

const ov::Output<const ov::Node>& CompiledModel::output() const {
    return only_compiled_model_port(outputs(), "output");
}

const ov::Output<const ov::Node>& CompiledModel::output(size_t i) const {
    return compiled_model_port_at(outputs(), i, "output");
}

const ov::Output<const ov::Node>& CompiledModel::output(const std::string& tensor_name) const {
    return port_named(outputs(), tensor_name, "output");
}

InferRequest CompiledModel::create_infer_request() {
    DEVMUX_CHECK_COMPILED_MODEL();
    auto request = _impl->create_infer_request();
    OPENVINO_ASSERT(request, "The compiled model created no infer request");
    return InferRequest(request, _so);
}

void CompiledModel::export_model(std::ostream& model_stream) {
    DEVMUX_CHECK_COMPILED_MODEL();
    _impl->export_model(model_stream);
}

void CompiledModel::set_property(const AnyMap& properties) {
    DEVMUX_CHECK_COMPILED_MODEL();
    _impl->set_property(properties);
}

Any CompiledModel::get_property(const std::string& name) const {
    DEVMUX_CHECK_COMPILED_MODEL();
    // The value may hold a type whose code is in the plugin library: the copy keeps the library loaded.
    return Any(_impl->get_property(name), _so);
}

bool CompiledModel::operator!() const noexcept {
    return !_impl;
}

CompiledModel::operator bool() const noexcept {
    return static_cast<bool>(_impl);
}

RemoteContext CompiledModel::get_context() const {
    OPENVINO_ASSERT(_impl, "get_context on an empty compiled model");
    auto context = _impl->get_context();
    OPENVINO_ASSERT(context, "The compiled model gave no context");
    return devmux::RemoteContextAccess::make(context, _so);
}

#undef DEVMUX_CHECK_COMPILED_MODEL

}  // namespace ov
