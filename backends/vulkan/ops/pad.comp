// SPDX-License-Identifier: Apache-2.0
// Pad (its four modes) and Tile over up to 6 dimensions (ops/pad.cpp): each output value reads
// the input value its coordinates map to, or the pad value. Parameters: ops/pad_params.h.
#version 450
#include "pad_params.h"
#define DEVMUX_PARAMS PadParams
#include "common.glsl"

// The mode as a specialization constant: llvmpipe would run every mode's branch, masked.
layout(constant_id = 0) const uint MODE = DEVMUX_PAD_CONSTANT;

// The input coordinate that coordinate c of the padded axis reads (c may lie outside [0, extent)); -1 for the
// pad value. Pad's shape inference keeps reflect pads below the extent and symmetric ones within it.
int source_coordinate(int c, int extent) {
    if (MODE == DEVMUX_PAD_TILE)
        return c % extent;
    if (c >= 0 && c < extent)
        return c;
    if (MODE == DEVMUX_PAD_EDGE)
        return c < 0 ? 0 : extent - 1;
    if (MODE == DEVMUX_PAD_REFLECT)
        return c < 0 ? -c : 2 * (extent - 1) - c;
    if (MODE == DEVMUX_PAD_SYMMETRIC)
        return c < 0 ? -c - 1 : 2 * extent - 1 - c;
    return -1;
}

void main() {
    for (uint i = first_item(); i < pc.p.items; i += item_stride()) {
        uint rest = i, source = 0u;
        bool padding = false;
        for (int d = 5; d >= 0; --d) {
            const uint extent = pc.p.out_dims[d];
            const int c = int(rest % extent);
            rest /= extent;
            const int from = source_coordinate(c - pc.p.pads_begin[d], int(pc.p.in_dims[d]));
            padding = padding || from < 0;
            source += uint(max(from, 0)) * pc.p.in_strides[d];
        }
        out0[pc.off[5] + i] = padding ? real(pc.p.pad_value) : in0[pc.off[0] + source];
    }
}
