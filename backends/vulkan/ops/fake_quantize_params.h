// SPDX-License-Identifier: Apache-2.0
// fake_quantize.comp's parameters (ops/params.h): the host fills them in ops/fake_quantize.cpp.
#ifndef DEVMUX_VULKAN_FAKE_QUANTIZE_PARAMS_H
#define DEVMUX_VULKAN_FAKE_QUANTIZE_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
// How each of the four ranges (input_low, input_high, output_low, output_high) is read: 2 bits per range, the
// range's input index less 1 times 2 as shift, in specialization constant 0 (FakeQuantizeParams::range_modes).
#define DEVMUX_FQ_RANGE_ONE 1u          // one value
#define DEVMUX_FQ_RANGE_PER_CHANNEL 2u  // one value per channel (axis 1)
#define DEVMUX_FQ_RANGE_PER_VALUE 3u    // one value per element (the data's shape)

struct FakeQuantizeParams {
    uint items;              // values
    uint channels;           // extent of axis 1 (1 for a rank below 2)
    uint per_channel;        // values per channel of an image: the product of the axes after axis 1
    float levels_minus_one;  // levels - 1
    uint range_modes;        // DEVMUX_FQ_RANGE_* of each range; specialization constant 0
    uint rows;               // 1: one row (image and channel) per work group along y, its channel found once per
                             // invocation instead of a division per value; specialization constant 1
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(FakeQuantizeParams)

#endif
