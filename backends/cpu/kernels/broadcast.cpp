// SPDX-License-Identifier: Apache-2.0
// Broadcast-3 in NUMPY or BIDIRECTIONAL mode with a static result shape (a Constant target, or one the shape
// inference already resolved), any element type of 1, 2, 4 or 8 bytes. BERT-like ONNX models Expand their
// attention mask (i64 or boolean) every inference; the reference walks every element with a coordinate
// vector. Here the input is right-aligned to the result, axes of length 1 dropped and neighbouring axes merged
// where they broadcast alike (both repeated, or both read contiguously), then each result row is one memcpy
// or one fill of a single input value.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/kernel.hpp"
#include "kernels/strided_copy.hpp"
#include "openvino/op/broadcast.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

std::optional<StridedCopy> broadcast_spec(const ov::Node& node, std::string* why) {
    const auto* broadcast = ov::as_type<const ov::op::v3::Broadcast>(&node);
    if (!broadcast)
        return refuse(why, "is not a Broadcast-3");
    const auto mode = broadcast->get_broadcast_spec().m_type;
    if (mode != ov::op::BroadcastType::NUMPY && mode != ov::op::BroadcastType::BIDIRECTIONAL)
        return refuse(why, "has a mode other than numpy or bidirectional");
    if (node.get_input_partial_shape(0).is_dynamic() || node.get_output_partial_shape(0).is_dynamic() ||
        !node.get_input_element_type(0).is_static())
        return refuse(why, "has data or a result of dynamic shape or element type");
    StridedCopy spec;
    spec.element_bytes = node.get_input_element_type(0).size();
    if (spec.element_bytes != 1 && spec.element_bytes != 2 && spec.element_bytes != 4 && spec.element_bytes != 8)
        return refuse(why, "has elements of a size other than 1, 2, 4 or 8 bytes");
    const ov::Shape in = node.get_input_shape(0);
    const ov::Shape out = node.get_output_shape(0);
    if (in.size() > out.size() || out.size() > kStridedCopyMaxRank)
        return refuse(why, "has data of higher rank than its result, or a result of rank above 8");
    spec.total = ov::shape_size(out);
    if (spec.total == 0 || ov::shape_size(in) == 0)
        return refuse(why, "has empty data or an empty result");
    const size_t lead = out.size() - in.size();
    std::vector<size_t> in_strides(in.size(), 1);
    for (size_t d = in.size(); d-- > 1;)
        in_strides[d - 1] = in_strides[d] * in[d];
    for (size_t d = 0; d < out.size(); ++d) {
        const size_t in_dim = d < lead ? 1 : in[d - lead];
        if (in_dim != 1 && in_dim != out[d])
            return refuse(why, "has an input extent that is neither 1 nor its result's");
        if (out[d] == 1)
            continue;
        const size_t stride = in_dim == 1 ? 0 : in_strides[d - lead];
        // Merge into the previous axis where the pair is one run: both repeated, or both read contiguously.
        if (!spec.out_dims.empty() &&
            ((stride == 0 && spec.in_stride.back() == 0) || (stride != 0 && spec.in_stride.back() == stride * out[d]))) {
            spec.out_dims.back() *= out[d];
            spec.in_stride.back() = stride;
        } else {
            spec.out_dims.push_back(out[d]);
            spec.in_stride.push_back(stride);
        }
    }
    return spec;
}

class BroadcastKernel final : public Kernel {
public:
    explicit BroadcastKernel(StridedCopy copy) : m_copy(std::move(copy)) {}
    std::string name() const override { return "broadcast"; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        strided_copy(m_copy, inputs[0].data(), outputs[0].data(), ctx.pool);
    }

private:
    StridedCopy m_copy;
};

}  // namespace

CpuKernelEntry broadcast_entry() {
    return {{"Broadcast"}, "", {}, refusal_of(broadcast_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<BroadcastKernel>(*broadcast_spec(*node, nullptr));
            }};
}

}  // namespace cpu
}  // namespace devmux
