// SPDX-License-Identifier: Apache-2.0
// pad.comp's parameters (ops/params.h): the host fills them in ops/pad.cpp (Pad and Tile).
#ifndef DEVMUX_VULKAN_PAD_PARAMS_H
#define DEVMUX_VULKAN_PAD_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
// Where an output coordinate outside the input reads: pad.comp's specialization constant 0 (the params fill
// the 26 words of the push constants).
#define DEVMUX_PAD_CONSTANT 0u   // the pad value
#define DEVMUX_PAD_EDGE 1u       // the nearest border value
#define DEVMUX_PAD_REFLECT 2u    // mirrored about the border value
#define DEVMUX_PAD_SYMMETRIC 3u  // mirrored, the border value repeated
#define DEVMUX_PAD_TILE 4u       // Tile: coordinate c of an axis reads c modulo the input's extent

struct PadParams {
    uint items;           // output values
    uint out_dims[6];     // output dims, outermost first, padded with 1s at the front
    uint in_dims[6];      // input dims, likewise
    int pads_begin[6];    // values added before each axis (negative: removed, Pad-12)
    uint in_strides[6];   // the input's strides
    float pad_value;      // DEVMUX_PAD_CONSTANT
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(PadParams)

#endif
