// SPDX-License-Identifier: Apache-2.0
// evaluate() on an execution plan's path without shape inference: a plan calls an op with exactly the
// static shapes the op was validated with and an output tensor already bound, so the op can reuse what
// validate_and_infer_types resolved instead of building PartialShapes (which allocate) on every run.
#pragma once

#include <cstddef>

#include "openvino/core/node.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
namespace ref {

/// Whether `shape` is exactly the static shape `declared`. Allocates nothing.
inline bool is_declared_shape(const ov::PartialShape& declared, const ov::Shape& shape) {
    if (declared.rank().is_dynamic() || static_cast<size_t>(declared.rank().get_length()) != shape.size())
        return false;
    for (size_t i = 0; i < shape.size(); ++i)
        if (declared[i].is_dynamic() || static_cast<size_t>(declared[i].get_length()) != shape[i])
            return false;
    return true;
}

/// The shape of output `index` when every input has the op's declared static shape and the output tensor
/// is already bound with the declared output shape; null otherwise (constant folding, other shapes), and
/// the op infers the shape itself.
inline const ov::Shape* planned_output_shape(const ov::Node& op, const ov::TensorVector& outputs,
                                             const ov::TensorVector& inputs, size_t index = 0) {
    if (outputs.size() <= index || !outputs[index] || inputs.size() != op.get_input_size())
        return nullptr;
    for (size_t i = 0; i < inputs.size(); ++i)
        if (!is_declared_shape(op.get_input_partial_shape(i), inputs[i].get_shape()))
            return nullptr;
    const ov::Shape& bound = outputs[index].get_shape();
    return is_declared_shape(op.get_output_partial_shape(index), bound) ? &bound : nullptr;
}

}  // namespace ref
}  // namespace devmux
