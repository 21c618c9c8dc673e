// SPDX-License-Identifier: Apache-2.0
// MatMul (ops/matmul.cpp).
#include "matmul.h"

// Batched matrix product: c[b] = op(a[b]) * op(b[b]), M x K by K x N, register-blocked: each work-item
// computes 4 rows by 8 columns. batch_offsets: per output batch, the element offsets of its a and b matrices
// (numpy broadcast over batch dims); `trans` bit 0 transposes a, bit 1 transposes b.
__kernel void matmul(__global const real* a, int a_off, __global const real* b, int b_off, __global real* c,
                     int c_off, __global const int* batch_offsets, const MatmulParams params) {
    const int count = params.count, M = params.m, N = params.n, K = params.k, trans = params.trans;
    const int i = GID();
    if (i >= count)
        return;
    const int col_blocks = (N + 7) / 8, row_blocks = (M + 3) / 4;
    const int c0 = (i % col_blocks) * 8;
    const int r0 = ((i / col_blocks) % row_blocks) * 4;
    const int batch = i / (col_blocks * row_blocks);
    __global const real* pa = a + a_off + batch_offsets[2 * batch];
    __global const real* pb = b + b_off + batch_offsets[2 * batch + 1];
    const int a_row_stride = (trans & 1) ? 1 : K, a_k_stride = (trans & 1) ? M : 1;
    const int b_k_stride = (trans & 2) ? 1 : N, b_col_stride = (trans & 2) ? K : 1;
    const bool full_cols = !(trans & 2) && c0 + 8 <= N;
    int rows[4];
    for (int r = 0; r < 4; ++r)
        rows[r] = min(r0 + r, M - 1) * a_row_stride;
    float8 acc0 = (float8)(0.0f), acc1 = acc0, acc2 = acc0, acc3 = acc0;
    for (int k = 0; k < K; ++k) {
        float8 b8;
        if (full_cols) {
            b8 = convert_float8(vload8(0, pb + k * b_k_stride + c0));
        } else {
            float t[8];
            for (int q = 0; q < 8; ++q)
                t[q] = (float)pb[k * b_k_stride + min(c0 + q, N - 1) * b_col_stride];
            b8 = vload8(0, t);
        }
        const int ak = k * a_k_stride;
        acc0 = fma((float8)((float)pa[rows[0] + ak]), b8, acc0);
        acc1 = fma((float8)((float)pa[rows[1] + ak]), b8, acc1);
        acc2 = fma((float8)((float)pa[rows[2] + ak]), b8, acc2);
        acc3 = fma((float8)((float)pa[rows[3] + ak]), b8, acc3);
    }
    float out[32];
    vstore8(acc0, 0, out);
    vstore8(acc1, 1, out);
    vstore8(acc2, 2, out);
    vstore8(acc3, 3, out);
    __global real* pc = c + c_off + (size_t)batch * M * N;
    for (int r = 0; r < 4 && r0 + r < M; ++r)
        for (int q = 0; q < 8 && c0 + q < N; ++q)
            pc[(r0 + r) * N + c0 + q] = (real)out[r * 8 + q];
}
