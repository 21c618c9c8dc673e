// SPDX-License-Identifier: Apache-2.0
// normalize.comp's parameters (ops/params.h): the host fills them in ops/normalize.cpp.
#ifndef DEVMUX_VULKAN_NORMALIZE_PARAMS_H
#define DEVMUX_VULKAN_NORMALIZE_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
// The normalisation (NormalizeParams::kind, specialization constant 0).
#define DEVMUX_NORMALIZE_MVN_MEAN_ONLY 0u     // MVN without variance normalisation: x - mean
#define DEVMUX_NORMALIZE_MVN_EPS_INSIDE 1u    // (x - mean) / sqrt(variance + eps)
#define DEVMUX_NORMALIZE_MVN_EPS_OUTSIDE 2u   // (x - mean) / (sqrt(variance) + eps)
#define DEVMUX_NORMALIZE_L2_ADD 3u            // x / sqrt(sum of squares + eps)
#define DEVMUX_NORMALIZE_L2_MAX 4u            // x / sqrt(max(sum of squares, eps))

struct NormalizeParams {
    uint outer, reduced, inner;  // the data as [outer, reduced, inner]: the middle axis is normalised
    uint items;                  // groups normalised together: outer * inner
    float eps;
    uint kind;                   // DEVMUX_NORMALIZE_*; specialization constant 0
    uint cooperative;            // 1: a work group per group of values; specialization constant 1
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(NormalizeParams)

#endif
