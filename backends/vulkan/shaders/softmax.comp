// SPDX-License-Identifier: Apache-2.0
// Softmax (p3 = 0) and LogSoftmax (p3 = 1) over the middle of [outer, axis, inner]. p0 outer, p1 axis,
// p2 inner, p4 items (outer * inner).
#version 450
#include "common.glsl"

void main() {
    const uint axis = pc.p[1], inner = pc.p[2], items = pc.p[4];
    const bool log_softmax = pc.p[3] == 1u;
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint o = item / inner, i = item % inner;
        const uint base = o * axis * inner + i;
        float top = -3.402823466e38;
        for (uint a = 0u; a < axis; ++a) top = max(top, float(in0[pc.off[0] + base + a * inner]));
        float sum = 0.0;
        for (uint a = 0u; a < axis; ++a) sum += exp(in0[pc.off[0] + base + a * inner] - top);
        for (uint a = 0u; a < axis; ++a) {
            const float x = in0[pc.off[0] + base + a * inner] - top;
            out0[pc.off[5] + base + a * inner] = real(log_softmax ? x - log(sum) : exp(x) / sum);
        }
    }
}
