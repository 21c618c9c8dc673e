// SPDX-License-Identifier: Apache-2.0
// Parameters of the transposed convolution kernel, shared by the host code (ops/deconvolution.cpp) and the
// OpenCL C source (ops/deconvolution.cl): 32-bit fields only, so both sides lay them out alike.
#ifndef DEVMUX_OPENCL_OPS_DECONVOLUTION_H
#define DEVMUX_OPENCL_OPS_DECONVOLUTION_H

// Output channels one work-item computes; the packed filter is zero-padded to whole blocks per group.
#define DEVMUX_DECONVOLUTION_BLOCK 4

// ConvolutionBackpropData / GroupConvolutionBackpropData on NCHW data: output (n, oc, oy, ox) sums
// x[n, ic, iy, ix] * w[ic, oc, kh, kw] over the input channels of oc's group and the taps with
// oy = iy * stride_h + kh * dilation_h - pad_h (and alike for x).
typedef struct DeconvolutionParams {
    int count;            // work-items: batch * groups * blocks * out_h * stride_w * phase_columns
    int in_channels;      // per group
    int in_h;
    int in_w;
    int out_channels;     // per group
    int out_h;
    int out_w;
    int blocks;           // blocks of DEVMUX_DECONVOLUTION_BLOCK output channels per group
    int groups;
    int kernel_h;
    int kernel_w;
    int stride_h;
    int stride_w;
    int dilation_h;
    int dilation_w;
    int pad_h;            // pads_begin in effect
    int pad_w;
    int phase_columns;    // output columns of one phase (column % stride_w): ceil(out_w / stride_w)
} DeconvolutionParams;

#endif
