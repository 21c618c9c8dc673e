// SPDX-License-Identifier: Apache-2.0
// The CPU kernel table (the entries of kernels/table.inc, in order): the statement query_model and
// compile_model read, and the entry kernel_for asks for a node's kernel.
#include "kernels/kernel.hpp"

namespace devmux {
namespace cpu {

#define DEVMUX_CPU_KERNEL(name) CpuKernelEntry name##_entry();
#ifdef DEVMUX_CPU_HAVE_DNNL
#define DEVMUX_CPU_DNNL_KERNEL(name) CpuKernelEntry name##_entry();
#else
#define DEVMUX_CPU_DNNL_KERNEL(name)
#endif
#include "kernels/table.inc"
#undef DEVMUX_CPU_KERNEL
#undef DEVMUX_CPU_DNNL_KERNEL

namespace {

using CpuKernelTable = kit::KernelTable<CpuKernelFactory>;

// Shapes may be dynamic: a model with dynamic shapes runs every op's evaluate() at each inference
// (CompiledModel::plan_dynamic), which the reference entry states.
constexpr bool require_static_shapes = false;

// The entries without oneDNN, in the same order: what a node runs on when a oneDNN entry's factory declines.
const CpuKernelTable& table_without_dnnl() {
    static const CpuKernelTable table("CPU",
                                      {
#define DEVMUX_CPU_KERNEL(name) name##_entry(),
#define DEVMUX_CPU_DNNL_KERNEL(name)
#include "kernels/table.inc"
#undef DEVMUX_CPU_KERNEL
#undef DEVMUX_CPU_DNNL_KERNEL
                                      },
                                      require_static_shapes);
    return table;
}

}  // namespace

const CpuKernelTable& cpu_kernel_table() {
    static const CpuKernelTable table("CPU",
                                      {
#define DEVMUX_CPU_KERNEL(name) name##_entry(),
#ifdef DEVMUX_CPU_HAVE_DNNL
#define DEVMUX_CPU_DNNL_KERNEL(name) name##_entry(),
#else
#define DEVMUX_CPU_DNNL_KERNEL(name)
#endif
#include "kernels/table.inc"
#undef DEVMUX_CPU_KERNEL
#undef DEVMUX_CPU_DNNL_KERNEL
                                      },
                                      require_static_shapes);
    return table;
}

std::shared_ptr<const kit::OpKernel> make_kernel_without_dnnl(const std::shared_ptr<ov::Node>& node) {
    return table_without_dnnl().entry_for(*node).make(CpuKernelContext{}, node);
}

std::shared_ptr<const Kernel> make_optimized_kernel(const std::shared_ptr<ov::Node>& node) {
    const CpuKernelTable& table = table_without_dnnl();
    const kit::OpRule* rule = table.support().accepting_rule(*node);
    // The last entry is the reference: no optimised kernel.
    if (!rule || static_cast<size_t>(rule->entry) + 1 == table.entries().size())
        return nullptr;
    return std::dynamic_pointer_cast<const Kernel>(table.entries()[static_cast<size_t>(rule->entry)].make(CpuKernelContext{}, node));
}

}  // namespace cpu
}  // namespace devmux
