// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstddef>

#include "openvino/core/shape.hpp"
#include "ops/reference/broadcast.hpp"

namespace devmux {
namespace ref {

/// Where the elements of one matrix pair live: A(m, k) is a[m * a_m_stride + k * a_k_stride] and B(k, n)
/// is b[k * b_k_stride + n * b_n_stride], so transposed operands need no copy.
struct MatMulGeometry {
    size_t M = 0, N = 0, K = 0;
    size_t a_m_stride = 0, a_k_stride = 0;
    size_t b_k_stride = 0, b_n_stride = 0;
};

/// out (M x N, row-major) = A (M x K) * B (K x N).
template <typename C>
void matmul_single(const C* a, const C* b, C* out, const MatMulGeometry& g) {
    for (size_t m = 0; m < g.M; ++m) {
        for (size_t n = 0; n < g.N; ++n) {
            C acc = 0;
            for (size_t k = 0; k < g.K; ++k)
                acc += a[m * g.a_m_stride + k * g.a_k_stride] * b[k * g.b_k_stride + n * g.b_n_stride];
            out[m * g.N + n] = acc;
        }
    }
}

/// Batched product: the batch axes of A (`batch_a`, matrices of `a_matrix` elements) and of B broadcast
/// (numpy rules) to `batch_out`; out holds one M x N matrix per element of batch_out.
template <typename C>
void matmul(const C* a, const C* b, C* out, const ov::Shape& batch_a, const ov::Shape& batch_b,
            const ov::Shape& batch_out, size_t a_matrix, size_t b_matrix, const MatMulGeometry& g) {
    for_each_broadcast_ref<2>(batch_out, {batch_a, batch_b}, [&](size_t o, const std::array<size_t, 2>& i) {
        matmul_single(a + i[0] * a_matrix, b + i[1] * b_matrix, out + o * g.M * g.N, g);
    });
}

}  // namespace ref
}  // namespace devmux
