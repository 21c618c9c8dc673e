// SPDX-License-Identifier: Apache-2.0
// 2D convolution for groups of 16 or more output channels, input channels per group a multiple of 4 (or one
// group) and constant filters, reading both operands as vec4 texels of uniform texel buffers (RGBA32F).
// Why: llvmpipe fetches such a texel with one 16-byte load per lane and a transpose, where a storage-buffer
// load loops over the lanes with a branch and a bounds check each (docs/vulkan.md).
// Binding 6: the input repacked by pack_c4.comp, [N][ceil(C/4)][HP][WP] texels of 4 channels, padding
// included (a single group's last quad of channels is padded with zeros, its filters too).
// Binding 7: the filters, per block of 16 output channels of a group and per (kh, kw, quad of input
// channels) 16 texels: texel 4 * ci + j holds output channels 4j..4j+3 of the block for input channel ci of
// the quad (zeros past the group's last channel).
// Parameters as conv.comp (p0..p19), then p20 groups of 8 output pixels, p21 output pixels (N * OH * OW),
// p22 HP, p23 WP, p24 ceil(C/4), p25 where binding 7 holds 4 texels of bias per block (then the epilogue adds
// none), 0 for none. The dispatch is conv_block's grid: x over groups of 8 output pixels, y over the
// blocks; each invocation computes 16 channels x 8 pixels: per quad of input channels, 8 input and 16
// filter fetches for 512 multiply-adds (on llvmpipe, 8 pixels measured faster than 4 once the sums are
// updated per quad of output channels, below, despite 128 sums per invocation; a GPU may prefer 4).
// Bits 8 and 9 of specialization constant 0 (the epilogue's operand modes, conv_epilogue.glsl) say where the
// input and output are in layout c4, [C/4][H][W] texels of 4 channels with no padding (one image): with bit
// 8 (INPUT_C4; only for filters that read no padding) binding 6 is the producer's output itself, its first
// texel at pc.off[0], HP and WP are H and W (no pack_c4 pass); with bit 9 (OUTPUT_C4) the output is written in
// that layout for the consumers that read it.
#version 450
#define LOCAL_SIZE 8
#include "common.glsl"
#include "conv_epilogue.glsl"

layout(set = 0, binding = 6) uniform samplerBuffer packed_input;
layout(set = 0, binding = 7) uniform samplerBuffer packed_filters;

struct Pixel {
    uint n, oh, ow;
    bool valid;
};

Pixel pixel_at(uint index, uint pixels, uint OH, uint OW) {
    Pixel p;
    p.valid = index < pixels;
    const uint i = min(index, pixels - 1u);
    p.ow = i % OW;
    p.oh = (i / OW) % OH;
    p.n = i / (OW * OH);
    return p;
}

const bool INPUT_C4 = (EPILOGUE_MODES & 256u) != 0u, OUTPUT_C4 = (EPILOGUE_MODES & 512u) != 0u;
const bool OUTPUT_C4_QUADS = (EPILOGUE_MODES & 1024u) != 0u;

layout(std430, set = 0, binding = 5) writeonly buffer Output4 { vec4 out4[]; };

// c4 with the block's channels starting at a quad (bit 10, OUTPUT_C4_QUADS): one vec4 store per quad of
// channels, where llvmpipe's lane loop then runs once per quad instead of once per channel.
void store_quad(uint at, uint k, uint index, vec4 sums) {
    out4[at] = vec4(finish(sums.x, k, index), finish(sums.y, k + 1u, index + 1u), finish(sums.z, k + 2u, index + 2u),
                    finish(sums.w, k + 3u, index + 3u));
}

void store(Pixel p, uint K, uint OH, uint OW, uint k0, uint lanes, vec4 a0, vec4 a1, vec4 a2, vec4 a3) {
    if (!p.valid) return;
    if (OUTPUT_C4_QUADS) {
        const uint plane = OH * OW, at = pc.off[5] / 4u + (k0 / 4u) * plane + p.oh * OW + p.ow;
        const uint index = at * 4u - pc.off[5];
        store_quad(at, k0, index, a0);
        if (lanes > 4u) store_quad(at + plane, k0 + 4u, index + plane * 4u, a1);
        if (lanes > 8u) store_quad(at + 2u * plane, k0 + 8u, index + plane * 8u, a2);
        if (lanes > 12u) store_quad(at + 3u * plane, k0 + 12u, index + plane * 12u, a3);
        return;
    }
    const uint plane = OH * OW, place = p.oh * OW + p.ow;
    const uint base = (p.n * K + k0) * plane + place;
    for (uint l = 0u; l < lanes; ++l) {
        const float sum = l < 4u ? a0[l] : (l < 8u ? a1[l - 4u] : (l < 12u ? a2[l - 8u] : a3[l - 12u]));
        // c4 (one image): channel k of the pixel is component k % 4 of texel k / 4 of the pixel's plane.
        const uint k = k0 + l;
        const uint index = OUTPUT_C4 ? ((k / 4u) * plane + place) * 4u + k % 4u : base + l * plane;
        out0[pc.off[5] + index] = finish(sum, k, index);
    }
}

// One quad `j` of the block's 16 output channels from the quad of input channels: its 4 filter texels (one
// per input channel), then each pixel's sum updated 4 times in a row. Per sum the order of the additions is
// that of input channels; grouping them per sum lets LLVM load and store a spilled sum once per quad of
// input channels instead of once per input channel.
#define QUAD(j, a0, a1, a2, a3, a4, a5, a6, a7)                                             \
    {                                                                                       \
        const vec4 w0 = texelFetch(packed_filters, f + j);                                  \
        const vec4 w1 = texelFetch(packed_filters, f + 4 + j);                              \
        const vec4 w2 = texelFetch(packed_filters, f + 8 + j);                              \
        const vec4 w3 = texelFetch(packed_filters, f + 12 + j);                             \
        a0 += x0.x * w0; a0 += x0.y * w1; a0 += x0.z * w2; a0 += x0.w * w3;                 \
        a1 += x1.x * w0; a1 += x1.y * w1; a1 += x1.z * w2; a1 += x1.w * w3;                 \
        a2 += x2.x * w0; a2 += x2.y * w1; a2 += x2.z * w2; a2 += x2.w * w3;                 \
        a3 += x3.x * w0; a3 += x3.y * w1; a3 += x3.z * w2; a3 += x3.w * w3;                 \
        a4 += x4.x * w0; a4 += x4.y * w1; a4 += x4.z * w2; a4 += x4.w * w3;                 \
        a5 += x5.x * w0; a5 += x5.y * w1; a5 += x5.z * w2; a5 += x5.w * w3;                 \
        a6 += x6.x * w0; a6 += x6.y * w1; a6 += x6.z * w2; a6 += x6.w * w3;                 \
        a7 += x7.x * w0; a7 += x7.y * w1; a7 += x7.z * w2; a7 += x7.w * w3;                 \
    }

void main() {
    const uint K = pc.p[4], OH = pc.p[5], OW = pc.p[6];
    const uint KH = pc.p[7], KW = pc.p[8], sh = pc.p[9], sw = pc.p[10], dh = pc.p[11], dw = pc.p[12];
    const uint groups = pc.p[15];
    const uint quads_image = pc.p[24], quads_c = quads_image / groups, kg = K / groups;
    const uint blocks = (kg + 15u) / 16u;
    const uint block = gl_WorkGroupID.y;
    const uint g = block / blocks;
    const uint k0 = g * kg + (block % blocks) * 16u;
    const uint lanes = min(16u, g * kg + kg - k0);
    const uint pixels = pc.p[21], octets = pc.p[20];
    const uint HP = pc.p[22], WP = pc.p[23], plane = HP * WP;
    // The sums start from the block's bias, where binding 7 holds it: 4 fetches instead of a load per output.
    vec4 bias0 = vec4(0.0), bias1 = vec4(0.0), bias2 = vec4(0.0), bias3 = vec4(0.0);
    if (pc.p[25] != 0u) {
        const int at = int(pc.p[25] + block * 4u);
        bias0 = texelFetch(packed_filters, at);
        bias1 = texelFetch(packed_filters, at + 1);
        bias2 = texelFetch(packed_filters, at + 2);
        bias3 = texelFetch(packed_filters, at + 3);
    }
    for (uint octet = first_item(); octet < octets; octet += item_stride()) {
        const Pixel p0 = pixel_at(octet * 8u + 0u, pixels, OH, OW);
        const Pixel p1 = pixel_at(octet * 8u + 1u, pixels, OH, OW);
        const Pixel p2 = pixel_at(octet * 8u + 2u, pixels, OH, OW);
        const Pixel p3 = pixel_at(octet * 8u + 3u, pixels, OH, OW);
        const Pixel p4 = pixel_at(octet * 8u + 4u, pixels, OH, OW);
        const Pixel p5 = pixel_at(octet * 8u + 5u, pixels, OH, OW);
        const Pixel p6 = pixel_at(octet * 8u + 6u, pixels, OH, OW);
        const Pixel p7 = pixel_at(octet * 8u + 7u, pixels, OH, OW);
        // Texel of each pixel's first input channel quad at filter position (0, 0); in layout c4 the input is
        // the producer's output, from texel pc.off[0] of its view.
        const uint first = g * quads_c;
        const uint origin = INPUT_C4 ? pc.off[0] : 0u;
        const uint b0 = ((p0.n * quads_image + first) * HP + p0.oh * sh) * WP + p0.ow * sw + origin;
        const uint b1 = ((p1.n * quads_image + first) * HP + p1.oh * sh) * WP + p1.ow * sw + origin;
        const uint b2 = ((p2.n * quads_image + first) * HP + p2.oh * sh) * WP + p2.ow * sw + origin;
        const uint b3 = ((p3.n * quads_image + first) * HP + p3.oh * sh) * WP + p3.ow * sw + origin;
        const uint b4 = ((p4.n * quads_image + first) * HP + p4.oh * sh) * WP + p4.ow * sw + origin;
        const uint b5 = ((p5.n * quads_image + first) * HP + p5.oh * sh) * WP + p5.ow * sw + origin;
        const uint b6 = ((p6.n * quads_image + first) * HP + p6.oh * sh) * WP + p6.ow * sw + origin;
        const uint b7 = ((p7.n * quads_image + first) * HP + p7.oh * sh) * WP + p7.ow * sw + origin;
        vec4 a00 = bias0, a01 = bias1, a02 = bias2, a03 = bias3;
        vec4 a10 = bias0, a11 = bias1, a12 = bias2, a13 = bias3;
        vec4 a20 = bias0, a21 = bias1, a22 = bias2, a23 = bias3;
        vec4 a30 = bias0, a31 = bias1, a32 = bias2, a33 = bias3;
        vec4 a40 = bias0, a41 = bias1, a42 = bias2, a43 = bias3;
        vec4 a50 = bias0, a51 = bias1, a52 = bias2, a53 = bias3;
        vec4 a60 = bias0, a61 = bias1, a62 = bias2, a63 = bias3;
        vec4 a70 = bias0, a71 = bias1, a72 = bias2, a73 = bias3;
        int f = int(block * KH * KW * quads_c * 16u);
        for (uint kh = 0u; kh < KH; ++kh) {
            for (uint kw = 0u; kw < KW; ++kw) {
                const uint shift = kh * dh * WP + kw * dw;
                int t = int(shift);
                for (uint q = 0u; q < quads_c; ++q, f += 16, t += int(plane)) {
                    const vec4 x0 = texelFetch(packed_input, int(b0) + t);
                    const vec4 x1 = texelFetch(packed_input, int(b1) + t);
                    const vec4 x2 = texelFetch(packed_input, int(b2) + t);
                    const vec4 x3 = texelFetch(packed_input, int(b3) + t);
                    const vec4 x4 = texelFetch(packed_input, int(b4) + t);
                    const vec4 x5 = texelFetch(packed_input, int(b5) + t);
                    const vec4 x6 = texelFetch(packed_input, int(b6) + t);
                    const vec4 x7 = texelFetch(packed_input, int(b7) + t);
                    QUAD(0, a00, a10, a20, a30, a40, a50, a60, a70)
                    QUAD(1, a01, a11, a21, a31, a41, a51, a61, a71)
                    QUAD(2, a02, a12, a22, a32, a42, a52, a62, a72)
                    QUAD(3, a03, a13, a23, a33, a43, a53, a63, a73)
                }
            }
        }
        store(p0, K, OH, OW, k0, lanes, a00, a01, a02, a03);
        store(p1, K, OH, OW, k0, lanes, a10, a11, a12, a13);
        store(p2, K, OH, OW, k0, lanes, a20, a21, a22, a23);
        store(p3, K, OH, OW, k0, lanes, a30, a31, a32, a33);
        store(p4, K, OH, OW, k0, lanes, a40, a41, a42, a43);
        store(p5, K, OH, OW, k0, lanes, a50, a51, a52, a53);
        store(p6, K, OH, OW, k0, lanes, a60, a61, a62, a63);
        store(p7, K, OH, OW, k0, lanes, a70, a71, a72, a73);
    }
}
