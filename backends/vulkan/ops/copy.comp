// SPDX-License-Identifier: Apache-2.0
// Strided copy of a box of up to 6 dimensions (Transpose, Concat slices, Split, ReadValue; ops/copy.cpp,
// ops/state.cpp). Parameters: ops/copy_params.h.
#version 450
#include "copy_params.h"
#define DEVMUX_PARAMS CopyParams
#include "common.glsl"

void main() {
    const uint items = pc.p.items;
    for (uint i = first_item(); i < items; i += item_stride()) {
        uint rest = i;
        uint src = 0u, dst = 0u;
        for (int d = 5; d >= 0; --d) {
            const uint extent = pc.p.dims[d];
            const uint c = rest % extent;
            rest /= extent;
            src += c * pc.p.source_strides[d];
            dst += c * pc.p.destination_strides[d];
        }
        out0[pc.off[5] + dst] = real(in0[pc.off[0] + src]);
    }
}
