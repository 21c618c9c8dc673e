// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "openvino/core/node.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
namespace cpu {

class ThreadPool;

/// The value of one variable of a stateful model, as one infer request holds it.
struct VariableSlot {
    ov::Tensor value;          // allocated once per request, with the variable's type and shape
    bool initialized = false;  // false until an Assign or set_state writes it: ReadValue then gives its init
};

/// What a kernel may use besides its tensors: the compiled model's pool and the request's variables.
struct ExecContext {
    ThreadPool* pool = nullptr;
    VariableSlot* variables = nullptr;
};

/// The code that runs one step of an execution plan. Kernels are created at compile time, hold only
/// what they read (attributes, shapes, repacked weights) and are shared by every infer request of the
/// compiled model, so execute() is const and must be safe to call from several threads at once.
class Kernel {
public:
    virtual ~Kernel() = default;
    /// Reported as ov::ProfilingInfo::exec_type ("gemm_f32", "ref_f32", ...).
    virtual std::string name() const = 0;
    /// Bytes of per-request scratch memory execute() needs (planned in the request's arena).
    virtual size_t scratch_bytes() const { return 0; }
    /// Reads `inputs`, writes `outputs` (tensors bound before the first run; never reallocated).
    virtual void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void* scratch,
                         ExecContext& ctx) const = 0;
};

/// An optimised kernel for the node when one applies (f32 Convolution, GroupConvolution, MatMul), else null.
/// Constant inputs may be repacked here, once.
std::shared_ptr<const Kernel> make_optimized_kernel(const std::shared_ptr<ov::Node>& node);

/// A kernel calling the node's reference evaluate() on the bound tensors. The node must have one
/// (has_evaluate()); it is kept alive by the kernel.
std::shared_ptr<const Kernel> make_reference_kernel(const std::shared_ptr<ov::Node>& node);

/// Element-wise conversion (or plain copy for equal types) of one tensor into another of the same shape:
/// used at the model's boundaries for f16 inputs and outputs and to copy values into output tensors.
std::shared_ptr<const Kernel> make_convert_kernel(const ov::element::Type& from, const ov::element::Type& to);

/// ReadValue: outputs variable `index` of the request, or its initial value (input 0 when `has_init`,
/// zeros otherwise) until the variable is written.
std::shared_ptr<const Kernel> make_read_value_kernel(size_t index, bool has_init);

/// Assign: copies input 0 into variable `index` of the request.
std::shared_ptr<const Kernel> make_assign_kernel(size_t index);

/// The kernel's exec_type suffix for an element type ("f32").
std::string type_suffix(const ov::element::Type& type);

}  // namespace cpu
}  // namespace devmux
