// SPDX-License-Identifier: Apache-2.0
// Transpose by a constant order, any element type of 1, 2, 4 or 8 bytes. Axes that stay next to each other
// in the same order are merged first (a [1,257,T] -> [T,257] swap is a 2-D transpose), axes of length 1
// dropped; the output is then written row by row, each row a strided gather from the input, or one memcpy
// where the last axis stays last. The reference walks every element with a coordinate vector and allocates.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/kernel.hpp"
#include "kernels/strided_copy.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/transpose.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

std::optional<StridedCopy> transpose_spec(const ov::Node& node, std::string* why) {
    if (!ov::is_type<ov::op::v1::Transpose>(&node))
        return refuse(why, "is not a Transpose-1");
    if (node.get_input_partial_shape(0).is_dynamic() || !node.get_input_element_type(0).is_static())
        return refuse(why, "has data of dynamic shape or element type");
    const auto order_constant = ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(1));
    if (!order_constant)
        return refuse(why, "has an order that is not a Constant");
    StridedCopy spec;
    spec.element_bytes = node.get_input_element_type(0).size();
    if (spec.element_bytes != 1 && spec.element_bytes != 2 && spec.element_bytes != 4 && spec.element_bytes != 8)
        return refuse(why, "has elements of a size other than 1, 2, 4 or 8 bytes");
    const ov::Shape in = node.get_input_shape(0);
    const size_t rank = in.size();
    if (rank > kStridedCopyMaxRank)
        return refuse(why, "has data of rank above 8");
    std::vector<int64_t> order = order_constant->cast_vector<int64_t>();
    if (order.empty())
        for (size_t i = 0; i < rank; ++i)
            order.push_back(static_cast<int64_t>(rank - 1 - i));
    if (order.size() != rank)
        return refuse(why, "has an order whose length is not the data's rank");
    std::vector<bool> seen(rank, false);
    for (auto& axis : order) {
        if (axis < 0)
            axis += static_cast<int64_t>(rank);
        if (axis < 0 || axis >= static_cast<int64_t>(rank) || seen[static_cast<size_t>(axis)])
            return refuse(why, "has an order that is not a permutation of the data's axes");
        seen[static_cast<size_t>(axis)] = true;
    }
    std::vector<size_t> in_strides(rank, 1);
    for (size_t d = rank; d-- > 1;)
        in_strides[d - 1] = in_strides[d] * in[d];
    spec.total = ov::shape_size(in);
    if (spec.total == 0)
        return refuse(why, "has empty data");
    // Output axes in order, without those of length 1, merging an axis into the previous one when it is the
    // input axis right after the previous one's (so the pair is contiguous in the input as in the output).
    int64_t previous = -2;
    for (size_t i = 0; i < rank; ++i) {
        const auto axis = static_cast<size_t>(order[i]);
        if (in[axis] == 1)
            continue;
        if (!spec.out_dims.empty() && static_cast<int64_t>(axis) == previous + 1) {
            spec.out_dims.back() *= in[axis];
            spec.in_stride.back() = in_strides[axis];
        } else {
            spec.out_dims.push_back(in[axis]);
            spec.in_stride.push_back(in_strides[axis]);
        }
        previous = static_cast<int64_t>(axis);
    }
    return spec;
}

class TransposeKernel final : public Kernel {
public:
    explicit TransposeKernel(StridedCopy copy) : m_copy(std::move(copy)) {}
    std::string name() const override { return "transpose"; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        strided_copy(m_copy, inputs[0].data(), outputs[0].data(), ctx.pool);
    }

private:
    StridedCopy m_copy;
};

}  // namespace

CpuKernelEntry transpose_entry() {
    return {{"Transpose"}, "", {}, refusal_of(transpose_spec),
            [](const CpuKernelContext&, const std::shared_ptr<ov::Node>& node) -> std::shared_ptr<const kit::OpKernel> {
                return std::make_shared<TransposeKernel>(*transpose_spec(*node, nullptr));
            }};
}

}  // namespace cpu
}  // namespace devmux
