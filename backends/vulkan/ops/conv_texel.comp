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
// Parameters: ops/conv_params.h (items: tiles of TILE output pixels; bias_texel: where binding 7 holds 4 texels of
// bias per block, then the epilogue adds none, 0 for none). The dispatch is one-dimensional over (tile, block of 16
// channels, part of the block) items; each invocation computes TILE pixels x QUADS quads of channels (specialization
// constants 3 and 4, Device::conv_texel_tile). On lavapipe 16 x 4: per quad of input channels, 16 input and 16
// filter fetches for 1024 multiply-adds, as llvmpipe pays per texel fetch (a call of its sampling function, about 60
// instructions per 8 lanes), not per multiply-add: 16 pixels measured 1.2-1.4x faster than 8 on SqueezeNet, 32
// slower (and 3.5 s of pipeline compilation). GPUs fetch cheaply and need invocations: 1 x 1 there.
// Bits 8 and 9 of specialization constant 0 (the epilogue's operand modes, conv_epilogue.glsl) say where the
// input and output are in layout c4, [C/4][H][W] texels of 4 channels with no padding (one image): with bit
// 8 (INPUT_C4; only for filters that read no padding) binding 6 is the producer's output itself, its first
// texel at pc.off[0], HP and WP are H and W (no pack_c4 pass); with bit 9 (OUTPUT_C4) the output is written in
// that layout for the consumers that read it.
#version 450
#extension GL_EXT_control_flow_attributes : require
#define LOCAL_SIZE 8
#include "conv_params.h"
#define DEVMUX_PARAMS ConvParams
#include "common.glsl"
#include "conv_epilogue.glsl"
// Output pixels, and quads of output channels of the block, per invocation. The arrays keep the largest sizes
// (glslc 2023 crashes on arrays sized by specialization constants); the driver drops what the loops never touch.
layout(constant_id = 3) const uint TILE = 16u;
layout(constant_id = 4) const uint QUADS = 4u;
#define MAX_TILE 16

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

layout(std430, set = 0, binding = 5) writeonly buffer Output4 { real4 out4[]; };

// c4 with the block's channels starting at a quad (bit 10, OUTPUT_C4_QUADS): one vec4 store per quad of
// channels, where llvmpipe's lane loop then runs once per quad instead of once per channel.
void store_quad(uint at, uint k, uint index, vec4 sums) {
    const afloat4 rounded = afloat4(sums);
    out4[at] = real4(finish(rounded.x, k, index), finish(rounded.y, k + 1u, index + 1u),
                     finish(rounded.z, k + 2u, index + 2u), finish(rounded.w, k + 3u, index + 3u));
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
    const vec4 sums[4] = vec4[4](a0, a1, a2, a3);
    [[unroll]] for (uint l = 0u; l < 16u; ++l) {
        if (l >= lanes) break;
        const float sum = sums[l / 4u][l % 4u];
        // c4 (one image): channel k of the pixel is component k % 4 of texel k / 4 of the pixel's plane.
        const uint k = k0 + l;
        const uint index = OUTPUT_C4 ? ((k / 4u) * plane + place) * 4u + k % 4u : base + l * plane;
        out0[pc.off[5] + index] = real(finish(afloat(sum), k, index));
    }
}

void main() {
    const uint K = pc.p.out_channels, OH = pc.p.out_height, OW = pc.p.out_width;
    const uint KH = pc.p.kernel_h, KW = pc.p.kernel_w, sh = pc.p.stride_h, sw = pc.p.stride_w;
    const uint dh = pc.p.dilation_h, dw = pc.p.dilation_w;
    const uint groups = pc.p.groups;
    const uint quads_image = pc.p.input_quads, quads_c = quads_image / groups, kg = K / groups;
    const uint blocks = (kg + 15u) / 16u, parts = 4u / QUADS;
    const uint pixels = pc.p.pixels, tiles = pc.p.items;
    const uint HP = pc.p.padded_height, WP = pc.p.padded_width, plane = HP * WP;
    const uint origin = INPUT_C4 ? pc.off[0] : 0u;
    // Tiles first: the lanes of a work group may work on different blocks, which costs llvmpipe nothing (it
    // fetches lane by lane anyway) and keeps every lane busy where a layer has few tiles (conv10 of
    // SqueezeNet: 11 tiles of 16 pixels, 63 blocks).
    for (uint item = first_item(); item < tiles * groups * blocks * parts; item += item_stride()) {
        const uint tile = item % tiles, rest = item / tiles, block = rest / parts, j0 = (rest % parts) * QUADS;
        const uint g = block / blocks;
        const uint k0 = g * kg + (block % blocks) * 16u + j0 * 4u;
        const uint group_end = g * kg + kg;
        if (k0 >= group_end)
            continue;  // a part past the last channel of the group's last block
        const uint lanes = min(QUADS * 4u, group_end - k0);
        // The sums start from the block's bias, where binding 7 holds it: a fetch per quad instead of a load
        // per output.
        vec4 bias[4];
        [[unroll]] for (uint j = 0u; j < QUADS; ++j)
            bias[j] = pc.p.bias_texel != 0u ? texelFetch(packed_filters, int(pc.p.bias_texel + block * 4u + j0 + j))
                                            : vec4(0.0);
        // Texel of each pixel's first input channel quad at filter position (0, 0); in layout c4 the input is
        // the producer's output, from texel pc.off[0] of its view.
        Pixel p[MAX_TILE];
        int at[MAX_TILE];
        vec4 sums[MAX_TILE][4];
        [[unroll]] for (uint i = 0u; i < TILE; ++i) {
            p[i] = pixel_at(tile * TILE + i, pixels, OH, OW);
            at[i] = int(((p[i].n * quads_image + g * quads_c) * HP + p[i].oh * sh) * WP + p[i].ow * sw + origin);
            [[unroll]] for (uint j = 0u; j < QUADS; ++j)
                sums[i][j] = bias[j];
        }
        int f = int(block * KH * KW * quads_c * 16u + j0);
        for (uint kh = 0u; kh < KH; ++kh) {
            for (uint kw = 0u; kw < KW; ++kw) {
                int t = int(kh * dh * WP + kw * dw);
                for (uint q = 0u; q < quads_c; ++q, f += 16, t += int(plane)) {
                    vec4 x[MAX_TILE];
                    [[unroll]] for (uint i = 0u; i < TILE; ++i)
                        x[i] = texelFetch(packed_input, at[i] + t);
                    // Per quad j of the part's output channels, its 4 filter texels (one per input channel),
                    // then each pixel's sum updated 4 times in a row: per sum the additions keep the order of
                    // the input channels, and LLVM loads and stores a spilled sum once per quad of input
                    // channels instead of once per input channel. In the f16 variant the quad's 4 products
                    // and their sum are f16, added to the f32 sum once.
                    [[unroll]] for (int j = 0; j < int(QUADS); ++j) {
                        const afloat4 w0 = afloat4(texelFetch(packed_filters, f + j));
                        const afloat4 w1 = afloat4(texelFetch(packed_filters, f + 4 + j));
                        const afloat4 w2 = afloat4(texelFetch(packed_filters, f + 8 + j));
                        const afloat4 w3 = afloat4(texelFetch(packed_filters, f + 12 + j));
                        [[unroll]] for (uint i = 0u; i < TILE; ++i) {
#ifdef DEVMUX_F16
                            const afloat4 xi = afloat4(x[i]);
                            sums[i][j] += vec4(xi.x * w0 + xi.y * w1 + xi.z * w2 + xi.w * w3);
#else
                            vec4 sum = sums[i][j];
                            sum += x[i].x * w0;
                            sum += x[i].y * w1;
                            sum += x[i].z * w2;
                            sum += x[i].w * w3;
                            sums[i][j] = sum;
#endif
                        }
                    }
                }
            }
        }
        [[unroll]] for (uint i = 0u; i < TILE; ++i)
            store(p[i], K, OH, OW, k0, lanes, sums[i][0], sums[i][1], sums[i][2], sums[i][3]);
    }
}
