// SPDX-License-Identifier: Apache-2.0
// Softmax and LogSoftmax over the middle of [outer, axis, inner] (ops/softmax.cpp). Parameters:
// ops/softmax_params.h; `cooperative` as specialization constant 0: 1 where a work group shares each item
// (few long rows, as a classifier's 1000 classes: one invocation walking them three times took 64 us of an
// H100's 0.6 ms SqueezeNet), 0 where each invocation takes whole items.
#version 450
#include "softmax_params.h"
#define DEVMUX_PARAMS SoftmaxParams
#include "common.glsl"

layout(constant_id = 0) const uint COOPERATIVE = 0u;
// One partial result per invocation; work groups are at most 256 invocations (Device::local_size).
shared float partials[256];

float value_at(uint index) { return float(in0[pc.off[0] + index]); }

// The group's max (or sum) of each invocation's `mine`; every invocation of the group must call it.
float group_reduce(float mine, bool is_max) {
    const uint lane = gl_LocalInvocationID.x;
    partials[lane] = mine;
    barrier();
    for (uint half_size = gl_WorkGroupSize.x / 2u; half_size > 0u; half_size /= 2u) {
        if (lane < half_size)
            partials[lane] = is_max ? max(partials[lane], partials[lane + half_size])
                                    : partials[lane] + partials[lane + half_size];
        barrier();
    }
    const float result = partials[0];
    barrier();  // before the next reduction overwrites partials
    return result;
}

void main() {
    const uint axis = pc.p.axis, inner = pc.p.inner, items = pc.p.items;
    const bool log_softmax = pc.p.log_softmax == 1u;
    if (COOPERATIVE != 0u) {
        const uint lane = gl_LocalInvocationID.x, lanes = gl_WorkGroupSize.x;
        for (uint item = gl_WorkGroupID.x; item < items; item += gl_NumWorkGroups.x) {
            const uint o = item / inner, i = item % inner;
            const uint base = o * axis * inner + i;
            float top = -3.402823466e38;
            for (uint a = lane; a < axis; a += lanes) top = max(top, value_at(base + a * inner));
            top = group_reduce(top, true);
            float sum = 0.0;
            for (uint a = lane; a < axis; a += lanes) sum += exp(value_at(base + a * inner) - top);
            sum = group_reduce(sum, false);
            for (uint a = lane; a < axis; a += lanes) {
                const float x = value_at(base + a * inner) - top;
                out0[pc.off[5] + base + a * inner] = real(log_softmax ? x - log(sum) : exp(x) / sum);
            }
        }
        return;
    }
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint o = item / inner, i = item % inner;
        const uint base = o * axis * inner + i;
        float top = -3.402823466e38;
        for (uint a = 0u; a < axis; ++a) top = max(top, value_at(base + a * inner));
        float sum = 0.0;
        for (uint a = 0u; a < axis; ++a) sum += exp(value_at(base + a * inner) - top);
        for (uint a = 0u; a < axis; ++a) {
            const float x = value_at(base + a * inner) - top;
            out0[pc.off[5] + base + a * inner] = real(log_softmax ? x - log(sum) : exp(x) / sum);
        }
    }
}
