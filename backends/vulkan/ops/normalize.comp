// SPDX-License-Identifier: Apache-2.0
// MVN and NormalizeL2 (ops/normalize.cpp) over the middle of [outer, reduced, inner]: each (outer, inner) item is
// one group of values normalised together. Sums in f32, also for f16 values; the variance from a second pass over
// the values less their mean. Parameters: ops/normalize_params.h.
#version 450
#include "normalize_params.h"
#define DEVMUX_PARAMS NormalizeParams
#include "common.glsl"

// The normalisation (NormalizeParams::kind) and whether a work group shares each group of values (::cooperative:
// few long groups, as MVN over an image's planes) as specialization constants: llvmpipe would run every branch.
layout(constant_id = 0) const uint KIND = 0u;
layout(constant_id = 1) const uint COOPERATIVE = 0u;
// One partial sum per invocation; work groups are at most 256 invocations (Device::local_size).
shared float partials[256];

float group_sum(float mine) {
    const uint lane = gl_LocalInvocationID.x;
    partials[lane] = mine;
    barrier();
    for (uint half_size = gl_WorkGroupSize.x / 2u; half_size > 0u; half_size /= 2u) {
        if (lane < half_size)
            partials[lane] += partials[lane + half_size];
        barrier();
    }
    const float result = partials[0];
    barrier();  // before the next sum overwrites partials
    return result;
}

float value_at(uint index) { return float(in0[pc.off[0] + index]); }

// What the values of a group are multiplied by once `shift` (their mean, for MVN) is taken off.
float scale_of(float sum_of_squares, float count) {
    const float eps = pc.p.eps;
    if (KIND == DEVMUX_NORMALIZE_MVN_EPS_INSIDE)
        return 1.0 / sqrt(sum_of_squares / count + eps);
    if (KIND == DEVMUX_NORMALIZE_MVN_EPS_OUTSIDE)
        return 1.0 / (sqrt(sum_of_squares / count) + eps);
    if (KIND == DEVMUX_NORMALIZE_L2_ADD)
        return 1.0 / sqrt(sum_of_squares + eps);
    if (KIND == DEVMUX_NORMALIZE_L2_MAX)
        return 1.0 / sqrt(max(sum_of_squares, eps));
    return 1.0;
}

void main() {
    const uint reduced = pc.p.reduced, inner = pc.p.inner, items = pc.p.items;
    const float count = float(reduced);
    const bool mvn = KIND <= DEVMUX_NORMALIZE_MVN_EPS_OUTSIDE;
    if (COOPERATIVE != 0u) {
        const uint lane = gl_LocalInvocationID.x, lanes = gl_WorkGroupSize.x;
        for (uint item = gl_WorkGroupID.x; item < items; item += gl_NumWorkGroups.x) {
            const uint base = (item / inner) * reduced * inner + item % inner;
            float shift = 0.0;
            if (mvn) {
                float sum = 0.0;
                for (uint r = lane; r < reduced; r += lanes) sum += value_at(base + r * inner);
                shift = group_sum(sum) / count;
            }
            float scale = 1.0;
            if (KIND != DEVMUX_NORMALIZE_MVN_MEAN_ONLY) {
                float squares = 0.0;
                for (uint r = lane; r < reduced; r += lanes) {
                    const float d = value_at(base + r * inner) - shift;
                    squares += d * d;
                }
                scale = scale_of(group_sum(squares), count);
            }
            for (uint r = lane; r < reduced; r += lanes)
                out0[pc.off[5] + base + r * inner] = real((value_at(base + r * inner) - shift) * scale);
        }
        return;
    }
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint base = (item / inner) * reduced * inner + item % inner;
        float shift = 0.0;
        if (mvn) {
            float sum = 0.0;
            for (uint r = 0u; r < reduced; ++r) sum += value_at(base + r * inner);
            shift = sum / count;
        }
        float scale = 1.0;
        if (KIND != DEVMUX_NORMALIZE_MVN_MEAN_ONLY) {
            float squares = 0.0;
            for (uint r = 0u; r < reduced; ++r) {
                const float d = value_at(base + r * inner) - shift;
                squares += d * d;
            }
            scale = scale_of(squares, count);
        }
        for (uint r = 0u; r < reduced; ++r)
            out0[pc.off[5] + base + r * inner] = real((value_at(base + r * inner) - shift) * scale);
    }
}
