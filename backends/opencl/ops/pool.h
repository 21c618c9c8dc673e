// SPDX-License-Identifier: Apache-2.0
// The parameters of the pooling kernels (ops/pool.cl), shared with the host (ops/pool.cpp).
#ifndef DEVMUX_OPENCL_POOL_H
#define DEVMUX_OPENCL_POOL_H

typedef struct PoolParams {
    int count;        // work-items
    int mode;         // 0 max, 1 average of the elements inside, 2 average counting the padding (pool2d only)
    int geometry[8];  // in H, W, out H, W, kernel H, W, stride H, W
    int pads[8];      // top, left, bottom, right, dilation H, W, 0, 0
} PoolParams;

#endif
