// SPDX-License-Identifier: Apache-2.0
// MaxPool and AvgPool, 2-d NCHW (ops/pool.cpp).
#include "pool.h"

// Max (mode 0) or average pooling (mode 1 counting only in-bounds elements, mode 2 counting the padding),
// NCHW spatial 2-d (other ranks are refused by the plugin). geometry: in H,W, out H,W, kernel H,W, stride
// H,W; pads: top, left, bottom, right, dilation H, W.
__kernel void pool2d(__global const real* x, int x_off, __global real* y, int y_off, const PoolParams params) {
    const int count = params.count, mode = params.mode;
    const int8 geometry = vload8(0, params.geometry), pads = vload8(0, params.pads);
    const int i = GID();
    if (i >= count)
        return;
    const int ih = geometry.s0, iw = geometry.s1, oh = geometry.s2, ow = geometry.s3;
    const int kh = geometry.s4, kw = geometry.s5, sh = geometry.s6, sw = geometry.s7;
    const int ox = i % ow;
    const int oy = (i / ow) % oh;
    const int plane = i / (ow * oh);
    __global const real* xp = x + x_off + (size_t)plane * ih * iw;
    float best = -INFINITY, sum = 0.0f;
    int counted = 0;
    for (int ky = 0; ky < kh; ++ky) {
        const int iy = oy * sh - pads.s0 + ky * pads.s4;
        if (iy < 0 || iy >= ih)
            continue;
        for (int kx = 0; kx < kw; ++kx) {
            const int ix = ox * sw - pads.s1 + kx * pads.s5;
            if (ix < 0 || ix >= iw)
                continue;
            const float v = (float)xp[iy * iw + ix];
            best = fmax(best, v);
            sum += v;
            ++counted;
        }
    }
    if (mode == 0) {
        y[y_off + i] = (real)best;
    } else if (mode == 1) {
        y[y_off + i] = (real)(counted ? sum / counted : 0.0f);
    } else {
        // The window clipped to the padded input.
        const int y0 = oy * sh - pads.s0, x0 = ox * sw - pads.s1;
        const int rows = min(y0 + kh, ih + pads.s2) - max(y0, -pads.s0);
        const int cols = min(x0 + kw, iw + pads.s3) - max(x0, -pads.s1);
        y[y_off + i] = (real)(rows > 0 && cols > 0 ? sum / (float)(rows * cols) : 0.0f);
    }
}

// Max pooling without dilation, 8 neighbouring outputs of one row per work-item, so that for strides 1 and 2
// each window row is one or two vector loads. geometry and pads as for pool2d.
__kernel void max_pool2d_row8(__global const real* x, int x_off, __global real* y, int y_off,
                              const PoolParams params) {
    const int count = params.count;
    const int8 geometry = vload8(0, params.geometry), pads = vload8(0, params.pads);
    const int i = GID();
    if (i >= count)
        return;
    const int ih = geometry.s0, iw = geometry.s1, oh = geometry.s2, ow = geometry.s3;
    const int kh = geometry.s4, kw = geometry.s5, sh = geometry.s6, sw = geometry.s7;
    const int ow_blocks = (ow + 7) / 8;
    const int xb = i % ow_blocks;
    const int oy = (i / ow_blocks) % oh;
    const int plane = i / (ow_blocks * oh);
    const int ox0 = xb * 8;
    __global const real* xp = x + x_off + (size_t)plane * ih * iw;
    float8 best = (float8)(-INFINITY);
    for (int ky = 0; ky < kh; ++ky) {
        const int iy = oy * sh - pads.s0 + ky;
        if (iy < 0 || iy >= ih)
            continue;
        __global const real* row = xp + iy * iw;
        for (int kx = 0; kx < kw; ++kx) {
            const int ix0 = ox0 * sw - pads.s1 + kx;
            float8 v;
            if (sw == 1 && ix0 >= 0 && ix0 + 8 <= iw) {
                v = convert_float8(vload8(0, row + ix0));
            } else if (sw == 2 && ix0 >= 0 && ix0 + 15 <= iw) {
                // Elements ix0, ix0+2, ..., ix0+14 without reading past ix0+14.
                const float8 lo = convert_float8(vload8(0, row + ix0)), hi = convert_float8(vload8(0, row + ix0 + 7));
                v = (float8)(lo.even, hi.odd);
            } else {
                const int8 ix = (int8)(ix0) + (int8)(0, 1, 2, 3, 4, 5, 6, 7) * sw;
                const int8 at = clamp(ix, 0, iw - 1);
                v = (float8)((float)row[at.s0], (float)row[at.s1], (float)row[at.s2], (float)row[at.s3],
                             (float)row[at.s4], (float)row[at.s5], (float)row[at.s6], (float)row[at.s7]);
                v = select((float8)(-INFINITY), v, ix >= 0 && ix < iw);
            }
            best = fmax(best, v);
        }
    }
    __global real* out = y + y_off + ((size_t)plane * oh + oy) * ow + ox0;
    if (ox0 + 8 <= ow) {
        vstore8(convert_real8(best), 0, out);
        return;
    }
    float t[8];
    vstore8(best, 0, t);
    for (int p = 0; p < ow - ox0; ++p)
        out[p] = (real)t[p];
}
