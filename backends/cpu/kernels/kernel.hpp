// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "devmux/kit/execution_plan.hpp"
#include "openvino/core/node.hpp"
#include "openvino/runtime/tensor.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {

// CPU kernels are the kit's host kernels: created at compile time, holding only what they read
// (attributes, shapes, repacked weights), shared by every infer request of the compiled model, so
// execute() is const and safe to call from several threads at once. The kit binds them to a request's
// tensors once (kit::HostKernel::bind).
using Kernel = kit::HostKernel;
using ExecContext = kit::ExecContext;
using VariableSlot = kit::VariableSlot;

// A kernel that keeps its own copy of weights (repacked into the layout it reads), on top of the model's
// Constants: the compiled model reports those bytes as part of its weights.
class HoldsWeights {
public:
    virtual ~HoldsWeights() = default;
    virtual size_t held_weight_bytes() const = 0;
};

/// An optimised kernel for the node when one applies (f32 Convolution, GroupConvolution, MatMul), else null.
/// Constant inputs may be repacked here, once.
std::shared_ptr<const Kernel> make_optimized_kernel(const std::shared_ptr<ov::Node>& node);

/// Element-wise conversion (or plain copy for equal types) of one tensor into another of the same shape:
/// used at the model's boundaries for f16 inputs and outputs and to copy values into output tensors.
std::shared_ptr<const Kernel> make_convert_kernel(const ov::element::Type& from, const ov::element::Type& to);

/// The kernel's exec_type suffix for an element type ("f32").
std::string type_suffix(const ov::element::Type& type);

}  // namespace cpu
}  // namespace devmux
