// SPDX-License-Identifier: Apache-2.0
// Strided copy of a box of up to 6 dimensions (Transpose, Concat slices, Split, Broadcast). p0 items,
// p1..6 box dims (outermost first), p7..12 source strides, p13..18 destination strides.
#version 450
#include "common.glsl"

void main() {
    const uint items = pc.p[0];
    for (uint i = first_item(); i < items; i += item_stride()) {
        uint rest = i;
        uint src = 0u, dst = 0u;
        for (int d = 5; d >= 0; --d) {
            const uint extent = pc.p[1 + d];
            const uint c = rest % extent;
            rest /= extent;
            src += c * pc.p[7 + d];
            dst += c * pc.p[13 + d];
        }
        out0[pc.off[5] + dst] = real(in0[pc.off[0] + src]);
    }
}
