// SPDX-License-Identifier: Apache-2.0
// The parameters of the reduction kernels (ops/reduce.cl), shared with the host (ops/reduce.cpp).
#ifndef DEVMUX_OPENCL_REDUCE_H
#define DEVMUX_OPENCL_REDUCE_H

typedef struct ReduceParams {
    int count;       // outputs
    int op;          // 0 sum, 1 mean, 2 max, 3 min, 4 prod
    int row_length;  // reduce_rows: the innermost elements each output reduces
    int dims[8];     // reduce: the input shape, innermost dimension last
    int reduced[8];  // reduce: 1 on the reduced dimensions
} ReduceParams;

#endif
