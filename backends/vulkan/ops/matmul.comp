// SPDX-License-Identifier: Apache-2.0
// Batched matrix product (ops/matmul.cpp). Parameters: ops/matmul_params.h.
// Each invocation computes a 4 x 4 tile of the output: per step of K it loads 4 values of a and 4 of b for
// 16 multiply-adds (llvmpipe pays per load, lane by lane). Rows and columns past the edge load the last
// row or column (valid indices) and are not stored.
#version 450
#include "matmul_params.h"
#define DEVMUX_PARAMS MatMulParams
#include "common.glsl"

void main() {
    const uint M = pc.p.m, N = pc.p.n, K = pc.p.k;
    const bool ta = pc.p.transpose_a == 1u, tb = pc.p.transpose_b == 1u;
    const uint items = pc.p.items;
    const uint nq = (N + 3u) / 4u, mq = (M + 3u) / 4u;
    const uint a_step = ta ? M : 1u, b_step = tb ? 1u : N;
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint n0 = (item % nq) * 4u, m0 = ((item / nq) % mq) * 4u, b = item / (nq * mq);
        const uint a0 = pc.off[0] + b * pc.p.batch_stride_a, b0 = pc.off[1] + b * pc.p.batch_stride_b;
        // Where row m0 + i of a and column n0 + j of b start.
        uvec4 ia, ib;
        for (uint i = 0u; i < 4u; ++i) {
            const uint m = min(m0 + i, M - 1u), n = min(n0 + i, N - 1u);
            ia[i] = a0 + (ta ? m : m * K);
            ib[i] = b0 + (tb ? n * K : n);
        }
        // accI: row m0 + I, columns n0 .. n0 + 3 (named vectors: llvmpipe spills indexed arrays).
        vec4 acc0 = vec4(0.0), acc1 = vec4(0.0), acc2 = vec4(0.0), acc3 = vec4(0.0);
        for (uint k = 0u; k < K; ++k) {
            const vec4 x = vec4(in0[ia.x], in0[ia.y], in0[ia.z], in0[ia.w]);
            const vec4 y = vec4(in1[ib.x], in1[ib.y], in1[ib.z], in1[ib.w]);
            ADD_PRODUCT(acc0, x.x, y);
            ADD_PRODUCT(acc1, x.y, y);
            ADD_PRODUCT(acc2, x.z, y);
            ADD_PRODUCT(acc3, x.w, y);
            ia += a_step;
            ib += b_step;
        }
        const uint rows = min(4u, M - m0), columns = min(4u, N - n0);
        const uint out_base = pc.off[5] + (b * M + m0) * N + n0;
        for (uint j = 0u; j < columns; ++j) {
            out0[out_base + j] = real(acc0[j]);
            if (rows > 1u) out0[out_base + N + j] = real(acc1[j]);
            if (rows > 2u) out0[out_base + 2u * N + j] = real(acc2[j]);
            if (rows > 3u) out0[out_base + 3u * N + j] = real(acc3[j]);
        }
    }
}
