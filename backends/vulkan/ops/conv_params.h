// SPDX-License-Identifier: Apache-2.0
// The convolution shaders' parameters (conv.comp, conv_block.comp, conv_texel.comp and conv_epilogue.glsl;
// ops/params.h), filled in ops/convolution.cpp. layouts.cpp and specialization() (kernels.cpp) still read and
// set some by their word index (modes is word 16, activation 17, groups 15, out_channels 4, the padded plane
// 22 and 23): keep the order.
#ifndef DEVMUX_VULKAN_CONV_PARAMS_H
#define DEVMUX_VULKAN_CONV_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
struct ConvParams {
    uint batch;  // N
    uint channels;  // C
    uint height;
    uint width;
    uint out_channels;  // K
    uint out_height;
    uint out_width;
    uint kernel_h;
    uint kernel_w;
    uint stride_h;
    uint stride_w;
    uint dilation_h;
    uint dilation_w;
    uint pad_top;
    uint pad_left;
    uint groups;
    // The epilogue's operand modes (conv_epilogue.glsl) and conv_texel's layout bits: specialization constant 0.
    uint modes;
    uint activation;  // the epilogue's activation (ops/convolution.cpp FusedAct): specialization constant 1
    float clamp_min;
    float clamp_max;
    // conv: the invocations' items; conv_block: quads of output pixels; conv_texel: tiles of output pixels.
    uint items;
    uint pixels;  // conv_block, conv_texel: N * OH * OW
    // conv_texel: the plane binding 6 holds (padding included), the quads of input channels, and the texel of
    // binding 7 where the bias starts (0: none, the epilogue adds it).
    uint padded_height;
    uint padded_width;
    uint input_quads;
    uint bias_texel;
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(ConvParams)

#endif
