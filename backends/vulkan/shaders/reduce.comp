// SPDX-License-Identifier: Apache-2.0
// Reductions over the middle of [outer, reduced, inner]. p0 outer, p1 reduced, p2 inner, p3 op (kernels.cpp
// ReduceOp), p4 items (outer * inner).
#version 450
#include "common.glsl"

// The op (parameter 3) as a specialization constant: llvmpipe would run every case, masked.
layout(constant_id = 0) const uint OP = 0u;

void main() {
    const uint reduced = pc.p[1], inner = pc.p[2], op = OP, items = pc.p[4];
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint o = item / inner, i = item % inner;
        const uint base = pc.off[0] + o * reduced * inner + i;
        float acc = op == 2u ? -3.402823466e38 : (op == 3u ? 3.402823466e38 : (op == 4u ? 1.0 : 0.0));
        for (uint r = 0u; r < reduced; ++r) {
            const float x = in0[base + r * inner];
            switch (op) {
            case 2u: acc = max(acc, x); break;
            case 3u: acc = min(acc, x); break;
            case 4u: acc *= x; break;
            case 5u: acc += abs(x); break;
            case 6u: acc += x * x; break;
            default: acc += x; break;
            }
        }
        if (op == 1u) acc /= float(reduced);
        if (op == 6u) acc = sqrt(acc);
        out0[pc.off[5] + item] = real(acc);
    }
}
