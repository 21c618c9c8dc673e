// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "openvino/op/util/variable.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Implemented by the ops that read or write a Variable (ReadValue, Assign).
class VariableExtension {
public:
    virtual ~VariableExtension() = default;
    virtual std::shared_ptr<Variable> get_variable() const { return m_variable; }
    /// @brief Binds the variable; virtual (as in OpenVINO) so that ReadValue/Assign re-infer their types.
    virtual void set_variable(const std::shared_ptr<Variable>& variable) { m_variable = variable; }
    virtual std::string get_variable_id() const = 0;

protected:
    std::shared_ptr<Variable> m_variable;
};

}  // namespace util
}  // namespace op
}  // namespace ov
