// SPDX-License-Identifier: Apache-2.0
// matmul.comp's parameters (ops/params.h), filled in ops/matmul.cpp.
#ifndef DEVMUX_VULKAN_MATMUL_PARAMS_H
#define DEVMUX_VULKAN_MATMUL_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
struct MatMulParams {
    uint batch;
    uint m;
    uint n;
    uint k;
    uint transpose_a;
    uint transpose_b;
    uint batch_stride_a;  // 0: one matrix for every batch
    uint batch_stride_b;
    uint items;           // batch * ceil(m / 4) * ceil(n / 4): 4 x 4 output tiles
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(MatMulParams)

#endif
