// SPDX-License-Identifier: Apache-2.0
// Broadcasting element-wise ops over up to 6 dimensions (ops/eltwise.cpp); parameters and the layouts the
// operands are indexed in: ops/binary_params.h.
#version 450
#include "binary_params.h"
#define DEVMUX_PARAMS BinaryParams
#include "common.glsl"

// The op and the layout kind (BinaryParams::op, layout_kind) as specialization constants: llvmpipe would run
// every case and both layouts, masked.
layout(constant_id = 0) const uint OP = 0u;
layout(constant_id = 1) const uint LAYOUT_KIND = 0u;

afloat apply(uint op, afloat a, afloat b) {
    switch (op) {
    case DEVMUX_BINARY_ADD: return a + b;
    case DEVMUX_BINARY_SUBTRACT: return a - b;
    case DEVMUX_BINARY_MULTIPLY: return a * b;
    case DEVMUX_BINARY_DIVIDE: return a / b;
    case DEVMUX_BINARY_MAXIMUM: return max(a, b);
    case DEVMUX_BINARY_MINIMUM: return min(a, b);
    // f32 inside: pow is exp2(b * log2(a)), and an f16 log2 would cost up to 0.5% of the result.
    // GLSL leaves pow undefined for a negative base; with a whole exponent the sign comes from its parity.
    case DEVMUX_BINARY_POWER: {
        const float magnitude = pow(abs(float(a)), float(b));
        const bool whole = float(b) == round(float(b));
        const bool odd = whole && mod(abs(float(b)), 2.0) == 1.0;
        if (float(a) >= 0.0)
            return afloat(float(a) == 0.0 && float(b) == 0.0 ? 1.0 : magnitude);
        return afloat(!whole ? (0.0 / 0.0) : (odd ? -magnitude : magnitude));
    }
    case DEVMUX_BINARY_SQUARED_DIFFERENCE: return (a - b) * (a - b);
    case DEVMUX_BINARY_PRELU: return a < afloat(0.0) ? a * b : a;
    default: return a;
    }
}

void main() {
    const uint items = pc.p.items, layout_kind = LAYOUT_KIND;
    if (layout_kind == DEVMUX_BINARY_B_PER_CHANNEL_ROWS) {
        const uint inner = pc.p.per_channel, row = gl_WorkGroupID.y, first = row * inner;
        const afloat b = afloat(in1[pc.off[1] + row % pc.p.channels]);
        for (uint x = first_item(); x < inner; x += item_stride())
            out0[pc.off[5] + first + x] = real(apply(OP, afloat(in0[pc.off[0] + first + x]), b));
        return;
    }
    if (layout_kind != DEVMUX_BINARY_GENERAL) {
        const uint channels = max(pc.p.channels, 1u), inner = max(pc.p.per_channel, 1u);
        for (uint i = first_item(); i < items; i += item_stride()) {
            const uint ib = layout_kind == DEVMUX_BINARY_BOTH_DENSE ? i
                            : (layout_kind == DEVMUX_BINARY_B_SCALAR ? 0u : (i / inner) % channels);
            out0[pc.off[5] + i] = real(apply(OP, afloat(in0[pc.off[0] + i]), afloat(in1[pc.off[1] + ib])));
        }
        return;
    }
    for (uint i = first_item(); i < items; i += item_stride()) {
        uint rest = i;
        uint ia = 0u, ib = 0u;
        for (int d = 5; d >= 0; --d) {
            const uint extent = pc.p.dims[d];
            const uint c = rest % extent;
            rest /= extent;
            ia += c * pc.p.a_strides[d];
            ib += c * pc.p.b_strides[d];
        }
        out0[pc.off[5] + i] = real(apply(OP, afloat(in0[pc.off[0] + ia]), afloat(in1[pc.off[1] + ib])));
    }
}
