// SPDX-License-Identifier: Apache-2.0
// The parameters of the strided_copy kernel (ops/slice_copy.cl), shared with the host (ops/slice_copy.cpp).
#ifndef DEVMUX_OPENCL_SLICE_COPY_H
#define DEVMUX_OPENCL_SLICE_COPY_H

typedef struct SliceCopyParams {
    int count;  // 32-bit words copied
    int block;  // words in one block
    int x_stride, y_stride;  // words from one block to the next, in x and in y
} SliceCopyParams;

#endif
