// SPDX-License-Identifier: Apache-2.0
// The parameters of the eltwise kernels (ops/eltwise.cl), shared with the host (ops/eltwise.cpp): C structs of
// 32-bit fields and int arrays, which C++ and OpenCL C lay out alike.
#ifndef DEVMUX_OPENCL_ELTWISE_H
#define DEVMUX_OPENCL_ELTWISE_H

// eltwise_binary and eltwise_binary_same (which reads count and op only).
typedef struct EltwiseBinaryParams {
    int count;
    int op;    // apply_binary's code: Add 0, Subtract 1, Multiply 2, Divide 3, Maximum 4, Minimum 5, Power 6,
               // SquaredDifference 7, PRelu 8
    int rank;  // the index decomposes over the last `rank` of the 8 dimensions
    int dims[8];
    int a_strides[8];  // per dimension, 0 where the operand is broadcast
    int b_strides[8];
} EltwiseBinaryParams;

typedef struct EltwiseUnaryParams {
    int count;
    int op;  // apply_unary's code (unary_functions.clh)
    float p0, p1;  // Clamp's min and max, Elu's alpha
} EltwiseUnaryParams;

#endif
