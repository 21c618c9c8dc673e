// SPDX-License-Identifier: Apache-2.0
// The parameters of the pad kernels (ops/pad.cl), shared with the host (ops/pad.cpp).
#ifndef DEVMUX_OPENCL_PAD_H
#define DEVMUX_OPENCL_PAD_H

// The input coordinate of output coordinate c along an axis is c - pads_begin, mirrored or clamped back into
// [0, in_dims) by `mode` (0 constant, 1 edge, 2 reflect, 3 symmetric: ov::op::PadMode's order). Per-axis arrays
// hold the innermost axis at index 0 and use `rank`.
typedef struct PadParams {
    int count;
    int rank;
    int mode;
    int has_value;  // constant mode with a pad value input; else pads with zeros
    int out_dims[8];
    int in_dims[8];
    int pads_begin[8];
    int in_strides[8];
} PadParams;

#endif
