// SPDX-License-Identifier: Apache-2.0
#include "transformations.hpp"

#include "devmux/kit/dynamic_executor.hpp"
#include "devmux/kit/internal_ops.hpp"
#include "devmux/kit/pass_manager.hpp"
#include "devmux/kit/passes.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/util/assign_base.hpp"
#include "openvino/op/util/read_value_base.hpp"
#include "openvino/runtime/properties.hpp"
#ifdef DEVMUX_CPU_HAVE_DNNL
#include "kernels/dnnl_kernels.hpp"
#endif

namespace devmux {
namespace cpu {
namespace {

bool has_kernel(const ov::Node& node) {
    // The structural ops are the plan's own steps; every other op runs its optimised kernel or evaluate().
    if (ov::is_type<ov::op::v0::Parameter>(&node) || ov::is_type<ov::op::v0::Constant>(&node) ||
        ov::is_type<ov::op::v0::Result>(&node) || ov::is_type<ov::op::util::ReadValueBase>(&node) ||
        ov::is_type<ov::op::util::AssignBase>(&node))
        return true;
    return node.has_evaluate();
}

}  // namespace

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

std::shared_ptr<ov::Model> prepare_model(const ov::Model& model) {
    auto exec = model.clone();
    kit::PassManager passes("CPU");
    // Values stay f32 even for bf16: only oneDNN's convolutions have bf16 kernels here, and they convert
    // their input inside the step.
    passes.add("inference_precision", [](ov::Model& m) { return kit::apply_inference_precision(m, ov::element::f32) != 0; })
        .add("remove_identity_ops", [](ov::Model& m) { return kit::remove_identity_ops(m) != 0; })
        .add("fold_constants", [](ov::Model& m) { return kit::fold_constants(m) != 0; });
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
        return kit::fuse_convolutions(m, options) != 0;
    });
#endif
    passes.run(*exec);
    return exec;
}

const kit::OpSupport& op_support() {
    static const kit::OpSupport support = [] {
        kit::OpSupport statement("CPU");
        statement.add(kit::OpRule{"*", "", {}, [](const ov::Node& node) {
                                      if (!has_kernel(node))
                                          return std::string("has no CPU implementation");
                                      for (size_t i = 0; i < node.get_output_size(); ++i)
                                          if (node.get_output_element_type(i).is_dynamic())
                                              return "output " + std::to_string(i) +
                                                     " has a dynamic element type; only shapes may be dynamic";
                                      return std::string();
                                  }});
        // Ops of dynamic shape run their evaluate() at each inference (CompiledModel::plan_dynamic).
        statement.require_static_shapes(false);
        return statement;
    }();
    return support;
}

void check_compilable(const ov::Model& source, const ov::Model& model) { op_support().check(source, model); }

}  // namespace cpu
}  // namespace devmux
