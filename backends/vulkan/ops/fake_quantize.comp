// SPDX-License-Identifier: Apache-2.0
// FakeQuantize-0 (ops/fake_quantize.cpp): each value clamped to [input_low, input_high] and rounded to one of
// `levels` evenly spaced levels mapped onto [output_low, output_high]. Parameters: ops/fake_quantize_params.h.
#version 450
#include "fake_quantize_params.h"
#define DEVMUX_PARAMS FakeQuantizeParams
#include "common.glsl"

// How each range is read (FakeQuantizeParams::range_modes), a specialization constant: llvmpipe would run every
// way of reading, masked.
layout(constant_id = 0) const uint RANGE_MODES = 0u;
layout(constant_id = 1) const uint ROWS = 0u;

uint range_index(uint range, uint item, uint channel) {
    const uint mode = (RANGE_MODES >> (2u * range)) & 3u;
    return mode == DEVMUX_FQ_RANGE_ONE ? 0u : (mode == DEVMUX_FQ_RANGE_PER_CHANNEL ? channel : item);
}

float quantize(uint i, uint channel) {
    const float levels_minus_one = pc.p.levels_minus_one;
    const float x = float(in0[pc.off[0] + i]);
    const float in_low = float(in1[pc.off[1] + range_index(0u, i, channel)]);
    const float in_high = float(in2[pc.off[2] + range_index(1u, i, channel)]);
    const float out_low = float(in3[pc.off[3] + range_index(2u, i, channel)]);
    const float out_high = float(in4[pc.off[4] + range_index(3u, i, channel)]);
    // The reference's operations in its order, in f32 also for f16 values, each rounded (precise: no fused
    // multiply-add), so that a value lands on the level the CPU picks.
    precise float y;
    if (x <= min(in_low, in_high))
        y = out_low;
    else if (x > max(in_low, in_high))
        y = out_high;
    else
        y = roundEven((x - in_low) / (in_high - in_low) * levels_minus_one) / levels_minus_one *
                (out_high - out_low) + out_low;
    return y;
}

void main() {
    const uint items = pc.p.items, channels = pc.p.channels, per_channel = pc.p.per_channel;
    if (ROWS != 0u) {
        const uint row = gl_WorkGroupID.y, channel = row % channels, first = row * per_channel;
        for (uint x = first_item(); x < per_channel; x += item_stride())
            out0[pc.off[5] + first + x] = real(quantize(first + x, channel));
        return;
    }
    for (uint i = first_item(); i < items; i += item_stride())
        out0[pc.off[5] + i] = real(quantize(i, (i / per_channel) % channels));
}
