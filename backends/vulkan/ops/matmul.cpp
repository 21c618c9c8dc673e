// SPDX-License-Identifier: Apache-2.0
// MatMul of rank 2 or more, each side one matrix or one per output matrix (matmul.comp).
#include "ops/helpers.hpp"
#include "ops/matmul_params.h"
#include "openvino/op/ops.hpp"

namespace devmux {
namespace vulkan {
namespace {

std::string plan_matmul(const ov::Node& node, NodePlan* plan) {
    const auto* matmul = ov::as_type<const ov::op::v0::MatMul>(&node);
    if (auto reason = check_values(node, {0, 1}); !reason.empty())
        return reason;
    const ov::Shape a = node.get_input_shape(0), b = node.get_input_shape(1), out = node.get_output_shape(0);
    if (a.size() < 2 || b.size() < 2)
        return "has a 1-D input; VULKAN multiplies matrices of rank 2 or more";
    const bool ta = matmul->get_transpose_a(), tb = matmul->get_transpose_b();
    const size_t m = ta ? a[a.size() - 1] : a[a.size() - 2], k = ta ? a[a.size() - 2] : a[a.size() - 1];
    const size_t n = tb ? b[b.size() - 2] : b[b.size() - 1];
    const size_t batch_a = ov::shape_size(a) / (m * k), batch_b = ov::shape_size(b) / (k * n);
    const size_t batch = ov::shape_size(out) / (m * n);
    // Each side's batch is either one matrix for all or one per output matrix in the same order.
    const auto batch_dims = [](const ov::Shape& shape) { return ov::Shape(shape.begin(), shape.end() - 2); };
    const ov::Shape out_batch = batch_dims(out);
    for (const auto& [shape, count] : {std::make_pair(a, batch_a), std::make_pair(b, batch_b)}) {
        if (count == 1)
            continue;
        ov::Shape dims = batch_dims(shape);
        while (dims.size() < out_batch.size())
            dims.insert(dims.begin(), 1);
        if (dims != out_batch)
            return "broadcasts the batch dimensions of " + shape_text(a) + " and " + shape_text(b) +
                   " in a way VULKAN does not (each side needs one matrix or all of the output's)";
    }
    if (plan) {
        // One invocation per 4 x 4 tile of each batch's output (matmul.comp).
        const size_t tiles = batch * ((m + 3) / 4) * ((n + 3) / 4);
        Dispatch dispatch = make_dispatch(Shader::matmul, tiles);
        dispatch.inputs[0] = 0;
        dispatch.inputs[1] = 1;
        MatMulParams params{};
        params.batch = static_cast<uint32_t>(batch);
        params.m = static_cast<uint32_t>(m);
        params.n = static_cast<uint32_t>(n);
        params.k = static_cast<uint32_t>(k);
        params.transpose_a = ta ? 1u : 0u;
        params.transpose_b = tb ? 1u : 0u;
        params.batch_stride_a = static_cast<uint32_t>(batch_a == 1 ? 0 : m * k);
        params.batch_stride_b = static_cast<uint32_t>(batch_b == 1 ? 0 : k * n);
        params.items = static_cast<uint32_t>(tiles);
        dispatch.set_params(params);
        plan->dispatches.push_back(dispatch);
        plan->exec_type = "matmul_f32";
    }
    return {};
}

}  // namespace

VulkanKernelEntry matmul_entry() { return planner_entry({"MatMul"}, plan_matmul); }

}  // namespace vulkan
}  // namespace devmux
