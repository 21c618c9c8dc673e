// SPDX-License-Identifier: Apache-2.0
// 2D max and average pooling of a value in layout c4 ([C/4][H][W] texels of 4 channels, one image; see
// conv_texel.comp) into the same layout: each invocation pools 4 channels of one output pixel, one texel
// fetch per tap, where the plain shader (pool.comp) loads every channel apart.
// Binding 6: the input, its first texel at pc.off[0]. Parameters: ops/pool_params.h, as pool.comp's, but
// `planes` is C/4 and `items` the output texels (C/4 * OH * OW).
#version 450
#define CUSTOM_OUTPUT
#include "pool_params.h"
#define DEVMUX_PARAMS PoolParams
#include "common.glsl"

// The output as texels: one vec4 store each (llvmpipe then runs its lane loop once per texel, not per value).
// Its offset (pc.off[5]) is a whole texel: c4 values start at multiples of 16 bytes.
layout(std430, set = 0, binding = 5) writeonly buffer Output4 { real4 out4[]; };
layout(set = 0, binding = 6) uniform samplerBuffer c4_input;

// Max or average (PoolParams::average) as a specialization constant: llvmpipe would run both, masked.
layout(constant_id = 0) const uint AVERAGE = 0u;

void main() {
    const uint H = pc.p.height, W = pc.p.width, OH = pc.p.out_height, OW = pc.p.out_width;
    const uint KH = pc.p.kernel_h, KW = pc.p.kernel_w;
    const int sh = int(pc.p.stride_h), sw = int(pc.p.stride_w), dh = int(pc.p.dilation_h), dw = int(pc.p.dilation_w);
    const int ph = int(pc.p.pad_top), pw = int(pc.p.pad_left);
    const bool average = AVERAGE == 1u, exclude_pad = pc.p.exclude_pad == 1u;
    const int phe = int(pc.p.pad_bottom), pwe = int(pc.p.pad_right);
    const uint items = pc.p.items;
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint ow = item % OW;
        const uint oh = (item / OW) % OH;
        const uint quad = item / (OW * OH);
        const uint base = pc.off[0] + quad * H * W;
        const int ih0 = int(oh) * sh - ph, iw0 = int(ow) * sw - pw;
        vec4 acc = vec4(average ? 0.0 : -3.402823466e38);
        uint count = 0u;
        for (uint kh = 0u; kh < KH; ++kh) {
            const int ih = ih0 + int(kh) * dh;
            if (ih < 0 || ih >= int(H)) continue;
            for (uint kw = 0u; kw < KW; ++kw) {
                const int iw = iw0 + int(kw) * dw;
                if (iw < 0 || iw >= int(W)) continue;
                const vec4 x = texelFetch(c4_input, int(base + uint(ih) * W + uint(iw)));
                acc = average ? acc + x : max(acc, x);
                ++count;
            }
        }
        if (average) {
            if (!exclude_pad) {
                const int h_end = min(ih0 + int(KH), int(H) + phe), w_end = min(iw0 + int(KW), int(W) + pwe);
                count = uint(max(h_end - ih0, 0) * max(w_end - iw0, 0));
            }
            acc = count > 0u ? acc / float(count) : vec4(0.0);
        }
        out4[pc.off[5] / 4u + item] = real4(acc);
    }
}
