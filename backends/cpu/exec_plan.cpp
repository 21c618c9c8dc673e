// SPDX-License-Identifier: Apache-2.0
#include "exec_plan.hpp"

#include "kernels/kernel.hpp"
#ifdef DEVMUX_CPU_HAVE_DNNL
#include "devmux/kit/internal_ops.hpp"
#include "kernels/dnnl_kernels.hpp"
#endif
#include "transformations.hpp"

namespace devmux {
namespace cpu {
namespace {

// Intermediates start on cache lines (and AVX-512 vectors).
constexpr size_t arena_alignment = 64;

class CpuKernels final : public kit::KernelProvider {
public:
    explicit CpuKernels(size_t threads) : m_threads(static_cast<int>(threads)) {}

    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
#ifdef DEVMUX_CPU_HAVE_DNNL
        if (ov::is_type<kit::FusedConvolution>(node) || worth_dnnl(*node))
            if (auto kernel = make_dnnl_convolution_kernel(node, m_threads))
                return kernel;
        if (auto kernel = make_dnnl_max_pool_kernel(node, m_threads))
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

private:
    // oneDNN's per-call cost (argument maps, OpenMP team) is a few microseconds: a convolution of fewer
    // multiply-adds than this runs faster on the hand-written kernels.
    static bool worth_dnnl(const ov::Node& node) {
        constexpr size_t min_macs = 256 * 1024;
        if (node.get_input_size() < 2 || node.get_output_size() != 1 || node.get_output_partial_shape(0).is_dynamic() ||
            node.get_input_partial_shape(1).is_dynamic())
            return false;
        const ov::Shape filters = node.get_input_shape(1), out = node.get_output_shape(0);
        if (filters.size() < 2 || out.size() < 2)
            return false;
        // Output elements times the filter taps each reads (per group: filters / output channels).
        return ov::shape_size(out) * (ov::shape_size(filters) / out[1]) >= min_macs;
    }

    int m_threads;
};

}  // namespace

std::shared_ptr<const kit::ExecutionPlan> build_plan(const std::shared_ptr<ov::Model>& model,
                                                     const std::vector<ov::element::Type>& input_types,
                                                     const std::vector<ov::element::Type>& output_types,
                                                     size_t threads) {
    kit::PlanOptions options;
    options.device = "CPU";
    options.alignment = arena_alignment;
    options.input_types = input_types;
    options.output_types = output_types;
    return kit::build_plan(model, CpuKernels(threads), options);
}

}  // namespace cpu
}  // namespace devmux
