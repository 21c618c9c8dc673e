// SPDX-License-Identifier: Apache-2.0
// The parameters of the transpose kernel (ops/transpose.cl), shared with the host (ops/transpose.cpp).
#ifndef DEVMUX_OPENCL_TRANSPOSE_H
#define DEVMUX_OPENCL_TRANSPOSE_H

typedef struct TransposeParams {
    int count;
    int out_dims[8];    // the output shape, innermost dimension last
    int in_strides[8];  // per output dimension, the stride of the input dimension it reads
} TransposeParams;

#endif
