// SPDX-License-Identifier: Apache-2.0
#include "exec_plan.hpp"

#include "kernels/kernel.hpp"
#ifdef DEVMUX_CPU_HAVE_DNNL
#include "layouts.hpp"
#endif
#include "transformations.hpp"

namespace devmux {
namespace cpu {
namespace {

// Intermediates start on cache lines (and AVX-512 vectors).
constexpr size_t arena_alignment = 64;

class CpuKernels final : public kit::KernelProvider {
public:
    CpuKernels([[maybe_unused]] const ov::Model& model, size_t threads, bool bf16)
#ifdef DEVMUX_CPU_HAVE_DNNL
        : m_layouts(plan_dnnl_layouts(model, static_cast<int>(threads), bf16))
#endif
    {
        m_context.threads = static_cast<int>(threads);
        m_context.bf16 = bf16;
#ifdef DEVMUX_CPU_HAVE_DNNL
        m_context.layouts = &m_layouts;
#endif
    }

    // The entry whose rule the CPU's statement accepted makes the kernel (kernels/table.inc).
    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
        return cpu_kernel_table().entry_for(*node).make(m_context, node);
    }
    std::shared_ptr<const kit::OpKernel> convert_kernel(const ov::element::Type& from,
                                                        const ov::element::Type& to) const override {
        return make_convert_kernel(from, to);
    }

    std::string layout_of(const ov::Node& node, size_t index) const override {
#ifdef DEVMUX_CPU_HAVE_DNNL
        return m_layouts.of(node, index).name;
#else
        return KernelProvider::layout_of(node, index);
#endif
    }

#ifdef DEVMUX_CPU_HAVE_DNNL
    bool concatenates_like_plain(const std::string& layout, size_t axis) const override {
        // Every blocked value holds whole channel blocks, so with one image its blocks follow each other.
        // A blocked Concat is thus the plain Concat of the same bytes, made in place by the planner.
        return axis == 1 && (layout == dnnl_blocked16_layout || layout == dnnl_blocked8_layout);
    }
#endif

private:
#ifdef DEVMUX_CPU_HAVE_DNNL
    // Which values lie in a oneDNN layout and how, decided for the whole model before it is planned.
    const kit::LayoutMap m_layouts;
#endif
    CpuKernelContext m_context;
};

}  // namespace

std::shared_ptr<const kit::ExecutionPlan> build_plan(const std::shared_ptr<ov::Model>& model,
                                                     const std::vector<ov::element::Type>& input_types,
                                                     const std::vector<ov::element::Type>& output_types,
                                                     size_t threads, bool bf16) {
    kit::PlanOptions options;
    options.device = "CPU";
    options.alignment = arena_alignment;
    options.input_types = input_types;
    options.output_types = output_types;
    return kit::build_plan(model, CpuKernels(*model, threads, bf16), options);
}

}  // namespace cpu
}  // namespace devmux
