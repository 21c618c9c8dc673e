// SPDX-License-Identifier: Apache-2.0
// Equal, NotEqual, Less, LessEqual, Greater and GreaterEqual under numpy broadcasting over up to 6 dimensions
// (ops/comparison.cpp). The boolean output is one byte per value; each invocation writes one 32-bit word of
// four of them, so that no two invocations store into the same word. Parameters: ops/compare_params.h.
#version 450
#include "compare_params.h"
#define DEVMUX_PARAMS CompareParams
#define CUSTOM_OUTPUT
#include "common.glsl"

layout(std430, set = 0, binding = 5) writeonly buffer FlagWords { uint flag_words[]; };
// The comparison as a specialization constant: llvmpipe would run every case, masked.
layout(constant_id = 0) const uint OP = DEVMUX_COMPARE_EQUAL;
#ifdef DEVMUX_F16
const uint value_bytes = 2u;
#else
const uint value_bytes = 4u;
#endif

bool holds(float a, float b) {
    switch (OP) {
    case DEVMUX_COMPARE_EQUAL: return a == b;
    case DEVMUX_COMPARE_NOT_EQUAL: return a != b;
    case DEVMUX_COMPARE_LESS: return a < b;
    case DEVMUX_COMPARE_LESS_EQUAL: return a <= b;
    case DEVMUX_COMPARE_GREATER: return a > b;
    default: return a >= b;
    }
}

void main() {
    // pc.off[5] counts values of the storage type; the planner places booleans at a multiple of 4 bytes.
    const uint first_word = pc.off[5] * value_bytes / 4u;
    for (uint w = first_item(); w < pc.p.words; w += item_stride()) {
        uint word = 0u;
        for (uint e = 0u; e < 4u; ++e) {
            uint rest = w * 4u + e, ia = 0u, ib = 0u;
            for (int d = 5; d >= 0; --d) {
                const uint extent = pc.p.dims[d];
                const uint c = rest % extent;
                rest /= extent;
                ia += c * pc.p.a_strides[d];
                ib += c * pc.p.b_strides[d];
            }
            // Widened to f32: exact for f16 values, so both variants compare the stored values.
            if (holds(float(in0[pc.off[0] + ia]), float(in1[pc.off[1] + ib])))
                word |= 1u << (8u * e);
        }
        flag_words[first_word + w] = word;
    }
}
