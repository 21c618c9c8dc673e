// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "devmux/kit/execution_plan.hpp"
#include "devmux/kit/kernel_table.hpp"
#include "devmux/kit/layout_propagation.hpp"
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

// What a kernel-table entry's factory may read besides the node: one compiled model's settings and the
// layouts its oneDNN kernels were planned in.
struct CpuKernelContext {
    int threads = 1;    // one request's team size: oneDNN primitives are created for it
    bool bf16 = false;  // oneDNN convolutions compute in bf16
    // Where values lie in a oneDNN layout (plan_dnnl_layouts); null: every value is plain.
    const kit::LayoutMap* layouts = nullptr;
};

using CpuKernelFactory =
    std::function<std::shared_ptr<const kit::OpKernel>(const CpuKernelContext&, const std::shared_ptr<ov::Node>&)>;
using CpuKernelEntry = kit::KernelEntry<CpuKernelFactory>;

// The CPU's kernel table: the entries of kernels/table.inc, in order, the last one the reference evaluate()
// of every op that has one. Its statement (support()) is what query_model and compile_model decide from, and
// kernel_for asks it (entry_for()) which entry makes a node's kernel.
const kit::KernelTable<CpuKernelFactory>& cpu_kernel_table();

// The kernel of the table's first hand-written entry that takes the node (the choice without oneDNN), or null
// where the reference runs it. Constant inputs may be repacked here, once.
std::shared_ptr<const Kernel> make_optimized_kernel(const std::shared_ptr<ov::Node>& node);

// A hand-written kernel's reading of a node it takes (its geometry), or none with `why` (when given) set to
// the attribute or shape it cannot take. Its entry's check and its factory both read it, so they agree.
inline std::nullopt_t refuse(std::string* why, const char* reason) {
    if (why)
        *why = reason;
    return std::nullopt;
}

// An entry's check over such a reading: the reason it refuses the node, or "" when it takes it.
template <typename ReadSpec>
std::function<std::string(const ov::Node&)> refusal_of(ReadSpec read_spec) {
    return [read_spec](const ov::Node& node) {
        std::string why;
        if (!read_spec(node, &why) && why.empty())
            why = "is not taken by this kernel";
        return why;
    };
}

// The kernel the table's entries without oneDNN make for the node (a hand-written kernel, else the
// reference): where a oneDNN entry's factory finds at creation that oneDNN has no primitive for a node it
// accepted, the node runs on this, as it would had that entry refused it.
std::shared_ptr<const kit::OpKernel> make_kernel_without_dnnl(const std::shared_ptr<ov::Node>& node);

// The node's reference evaluate() as a kernel: the catch-all entry's factory, and the fallback of an entry
// whose factory finds at creation that oneDNN has no primitive for the node.
std::shared_ptr<const kit::OpKernel> make_reference_cpu_kernel(const std::shared_ptr<ov::Node>& node);

// The data input of an f32 element-wise Add, Subtract, Multiply, Divide, Maximum or Minimum whose other
// operand is a one-element Constant, which its kernel (eltwise.cpp) computes alike over any layout: the layout
// pass (layouts.cpp) lets such a node keep its data operand's oneDNN layout.
std::optional<size_t> eltwise_scalar_constant_data_input(const ov::Node& node);

/// Element-wise conversion (or plain copy for equal types) of one tensor into another of the same shape:
/// used at the model's boundaries for f16 inputs and outputs and to copy values into output tensors.
std::shared_ptr<const Kernel> make_convert_kernel(const ov::element::Type& from, const ov::element::Type& to);

/// The kernel's exec_type suffix for an element type ("f32").
std::string type_suffix(const ov::element::Type& type);

}  // namespace cpu
}  // namespace devmux
