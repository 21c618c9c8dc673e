// SPDX-License-Identifier: Apache-2.0
// Transpose of 32-bit words (ops/transpose.cpp).
#include "transpose.h"

// y[out index] = x[in offset] where the input offset comes from the output coordinates times the permuted
// input strides.
__kernel void transpose(__global const uint* x, int x_off, __global uint* y, int y_off,
                        const TransposeParams params) {
    const int count = params.count;
    const int i = GID();
    if (i >= count)
        return;
    int rest = i, off = 0;
    for (int d = 7; d >= 0; --d) {
        const int extent = params.out_dims[d];
        off += (rest % extent) * params.in_strides[d];
        rest /= extent;
    }
    y[y_off + i] = x[x_off + off];
}
