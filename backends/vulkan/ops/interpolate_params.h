// SPDX-License-Identifier: Apache-2.0
// interpolate.comp's parameters (ops/params.h): the host fills them in ops/interpolate.cpp.
#ifndef DEVMUX_VULKAN_INTERPOLATE_PARAMS_H
#define DEVMUX_VULKAN_INTERPOLATE_PARAMS_H
#include "params.h"

DEVMUX_PARAMS_BEGIN
// How nearest rounds an input coordinate, per axis (InterpolateParams::rounding: the rows' code, then the
// columns' shifted left by 2; specialization constant 1). The reference's "simple" is ceil for a downscaled
// axis and floor otherwise (after clamping, truncation and floor pick the same index).
#define DEVMUX_INTERPOLATE_ROUND_PREFER_FLOOR 0u
#define DEVMUX_INTERPOLATE_ROUND_PREFER_CEIL 1u
#define DEVMUX_INTERPOLATE_FLOOR 2u
#define DEVMUX_INTERPOLATE_CEIL 3u

// Each axis maps output index o to the input coordinate x = o * scale + offset (in the padded input), both in
// 32.32 fixed point: a whole part and a fraction in units of 2^-32. The host checks, index by index, that the
// nearest indices so found are the reference's (ops/interpolate.cpp); integers make them the same on every device.
struct InterpolateParams {
    uint items;                 // output values
    uint in_h, in_w;            // the input's two innermost axes
    uint out_h, out_w;          // the output's
    uint padded_h, padded_w;    // the input's with pads_begin and pads_end: coordinates are clamped to these
    int pad_top, pad_left;      // pads_begin of the two axes
    uint row_scale_whole, row_scale_fraction;
    int row_offset_whole;
    uint row_offset_fraction;
    uint column_scale_whole, column_scale_fraction;
    int column_offset_whole;
    uint column_offset_fraction;
    uint row_snap, column_snap;  // nearest: the fraction's low bits rounded off first (interpolate.comp)
    uint linear;                // 1 linear (2 x 2 taps), 0 nearest; specialization constant 0
    uint rounding;              // DEVMUX_INTERPOLATE_* of the rows | of the columns << 2; specialization constant 1
};
DEVMUX_PARAMS_END
DEVMUX_PARAMS_FIT(InterpolateParams)

#endif
