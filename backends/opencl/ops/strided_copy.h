// SPDX-License-Identifier: Apache-2.0
// The parameters of the strided copy kernels (ops/strided_copy.cl), shared with the host (ops/strided_copy.cpp).
#ifndef DEVMUX_OPENCL_STRIDED_COPY_H
#define DEVMUX_OPENCL_STRIDED_COPY_H

// Output element i reads input element base + the sum over axes of (coordinate % in_extent when `modulo`) *
// strides (0 repeats, negative reverses). Per-axis arrays hold the innermost axis at index 0 and use `rank`.
typedef struct StridedCopyParams {
    int count;
    int rank;
    int base;
    int modulo;
    int out_dims[8];
    int in_extent[8];
    int strides[8];
} StridedCopyParams;

#endif
