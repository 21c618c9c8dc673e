// SPDX-License-Identifier: Apache-2.0
// The parameters of the fake_quantize kernel (ops/fake_quantize.cl), shared with the host (ops/fake_quantize.cpp).
#ifndef DEVMUX_OPENCL_FAKE_QUANTIZE_H
#define DEVMUX_OPENCL_FAKE_QUANTIZE_H

typedef struct FakeQuantizeParams {
    int count;
    int levels;
    int dims[8];        // the output shape, innermost dimension last
    int strides[4][8];  // of input_low, input_high, output_low, output_high broadcast to it (0 on broadcast dims)
} FakeQuantizeParams;

#endif
