// SPDX-License-Identifier: Apache-2.0
// Concat and Split as strided copies of 32-bit words (ops/slice_copy.cpp).
#include "slice_copy.h"

// Copies `outer` blocks of `block` elements from x (blocks `x_stride` apart) to y (blocks `y_stride` apart):
// a Concat input into its slice, a Split output out of its slice. Element size in 32-bit words.
__kernel void strided_copy(__global const uint* x, int x_off, __global uint* y, int y_off,
                           const SliceCopyParams params) {
    const int count = params.count, block = params.block, x_stride = params.x_stride, y_stride = params.y_stride;
    const int i = GID();
    if (i >= count)
        return;
    const int outer = i / block, k = i % block;
    y[y_off + outer * y_stride + k] = x[x_off + outer * x_stride + k];
}
