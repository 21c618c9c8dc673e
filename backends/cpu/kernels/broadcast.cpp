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
#include "openvino/op/broadcast.hpp"
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {
namespace {

constexpr size_t kMaxRank = 8;

// The broadcast reduced to its essential axes: out[i0, ..., ik] = in[sum i_d * in_stride[d]] (elements), a
// stride 0 meaning the axis repeats the input.
struct BroadcastSpec {
    std::vector<size_t> out_dims;   // the merged result axes
    std::vector<size_t> in_stride;  // per merged result axis, its stride in the input, in elements (0: repeated)
    size_t element_bytes = 0;
    size_t total = 0;
};

std::optional<BroadcastSpec> broadcast_spec(const ov::Node& node, std::string* why) {
    const auto* broadcast = ov::as_type<const ov::op::v3::Broadcast>(&node);
    if (!broadcast)
        return refuse(why, "is not a Broadcast-3");
    const auto mode = broadcast->get_broadcast_spec().m_type;
    if (mode != ov::op::BroadcastType::NUMPY && mode != ov::op::BroadcastType::BIDIRECTIONAL)
        return refuse(why, "has a mode other than numpy or bidirectional");
    if (node.get_input_partial_shape(0).is_dynamic() || node.get_output_partial_shape(0).is_dynamic() ||
        !node.get_input_element_type(0).is_static())
        return refuse(why, "has data or a result of dynamic shape or element type");
    BroadcastSpec spec;
    spec.element_bytes = node.get_input_element_type(0).size();
    if (spec.element_bytes != 1 && spec.element_bytes != 2 && spec.element_bytes != 4 && spec.element_bytes != 8)
        return refuse(why, "has elements of a size other than 1, 2, 4 or 8 bytes");
    const ov::Shape in = node.get_input_shape(0);
    const ov::Shape out = node.get_output_shape(0);
    if (in.size() > out.size() || out.size() > kMaxRank)
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
    if (spec.out_dims.empty()) {  // every axis of length 1
        spec.out_dims.push_back(1);
        spec.in_stride.push_back(1);
    }
    return spec;
}

class BroadcastKernel final : public Kernel {
public:
    explicit BroadcastKernel(BroadcastSpec spec) : m_spec(std::move(spec)) {}
    std::string name() const override { return "broadcast"; }

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
            // The input offset of result row `begin`, then kept up to date as an odometer.
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
                if (row_stride == 0)
                    std::fill_n(dst, row, *src);
                else if (row_stride == 1)
                    std::memcpy(dst, src, row * sizeof(T));
                else
                    for (size_t i = 0; i < row; ++i)
                        dst[i] = src[i * row_stride];
                for (size_t d = rank - 1; d-- > 0;) {
                    offset += m_spec.in_stride[d];
                    if (++coord[d] < m_spec.out_dims[d])
                        break;
                    offset -= coord[d] * m_spec.in_stride[d];
                    coord[d] = 0;
                }
            }
        };
        const size_t tasks = ctx.pool && rows > 1 && m_spec.total * sizeof(T) >= (1u << 18)
                                 ? std::min<size_t>(rows, team_size(ctx.pool) * 2)
                                 : 1;
        if (tasks > 1)
            parallel_for(ctx.pool, tasks, [&](size_t t) { part(rows * t / tasks, rows * (t + 1) / tasks); });
        else
            part(0, rows);
    }

    BroadcastSpec m_spec;
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
