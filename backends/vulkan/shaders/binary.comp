// SPDX-License-Identifier: Apache-2.0
// Broadcasting element-wise ops over up to 6 dimensions. p0 op (kernels.cpp BinaryOp), p1 items,
// p2..7 output dims (outermost first), p8..13 strides of a, p14..19 strides of b (0 on broadcast dims),
// p20 layout: 0 general, 1 a and b both dense in the output's shape, 2 a dense and b one value, 3 a dense and
// b one value per channel (p21 channels, p22 values per channel), 4 as 3 with one row (image and channel) per
// work group along y: the channel and its value of b are found once per invocation, not per element. The
// special layouts avoid the integer divisions of the general index (llvmpipe runs them lane by lane).
#version 450
#include "common.glsl"

// The op (parameter 0) and the layout kind (parameter 20) as specialization constants: llvmpipe would run
// every case and both layouts, masked.
layout(constant_id = 0) const uint OP = 0u;
layout(constant_id = 1) const uint LAYOUT_KIND = 0u;

afloat apply(uint op, afloat a, afloat b) {
    switch (op) {
    case 0u: return a + b;
    case 1u: return a - b;
    case 2u: return a * b;
    case 3u: return a / b;
    case 4u: return max(a, b);
    case 5u: return min(a, b);
    // f32 inside: pow is exp2(b * log2(a)), and an f16 log2 would cost up to 0.5% of the result.
    case 6u: return afloat(pow(float(a), float(b)));
    case 7u: return (a - b) * (a - b);
    case 8u: return a < afloat(0.0) ? a * b : a;
    default: return a;
    }
}

void main() {
    const uint items = pc.p[1], layout_kind = LAYOUT_KIND;
    if (layout_kind == 4u) {
        const uint inner = pc.p[22], row = gl_WorkGroupID.y, first = row * inner;
        const afloat b = afloat(in1[pc.off[1] + row % pc.p[21]]);
        for (uint x = first_item(); x < inner; x += item_stride())
            out0[pc.off[5] + first + x] = real(apply(OP, afloat(in0[pc.off[0] + first + x]), b));
        return;
    }
    if (layout_kind != 0u) {
        const uint channels = max(pc.p[21], 1u), inner = max(pc.p[22], 1u);
        for (uint i = first_item(); i < items; i += item_stride()) {
            const uint ib = layout_kind == 1u ? i : (layout_kind == 2u ? 0u : (i / inner) % channels);
            out0[pc.off[5] + i] = real(apply(OP, afloat(in0[pc.off[0] + i]), afloat(in1[pc.off[1] + ib])));
        }
        return;
    }
    for (uint i = first_item(); i < items; i += item_stride()) {
        uint rest = i;
        uint ia = 0u, ib = 0u;
        for (int d = 5; d >= 0; --d) {
            const uint extent = pc.p[2 + d];
            const uint c = rest % extent;
            rest /= extent;
            ia += c * pc.p[8 + d];
            ib += c * pc.p[14 + d];
        }
        out0[pc.off[5] + i] = real(apply(OP, afloat(in0[pc.off[0] + ia]), afloat(in1[pc.off[1] + ib])));
    }
}
