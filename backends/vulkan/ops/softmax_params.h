// SPDX-License-Identifier: Apache-2.0
// softmax.comp's parameters (ops/params.h), filled in ops/softmax.cpp: Softmax or LogSoftmax over the
// middle of [outer, axis, inner].
#ifndef DEVMUX_VULKAN_SOFTMAX_PARAMS_H
#define DEVMUX_VULKAN_SOFTMAX_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
struct SoftmaxParams {
    uint outer;
    uint axis;         // extent of the axis
    uint inner;
    uint log_softmax;  // 1: LogSoftmax
    uint items;        // outer * inner
    uint cooperative;  // 1: a work group per item (few long rows); specialization constant 0
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(SoftmaxParams)

#endif
