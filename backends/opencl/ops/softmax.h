// SPDX-License-Identifier: Apache-2.0
// The parameters of the softmax kernel (ops/softmax.cl), shared with the host (ops/softmax.cpp).
#ifndef DEVMUX_OPENCL_SOFTMAX_H
#define DEVMUX_OPENCL_SOFTMAX_H

typedef struct SoftmaxParams {
    int count;   // lines along the axis
    int length;  // elements of a line
    int inner;   // the distance between them
} SoftmaxParams;

#endif
