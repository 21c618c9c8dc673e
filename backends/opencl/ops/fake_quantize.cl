// SPDX-License-Identifier: Apache-2.0
// FakeQuantize (ops/fake_quantize.cpp).
#include "fake_quantize.h"

// FakeQuantize with numpy-broadcast ranges (FakeQuantizeParams: the output shape, the strides of input_low,
// input_high, output_low and output_high).
__kernel void fake_quantize(__global const real* x, int x_off, __global const real* il, int il_off,
                            __global const real* ih, int ih_off, __global const real* ol, int ol_off,
                            __global const real* oh, int oh_off, __global real* y, int y_off,
                            const FakeQuantizeParams params) {
    const int count = params.count, levels = params.levels;
    const int i = GID();
    if (i >= count)
        return;
    int rest = i;
    int o0 = 0, o1 = 0, o2 = 0, o3 = 0;
    for (int d = 7; d >= 0; --d) {
        const int extent = params.dims[d];
        const int coord = rest % extent;
        rest /= extent;
        o0 += coord * params.strides[0][d];
        o1 += coord * params.strides[1][d];
        o2 += coord * params.strides[2][d];
        o3 += coord * params.strides[3][d];
    }
    const float v = (float)x[x_off + i];
    const float lo = (float)il[il_off + o0], hi = (float)ih[ih_off + o1];
    const float out_lo = (float)ol[ol_off + o2], out_hi = (float)oh[oh_off + o3];
    float r;
    if (v <= fmin(lo, hi))
        r = out_lo;
    else if (v > fmax(lo, hi))
        r = out_hi;
    else
        r = rint((v - lo) / (hi - lo) * (levels - 1)) / (levels - 1) * (out_hi - out_lo) + out_lo;
    y[y_off + i] = (real)r;
}
