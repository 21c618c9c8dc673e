// SPDX-License-Identifier: Apache-2.0
// The OPENCL kernel table (the entries of ops/table.inc, in order), the statement query_model and compile_model
// read from it, the planner's kernel provider over it, and the graph preparation its kernels expect.
#include "cl_kernel.hpp"
#include "devmux/kit/internal_ops.hpp"
#include "devmux/kit/pass_manager.hpp"
#include "devmux/kit/passes.hpp"

namespace devmux {
namespace opencl {

#define DEVMUX_OPENCL_KERNEL(name) OpenclKernelEntry name##_entry();
#include "table.inc"
#undef DEVMUX_OPENCL_KERNEL

namespace {

const kit::KernelTable<OpenclKernelFactory>& kernel_table() {
    static const kit::KernelTable<OpenclKernelFactory> table("OPENCL", {
#define DEVMUX_OPENCL_KERNEL(name) name##_entry(),
#include "table.inc"
#undef DEVMUX_OPENCL_KERNEL
    });
    return table;
}

class Provider final : public kit::KernelProvider {
public:
    Provider(std::shared_ptr<DeviceContext> device, cl_program program, std::shared_ptr<ConstantPool> constants)
        : m_base(std::move(device), program, std::move(constants)) {}

    // The entry the statement accepted makes the kernel; entries without a factory (Parameter, Result, Constant,
    // ReadValue, Assign) are the planner's own steps.
    std::shared_ptr<const kit::OpKernel> kernel_for(const std::shared_ptr<ov::Node>& node) const override {
        const auto& entry = kernel_table().entry_for(*node);
        return entry.make ? entry.make(m_base, node) : nullptr;
    }
    std::shared_ptr<const kit::OpKernel> convert_kernel(const ov::element::Type& from,
                                                        const ov::element::Type& to) const override {
        OPENVINO_ASSERT(from == to || (convert_code(from) >= 0 && convert_code(to) >= 0), "OPENCL: cannot convert ",
                        from, " to ", to, " at the model's boundary");
        return make_convert_kernel(m_base, from, to, 0);
    }
    std::shared_ptr<const kit::OpKernel> read_value_kernel(size_t variable, bool has_init) const override {
        return make_state_kernel(m_base, variable, true, has_init);
    }
    std::shared_ptr<const kit::OpKernel> assign_kernel(size_t variable) const override {
        return make_state_kernel(m_base, variable, false, false);
    }

private:
    KernelArgs m_base;
};

}  // namespace

std::shared_ptr<ov::Model> prepare_model(const ov::Model& model) {
    auto exec = model.clone();
    const auto precision = kit::choose_inference_precision("OPENCL", {ov::device::capability::FP32}, ov::element::f32);
    kit::PassManager passes("OPENCL");
    passes.add("inference_precision", [precision](ov::Model& m) { return kit::apply_inference_precision(m, precision) != 0; })
        .add("remove_identity_ops", [](ov::Model& m) { return kit::remove_identity_ops(m) != 0; })
        .add("fold_constants", [](ov::Model& m) { return kit::fold_constants(m) != 0; })
        .add("fuse_convolutions", [](ov::Model& m) {
            kit::ConvolutionFusionOptions options;
            options.scale_shift = true;  // both convolution kernels apply it in their epilogue
            return kit::fuse_convolutions(m, options) != 0;
        });
    passes.run(*exec);
    return exec;
}

const kit::OpSupport& op_support() { return kernel_table().support(); }

std::unique_ptr<kit::KernelProvider> make_kernel_provider(const std::shared_ptr<DeviceContext>& device,
                                                          cl_program program,
                                                          const std::shared_ptr<ConstantPool>& constants) {
    return std::make_unique<Provider>(device, program, constants);
}

}  // namespace opencl
}  // namespace devmux
