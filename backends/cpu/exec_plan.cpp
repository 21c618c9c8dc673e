// SPDX-License-Identifier: Apache-2.0
#include "exec_plan.hpp"

#include <map>

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
        if (dnnl_convolution_candidate(*node)) {
            const auto producer = m_blocked.find(node->get_input_node_ptr(0));
            const dnnl::memory::desc* input_layout = producer == m_blocked.end() ? nullptr : &producer->second;
            dnnl::memory::desc output_layout;
            auto kernel = make_dnnl_convolution_kernel(node, m_threads, input_layout, feeds_only_dnnl_convolutions(*node),
                                                       &output_layout);
            // A producer keeps its result blocked only after checking that this consumer runs on oneDNN.
            OPENVINO_ASSERT(kernel || !input_layout, "CPU: op '", node->get_friendly_name(),
                            "' reads a blocked layout but has no oneDNN kernel");
            if (kernel) {
                if (output_layout != dnnl::memory::desc())
                    m_blocked.emplace(node.get(), output_layout);
                return kernel;
            }
        }
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

    std::string layout_of(const ov::Node& node, size_t index) const override {
#ifdef DEVMUX_CPU_HAVE_DNNL
        // Blocked values are never views or Concat slices (the planner keeps those plain).
        if (index == 0 && m_blocked.count(&node))
            return "dnnl_blocked";
#endif
        return KernelProvider::layout_of(node, index);
    }

private:
#ifdef DEVMUX_CPU_HAVE_DNNL
    bool dnnl_convolution_candidate(const ov::Node& node) const {
        return ov::is_type<kit::FusedConvolution>(&node) || worth_dnnl(node);
    }

    // Layout propagation: a oneDNN convolution's result may stay in oneDNN's blocked layout when every
    // reader is the data input of another convolution that runs on oneDNN (tried here, with a plain
    // input: the real kernel reorders from whatever layout it is given).
    bool feeds_only_dnnl_convolutions(const ov::Node& node) const {
        const auto readers = node.get_output_target_inputs(0);
        if (readers.empty())
            return false;
        for (const auto& reader : readers) {
            const auto consumer = reader.get_node()->shared_from_this();
            if (reader.get_index() != 0 || !dnnl_convolution_candidate(*consumer) ||
                !make_dnnl_convolution_kernel(consumer, m_threads))
                return false;
        }
        return true;
    }
#endif

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
#ifdef DEVMUX_CPU_HAVE_DNNL
    // The oneDNN layout of each convolution result kept blocked, filled as the planner asks for kernels
    // in topological order (a plan is built by one thread).
    mutable std::map<const ov::Node*, dnnl::memory::desc> m_blocked;
#endif
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
