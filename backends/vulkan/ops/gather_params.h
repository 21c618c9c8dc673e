// SPDX-License-Identifier: Apache-2.0
// gather.comp's parameters (ops/params.h): the host fills them in ops/gather.cpp.
#ifndef DEVMUX_VULKAN_GATHER_PARAMS_H
#define DEVMUX_VULKAN_GATHER_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
struct GatherParams {
    uint items;              // output values: rows x per_batch x inner
    uint inner;              // values after the gathered axis
    uint per_batch;          // indices per batch (all of them when batch_dims is 0)
    uint outer;              // rows per batch: the data's values before the axis, after the batch dims
    uint extent;             // the gathered axis
    uint index_words;        // 32-bit words per index: 1 (i32) or 2 (i64)
    uint negative_from_end;  // 1: a negative index counts from the end (Gather-8)
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(GatherParams)

#endif
