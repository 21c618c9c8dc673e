// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"
#include "openvino/op/util/variable_extension.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Common base of ReadValue v3 and v6: outputs the value of a variable.
class ReadValueBase : public Op, public VariableExtension {
public:
    OPENVINO_OP("ReadValueBase", "util", Op);
    ReadValueBase() = default;
    explicit ReadValueBase(const OutputVector& arguments) : Op(arguments) {}
};

}  // namespace util
}  // namespace op
}  // namespace ov
