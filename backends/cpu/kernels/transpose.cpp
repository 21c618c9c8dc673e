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
#include "openvino/op/constant.hpp"
#include "openvino/op/transpose.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

constexpr size_t kMaxRank = 8;

// The transpose reduced to its essential axes: out[i0, ..., ik] = in[sum i_d * in_stride[d]] (elements).
struct TransposeSpec {
    std::vector<size_t> out_dims;   // the merged output axes
    std::vector<size_t> in_stride;  // per merged output axis, its stride in the input, in elements
    size_t element_bytes = 0;
    size_t total = 0;
};

std::optional<TransposeSpec> transpose_spec(const ov::Node& node, std::string* why) {
    if (!ov::is_type<ov::op::v1::Transpose>(&node))
        return refuse(why, "is not a Transpose-1");
    if (node.get_input_partial_shape(0).is_dynamic() || !node.get_input_element_type(0).is_static())
        return refuse(why, "has data of dynamic shape or element type");
    const auto order_constant = ov::as_type_ptr<ov::op::v0::Constant>(node.get_input_node_shared_ptr(1));
    if (!order_constant)
        return refuse(why, "has an order that is not a Constant");
    TransposeSpec spec;
    spec.element_bytes = node.get_input_element_type(0).size();
    if (spec.element_bytes != 1 && spec.element_bytes != 2 && spec.element_bytes != 4 && spec.element_bytes != 8)
        return refuse(why, "has elements of a size other than 1, 2, 4 or 8 bytes");
    const ov::Shape in = node.get_input_shape(0);
    const size_t rank = in.size();
    if (rank > kMaxRank)
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
    if (spec.out_dims.empty()) {  // every axis of length 1
        spec.out_dims.push_back(1);
        spec.in_stride.push_back(1);
    }
    return spec;
}

class TransposeKernel final : public Kernel {
public:
    explicit TransposeKernel(TransposeSpec spec) : m_spec(std::move(spec)) {}
    std::string name() const override { return "transpose"; }

    void execute(const ov::TensorVector& inputs, ov::TensorVector& outputs, void*, ExecContext& ctx) const override {
        switch (m_spec.element_bytes) {
        case 1: return run<uint8_t>(inputs, outputs, ctx);
        case 2: return run<uint16_t>(inputs, outputs, ctx);
        case 4: return run<uint32_t>(inputs, outputs, ctx);
        default: return run<uint64_t>(inputs, outputs, ctx);
        }
    }

private:
    template <typename T>
    void run(const ov::TensorVector& inputs, ov::TensorVector& outputs, ExecContext& ctx) const {
        const T* in = static_cast<const T*>(inputs[0].data());
        T* out = static_cast<T*>(outputs[0].data());
        const size_t rank = m_spec.out_dims.size();
        const size_t row = m_spec.out_dims[rank - 1];
        const size_t row_stride = m_spec.in_stride[rank - 1];
        const size_t rows = m_spec.total / row;
        auto part = [&](size_t begin, size_t end) {
            // The input offset of output row `begin`, then kept up to date as an odometer.
            size_t coord[kMaxRank] = {};  // no allocation on the infer path
            size_t offset = 0, rest = begin;
            for (size_t d = rank - 1; d-- > 0;) {
                coord[d] = rest % m_spec.out_dims[d];
                rest /= m_spec.out_dims[d];
                offset += coord[d] * m_spec.in_stride[d];
            }
            for (size_t r = begin; r < end; ++r) {
                T* dst = out + r * row;
                const T* src = in + offset;
                if (row_stride == 1) {
                    std::memcpy(dst, src, row * sizeof(T));
                } else {
                    for (size_t i = 0; i < row; ++i)
                        dst[i] = src[i * row_stride];
                }
                for (size_t d = rank - 1; d-- > 0;) {
                    offset += m_spec.in_stride[d];
                    if (++coord[d] < m_spec.out_dims[d])
                        break;
                    offset -= coord[d] * m_spec.in_stride[d];
                    coord[d] = 0;
                }
            }
        };
        const size_t tasks =
            ctx.pool && rows > 1 && m_spec.total * sizeof(T) >= (1u << 18) ? std::min<size_t>(rows, team_size(ctx.pool) * 2) : 1;
        if (tasks > 1)
            parallel_for(ctx.pool, tasks, [&](size_t t) { part(rows * t / tasks, rows * (t + 1) / tasks); });
        else
            part(0, rows);
    }

    TransposeSpec m_spec;
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
