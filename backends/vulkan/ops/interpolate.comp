// SPDX-License-Identifier: Apache-2.0
// Interpolate over the two innermost axes (ops/interpolate.cpp): nearest, or linear over 2 x 2 input values.
// Parameters and the coordinate mapping: ops/interpolate_params.h. Input coordinates are found in 32.32 fixed
// point, so the nearest indices are exact integers the host has checked against the reference, and the linear
// weights keep f32 precision on wide images (an f32 coordinate near 1000 would be 6e-5 off).
#version 450
#include "interpolate_params.h"
#define DEVMUX_PARAMS InterpolateParams
#include "common.glsl"

// 1 for linear, 0 for nearest (InterpolateParams::linear) and the rounding codes (::rounding) as specialization
// constants: llvmpipe would run every branch, masked.
layout(constant_id = 0) const uint LINEAR = 0u;
layout(constant_id = 1) const uint ROUNDING = 0u;

// x = o * scale + offset: its floor (`whole`) and the rest in units of 2^-32.
void coordinate(uint o, uint scale_whole, uint scale_fraction, int offset_whole, uint offset_fraction,
                out int whole, out uint fraction) {
    uint high, low, carry;
    umulExtended(o, scale_fraction, high, low);
    fraction = uaddCarry(low, offset_fraction, carry);
    whole = int(o * scale_whole + high + carry) + offset_whole;
}

// Nearest first rounds the fraction to a multiple of 2^(snap - 32), a grid just coarser than the fixed-point error
// (at most (o + 1) * 2^-33): where the reference finds a coordinate exactly on an integer or a half (scale 3, a
// downscale by 2 with half_pixel) it lands there too, though 1/scale has no exact fixed-point form. The host
// checks every index against the reference's.
int nearest(int whole, uint fraction, uint snap, uint rounding, uint padded) {
    uint grid = (fraction >> snap) + ((fraction >> (snap - 1u)) & 1u);
    if (grid == (1u << (32u - snap))) {
        whole += 1;
        grid = 0u;
    }
    fraction = grid;
    const uint one_half = 1u << (31u - snap);
    int index = whole;
    if (rounding == DEVMUX_INTERPOLATE_ROUND_PREFER_FLOOR)
        index += fraction > one_half ? 1 : 0;
    else if (rounding == DEVMUX_INTERPOLATE_ROUND_PREFER_CEIL)
        index += fraction >= one_half ? 1 : 0;
    else if (rounding == DEVMUX_INTERPOLATE_CEIL)
        index += fraction != 0u ? 1 : 0;
    return clamp(index, 0, int(padded) - 1);
}

// The two taps of a linear axis: the coordinate clamped to [0, padded - 1], its floor, the next index and the
// weight of the next one.
void linear_taps(int whole, uint fraction, uint padded, out int first, out int second, out float weight) {
    if (whole < 0) {
        first = second = 0;
        weight = 0.0;
    } else if (whole >= int(padded) - 1) {
        first = second = int(padded) - 1;
        weight = 0.0;
    } else {
        first = whole;
        second = whole + 1;
        weight = float(fraction) * (1.0 / 4294967296.0);
    }
}

// The value at (y, x) of the padded plane starting at `plane`: zero on the pads.
float value_at(uint plane, int y, int x) {
    y -= pc.p.pad_top;
    x -= pc.p.pad_left;
    if (y < 0 || x < 0 || y >= int(pc.p.in_h) || x >= int(pc.p.in_w))
        return 0.0;
    return float(in0[pc.off[0] + plane + uint(y) * pc.p.in_w + uint(x)]);
}

void main() {
    const uint items = pc.p.items, out_h = pc.p.out_h, out_w = pc.p.out_w;
    const uint plane_size = pc.p.in_h * pc.p.in_w;
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint ox = item % out_w, rest = item / out_w;
        const uint oy = rest % out_h, plane = (rest / out_h) * plane_size;
        int row_whole, column_whole;
        uint row_fraction, column_fraction;
        coordinate(oy, pc.p.row_scale_whole, pc.p.row_scale_fraction, pc.p.row_offset_whole,
                   pc.p.row_offset_fraction, row_whole, row_fraction);
        coordinate(ox, pc.p.column_scale_whole, pc.p.column_scale_fraction, pc.p.column_offset_whole,
                   pc.p.column_offset_fraction, column_whole, column_fraction);
        float value;
        if (LINEAR == 0u) {
            value = value_at(plane, nearest(row_whole, row_fraction, pc.p.row_snap, ROUNDING & 3u, pc.p.padded_h),
                             nearest(column_whole, column_fraction, pc.p.column_snap, ROUNDING >> 2u,
                                     pc.p.padded_w));
        } else {
            int top, bottom, left, right;
            float down, across;
            linear_taps(row_whole, row_fraction, pc.p.padded_h, top, bottom, down);
            linear_taps(column_whole, column_fraction, pc.p.padded_w, left, right, across);
            const float upper = (1.0 - across) * value_at(plane, top, left) + across * value_at(plane, top, right);
            const float lower = (1.0 - across) * value_at(plane, bottom, left) + across * value_at(plane, bottom, right);
            value = (1.0 - down) * upper + down * lower;
        }
        out0[pc.off[5] + item] = real(value);
    }
}
