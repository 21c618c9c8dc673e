// SPDX-License-Identifier: Apache-2.0
// copy.comp's parameters (ops/params.h): a strided copy of a box of up to 6 dimensions, filled by
// copy_dispatch (ops/helpers.cpp).
#ifndef DEVMUX_VULKAN_COPY_PARAMS_H
#define DEVMUX_VULKAN_COPY_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
struct CopyParams {
    uint items;                  // values copied
    uint dims[6];                // the box, outermost first, padded with 1s at the front
    uint source_strides[6];      // per box dimension, in elements
    uint destination_strides[6];
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(CopyParams)

#endif
