// SPDX-License-Identifier: Apache-2.0
#include "exec_plan.hpp"

#include "kernels/kernel.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {
namespace {

// Intermediates start on cache lines (and AVX-512 vectors).
constexpr size_t arena_alignment = 64;

class CpuKernels final : public kit::KernelProvider {
public:
    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
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
};

}  // namespace

std::shared_ptr<const kit::ExecutionPlan> build_plan(const std::shared_ptr<ov::Model>& model,
                                                     const std::vector<ov::element::Type>& input_types,
                                                     const std::vector<ov::element::Type>& output_types) {
    kit::PlanOptions options;
    options.device = "CPU";
    options.alignment = arena_alignment;
    options.input_types = input_types;
    options.output_types = output_types;
    return kit::build_plan(model, CpuKernels(), options);
}

}  // namespace cpu
}  // namespace devmux
