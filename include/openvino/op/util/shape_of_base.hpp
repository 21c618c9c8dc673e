// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Common base of ShapeOf v0 and v3.
class ShapeOfBase : public Op {
public:
    OPENVINO_OP("ShapeOfBase", "util", Op);
    ShapeOfBase() = default;
    explicit ShapeOfBase(const OutputVector& arguments) : Op(arguments) {}
};

}  // namespace util
}  // namespace op
}  // namespace ov
