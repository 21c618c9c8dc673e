// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "openvino/runtime/tensor.hpp"

namespace devmux {
class IVariableState;
}  // namespace devmux

namespace ov {

class InferRequest;

/// @brief The state of one variable (ReadValue / Assign pair) of a stateful model, as one infer
/// request holds it.
class VariableState {
    // Declared before _impl so that it is destroyed after it: the state's code lives in the plugin
    // library that _so keeps loaded.
    std::shared_ptr<void> _so;
    std::shared_ptr<devmux::IVariableState> _impl;

    VariableState(const std::shared_ptr<devmux::IVariableState>& impl, const std::shared_ptr<void>& so);
    friend class ov::InferRequest;

public:
    /// @brief An empty state object; every method but the destructor throws.
    VariableState() = default;
    /// @brief Releases the implementation before the plugin library it comes from.
    ~VariableState();
    VariableState(const VariableState&) = default;
    VariableState& operator=(const VariableState&) = default;
    VariableState(VariableState&&) = default;
    VariableState& operator=(VariableState&&) = default;

    /// @brief Resets the state to its initial value (the ReadValue's initial input, else zeros).
    void reset();
    /// @brief The variable's id.
    std::string get_name() const;
    /// @brief The current value of the state.
    Tensor get_state() const;
    /// @brief Copies the given tensor into the state.
    void set_state(const Tensor& state);
};

}  // namespace ov
