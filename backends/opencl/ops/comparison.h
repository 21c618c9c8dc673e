// SPDX-License-Identifier: Apache-2.0
// The parameters of the comparison and Select kernels (ops/comparison.cl), shared with the host
// (ops/comparison.cpp).
#ifndef DEVMUX_OPENCL_COMPARISON_H
#define DEVMUX_OPENCL_COMPARISON_H

// Numpy broadcasting: operand k of output element i is at the sum over axes of coordinate * strides[k][axis]
// (0 where it repeats). Per-axis arrays hold the innermost axis at index 0 and use `rank`.
typedef struct ComparisonParams {
    int count;
    int rank;
    int op;  // 0 Equal, 1 NotEqual, 2 Less, 3 LessEqual, 4 Greater, 5 GreaterEqual; unused by Select
    int unused;
    int out_dims[8];
    int strides[3][8];  // the comparison's two operands; Select's condition, then and else
} ComparisonParams;

#endif
