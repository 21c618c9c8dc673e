// SPDX-License-Identifier: Apache-2.0
// MatMul (batched, numpy broadcast over batch dimensions): ops/matmul.cl.
#include <algorithm>

#include "matmul.h"
#include "cl_kernel.hpp"
#include "openvino/op/matmul.hpp"

namespace devmux {
namespace opencl {
namespace {

static_assert(sizeof(MatmulParams) == 5 * 4, "MatmulParams: 32-bit fields, laid out as in OpenCL C");

ov::Shape batch_out_of(const ov::Shape& out) { return ov::Shape(out.begin(), out.end() - 2); }

class MatMulKernel final : public ClKernel {
public:
    MatMulKernel(const KernelArgs& base, const ov::Node& node)
        : ClKernel(base, "gemm_f32") {
        auto mm = ov::as_type<const ov::op::v0::MatMul>(&node);
        const auto a = node.get_input_shape(0), b = node.get_input_shape(1), out = node.get_output_shape(0);
        const bool ta = mm->get_transpose_a(), tb = mm->get_transpose_b();
        m_M = static_cast<int>(out[out.size() - 2]);
        m_N = static_cast<int>(out[out.size() - 1]);
        m_K = static_cast<int>(ta ? a[a.size() - 2] : a[a.size() - 1]);
        m_trans = (ta ? 1 : 0) | (tb ? 2 : 0);
        m_count = static_cast<int>(ov::shape_size(batch_out_of(out)) * ((m_M + 3) / 4) * ((m_N + 7) / 8));
        // Per output batch, the element offsets of its a and b matrices (numpy broadcast over batch dims).
        const ov::Shape batch_out(out.begin(), out.end() - 2);
        const size_t batches = ov::shape_size(batch_out);
        std::vector<int> offsets(2 * std::max<size_t>(batches, 1), 0);
        const auto matrix_offset = [&](const ov::Shape& shape, size_t index) {
            const size_t rank = shape.size() - 2;
            size_t offset = 0, stride = shape[shape.size() - 1] * shape[shape.size() - 2], rest = index;
            for (size_t k = 0; k < batch_out.size(); ++k) {
                const size_t od = batch_out.size() - 1 - k;
                const size_t coord = rest % batch_out[od];
                rest /= batch_out[od];
                if (k < rank) {
                    const size_t dim = shape[rank - 1 - k];
                    offset += (dim == 1 ? 0 : coord) * stride;
                    stride *= dim;
                }
            }
            return static_cast<int>(offset);
        };
        for (size_t i = 0; i < batches; ++i) {
            offsets[2 * i] = matrix_offset(a, i);
            offsets[2 * i + 1] = matrix_offset(b, i);
        }
        m_offsets = m_device->allocate(offsets.size() * sizeof(int), "MatMul '" + node.get_friendly_name() + "'",
                                       offsets.data());
        for (size_t i = 0; i < 2; ++i)
            if (is_constant(node, i))
                constant(node, i);
    }

private:
    void setup(Binding& b) const override {
        const MatmulParams params{m_count, m_M, m_N, m_K, m_trans};
        b.launch("matmul", m_count) << b.in(0) << b.in(1) << b.out(0) << m_offsets.get() << params;
    }
    int m_M, m_N, m_K, m_trans, m_count;
    Mem m_offsets;
};

}  // namespace

OpenclKernelEntry matmul_entry() {
    return {{"MatMul"}, "", {ov::element::f32}, all_of(rank8, fits_int, [](const ov::Node& n) {
                return n.get_input_shape(0).size() < 2 || n.get_input_shape(1).size() < 2
                           ? std::string("has a 1-d operand")
                           : std::string();
            }),
            make_kernel<MatMulKernel>()};
}

}  // namespace opencl
}  // namespace devmux
