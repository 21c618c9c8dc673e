// SPDX-License-Identifier: Apache-2.0
#include "transformations.hpp"

#include "devmux/kit/dynamic_executor.hpp"
#include "devmux/kit/internal_ops.hpp"
#include "devmux/kit/pass_manager.hpp"
#include "devmux/kit/passes.hpp"
#include "kernels/kernel.hpp"
#include "openvino/runtime/properties.hpp"
#ifdef DEVMUX_CPU_HAVE_DNNL
#include "kernels/dnnl_kernels.hpp"
#include "layouts.hpp"
#endif

namespace devmux {
namespace cpu {

bool has_native_bf16() {
#ifdef DEVMUX_CPU_HAVE_DNNL
    return dnnl_native_bf16();
#else
    return false;
#endif
}

std::vector<std::string> capabilities() {
    std::vector<std::string> precisions{ov::device::capability::FP32};
    if (has_native_bf16())
        precisions.push_back(ov::device::capability::BF16);
    return precisions;
}

std::string describe_type(const ov::Node& node) { return kit::OpSupport::describe_type(node); }

// x * clip(x + 3, 0, 6) / 6 as one HSwish-4 (kernels/hswish.cpp); the number replaced.
size_t fuse_hswish(ov::Model& model);
// BatchNormInference after a (Group)Convolution folded into its filters and a bias (kernels/scale_shift.cpp).
size_t fold_batch_norms(ov::Model& model);
// A chain of Multiplies and Adds by per-channel Constants after a (Group)Convolution folded into its filters
// and one bias Add (kernels/scale_shift.cpp).
size_t fold_conv_affine(ov::Model& model);
// BERT-like encoders: the exporters' GELU (5 ops) as one Gelu-7, layer normalisation (10 ops) as MVN-6
// (kernels/gelu.cpp, kernels/layer_norm.cpp).
size_t fuse_gelu(ov::Model& model);
size_t fuse_layer_norm(ov::Model& model);

std::shared_ptr<ov::Model> prepare_model(const ov::Model& model) {
    auto exec = model.clone();
    kit::PassManager passes("CPU");
    // Values stay f32 even for bf16: only oneDNN's convolutions have bf16 kernels here, and they convert
    // their input inside the step.
    passes.add("inference_precision", [](ov::Model& m) { return kit::apply_inference_precision(m, ov::element::f32) != 0; })
        .add("remove_identity_ops", [](ov::Model& m) { return kit::remove_identity_ops(m) != 0; })
        .add("fold_constants", [](ov::Model& m) { return kit::fold_constants(m) != 0; });
    // Static shapes only, as the convolution fusion below: a dynamic model runs the ops as the user wrote them.
    passes.add("fold_batch_norms", [](ov::Model& m) { return !kit::has_dynamic_shapes(m) && fold_batch_norms(m) != 0; });
    passes.add("fuse_hswish", [](ov::Model& m) { return !kit::has_dynamic_shapes(m) && fuse_hswish(m) != 0; });
    passes.add("fuse_gelu", [](ov::Model& m) { return !kit::has_dynamic_shapes(m) && fuse_gelu(m) != 0; });
    passes.add("fuse_layer_norm", [](ov::Model& m) { return !kit::has_dynamic_shapes(m) && fuse_layer_norm(m) != 0; });
    passes.add("fold_conv_affine", [](ov::Model& m) { return !kit::has_dynamic_shapes(m) && fold_conv_affine(m) != 0; });
#ifdef DEVMUX_CPU_HAVE_DNNL
    // Bias, activation, a per-channel scale-shift and an Add before or after them become oneDNN post-ops
    // of the convolution's primitive (sum, binary, eltwise).
    passes.add("fuse_convolutions", [](ov::Model& m) {
        // A model with dynamic shapes runs every op's evaluate() (kit::DynamicReferencePlan), which
        // gains nothing from fused convolutions: its ops stay as the user wrote them.
        if (kit::has_dynamic_shapes(m))
            return false;
        kit::ConvolutionFusionOptions options;
        options.scale_shift = true;
        options.addend_first = true;
        options.hswish = true;
        // GroupConvolutions that would run on oneDNN anyway (2-D, large enough): their bias and activation
        // become post-ops, and the value between them and the next convolution stays in oneDNN's layout. The
        // others stay on the hand-written depthwise kernels, which a FusedConvolution would leave: oneDNN
        // ran landmarks-regression's 6x6 depthwise convolution to 1x1 on its reference implementation.
        options.grouped = [](const ov::Node& node) {
            return node.get_input_partial_shape(0).rank() == 4 && dnnl_convolution_candidate(node);
        };
        return kit::fuse_convolutions(m, options) != 0;
    });
#endif
    passes.run(*exec);
    return exec;
}

const kit::OpSupport& op_support() { return cpu_kernel_table().support(); }

void check_compilable(const ov::Model& source, const ov::Model& model) { op_support().check(source, model); }

}  // namespace cpu
}  // namespace devmux
