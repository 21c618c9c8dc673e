// SPDX-License-Identifier: Apache-2.0
// reduce.comp's parameters (ops/params.h), filled in ops/reduce.cpp: a reduction over the middle of
// [outer, reduced, inner].
#ifndef DEVMUX_VULKAN_REDUCE_PARAMS_H
#define DEVMUX_VULKAN_REDUCE_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
// The reductions of reduce.comp (ReduceParams::op).
#define DEVMUX_REDUCE_SUM 0u
#define DEVMUX_REDUCE_MEAN 1u
#define DEVMUX_REDUCE_MAX 2u
#define DEVMUX_REDUCE_MIN 3u
#define DEVMUX_REDUCE_PROD 4u
#define DEVMUX_REDUCE_L1 5u
#define DEVMUX_REDUCE_L2 6u

struct ReduceParams {
    uint outer;
    uint reduced;
    uint inner;
    uint op;     // DEVMUX_REDUCE_*; specialization constant 0
    uint items;  // outer * inner
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(ReduceParams)

#endif
