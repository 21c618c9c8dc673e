// SPDX-License-Identifier: Apache-2.0
// Select (numpy broadcasting over up to 6 dimensions; ops/comparison.cpp): the condition (binding 0) is
// booleans, one byte each, read from its 32-bit words; the values where it holds come from binding 1, the
// others from binding 2. Parameters: ops/compare_params.h (SelectParams).
#version 450
#include "compare_params.h"
#define DEVMUX_PARAMS SelectParams
#include "common.glsl"

layout(std430, set = 0, binding = 0) readonly buffer ConditionWords { uint condition_words[]; };
#ifdef DEVMUX_F16
const uint value_bytes = 2u;
#else
const uint value_bytes = 4u;
#endif

void main() {
    // pc.off[0] counts values of the storage type from the binding's start: the condition's first byte.
    const uint first_byte = pc.off[0] * value_bytes;
    for (uint i = first_item(); i < pc.p.items; i += item_stride()) {
        uint rest = i, ic = 0u, it = 0u, ie = 0u;
        for (int d = 5; d >= 0; --d) {
            const uint extent = pc.p.dims[d];
            const uint c = rest % extent;
            rest /= extent;
            ic += c * pc.p.condition_strides[d];
            it += c * pc.p.then_strides[d];
            ie += c * pc.p.else_strides[d];
        }
        const uint byte = first_byte + ic;
        const bool condition = ((condition_words[byte / 4u] >> (8u * (byte % 4u))) & 0xffu) != 0u;
        out0[pc.off[5] + i] = condition ? in1[pc.off[1] + it] : in2[pc.off[2] + ie];
    }
}
