// SPDX-License-Identifier: Apache-2.0
// pool.comp's and pool_c4.comp's parameters (ops/params.h), filled in ops/pool.cpp. The c4 layout
// (layouts.cpp) divides `planes` and `items` by 4 for pool_c4 through their word indices (0 and 15), and
// specialization() reads `average` (word 13): keep the order.
#ifndef DEVMUX_VULKAN_POOL_PARAMS_H
#define DEVMUX_VULKAN_POOL_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
struct PoolParams {
    uint planes;      // N * C (pool_c4: C / 4, one image)
    uint height;
    uint width;
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
    uint average;      // 0 max, 1 average; specialization constant 0
    uint exclude_pad;  // average: divide by the taps inside the input only
    uint items;        // output values (pool_c4: output texels)
    uint pad_bottom;
    uint pad_right;
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(PoolParams)

#endif
