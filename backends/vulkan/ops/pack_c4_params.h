// SPDX-License-Identifier: Apache-2.0
// pack_c4.comp's parameters (ops/params.h), filled in ops/convolution.cpp (use_texel_convolution).
#ifndef DEVMUX_VULKAN_PACK_C4_PARAMS_H
#define DEVMUX_VULKAN_PACK_C4_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
struct PackC4Params {
    uint channels;
    uint height;
    uint width;
    uint padded_height;  // the plane conv_texel reads, padding included
    uint padded_width;
    uint pad_top;
    uint pad_left;
    uint items;          // texels written: N * ceil(C / 4) * padded_height * padded_width
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(PackC4Params)

#endif
