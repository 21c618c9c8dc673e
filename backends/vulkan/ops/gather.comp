// SPDX-License-Identifier: Apache-2.0
// Gather v1, v7 and v8 (ops/gather.cpp): the data (binding 0) viewed as [rows][extent][inner], rows being the
// batches times the values before the axis, the indices (binding 1) as [batches][per_batch] 32-bit words, and
// the output [rows][per_batch][inner]. An index outside [0, extent) writes zeros. Parameters: ops/gather_params.h.
#version 450
#include "gather_params.h"
#define DEVMUX_PARAMS GatherParams
#include "common.glsl"

// The indices as integer words (i32 values, or the low and high words of i64 ones): never read as values.
layout(std430, set = 0, binding = 1) readonly buffer IndexWords { int index_words[]; };
#ifdef DEVMUX_F16
const uint value_bytes = 2u;
#else
const uint value_bytes = 4u;
#endif

void main() {
    // pc.off[1] counts values of the storage type from the binding's start; the planner places the indices
    // at a multiple of 4 bytes.
    const uint first_word = pc.off[1] * value_bytes / 4u;
    const int extent = int(pc.p.extent);
    for (uint i = first_item(); i < pc.p.items; i += item_stride()) {
        const uint k = i % pc.p.inner, rest = i / pc.p.inner;
        const uint j = rest % pc.p.per_batch, row = rest / pc.p.per_batch;
        const uint at = first_word + ((row / pc.p.outer) * pc.p.per_batch + j) * pc.p.index_words;
        int index = index_words[at];
        // An i64 index fits 32 bits when its high word is the sign of its low word.
        const bool fits = pc.p.index_words == 1u || index_words[at + 1u] == (index < 0 ? -1 : 0);
        if (pc.p.negative_from_end != 0u && index < 0)
            index += extent;
        const bool inside = fits && index >= 0 && index < extent;
        const uint source = (row * pc.p.extent + uint(max(index, 0))) * pc.p.inner + k;
        out0[pc.off[5] + i] = inside ? in0[pc.off[0] + source] : real(0.0);
    }
}
