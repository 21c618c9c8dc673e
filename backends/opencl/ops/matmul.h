// SPDX-License-Identifier: Apache-2.0
// The parameters of the matmul kernel (ops/matmul.cl), shared with the host (ops/matmul.cpp).
#ifndef DEVMUX_OPENCL_MATMUL_H
#define DEVMUX_OPENCL_MATMUL_H

typedef struct MatmulParams {
    int count;  // work-items: batches x row blocks of 4 x column blocks of 8
    int m, n, k;
    int trans;  // bit 0 transposes a, bit 1 transposes b
} MatmulParams;

#endif
