// SPDX-License-Identifier: Apache-2.0
// Parameters of the Interpolate kernel, shared by the host code (ops/interpolate.cpp) and the OpenCL C source
// (ops/interpolate.cl): 32-bit fields only, so both sides lay them out alike.
#ifndef DEVMUX_OPENCL_OPS_INTERPOLATE_H
#define DEVMUX_OPENCL_OPS_INTERPOLATE_H

// The input positions one output row or column reads and their weights, computed on the host in double exactly
// as the reference does (nearest rounding, linear triangle weights, paddings). index -1: the tap reads nothing
// (a zero padding, or a second tap that nearest does not use).
typedef struct InterpolateTap {
    int index[2];
    float weight[2];
} InterpolateTap;

// Resizes the two innermost axes of planes of in_h x in_w into out_h x out_w. The tap table holds out_h row
// taps, then out_w column taps.
typedef struct InterpolateParams {
    int count;
    int in_h;
    int in_w;
    int out_h;
    int out_w;
} InterpolateParams;

#endif
