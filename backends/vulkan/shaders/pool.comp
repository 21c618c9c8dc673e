// SPDX-License-Identifier: Apache-2.0
// 2D max and average pooling (NCHW). p0 N*C, p1 H, p2 W, p3 OH, p4 OW, p5 KH, p6 KW, p7 stride h,
// p8 stride w, p9 dilation h, p10 dilation w, p11 pad h, p12 pad w, p13 0 max / 1 average, p14 exclude
// padding, p15 items, p16 pad h end, p17 pad w end.
#version 450
#include "common.glsl"

// Max or average (parameter 13) as a specialization constant: llvmpipe would run both, masked.
layout(constant_id = 0) const uint AVERAGE = 0u;

void main() {
    const uint H = pc.p[1], W = pc.p[2], OH = pc.p[3], OW = pc.p[4], KH = pc.p[5], KW = pc.p[6];
    const int sh = iparam(7), sw = iparam(8), dh = iparam(9), dw = iparam(10), ph = iparam(11), pw = iparam(12);
    const bool average = AVERAGE == 1u, exclude_pad = pc.p[14] == 1u;
    const int phe = iparam(16), pwe = iparam(17);
    const uint items = pc.p[15];
    for (uint item = first_item(); item < items; item += item_stride()) {
        const uint ow = item % OW;
        const uint oh = (item / OW) % OH;
        const uint plane = item / (OW * OH);
        const uint base = pc.off[0] + plane * H * W;
        const int ih0 = int(oh) * sh - ph, iw0 = int(ow) * sw - pw;
        float acc = average ? 0.0 : -3.402823466e38;
        uint count = 0u;
        for (uint kh = 0u; kh < KH; ++kh) {
            const int ih = ih0 + int(kh) * dh;
            if (ih < 0 || ih >= int(H)) continue;
            for (uint kw = 0u; kw < KW; ++kw) {
                const int iw = iw0 + int(kw) * dw;
                if (iw < 0 || iw >= int(W)) continue;
                const float x = in0[base + uint(ih) * W + uint(iw)];
                acc = average ? acc + x : max(acc, x);
                ++count;
            }
        }
        if (average) {
            if (!exclude_pad) {
                const int h_end = min(ih0 + int(KH), int(H) + phe), w_end = min(iw0 + int(KW), int(W) + pwe);
                count = uint(max(h_end - ih0, 0) * max(w_end - iw0, 0));
            }
            acc = count > 0u ? acc / float(count) : 0.0;
        }
        out0[pc.off[5] + item] = real(acc);
    }
}
