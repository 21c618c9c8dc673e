// SPDX-License-Identifier: Apache-2.0
// ConvolutionBackpropData and GroupConvolutionBackpropData (transposed 2-D convolutions; ops/convolution_backprop.cpp),
// gathered per output pixel: output (oy, ox) of channel oc takes input (iy, ix) through tap (ky, kx) where
// iy * stride + ky * dilation - pad_begin = oy (and so for x). Each invocation computes 4 output channels of a
// group at one pixel, so each input value loaded serves 4 sums. Filters [C_IN, C_OUT / groups, KH, KW]; the sums
// run over the input channels of the group, innermost, so the position tests are made once per tap. Products in
// afloat, sums in f32. Parameters: ops/convolution_backprop_params.h.
#version 450
#include "convolution_backprop_params.h"
#define DEVMUX_PARAMS ConvolutionBackpropParams
#include "common.glsl"

void main() {
    const uint in_c = pc.p.in_channels, in_h = pc.p.in_h, in_w = pc.p.in_w;
    const uint out_c = pc.p.out_channels, out_h = pc.p.out_h, out_w = pc.p.out_w;
    const uint k_h = pc.p.kernel_h, k_w = pc.p.kernel_w, groups = pc.p.groups, items = pc.p.items;
    const int stride_h = int(pc.p.stride_h), stride_w = int(pc.p.stride_w);
    const uint group_in = in_c / groups, group_out = out_c / groups, quads = (group_out + 3u) / 4u;
    const uint in_plane = in_h * in_w, out_plane = out_h * out_w, taps = k_h * k_w, filter_step = group_out * taps;
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint ox = item % out_w;
        uint rest = item / out_w;
        const uint oy = rest % out_h;
        rest /= out_h;
        const uint quad = rest % (groups * quads), n = rest / (groups * quads);
        const uint g = quad / quads, first = (quad % quads) * 4u;
        // The quad's channels past the group's last read that last channel's filters (in bounds) and are not stored.
        const uvec4 channel = min(uvec4(first, first + 1u, first + 2u, first + 3u), uvec4(group_out - 1u));
        const uint data_base = pc.off[0] + (n * in_c + g * group_in) * in_plane;
        const uvec4 filter_base = pc.off[1] + (g * group_in * group_out + channel) * taps;
        vec4 sum = vec4(0.0);
        for (uint ky = 0u; ky < k_h; ++ky) {
            const int ty = int(oy) + pc.p.pad_top - int(ky * pc.p.dilation_h);
            if (ty < 0 || ty % stride_h != 0)
                continue;
            const uint iy = uint(ty / stride_h);
            if (iy >= in_h)
                continue;
            for (uint kx = 0u; kx < k_w; ++kx) {
                const int tx = int(ox) + pc.p.pad_left - int(kx * pc.p.dilation_w);
                if (tx < 0 || tx % stride_w != 0)
                    continue;
                const uint ix = uint(tx / stride_w);
                if (ix >= in_w)
                    continue;
                uint data_at = data_base + iy * in_w + ix;
                uvec4 filter_at = filter_base + ky * k_w + kx;
                for (uint ci = 0u; ci < group_in; ++ci) {
                    const afloat4 w = afloat4(in1[filter_at.x], in1[filter_at.y], in1[filter_at.z], in1[filter_at.w]);
                    ADD_PRODUCT(sum, in0[data_at], w);
                    data_at += in_plane;
                    filter_at += filter_step;
                }
            }
        }
        const uint out_base = pc.off[5] + (n * out_c + g * group_out + first) * out_plane + oy * out_w + ox;
        const uint count = min(4u, group_out - first);
        for (uint j = 0u; j < count; ++j)
            out0[out_base + j * out_plane] = real(sum[j]);
    }
}
