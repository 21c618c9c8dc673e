// SPDX-License-Identifier: Apache-2.0
// 2D convolution (NCHW, groups, strides, dilations, paddings) with the fused bias, activation and addend of
// a FusedConvolution. Bindings: 0 data, 1 filters [K, C/groups, KH, KW], 2 bias, 3 PRelu slope, 4 addend.
// Parameters: ops/conv_params.h (the epilogue's operand modes and activation: conv_epilogue.glsl).
// Each invocation computes four output channels of four adjacent output columns: every input value it
// loads serves four filters and every filter value four columns.
#version 450
#include "conv_params.h"
#define DEVMUX_PARAMS ConvParams
#include "common.glsl"

#include "conv_epilogue.glsl"

void main() {
    const uint C = pc.p.channels, H = pc.p.height, W = pc.p.width, K = pc.p.out_channels;
    const uint OH = pc.p.out_height, OW = pc.p.out_width, KH = pc.p.kernel_h, KW = pc.p.kernel_w;
    const int sh = int(pc.p.stride_h), sw = int(pc.p.stride_w), dh = int(pc.p.dilation_h), dw = int(pc.p.dilation_w);
    const int ph = int(pc.p.pad_top), pw = int(pc.p.pad_left);
    const uint groups = pc.p.groups;
    const uint cg = C / groups, kg = K / groups;
    const uint kq = (kg + 3u) / 4u;    // quads of output channels per group
    const uint owq = (OW + 3u) / 4u;   // quads of output columns
    const uint items = pc.p.items;       // N * groups * kq * OH * owq
    const uint filter_size = cg * KH * KW;
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint ow0 = (item % owq) * 4u;
        uint rest = item / owq;
        const uint oh = rest % OH;
        rest /= OH;
        const uint q = rest % kq;
        rest /= kq;
        const uint g = rest % groups;
        const uint n = rest / groups;
        const uint k0 = g * kg + q * 4u;
        const uint lanes = min(4u, g * kg + kg - k0);
        const uint columns = min(4u, OW - ow0);
        // accP[l]: output column ow0 + P, output channel k0 + l. Filters past the group's last channel
        // read channel k0 (a valid index) and are never stored.
        // Four named accumulators: llvmpipe spills an indexed array to memory.
        vec4 acc0 = vec4(0.0), acc1 = vec4(0.0), acc2 = vec4(0.0), acc3 = vec4(0.0);
        const int ih0 = int(oh) * sh - ph, iw0 = int(ow0) * sw - pw;
        const uint f1 = lanes > 1u ? filter_size : 0u, f2 = lanes > 2u ? 2u * filter_size : 0u,
                   f3 = lanes > 3u ? 3u * filter_size : 0u;
        for (uint c = 0u; c < cg; ++c) {
            const uint plane = pc.off[0] + ((n * C + g * cg + c) * H) * W;
            for (uint kh = 0u; kh < KH; ++kh) {
                const int ih = ih0 + int(kh) * dh;
                if (ih < 0 || ih >= int(H)) continue;
                const uint row = plane + uint(ih) * W;
                for (uint kw = 0u; kw < KW; ++kw) {
                    const uint f = pc.off[1] + k0 * filter_size + (c * KH + kh) * KW + kw;
                    const vec4 w = vec4(in1[f], in1[f + f1], in1[f + f2], in1[f + f3]);
                    const int iw = iw0 + int(kw) * dw;
                    if (iw >= 0 && iw < int(W)) ADD_PRODUCT(acc0, in0[row + uint(iw)], w);
                    const int iw1 = iw + sw, iw2 = iw + 2 * sw, iw3 = iw + 3 * sw;
                    if (columns > 1u && iw1 >= 0 && iw1 < int(W)) ADD_PRODUCT(acc1, in0[row + uint(iw1)], w);
                    if (columns > 2u && iw2 >= 0 && iw2 < int(W)) ADD_PRODUCT(acc2, in0[row + uint(iw2)], w);
                    if (columns > 3u && iw3 >= 0 && iw3 < int(W)) ADD_PRODUCT(acc3, in0[row + uint(iw3)], w);
                }
            }
        }
        for (uint l = 0u; l < lanes; ++l) {
            const uint k = k0 + l;
            const uint index = ((n * K + k) * OH + oh) * OW + ow0;
            out0[pc.off[5] + index] = real(finish(afloat(acc0[l]), k, index));
            if (columns > 1u) out0[pc.off[5] + index + 1u] = real(finish(afloat(acc1[l]), k, index + 1u));
            if (columns > 2u) out0[pc.off[5] + index + 2u] = real(finish(afloat(acc2[l]), k, index + 2u));
            if (columns > 3u) out0[pc.off[5] + index + 3u] = real(finish(afloat(acc3[l]), k, index + 3u));
        }
    }
}
