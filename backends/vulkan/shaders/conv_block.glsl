// SPDX-License-Identifier: Apache-2.0
// The body of conv_block.comp. The filters are stored as the values are (real4: f32, or f16 with DEVMUX_F16).
layout(std430, set = 0, binding = 1) readonly buffer PackedFilters { real4 filters4[]; };
#define FILTER(i) vec4(filters4[i])

struct Pixel {
    uint n, oh, ow;
    int ih0, iw0;
    bool valid;
};

Pixel pixel_at(uint index, uint pixels, uint OH, uint OW, int sh, int sw, int ph, int pw) {
    Pixel p;
    p.valid = index < pixels;
    const uint i = min(index, pixels - 1u);
    p.ow = i % OW;
    p.oh = (i / OW) % OH;
    p.n = i / (OW * OH);
    p.ih0 = int(p.oh) * sh - ph;
    p.iw0 = int(p.ow) * sw - pw;
    return p;
}

bool inside(Pixel p, uint H, uint W, int dh_kh, int dw_kw) {
    const int ih = p.ih0 + dh_kh, iw = p.iw0 + dw_kw;
    return ih >= 0 && ih < int(H) && iw >= 0 && iw < int(W);
}

// The pixel's input place in a channel's plane for one filter position, clamped into the plane.
uint place(Pixel p, uint H, uint W, int dh_kh, int dw_kw) {
    return uint(clamp(p.ih0 + dh_kh, 0, int(H) - 1)) * W + uint(clamp(p.iw0 + dw_kw, 0, int(W) - 1));
}

void store(Pixel p, uint K, uint OH, uint OW, uint k0, uint lanes, vec4 a0, vec4 a1, vec4 a2, vec4 a3) {
    if (!p.valid) return;
    const uint base = (p.n * K + k0) * OH * OW + p.oh * OW + p.ow, plane = OH * OW;
    for (uint l = 0u; l < lanes; ++l) {
        const float sum = l < 4u ? a0[l] : (l < 8u ? a1[l - 4u] : (l < 12u ? a2[l - 8u] : a3[l - 12u]));
        const uint index = base + l * plane;
        out0[pc.off[5] + index] = real(finish(afloat(sum), k0 + l, index));
    }
}

void main() {
    const uint C = pc.p.channels, H = pc.p.height, W = pc.p.width, K = pc.p.out_channels;
    const uint OH = pc.p.out_height, OW = pc.p.out_width, KH = pc.p.kernel_h, KW = pc.p.kernel_w;
    const int sh = int(pc.p.stride_h), sw = int(pc.p.stride_w), dh = int(pc.p.dilation_h), dw = int(pc.p.dilation_w);
    const int ph = int(pc.p.pad_top), pw = int(pc.p.pad_left);
    const uint groups = pc.p.groups;
    const uint cg = C / groups, kg = K / groups;
    const uint blocks = (kg + 15u) / 16u;
    const uint block = gl_WorkGroupID.y;
    const uint g = block / blocks;
    const uint k0 = g * kg + (block % blocks) * 16u;
    const uint lanes = min(16u, g * kg + kg - k0);
    const uint filter_size = cg * KH * KW;
    const uint pixels = pc.p.pixels;  // N * OH * OW
    const uint quads = pc.p.items;    // (pixels + 3) / 4
    for (uint quad = first_item(); quad < quads; quad += item_stride()) {
        const Pixel p0 = pixel_at(quad * 4u, pixels, OH, OW, sh, sw, ph, pw);
        const Pixel p1 = pixel_at(quad * 4u + 1u, pixels, OH, OW, sh, sw, ph, pw);
        const Pixel p2 = pixel_at(quad * 4u + 2u, pixels, OH, OW, sh, sw, ph, pw);
        const Pixel p3 = pixel_at(quad * 4u + 3u, pixels, OH, OW, sh, sw, ph, pw);
        vec4 a00 = vec4(0.0), a01 = vec4(0.0), a02 = vec4(0.0), a03 = vec4(0.0);
        vec4 a10 = vec4(0.0), a11 = vec4(0.0), a12 = vec4(0.0), a13 = vec4(0.0);
        vec4 a20 = vec4(0.0), a21 = vec4(0.0), a22 = vec4(0.0), a23 = vec4(0.0);
        vec4 a30 = vec4(0.0), a31 = vec4(0.0), a32 = vec4(0.0), a33 = vec4(0.0);
        uint f = block * filter_size * 4u;
        // Filter positions outside, input channels inside: where each pixel reads in a channel's plane
        // (clamped to a valid place, with a flag for the padding) is worked out once per position, so
        // the inner loop is one add per load.
        const uint plane = H * W, filter_step = KH * KW * 4u;
        const uint b0 = pc.off[0] + (p0.n * C + g * cg) * plane, b1 = pc.off[0] + (p1.n * C + g * cg) * plane;
        const uint b2 = pc.off[0] + (p2.n * C + g * cg) * plane, b3 = pc.off[0] + (p3.n * C + g * cg) * plane;
        for (uint kh = 0u; kh < KH; ++kh) {
            const int dkh = int(kh) * dh;
            for (uint kw = 0u; kw < KW; ++kw) {
                const int dkw = int(kw) * dw;
                const bool inside0 = inside(p0, H, W, dkh, dkw), inside1 = inside(p1, H, W, dkh, dkw);
                const bool inside2 = inside(p2, H, W, dkh, dkw), inside3 = inside(p3, H, W, dkh, dkw);
                uint i0 = b0 + place(p0, H, W, dkh, dkw), i1 = b1 + place(p1, H, W, dkh, dkw);
                uint i2 = b2 + place(p2, H, W, dkh, dkw), i3 = b3 + place(p3, H, W, dkh, dkw);
                uint fc = f + (kh * KW + kw) * 4u;
                for (uint c = 0u; c < cg;
                     ++c, fc += filter_step, i0 += plane, i1 += plane, i2 += plane, i3 += plane) {
                    const vec4 w0 = FILTER(fc), w1 = FILTER(fc + 1u), w2 = FILTER(fc + 2u), w3 = FILTER(fc + 3u);
                    const float v0 = in0[i0], v1 = in0[i1], v2 = in0[i2], v3 = in0[i3];
                    const float x0 = inside0 ? v0 : 0.0, x1 = inside1 ? v1 : 0.0;
                    const float x2 = inside2 ? v2 : 0.0, x3 = inside3 ? v3 : 0.0;
                    ADD_PRODUCT(a00, x0, w0); ADD_PRODUCT(a01, x0, w1); ADD_PRODUCT(a02, x0, w2); ADD_PRODUCT(a03, x0, w3);
                    ADD_PRODUCT(a10, x1, w0); ADD_PRODUCT(a11, x1, w1); ADD_PRODUCT(a12, x1, w2); ADD_PRODUCT(a13, x1, w3);
                    ADD_PRODUCT(a20, x2, w0); ADD_PRODUCT(a21, x2, w1); ADD_PRODUCT(a22, x2, w2); ADD_PRODUCT(a23, x2, w3);
                    ADD_PRODUCT(a30, x3, w0); ADD_PRODUCT(a31, x3, w1); ADD_PRODUCT(a32, x3, w2); ADD_PRODUCT(a33, x3, w3);
                }
            }
        }
        store(p0, K, OH, OW, k0, lanes, a00, a01, a02, a03);
        store(p1, K, OH, OW, k0, lanes, a10, a11, a12, a13);
        store(p2, K, OH, OW, k0, lanes, a20, a21, a22, a23);
        store(p3, K, OH, OW, k0, lanes, a30, a31, a32, a33);
    }
}
