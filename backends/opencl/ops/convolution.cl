// SPDX-License-Identifier: Apache-2.0
// Convolution, GroupConvolution and FusedConvolution on 2-d NCHW data (ops/convolution.cpp chooses the kernel).
#include "convolution.h"
#include "unary_functions.clh"

// The epilogue of a fused convolution: activation (15: PRelu with a per-channel or scalar slope), then the
// scale-shift (per-channel or scalar constants; strides 0 or 1), then the addend of the same shape as the output.
inline float epilogue(float v, int oc, int act, float p0, float p1, __global const real* slope, int slope_stride,
                      __global const real* scale, __global const real* shift, int4 scale_shift,
                      __global const real* addend, int has_addend, int index) {
    if (act == 15)
        v = v >= 0.0f ? v : v * (float)slope[oc * slope_stride];
    else
        v = activate(act, v, p0, p1);
    if (scale_shift.s0)
        v = fma(v, (float)scale[oc * scale_shift.s1], (float)shift[oc * scale_shift.s2]);
    return has_addend ? v + (float)addend[index] : v;
}

// Every convolution kernel takes one argument list, so the host launches any of them with the same arguments
// (ops/convolution.cpp): the input, the filter (plain or packed for the kernel), bias, the output, the epilogue's
// buffers (PRelu slope, scale, shift, addend) and ConvolutionParams (convolution.h), which
// DEVMUX_CONVOLUTION_UNPACK opens into the local names the kernels use.
#define DEVMUX_CONVOLUTION_PARAMS                                                                                  \
    __global const real *x, int x_off, __global const real *w, __global const real *bias, __global real *y,       \
        int y_off, __global const real *slope, __global const real *scale, __global const real *shift,             \
        __global const real *addend, int addend_off, const ConvolutionParams params
#define DEVMUX_CONVOLUTION_UNPACK                                                                                  \
    const int count = params.count, has_bias = params.has_bias, has_addend = params.has_addend;                   \
    const int act = params.act, slope_stride = params.slope_stride;                                               \
    const float p0 = params.p0, p1 = params.p1;                                                                   \
    const int8 geometry = vload8(0, params.geometry), conv = vload8(0, params.conv);                             \
    const int4 scale_shift = vload4(0, params.scale_shift);

// Direct convolution, NCHW, one output element per work-item. `geometry`: in C,H,W, out C,H,W, kernel H,W;
// `conv`: stride H,W, dilation H,W, pad top,left, groups. Output channels of group g read input channels
// [g*C_in/groups, (g+1)*C_in/groups). bias (optional, per output channel) and activation are fused.
__kernel void convolution(DEVMUX_CONVOLUTION_PARAMS) {
    DEVMUX_CONVOLUTION_UNPACK
    const int i = GID();
    if (i >= count)
        return;
    const int ic_total = geometry.s0, ih = geometry.s1, iw = geometry.s2;
    const int oc_total = geometry.s3, oh = geometry.s4, ow = geometry.s5;
    const int kh = geometry.s6, kw = geometry.s7;
    const int sh = conv.s0, sw = conv.s1, dh = conv.s2, dw = conv.s3, ph = conv.s4, pw = conv.s5, groups = conv.s6;
    const int ox = i % ow;
    const int oy = (i / ow) % oh;
    const int oc = (i / (ow * oh)) % oc_total;
    const int n = i / (ow * oh * oc_total);
    const int icg = ic_total / groups;
    const int g = oc / (oc_total / groups);
    float sum = has_bias ? (float)bias[oc] : 0.0f;
    __global const real* wk = w + (size_t)oc * icg * kh * kw;
    for (int c = 0; c < icg; ++c) {
        __global const real* xc = x + x_off + ((size_t)n * ic_total + g * icg + c) * ih * iw;
        for (int ky = 0; ky < kh; ++ky) {
            const int iy = oy * sh - ph + ky * dh;
            if (iy < 0 || iy >= ih)
                continue;
            for (int kx = 0; kx < kw; ++kx) {
                const int ix = ox * sw - pw + kx * dw;
                if (ix < 0 || ix >= iw)
                    continue;
                sum += (float)xc[iy * iw + ix] * (float)wk[(c * kh + ky) * kw + kx];
            }
        }
    }
    y[y_off + i] = (real)epilogue(sum, oc, act, p0, p1, slope, slope_stride, scale, shift, scale_shift,
                                  addend + addend_off, has_addend, i);
}

// Convolution of one group (groups == 1) as a register-blocked implicit GEMM: each work-item computes 8
// output channels by 8 neighbouring output pixels of one row. Weights are packed at compile time as
// [OC/8][C][KH][KW][8] (zero-padded channels), so one vload8 gives the 8 channels' weights of one tap, and
// for stride 1 (2) one vload8 (vload16) gives the 8 pixels' inputs. geometry and conv as for `convolution`.
#define DEVMUX_TAP(p, v) acc##p = fma((float8)(v), w8, acc##p)
__kernel void convolution_tiled(DEVMUX_CONVOLUTION_PARAMS) {
    DEVMUX_CONVOLUTION_UNPACK
    const int i = GID();
    if (i >= count)
        return;
    const int ic_total = geometry.s0, ih = geometry.s1, iw = geometry.s2;
    const int oc_total = geometry.s3, oh = geometry.s4, ow = geometry.s5;
    const int kh = geometry.s6, kw = geometry.s7;
    const int sh = conv.s0, sw = conv.s1, dh = conv.s2, dw = conv.s3, ph = conv.s4, pw = conv.s5;
    const int ow_blocks = (ow + 7) / 8, oc_blocks = (oc_total + 7) / 8;
    const int xb = i % ow_blocks;
    const int oy = (i / ow_blocks) % oh;
    const int ob = (i / (ow_blocks * oh)) % oc_blocks;
    const int n = i / (ow_blocks * oh * oc_blocks);
    const int ox0 = xb * 8;
    float8 b8 = (float8)(0.0f);
    if (has_bias) {
        float t[8];
        for (int r = 0; r < 8; ++r)
            t[r] = (float)bias[min(ob * 8 + r, oc_total - 1)];
        b8 = vload8(0, t);
    }
    float8 acc0 = b8, acc1 = b8, acc2 = b8, acc3 = b8, acc4 = b8, acc5 = b8, acc6 = b8, acc7 = b8;
    __global const real* xn = x + x_off + (size_t)n * ic_total * ih * iw;
    __global const real* wb = w + (size_t)ob * ic_total * kh * kw * 8;
    for (int c = 0; c < ic_total; ++c) {
        for (int ky = 0; ky < kh; ++ky) {
            const int iy = oy * sh - ph + ky * dh;
            if (iy < 0 || iy >= ih)
                continue;
            __global const real* row = xn + ((size_t)c * ih + iy) * iw;
            __global const real* wt = wb + ((c * kh + ky) * kw) * 8;
            for (int kx = 0; kx < kw; ++kx) {
                const float8 w8 = convert_float8(vload8(kx, wt));
                const int ix0 = ox0 * sw - pw + kx * dw;
                float8 v;
                if (sw == 1 && ix0 >= 0 && ix0 + 8 <= iw) {
                    v = convert_float8(vload8(0, row + ix0));
                } else if (sw == 2 && ix0 >= 0 && ix0 + 16 <= iw) {
                    v = convert_float8(vload16(0, row + ix0).even);
                } else {
                    float t[8];
                    for (int p = 0; p < 8; ++p) {
                        const int ix = ix0 + p * sw;
                        t[p] = ix >= 0 && ix < iw ? (float)row[ix] : 0.0f;
                    }
                    v = vload8(0, t);
                }
                DEVMUX_TAP(0, v.s0);
                DEVMUX_TAP(1, v.s1);
                DEVMUX_TAP(2, v.s2);
                DEVMUX_TAP(3, v.s3);
                DEVMUX_TAP(4, v.s4);
                DEVMUX_TAP(5, v.s5);
                DEVMUX_TAP(6, v.s6);
                DEVMUX_TAP(7, v.s7);
            }
        }
    }
    if (act == 0) {
        // Relu, the common case, on whole vectors before the scattered stores.
        acc0 = fmax(acc0, 0.0f), acc1 = fmax(acc1, 0.0f), acc2 = fmax(acc2, 0.0f), acc3 = fmax(acc3, 0.0f);
        acc4 = fmax(acc4, 0.0f), acc5 = fmax(acc5, 0.0f), acc6 = fmax(acc6, 0.0f), acc7 = fmax(acc7, 0.0f);
    }
    const int late_act = act == 0 ? -1 : act;
    // After Relu or no activation the scale-shift also runs on whole vectors; after another activation it
    // must follow that activation, element by element in the epilogue.
    int4 late_scale_shift = scale_shift;
    if (scale_shift.s0 && late_act < 0) {
        float s[8], t[8];
        for (int r = 0; r < 8; ++r) {
            const int oc = min(ob * 8 + r, oc_total - 1);
            s[r] = (float)scale[oc * scale_shift.s1];
            t[r] = (float)shift[oc * scale_shift.s2];
        }
        const float8 s8 = vload8(0, s), t8 = vload8(0, t);
        acc0 = fma(acc0, s8, t8), acc1 = fma(acc1, s8, t8), acc2 = fma(acc2, s8, t8), acc3 = fma(acc3, s8, t8);
        acc4 = fma(acc4, s8, t8), acc5 = fma(acc5, s8, t8), acc6 = fma(acc6, s8, t8), acc7 = fma(acc7, s8, t8);
        late_scale_shift.s0 = 0;
    }
    float out[64];
    vstore8(acc0, 0, out);
    vstore8(acc1, 1, out);
    vstore8(acc2, 2, out);
    vstore8(acc3, 3, out);
    vstore8(acc4, 4, out);
    vstore8(acc5, 5, out);
    vstore8(acc6, 6, out);
    vstore8(acc7, 7, out);
    const int pixels = min(8, ow - ox0);
    for (int r = 0; r < 8; ++r) {
        const int oc = ob * 8 + r;
        if (oc >= oc_total)
            break;
        const int base = ((n * oc_total + oc) * oh + oy) * ow + ox0;
        if (late_act < 0 && !late_scale_shift.s0 && !has_addend) {
            for (int p = 0; p < pixels; ++p)
                y[y_off + base + p] = (real)out[p * 8 + r];
            continue;
        }
        for (int p = 0; p < pixels; ++p)
            y[y_off + base + p] = (real)epilogue(out[p * 8 + r], oc, late_act, p0, p1, slope, slope_stride, scale,
                                                 shift, late_scale_shift, addend + addend_off, has_addend, base + p);
    }
}

// 8 neighbouring outputs of channel oc (fewer at a row's end) through the epilogue to y[base...]. Inlined: PoCL
// left it a call whose 16 arguments went through the stack, 16 to 32 calls per work-item, which dominated kernels
// with few input channels (SqueezeNet's conv1: 27 taps per work-item; the 55x55 1x1 layers).
__attribute__((always_inline)) inline void store_channel8(float8 v, int oc, int oc_total, __global real* y, int base,
                                                          int pixels, int act, float p0, float p1,
                                                          __global const real* slope, int slope_stride,
                                                          __global const real* scale, __global const real* shift,
                                                          int4 scale_shift, __global const real* addend,
                                                          int has_addend) {
    if (oc >= oc_total)
        return;
    if (act <= 0) {
        // Relu or none, then the scale-shift and the addend, on the whole vector.
        if (act == 0)
            v = fmax(v, 0.0f);
        if (scale_shift.s0)
            v = fma(v, (float8)((float)scale[oc * scale_shift.s1]), (float8)((float)shift[oc * scale_shift.s2]));
        if (pixels == 8) {
            if (has_addend)
                v += convert_float8(vload8(0, addend + base));
            vstore8(convert_real8(v), 0, y + base);
            return;
        }
        float t[8];
        vstore8(v, 0, t);
        for (int p = 0; p < pixels; ++p)
            y[base + p] = (real)(has_addend ? t[p] + (float)addend[base + p] : t[p]);
        return;
    }
    float t[8];
    vstore8(v, 0, t);
    for (int p = 0; p < pixels; ++p)
        y[base + p] = (real)epilogue(t[p], oc, act, p0, p1, slope, slope_stride, scale, shift, scale_shift, addend,
                                     has_addend, base + p);
}

// One perfect shuffle of the 128 values of acc0..acc7 taken as one array (value k moves to 2k mod 127).
#define DEVMUX_INTERLEAVE(u, v) ((float16)(u, v)).s08192A3B4C5D6E7F
#define DEVMUX_SHUFFLE_ROUND(a)                                                                                   \
    {                                                                                                             \
        const float16 n0 = DEVMUX_INTERLEAVE((a##0).lo, (a##4).lo), n1 = DEVMUX_INTERLEAVE((a##0).hi, (a##4).hi); \
        const float16 n2 = DEVMUX_INTERLEAVE((a##1).lo, (a##5).lo), n3 = DEVMUX_INTERLEAVE((a##1).hi, (a##5).hi); \
        const float16 n4 = DEVMUX_INTERLEAVE((a##2).lo, (a##6).lo), n5 = DEVMUX_INTERLEAVE((a##2).hi, (a##6).hi); \
        const float16 n6 = DEVMUX_INTERLEAVE((a##3).lo, (a##7).lo), n7 = DEVMUX_INTERLEAVE((a##3).hi, (a##7).hi); \
        a##0 = n0, a##1 = n1, a##2 = n2, a##3 = n3, a##4 = n4, a##5 = n5, a##6 = n6, a##7 = n7;                   \
    }
// Channel oc's 8 outputs start at out_base + oc * out_plane.
#define DEVMUX_STORE_ONE(v, oc)                                                                                  \
    store_channel8(v, oc, oc_total, y + y_off, out_base + (oc) * out_plane, pixels, act, p0, p1, slope,          \
                   slope_stride, scale, shift, scale_shift, addend + addend_off, has_addend);
#define DEVMUX_STORE_PAIR(a, j)                                                                                  \
    DEVMUX_STORE_ONE((a##j).lo, ob * 16 + 2 * j) DEVMUX_STORE_ONE((a##j).hi, ob * 16 + 2 * j + 1)

// Convolution of one group with 16 output channels by 8 neighbouring pixels of one row per work-item, for
// convolutions with many output channels: filters packed as [OC/16][C][KH][KW][16], so each tap is one 16-wide
// weight load, 8 input values and 8 16-wide multiply-adds (twice the work per load of convolution_tiled).
#define DEVMUX_TAP16(p, v) acc##p = fma((float16)(v), w16, acc##p)
__kernel void convolution_tiled16(DEVMUX_CONVOLUTION_PARAMS) {
    DEVMUX_CONVOLUTION_UNPACK
    const int i = GID();
    if (i >= count)
        return;
    const int ic_total = geometry.s0, ih = geometry.s1, iw = geometry.s2;
    const int oc_total = geometry.s3, oh = geometry.s4, ow = geometry.s5;
    const int kh = geometry.s6, kw = geometry.s7;
    const int sh = conv.s0, sw = conv.s1, dh = conv.s2, dw = conv.s3, ph = conv.s4, pw = conv.s5;
    const int ow_blocks = (ow + 7) / 8, oc_blocks = (oc_total + 15) / 16;
    const int xb = i % ow_blocks;
    const int oy = (i / ow_blocks) % oh;
    const int ob = (i / (ow_blocks * oh)) % oc_blocks;
    const int n = i / (ow_blocks * oh * oc_blocks);
    const int ox0 = xb * 8;
    float16 b16 = (float16)(0.0f);
    if (has_bias) {
        float t[16];
        for (int r = 0; r < 16; ++r)
            t[r] = (float)bias[min(ob * 16 + r, oc_total - 1)];
        b16 = vload16(0, t);
    }
    float16 acc0 = b16, acc1 = b16, acc2 = b16, acc3 = b16, acc4 = b16, acc5 = b16, acc6 = b16, acc7 = b16;
    __global const real* xn = x + x_off + (size_t)n * ic_total * ih * iw;
    __global const real* wb = w + (size_t)ob * ic_total * kh * kw * 16;
    for (int c = 0; c < ic_total; ++c) {
        for (int ky = 0; ky < kh; ++ky) {
            const int iy = oy * sh - ph + ky * dh;
            if (iy < 0 || iy >= ih)
                continue;
            __global const real* row = xn + ((size_t)c * ih + iy) * iw;
            __global const real* wt = wb + ((c * kh + ky) * kw) * 16;
            for (int kx = 0; kx < kw; ++kx) {
                const float16 w16 = convert_float16(vload16(kx, wt));
                const int ix0 = ox0 * sw - pw + kx * dw;
                if (ix0 >= 0 && ix0 + 7 * sw < iw) {
                    // All 8 inputs inside the row: each is broadcast straight from memory into its multiply-add
                    // (a vector load would need a lane permute per pixel).
                    __global const real* in = row + ix0;
                    DEVMUX_TAP16(0, (float)in[0]);
                    DEVMUX_TAP16(1, (float)in[sw]);
                    DEVMUX_TAP16(2, (float)in[2 * sw]);
                    DEVMUX_TAP16(3, (float)in[3 * sw]);
                    DEVMUX_TAP16(4, (float)in[4 * sw]);
                    DEVMUX_TAP16(5, (float)in[5 * sw]);
                    DEVMUX_TAP16(6, (float)in[6 * sw]);
                    DEVMUX_TAP16(7, (float)in[7 * sw]);
                    continue;
                }
                float8 v;
                {
                    // Row ends and padding: loads at clamped positions, zeros outside the row, no branches.
                    const int8 ix = (int8)(ix0) + (int8)(0, 1, 2, 3, 4, 5, 6, 7) * sw;
                    const int8 at = clamp(ix, 0, iw - 1);
                    v = (float8)((float)row[at.s0], (float)row[at.s1], (float)row[at.s2], (float)row[at.s3],
                                 (float)row[at.s4], (float)row[at.s5], (float)row[at.s6], (float)row[at.s7]);
                    v = select((float8)(0.0f), v, ix >= 0 && ix < iw);
                }
                DEVMUX_TAP16(0, v.s0);
                DEVMUX_TAP16(1, v.s1);
                DEVMUX_TAP16(2, v.s2);
                DEVMUX_TAP16(3, v.s3);
                DEVMUX_TAP16(4, v.s4);
                DEVMUX_TAP16(5, v.s5);
                DEVMUX_TAP16(6, v.s6);
                DEVMUX_TAP16(7, v.s7);
            }
        }
    }
    // Transposed in registers (three perfect shuffles of the 8 x 16 block) so that each output channel's 8
    // pixels leave as one vector: acc<j> then holds channels 2j and 2j+1.
    DEVMUX_SHUFFLE_ROUND(acc)
    DEVMUX_SHUFFLE_ROUND(acc)
    DEVMUX_SHUFFLE_ROUND(acc)
    const int out_base = (n * oc_total * oh + oy) * ow + ox0, out_plane = oh * ow;
    const int pixels = min(8, ow - ox0);
    DEVMUX_STORE_PAIR(acc, 0)
    DEVMUX_STORE_PAIR(acc, 1)
    DEVMUX_STORE_PAIR(acc, 2)
    DEVMUX_STORE_PAIR(acc, 3)
    DEVMUX_STORE_PAIR(acc, 4)
    DEVMUX_STORE_PAIR(acc, 5)
    DEVMUX_STORE_PAIR(acc, 6)
    DEVMUX_STORE_PAIR(acc, 7)
}

// A 1x1 stride-1 convolution over the flattened plane (geometry as the host rewrites it for pointwise
// convolutions: one row of all pixels), 16 output channels by 16 consecutive pixels per work-item: each 16-wide
// weight load serves 16 multiply-adds, each input 16, so the operands stream from cache half as often per
// multiply-add as in convolution_tiled16 (which the large 1x1 layers, e.g. SqueezeNet's classifier, are bound by).
#define DEVMUX_TAP16B(p, v) accb##p = fma((float16)(v), w16, accb##p)
__kernel void convolution_1x1_16x16(DEVMUX_CONVOLUTION_PARAMS) {
    DEVMUX_CONVOLUTION_UNPACK
    const int i = GID();
    if (i >= count)
        return;
    const int ic_total = geometry.s0, plane = geometry.s2, oc_total = geometry.s3;
    const int blocks = (plane + 15) / 16, oc_blocks = (oc_total + 15) / 16;
    const int q0 = (i % blocks) * 16;
    const int ob = (i / blocks) % oc_blocks;
    const int n = i / (blocks * oc_blocks);
    float16 b16 = (float16)(0.0f);
    if (has_bias) {
        float t[16];
        for (int r = 0; r < 16; ++r)
            t[r] = (float)bias[min(ob * 16 + r, oc_total - 1)];
        b16 = vload16(0, t);
    }
    float16 acc0 = b16, acc1 = b16, acc2 = b16, acc3 = b16, acc4 = b16, acc5 = b16, acc6 = b16, acc7 = b16;
    float16 accb0 = b16, accb1 = b16, accb2 = b16, accb3 = b16, accb4 = b16, accb5 = b16, accb6 = b16, accb7 = b16;
    __global const real* xn = x + x_off + (size_t)n * ic_total * plane;
    __global const real* wb = w + (size_t)ob * ic_total * 16;
    // The last block reads its missing pixels at the plane's last one: computed, never stored.
    const int last = plane - 1;
    const int8 lo_at = min((int8)(q0) + (int8)(0, 1, 2, 3, 4, 5, 6, 7), (int8)(last));
    const int8 hi_at = min((int8)(q0 + 8) + (int8)(0, 1, 2, 3, 4, 5, 6, 7), (int8)(last));
    const bool full = q0 + 16 <= plane;
    for (int c = 0; c < ic_total; ++c) {
        const float16 w16 = convert_float16(vload16(c, wb));
        __global const real* in = xn + (size_t)c * plane;
        if (full) {
            in += q0;
            DEVMUX_TAP16(0, (float)in[0]);
            DEVMUX_TAP16(1, (float)in[1]);
            DEVMUX_TAP16(2, (float)in[2]);
            DEVMUX_TAP16(3, (float)in[3]);
            DEVMUX_TAP16(4, (float)in[4]);
            DEVMUX_TAP16(5, (float)in[5]);
            DEVMUX_TAP16(6, (float)in[6]);
            DEVMUX_TAP16(7, (float)in[7]);
            DEVMUX_TAP16B(0, (float)in[8]);
            DEVMUX_TAP16B(1, (float)in[9]);
            DEVMUX_TAP16B(2, (float)in[10]);
            DEVMUX_TAP16B(3, (float)in[11]);
            DEVMUX_TAP16B(4, (float)in[12]);
            DEVMUX_TAP16B(5, (float)in[13]);
            DEVMUX_TAP16B(6, (float)in[14]);
            DEVMUX_TAP16B(7, (float)in[15]);
        } else {
            DEVMUX_TAP16(0, (float)in[lo_at.s0]);
            DEVMUX_TAP16(1, (float)in[lo_at.s1]);
            DEVMUX_TAP16(2, (float)in[lo_at.s2]);
            DEVMUX_TAP16(3, (float)in[lo_at.s3]);
            DEVMUX_TAP16(4, (float)in[lo_at.s4]);
            DEVMUX_TAP16(5, (float)in[lo_at.s5]);
            DEVMUX_TAP16(6, (float)in[lo_at.s6]);
            DEVMUX_TAP16(7, (float)in[lo_at.s7]);
            DEVMUX_TAP16B(0, (float)in[hi_at.s0]);
            DEVMUX_TAP16B(1, (float)in[hi_at.s1]);
            DEVMUX_TAP16B(2, (float)in[hi_at.s2]);
            DEVMUX_TAP16B(3, (float)in[hi_at.s3]);
            DEVMUX_TAP16B(4, (float)in[hi_at.s4]);
            DEVMUX_TAP16B(5, (float)in[hi_at.s5]);
            DEVMUX_TAP16B(6, (float)in[hi_at.s6]);
            DEVMUX_TAP16B(7, (float)in[hi_at.s7]);
        }
    }
    DEVMUX_SHUFFLE_ROUND(acc)
    DEVMUX_SHUFFLE_ROUND(acc)
    DEVMUX_SHUFFLE_ROUND(acc)
    DEVMUX_SHUFFLE_ROUND(accb)
    DEVMUX_SHUFFLE_ROUND(accb)
    DEVMUX_SHUFFLE_ROUND(accb)
    // Through a private array and a loop that is not unrolled: unrolled, the 32 inlined stores pushed the
    // accumulators of the channel loop onto the stack (conv10 took twice as long).
    float out[256];  // channel r: pixels q0... at [8 r], q0 + 8... at [128 + 8 r]
    vstore16(acc0, 0, out), vstore16(acc1, 1, out), vstore16(acc2, 2, out), vstore16(acc3, 3, out);
    vstore16(acc4, 4, out), vstore16(acc5, 5, out), vstore16(acc6, 6, out), vstore16(acc7, 7, out);
    vstore16(accb0, 8, out), vstore16(accb1, 9, out), vstore16(accb2, 10, out), vstore16(accb3, 11, out);
    vstore16(accb4, 12, out), vstore16(accb5, 13, out), vstore16(accb6, 14, out), vstore16(accb7, 15, out);
    const int out_base = n * oc_total * plane + q0;
    const int pixels = min(8, plane - q0), pixels_b = min(8, plane - q0 - 8);
    __attribute__((opencl_unroll_hint(1))) for (int r = 0; r < 16; ++r) {
        const int oc = ob * 16 + r;
        store_channel8(vload8(r, out), oc, oc_total, y + y_off, out_base + oc * plane, pixels, act, p0, p1, slope,
                       slope_stride, scale, shift, scale_shift, addend + addend_off, has_addend);
        if (pixels_b > 0)
            store_channel8(vload8(16 + r, out), oc, oc_total, y + y_off, out_base + oc * plane + 8, pixels_b, act, p0,
                           p1, slope, slope_stride, scale, shift, scale_shift, addend + addend_off, has_addend);
    }
}

// A stride-1 convolution whose output plane has the input's size (3x3 with padding 1 and the like), 16 output
// channels by 8 consecutive pixels of the flattened plane per work-item: a tap's input for those pixels is then
// one vector load at a fixed distance in the flattened input, masked where a pixel's window leaves the plane
// (row wrap or top/bottom), so small planes (13x13) waste no work on partial row blocks. Filters as for
// convolution_tiled16.
__kernel void convolution_same16(DEVMUX_CONVOLUTION_PARAMS) {
    DEVMUX_CONVOLUTION_UNPACK
    const int i = GID();
    if (i >= count)
        return;
    const int ic_total = geometry.s0, ih = geometry.s1, iw = geometry.s2;
    const int oc_total = geometry.s3;
    const int kh = geometry.s6, kw = geometry.s7;
    const int dh = conv.s2, dw = conv.s3, ph = conv.s4, pw = conv.s5;
    const int plane = ih * iw;
    const int blocks = (plane + 7) / 8, oc_blocks = (oc_total + 15) / 16;
    const int q0 = (i % blocks) * 8;
    const int ob = (i / blocks) % oc_blocks;
    const int n = i / (blocks * oc_blocks);
    const int8 q = (int8)(q0) + (int8)(0, 1, 2, 3, 4, 5, 6, 7);
    const int8 oy = q / iw, ox = q % iw;
    float16 b16 = (float16)(0.0f);
    if (has_bias) {
        float t[16];
        for (int r = 0; r < 16; ++r)
            t[r] = (float)bias[min(ob * 16 + r, oc_total - 1)];
        b16 = vload16(0, t);
    }
    float16 acc0 = b16, acc1 = b16, acc2 = b16, acc3 = b16, acc4 = b16, acc5 = b16, acc6 = b16, acc7 = b16;
    __global const real* xn = x + x_off + (size_t)n * ic_total * plane;
    __global const real* wb = w + (size_t)ob * ic_total * kh * kw * 16;
    for (int c = 0; c < ic_total; ++c) {
        __global const real* xc = xn + (size_t)c * plane;
        for (int ky = 0; ky < kh; ++ky) {
            const int dy = ky * dh - ph;
            const int8 row_inside = oy + dy >= 0 && oy + dy < ih;
            __global const real* wt = wb + ((c * kh + ky) * kw) * 16;
            for (int kx = 0; kx < kw; ++kx) {
                const float16 w16 = convert_float16(vload16(kx, wt));
                const int dx = kx * dw - pw;
                const int8 inside = row_inside && ox + dx >= 0 && ox + dx < iw;
                const int start = q0 + dy * iw + dx;
                if (all(inside) && start >= 0 && start + 8 <= plane) {
                    // No pixel's window leaves the plane at this tap: inputs broadcast from memory, as in
                    // convolution_tiled16.
                    __global const real* in = xc + start;
                    DEVMUX_TAP16(0, (float)in[0]);
                    DEVMUX_TAP16(1, (float)in[1]);
                    DEVMUX_TAP16(2, (float)in[2]);
                    DEVMUX_TAP16(3, (float)in[3]);
                    DEVMUX_TAP16(4, (float)in[4]);
                    DEVMUX_TAP16(5, (float)in[5]);
                    DEVMUX_TAP16(6, (float)in[6]);
                    DEVMUX_TAP16(7, (float)in[7]);
                    continue;
                }
                float8 v;
                if (start >= 0 && start + 8 <= plane) {
                    v = convert_float8(vload8(0, xc + start));
                } else {
                    const int8 at = clamp(q + (int8)(dy * iw + dx), 0, plane - 1);
                    v = (float8)((float)xc[at.s0], (float)xc[at.s1], (float)xc[at.s2], (float)xc[at.s3],
                                 (float)xc[at.s4], (float)xc[at.s5], (float)xc[at.s6], (float)xc[at.s7]);
                }
                v = select((float8)(0.0f), v, inside);
                DEVMUX_TAP16(0, v.s0);
                DEVMUX_TAP16(1, v.s1);
                DEVMUX_TAP16(2, v.s2);
                DEVMUX_TAP16(3, v.s3);
                DEVMUX_TAP16(4, v.s4);
                DEVMUX_TAP16(5, v.s5);
                DEVMUX_TAP16(6, v.s6);
                DEVMUX_TAP16(7, v.s7);
            }
        }
    }
    DEVMUX_SHUFFLE_ROUND(acc)
    DEVMUX_SHUFFLE_ROUND(acc)
    DEVMUX_SHUFFLE_ROUND(acc)
    const int out_base = n * oc_total * plane + q0, out_plane = plane;
    const int pixels = min(8, plane - q0);
    DEVMUX_STORE_PAIR(acc, 0)
    DEVMUX_STORE_PAIR(acc, 1)
    DEVMUX_STORE_PAIR(acc, 2)
    DEVMUX_STORE_PAIR(acc, 3)
    DEVMUX_STORE_PAIR(acc, 4)
    DEVMUX_STORE_PAIR(acc, 5)
    DEVMUX_STORE_PAIR(acc, 6)
    DEVMUX_STORE_PAIR(acc, 7)
}

// One row of a Winograd tile's 4x4 input patch: 4 inputs from column ix0 on, zeros outside the plane.
inline float4 winograd_row(__global const real* xc, int iy, int ih, int iw, int ix0, int4 at, int4 col_inside,
                           bool row_interior) {
    if (iy < 0 || iy >= ih)
        return (float4)(0.0f);
    __global const real* row = xc + iy * iw;
    if (row_interior)
        return convert_float4(vload4(0, row + ix0));
    const float4 v = (float4)((float)row[at.s0], (float)row[at.s1], (float)row[at.s2], (float)row[at.s3]);
    return select((float4)(0.0f), v, col_inside);
}

// B^T applied to the columns of one (row-transformed) patch row: the 4 values of that row of B^T d B.
inline float4 winograd_columns(float4 t) { return (float4)(t.s0 - t.s2, t.s1 + t.s2, t.s2 - t.s1, t.s1 - t.s3); }

#define DEVMUX_WINO_TAP(k, v) acc##k = fma((float16)(v), convert_float16(vload16(k, wc)), acc##k)
// Winograd F(2x2, 3x3) for 3x3 stride-1 undilated convolutions whose output plane has the input's size
// (padding 1), 16 output channels by one 2x2 output tile per work-item: per input channel the 4x4 input patch
// is transformed in registers (B^T d B, additions only) and multiplied element-wise with the filter transformed
// at compile time (G g G^T, packed as [OC/16][C][16 positions][16]), 16 multiply-adds where the direct
// convolution needs 36 for the same 4 outputs. Accumulation stays in float; the output transform (A^T M A) and
// the bias follow the channel loop, then the usual epilogue per element.
__kernel void convolution_winograd16(DEVMUX_CONVOLUTION_PARAMS) {
    DEVMUX_CONVOLUTION_UNPACK
    const int i = GID();
    if (i >= count)
        return;
    const int ic_total = geometry.s0, ih = geometry.s1, iw = geometry.s2;
    const int oc_total = geometry.s3, oh = geometry.s4, ow = geometry.s5;
    const int ph = conv.s4, pw = conv.s5;
    const int tiles_x = (ow + 1) / 2, tiles_y = (oh + 1) / 2, oc_blocks = (oc_total + 15) / 16;
    const int tx = i % tiles_x;
    const int ty = (i / tiles_x) % tiles_y;
    const int ob = (i / (tiles_x * tiles_y)) % oc_blocks;
    const int n = i / (tiles_x * tiles_y * oc_blocks);
    const int oy0 = ty * 2, ox0 = tx * 2;
    const int iy0 = oy0 - ph, ix0 = ox0 - pw;
    const int4 ix = (int4)(ix0) + (int4)(0, 1, 2, 3);
    const int4 col_inside = ix >= 0 && ix < iw;
    const int4 at = clamp(ix, 0, iw - 1);
    const bool row_interior = ix0 >= 0 && ix0 + 4 <= iw;
    float16 acc0 = (float16)(0.0f), acc1 = acc0, acc2 = acc0, acc3 = acc0, acc4 = acc0, acc5 = acc0, acc6 = acc0,
            acc7 = acc0, acc8 = acc0, acc9 = acc0, acc10 = acc0, acc11 = acc0, acc12 = acc0, acc13 = acc0,
            acc14 = acc0, acc15 = acc0;
    const int plane = ih * iw;
    __global const real* xn = x + x_off + (size_t)n * ic_total * plane;
    __global const real* wb = w + (size_t)ob * ic_total * 256;
    for (int c = 0; c < ic_total; ++c) {
        __global const real* xc = xn + (size_t)c * plane;
        __global const real* wc = wb + (size_t)c * 256;
        const float4 d0 = winograd_row(xc, iy0, ih, iw, ix0, at, col_inside, row_interior);
        const float4 d1 = winograd_row(xc, iy0 + 1, ih, iw, ix0, at, col_inside, row_interior);
        const float4 d2 = winograd_row(xc, iy0 + 2, ih, iw, ix0, at, col_inside, row_interior);
        const float4 d3 = winograd_row(xc, iy0 + 3, ih, iw, ix0, at, col_inside, row_interior);
        const float4 v0 = winograd_columns(d0 - d2), v1 = winograd_columns(d1 + d2);
        const float4 v2 = winograd_columns(d2 - d1), v3 = winograd_columns(d1 - d3);
        DEVMUX_WINO_TAP(0, v0.s0);
        DEVMUX_WINO_TAP(1, v0.s1);
        DEVMUX_WINO_TAP(2, v0.s2);
        DEVMUX_WINO_TAP(3, v0.s3);
        DEVMUX_WINO_TAP(4, v1.s0);
        DEVMUX_WINO_TAP(5, v1.s1);
        DEVMUX_WINO_TAP(6, v1.s2);
        DEVMUX_WINO_TAP(7, v1.s3);
        DEVMUX_WINO_TAP(8, v2.s0);
        DEVMUX_WINO_TAP(9, v2.s1);
        DEVMUX_WINO_TAP(10, v2.s2);
        DEVMUX_WINO_TAP(11, v2.s3);
        DEVMUX_WINO_TAP(12, v3.s0);
        DEVMUX_WINO_TAP(13, v3.s1);
        DEVMUX_WINO_TAP(14, v3.s2);
        DEVMUX_WINO_TAP(15, v3.s3);
    }
    // A^T M A: rows first (r0 = m0 + m1 + m2, r1 = m1 - m2 - m3 per column), then columns.
    const float16 r00 = acc0 + acc4 + acc8, r01 = acc1 + acc5 + acc9, r02 = acc2 + acc6 + acc10,
                  r03 = acc3 + acc7 + acc11;
    const float16 r10 = acc4 - acc8 - acc12, r11 = acc5 - acc9 - acc13, r12 = acc6 - acc10 - acc14,
                  r13 = acc7 - acc11 - acc15;
    float16 b16 = (float16)(0.0f);
    if (has_bias) {
        float t[16];
        for (int r = 0; r < 16; ++r)
            t[r] = (float)bias[min(ob * 16 + r, oc_total - 1)];
        b16 = vload16(0, t);
    }
    float16 o00 = r00 + r01 + r02 + b16, o01 = r01 - r02 - r03 + b16;
    float16 o10 = r10 + r11 + r12 + b16, o11 = r11 - r12 - r13 + b16;
    const int channels = min(16, oc_total - ob * 16);
    const int rows = min(2, oh - oy0), columns = min(2, ow - ox0);
    __global real* yn = y + y_off;
    __global const real* an = addend + addend_off;
    const int first = ((n * oc_total + ob * 16) * oh + oy0) * ow + ox0, out_plane = oh * ow;
    if (act <= 0) {
        // Relu or none, then the scale-shift, on whole vectors of 16 channels; the addend per element.
        if (act == 0)
            o00 = fmax(o00, 0.0f), o01 = fmax(o01, 0.0f), o10 = fmax(o10, 0.0f), o11 = fmax(o11, 0.0f);
        if (scale_shift.s0) {
            float s[16], h[16];
            for (int r = 0; r < 16; ++r) {
                const int oc = min(ob * 16 + r, oc_total - 1);
                s[r] = (float)scale[oc * scale_shift.s1];
                h[r] = (float)shift[oc * scale_shift.s2];
            }
            const float16 s16 = vload16(0, s), h16 = vload16(0, h);
            o00 = fma(o00, s16, h16), o01 = fma(o01, s16, h16), o10 = fma(o10, s16, h16), o11 = fma(o11, s16, h16);
        }
        float out[64];  // [pixel of the tile: (0,0), (0,1), (1,0), (1,1)][16 channels]
        vstore16(o00, 0, out), vstore16(o01, 1, out), vstore16(o10, 2, out), vstore16(o11, 3, out);
        if (rows == 2 && columns == 2 && !has_addend) {
            for (int r = 0; r < channels; ++r) {
                const int index = first + r * out_plane;
                yn[index] = (real)out[r], yn[index + 1] = (real)out[16 + r];
                yn[index + ow] = (real)out[32 + r], yn[index + ow + 1] = (real)out[48 + r];
            }
            return;
        }
        for (int r = 0; r < channels; ++r)
            for (int dy = 0; dy < rows; ++dy)
                for (int dx = 0; dx < columns; ++dx) {
                    const int index = first + r * out_plane + dy * ow + dx;
                    const float v = out[(dy * 2 + dx) * 16 + r];
                    yn[index] = (real)(has_addend ? v + (float)an[index] : v);
                }
        return;
    }
    float out[64];
    vstore16(o00, 0, out), vstore16(o01, 1, out), vstore16(o10, 2, out), vstore16(o11, 3, out);
    for (int r = 0; r < channels; ++r) {
        const int oc = ob * 16 + r;
        for (int dy = 0; dy < rows; ++dy)
            for (int dx = 0; dx < columns; ++dx) {
                const int index = first + r * out_plane + dy * ow + dx;
                yn[index] = (real)epilogue(out[(dy * 2 + dx) * 16 + r], oc, act, p0, p1, slope, slope_stride, scale,
                                           shift, scale_shift, an, has_addend, index);
            }
    }
}
