// SPDX-License-Identifier: Apache-2.0
// compare.comp's and select.comp's parameters (ops/params.h): the host fills them in ops/comparison.cpp.
// Booleans are bytes (OpenVINO's boolean), four to a 32-bit word of the binding.
#ifndef DEVMUX_VULKAN_COMPARE_PARAMS_H
#define DEVMUX_VULKAN_COMPARE_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
// The comparisons of compare.comp (CompareParams::op, specialization constant 0).
#define DEVMUX_COMPARE_EQUAL 0u
#define DEVMUX_COMPARE_NOT_EQUAL 1u
#define DEVMUX_COMPARE_LESS 2u
#define DEVMUX_COMPARE_LESS_EQUAL 3u
#define DEVMUX_COMPARE_GREATER 4u
#define DEVMUX_COMPARE_GREATER_EQUAL 5u

struct CompareParams {
    uint op;            // DEVMUX_COMPARE_*; specialization constant 0
    uint words;         // output words: items / 4, one invocation each
    uint items;         // output booleans, a multiple of 4
    uint dims[6];       // output dims, outermost first, padded with 1s at the front
    uint a_strides[6];  // strides of a per output dim (0 on broadcast dims)
    uint b_strides[6];  // strides of b per output dim
};

struct SelectParams {
    uint items;                 // output values
    uint dims[6];               // output dims, outermost first, padded with 1s at the front
    uint condition_strides[6];  // strides of the condition (booleans) per output dim (0 on broadcast dims)
    uint then_strides[6];       // of the values taken where the condition holds
    uint else_strides[6];       // of the others
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(CompareParams)
DEVMUX_PARAMS_FIT(SelectParams)

#endif
