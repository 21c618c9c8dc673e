// SPDX-License-Identifier: Apache-2.0
#include "exec_plan.hpp"

#include "kernels/kernel.hpp"
#ifdef DEVMUX_CPU_HAVE_DNNL
#include "devmux/kit/internal_ops.hpp"
#include "kernels/dnnl_kernels.hpp"
#include "layouts.hpp"
#include "openvino/op/util/max_pool_base.hpp"
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
        : m_threads(static_cast<int>(threads)),
          m_bf16(bf16)
#ifdef DEVMUX_CPU_HAVE_DNNL
          ,
          m_layouts(plan_dnnl_layouts(model, m_threads, bf16))
#endif
    {
    }

    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
#ifdef DEVMUX_CPU_HAVE_DNNL
        if (auto kernel = dnnl_kernel_for(node))
            return kernel;
#endif
        if (auto kernel = make_optimized_kernel(node))
            return kernel;
        OPENVINO_ASSERT(node->has_evaluate(), "CPU: op '", node->get_friendly_name(), "' of type ",
                        describe_type(*node), " has no CPU implementation");
        return kit::make_reference_kernel(node, "ref_" + type_suffix(node->get_output_size() > 0
                                                                        ? node->get_output_element_type(0)
                                                                        : node->get_input_element_type(0)));
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
        return axis == 1 && (layout == dnnl_blocked16_layout || layout == dnnl_blocked8_layout);
    }
#endif

private:
#ifdef DEVMUX_CPU_HAVE_DNNL
    // The oneDNN layout of value `input` of `node` in the plan's buffer; null where it is plain.
    const dnnl::memory::desc* dnnl_layout_of_input(const ov::Node& node, size_t input) const {
        if (input >= node.get_input_size())
            return nullptr;
        const kit::Layout& layout = m_layouts.of_input(node, input);
        const auto* dnnl_layout = layout.plain() ? nullptr : layout.payload_as<DnnlLayout>();
        return dnnl_layout ? &dnnl_layout->desc : nullptr;
    }

    // The oneDNN kernel of `node` in the layouts plan_dnnl_layouts decided, or null for the other kernels.
    std::shared_ptr<const kit::OpKernel> dnnl_kernel_for(const std::shared_ptr<ov::Node>& node) const {
        const kit::Layout& layout = m_layouts.of(*node, 0);
        const auto* own = layout.payload_as<DnnlLayout>();
        if (own && own->kernel_made)
            return own->kernel;  // made by the pass (a convolution keeping oneDNN's pick); null: oneDNN had none
        const dnnl::memory::desc* input_layout = dnnl_layout_of_input(*node, 0);
        const bool channel_blocked =
            own && (layout.name == dnnl_blocked16_layout || layout.name == dnnl_blocked8_layout);
        if (dnnl_convolution_candidate(*node)) {
            const dnnl::memory::desc* addend_layout = nullptr;
            if (const auto fused = ov::as_type_ptr<kit::FusedConvolution>(node); fused && fused->has_addend())
                addend_layout = dnnl_layout_of_input(*node, fused->addend_input());
            auto kernel = make_dnnl_convolution_kernel(node, m_threads, input_layout,
                                                       channel_blocked ? &own->desc : nullptr, nullptr, m_bf16,
                                                       addend_layout);
            // Neighbours were planned around this step's layouts.
            OPENVINO_ASSERT(kernel || (!input_layout && !channel_blocked), "CPU: op '", node->get_friendly_name(),
                            "' of type ", describe_type(*node),
                            " was planned with a blocked layout but oneDNN has no kernel for it");
            if (kernel)
                return kernel;
        }
        if (ov::is_type<ov::op::util::MaxPoolBase>(node.get())) {
            // A blocked MaxPool reads and writes the layout its input's producer wrote.
            const dnnl::memory::desc* pool_layout = layout.plain() ? nullptr : input_layout;
            auto kernel = make_dnnl_max_pool_kernel(node, m_threads, pool_layout);
            OPENVINO_ASSERT(kernel || !pool_layout, "CPU: op '", node->get_friendly_name(), "' of type ",
                            describe_type(*node), " was planned with a blocked layout but oneDNN has no kernel for it");
            if (kernel)
                return kernel;
        }
        // A blocked Concat (one image, whole channel blocks) is the plain Concat of the same bytes, and is
        // made in place by the planner anyway (concatenates_like_plain).
        return nullptr;
    }
#endif

    int m_threads;
    bool m_bf16;  // oneDNN convolutions compute in bf16
#ifdef DEVMUX_CPU_HAVE_DNNL
    // Which values lie in a oneDNN layout and how, decided for the whole model before it is planned.
    const kit::LayoutMap m_layouts;
#endif
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
