// SPDX-License-Identifier: Apache-2.0
#include "openvino/runtime/variable_state.hpp"

#include "devmux/plugin/iinfer_request.hpp"
#include "openvino/core/except.hpp"

namespace ov {

VariableState::VariableState(const std::shared_ptr<devmux::IVariableState>& impl, const std::shared_ptr<void>& so)
    : _so(so),
      _impl(impl) {
    OPENVINO_ASSERT(_impl, "VariableState was created from a null implementation");
}

VariableState::~VariableState() {
    _impl.reset();  // before _so: the implementation's code is in the library _so keeps loaded
}

#define DEVMUX_CHECK_STATE() OPENVINO_ASSERT(_impl, "The VariableState is empty (default-constructed)")

void VariableState::reset() {
    DEVMUX_CHECK_STATE();
    _impl->reset();
}

std::string VariableState::get_name() const {
    DEVMUX_CHECK_STATE();
    return _impl->get_name();
}

Tensor VariableState::get_state() const {
    DEVMUX_CHECK_STATE();
    return _impl->get_state();
}

void VariableState::set_state(const Tensor& state) {
    DEVMUX_CHECK_STATE();
    OPENVINO_ASSERT(state, "VariableState '", _impl->get_name(), "': set_state was given an empty tensor");
    _impl->set_state(state);
}

#undef DEVMUX_CHECK_STATE

}  // namespace ov
