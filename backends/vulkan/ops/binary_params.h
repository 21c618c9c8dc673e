// SPDX-License-Identifier: Apache-2.0
// binary.comp's parameters (ops/params.h): the host fills them in ops/eltwise.cpp.
#ifndef DEVMUX_VULKAN_BINARY_PARAMS_H
#define DEVMUX_VULKAN_BINARY_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
// The op codes of binary.comp's `apply` (its specialization constant 0, BinaryParams::op).
#define DEVMUX_BINARY_ADD 0u
#define DEVMUX_BINARY_SUBTRACT 1u
#define DEVMUX_BINARY_MULTIPLY 2u
#define DEVMUX_BINARY_DIVIDE 3u
#define DEVMUX_BINARY_MAXIMUM 4u
#define DEVMUX_BINARY_MINIMUM 5u
#define DEVMUX_BINARY_POWER 6u
#define DEVMUX_BINARY_SQUARED_DIFFERENCE 7u
#define DEVMUX_BINARY_PRELU 8u
// How the operands are indexed (BinaryParams::layout_kind, specialization constant 1): the layouts other than
// the general one avoid the integer divisions of its index (llvmpipe runs them lane by lane).
#define DEVMUX_BINARY_GENERAL 0u          // any numpy broadcast, through dims and strides
#define DEVMUX_BINARY_BOTH_DENSE 1u       // a and b both dense in the output's shape
#define DEVMUX_BINARY_B_SCALAR 2u         // a dense, b one value
#define DEVMUX_BINARY_B_PER_CHANNEL 3u    // a dense, b one value per channel
#define DEVMUX_BINARY_B_PER_CHANNEL_ROWS 4u  // as 3, one row (image and channel) per work group along y

struct BinaryParams {
    uint op;                 // DEVMUX_BINARY_*; specialization constant 0
    uint items;              // output values
    uint dims[6];            // output dims, outermost first, padded with 1s at the front
    uint a_strides[6];       // strides of a per output dim (0 on broadcast dims)
    uint b_strides[6];       // strides of b per output dim
    uint layout_kind;        // DEVMUX_BINARY_GENERAL...; specialization constant 1
    uint channels;           // DEVMUX_BINARY_B_PER_CHANNEL*: the output's channels
    uint per_channel;        // DEVMUX_BINARY_B_PER_CHANNEL*: values per channel of an image
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(BinaryParams)

#endif
