// SPDX-License-Identifier: Apache-2.0
// The parameters every convolution kernel takes (ops/convolution.cl), shared with the host (ops/convolution.cpp).
#ifndef DEVMUX_OPENCL_CONVOLUTION_H
#define DEVMUX_OPENCL_CONVOLUTION_H

typedef struct ConvolutionParams {
    int count;        // work-items
    int geometry[8];  // in C, H, W, out C, H, W, kernel H, W (pointwise kernels: the plane as one row)
    int conv[8];      // stride H, W, dilation H, W, pad top, left, groups, 0
    int has_bias;
    int act;          // the fused activation: an apply_unary code (unary_functions.clh), 15 PRelu, -1 none
    float p0, p1;     // Clamp's min and max
    int slope_stride; // PRelu's slope: 0 scalar, 1 per channel
    int scale_shift[4];  // applied?, scale stride, shift stride (0: scalar, 1: per channel), 0
    int has_addend;
} ConvolutionParams;

#endif
