// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/core/node.hpp"
#include "openvino/op/constant.hpp"

namespace devmux {
namespace kit {

/// @brief The value of output when it is known before run time, else null: a Constant, the dims of a
/// ShapeOf of a static shape, or a small op (a shape's worth of elements, without state) whose inputs are all
/// known, evaluated. The same rule the ops' shape inference uses, so a backend or HETERO sees exactly the
/// values the ops see (e.g. Interpolate's sizes computed by ShapeOf -> StridedSlice -> Multiply).
std::shared_ptr<ov::op::v0::Constant> known_value(const ov::Output<ov::Node>& output);

}  // namespace kit
}  // namespace devmux
