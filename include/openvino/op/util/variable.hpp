// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "openvino/core/partial_shape.hpp"
#include "openvino/core/type/element_type.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Shape, type and id of a variable shared by a ReadValue and an Assign.
struct VariableInfo {
    PartialShape data_shape;
    element::Type data_type;
    std::string variable_id;
    bool operator==(const VariableInfo& o) const {
        return data_shape == o.data_shape && data_type == o.data_type && variable_id == o.variable_id;
    }
};

/// @brief The state of a stateful model, read by ReadValue and written by Assign.
class Variable {
public:
    Variable() = default;
    explicit Variable(const VariableInfo& info) : m_info(info) {}
    const VariableInfo& get_info() const { return m_info; }
    void update(const VariableInfo& info) { m_info = info; }

private:
    VariableInfo m_info;
};

using VariableVector = std::vector<std::shared_ptr<Variable>>;

}  // namespace util
}  // namespace op
}  // namespace ov
