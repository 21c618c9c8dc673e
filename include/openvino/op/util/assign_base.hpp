// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"
#include "openvino/op/util/variable_extension.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Common base of Assign v3 and v6: a Sink that stores its input in a variable. As in OpenVINO it
/// has one output, which passes the stored value through.
class AssignBase : public Sink, public VariableExtension {
public:
    OPENVINO_OP("AssignBase", "util", Sink);
    AssignBase() { set_output_size(1); }
    explicit AssignBase(const OutputVector& arguments) : Sink(arguments) { set_output_size(1); }
};

}  // namespace util
}  // namespace op
}  // namespace ov
