// SPDX-License-Identifier: Apache-2.0
// Reductions over the middle of [outer, reduced, inner] (ops/reduce.cpp). Parameters and the op codes:
// ops/reduce_params.h.
#version 450
#include "reduce_params.h"
#define DEVMUX_PARAMS ReduceParams
#include "common.glsl"

// The op (ReduceParams::op) as a specialization constant: llvmpipe would run every case, masked.
layout(constant_id = 0) const uint OP = 0u;

void main() {
    const uint reduced = pc.p.reduced, inner = pc.p.inner, op = OP, items = pc.p.items;
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint o = item / inner, i = item % inner;
        const uint base = pc.off[0] + o * reduced * inner + i;
        float acc = op == DEVMUX_REDUCE_MAX ? -3.402823466e38
                    : (op == DEVMUX_REDUCE_MIN ? 3.402823466e38 : (op == DEVMUX_REDUCE_PROD ? 1.0 : 0.0));
        for (uint r = 0u; r < reduced; ++r) {
            const float x = in0[base + r * inner];
            switch (op) {
            case DEVMUX_REDUCE_MAX: acc = max(acc, x); break;
            case DEVMUX_REDUCE_MIN: acc = min(acc, x); break;
            case DEVMUX_REDUCE_PROD: acc *= x; break;
            case DEVMUX_REDUCE_L1: acc += abs(x); break;
            case DEVMUX_REDUCE_L2: acc += x * x; break;
            default: acc += x; break;
            }
        }
        if (op == DEVMUX_REDUCE_MEAN) acc /= float(reduced);
        if (op == DEVMUX_REDUCE_L2) acc = sqrt(acc);
        out0[pc.off[5] + item] = real(acc);
    }
}
