// SPDX-License-Identifier: Apache-2.0
// Repacks an NCHW input for conv_texel.comp into its own buffer (binding 5): texel t (4 floats) holds
// channels 4q..4q+3 of one pixel of the padded plane, laid out [N][ceil(C/4)][HP][WP], with zeros where the
// padded plane lies outside the input and for the channels past C, so the convolution reads without tests.
// Parameters: ops/pack_c4_params.h (filled by ops/convolution.cpp).
// Specialization constant 0 (INPUT_C4): the input is in layout c4 already (conv_texel.comp; C a multiple of 4,
// one image), read through texel binding 6 from texel pc.off[0]: one fetch per texel, only the padding added.
#version 450
// The output is this step's own buffer, starting at offset 0: written as vec4s, one store per texel
// (llvmpipe runs each storage-buffer access as a loop over the lanes, whatever its width).
#define CUSTOM_OUTPUT
#include "pack_c4_params.h"
#define DEVMUX_PARAMS PackC4Params
#include "common.glsl"
layout(std430, set = 0, binding = 5) writeonly buffer PackedOutput { real4 packed[]; };
layout(set = 0, binding = 6) uniform samplerBuffer c4_input;
layout(constant_id = 0) const uint INPUT_C4 = 0u;

void main() {
    const uint C = pc.p.channels, H = pc.p.height, W = pc.p.width, HP = pc.p.padded_height, WP = pc.p.padded_width;
    const int ph = int(pc.p.pad_top), pw = int(pc.p.pad_left);
    const uint items = pc.p.items, plane = H * W, quads = (C + 3u) / 4u;
    for (uint t = first_item(); t < items; t += item_stride()) {
        const uint x = t % WP, y = (t / WP) % HP, q = (t / (WP * HP)) % quads, n = t / (WP * HP * quads);
        const int ih = int(y) - ph, iw = int(x) - pw;
        const bool inside = ih >= 0 && ih < int(H) && iw >= 0 && iw < int(W);
        const uint channel = q * 4u;
        // Channels past C read channel C - 1 (a valid place) and are replaced by zeros.
        const uint last = C - 1u, place = uint(clamp(ih, 0, int(H) - 1)) * W + uint(clamp(iw, 0, int(W) - 1));
        const uint image = pc.off[0] + n * C * plane + place;
        vec4 value;
        if (INPUT_C4 != 0u)
            value = texelFetch(c4_input, int(pc.off[0] + q * plane + place));
        else
            value = vec4(in0[image + channel * plane],
                         channel + 1u < C ? in0[image + min(channel + 1u, last) * plane] : 0.0,
                         channel + 2u < C ? in0[image + min(channel + 2u, last) * plane] : 0.0,
                         channel + 3u < C ? in0[image + min(channel + 3u, last) * plane] : 0.0);
        packed[t] = real4(inside ? value : vec4(0.0));
    }
}
