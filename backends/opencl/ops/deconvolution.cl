// SPDX-License-Identifier: Apache-2.0
// Transposed 2-d convolution (ConvolutionBackpropData, GroupConvolutionBackpropData) as a gather: each work-item
// computes DEVMUX_DECONVOLUTION_BLOCK output channels of one output pixel from the taps whose input position
// lands on it. The filter is packed by the host as [groups][blocks][kh][kw][in_channels][BLOCK] (zeros past the
// group's output channels), so one tap and input channel is one vector load of weights.
#include "cl_common.clh"
#include "deconvolution.h"

__kernel void deconvolution_2d(__global const real* x, int x_off, __global const float* w, __global real* y,
                               int y_off, DeconvolutionParams p) {
    const int i = GID();
    if (i >= p.count)
        return;
    // Neighbouring work-items take the columns of one phase (ox % stride_w), which share their taps: their
    // branches agree and their inputs are consecutive, so a work-group runs as vectors (PoCL) or without
    // divergence (GPUs).
    const int row_items = p.stride_w * p.phase_columns;
    const int slot = i % row_items;
    int rest = i / row_items;
    const int ox = slot / p.phase_columns + (slot % p.phase_columns) * p.stride_w;
    if (ox >= p.out_w)
        return;
    const int oy = rest % p.out_h;
    rest /= p.out_h;
    const int block = rest % p.blocks;
    rest /= p.blocks;
    const int group = rest % p.groups;
    const int n = rest / p.groups;
    const int plane = p.out_h * p.out_w;
    const int pixel = oy * p.out_w + ox;
    const int in_plane = p.in_h * p.in_w;
    const int x_image = x_off + (n * p.groups + group) * p.in_channels * in_plane;
    // One tap's weights: in_channels vectors of the block's output channels.
    const int tap_size = p.in_channels * DEVMUX_DECONVOLUTION_BLOCK;
    __global const float* w_block = w + (group * p.blocks + block) * p.kernel_h * p.kernel_w * tap_size;
    float4 acc = (float4)(0.0f);
    for (int kh = 0; kh < p.kernel_h; ++kh) {
        const int ty = oy + p.pad_h - kh * p.dilation_h;
        if (ty < 0 || ty % p.stride_h != 0)
            continue;
        const int iy = ty / p.stride_h;
        if (iy >= p.in_h)
            continue;
        for (int kw = 0; kw < p.kernel_w; ++kw) {
            const int tx = ox + p.pad_w - kw * p.dilation_w;
            if (tx < 0 || tx % p.stride_w != 0)
                continue;
            const int ix = tx / p.stride_w;
            if (ix >= p.in_w)
                continue;
            __global const float* taps = w_block + (kh * p.kernel_w + kw) * tap_size;
            __global const real* source = x + x_image + iy * p.in_w + ix;
            for (int c = 0; c < p.in_channels; ++c)
                acc = fma((float4)((float)source[c * in_plane]), vload4(c, taps), acc);
        }
    }
    const int first = block * DEVMUX_DECONVOLUTION_BLOCK;
    const int out_plane_base = y_off + ((n * p.groups + group) * p.out_channels + first) * plane + pixel;
    const float values[4] = {acc.s0, acc.s1, acc.s2, acc.s3};
    for (int k = 0; k < DEVMUX_DECONVOLUTION_BLOCK && first + k < p.out_channels; ++k)
        y[out_plane_base + k * plane] = (real)values[k];
}
