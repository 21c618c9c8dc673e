// SPDX-License-Identifier: Apache-2.0
// Batched matrix product. p0 batch, p1 M, p2 N, p3 K, p4 transpose a, p5 transpose b, p6 batch stride of a
// (0: broadcast), p7 batch stride of b, p8 items (batch * M * N).
#version 450
#include "common.glsl"

void main() {
    const uint M = pc.p[1], N = pc.p[2], K = pc.p[3];
    const bool ta = pc.p[4] == 1u, tb = pc.p[5] == 1u;
    const uint items = pc.p[8];
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint n = item % N, m = (item / N) % M, b = item / (M * N);
        const uint a0 = pc.off[0] + b * pc.p[6], b0 = pc.off[1] + b * pc.p[7];
        const uint a_step = ta ? M : 1u, b_step = tb ? 1u : N;
        uint ia = a0 + (ta ? m : m * K), ib = b0 + (tb ? n * K : n);
        float acc = 0.0;
        for (uint k = 0u; k < K; ++k) {
            acc += in0[ia] * in1[ib];
            ia += a_step;
            ib += b_step;
        }
        out0[pc.off[5] + item] = acc;
    }
}
