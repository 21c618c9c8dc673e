// SPDX-License-Identifier: Apache-2.0
// Softmax (ops/softmax.cpp).
#include "softmax.h"

// Softmax along an axis of `length` elements, `inner` apart; one (outer, inner) line per work-item.
__kernel void softmax(__global const real* x, int x_off, __global real* y, int y_off, const SoftmaxParams params) {
    const int count = params.count, length = params.length, inner = params.inner;
    const int i = GID();
    if (i >= count)
        return;
    const int base = (i / inner) * length * inner + i % inner;
    float top = -INFINITY;
    for (int k = 0; k < length; ++k)
        top = fmax(top, (float)x[x_off + base + k * inner]);
    float sum = 0.0f;
    for (int k = 0; k < length; ++k)
        sum += exp((float)x[x_off + base + k * inner] - top);
    for (int k = 0; k < length; ++k)
        y[y_off + base + k * inner] = (real)(exp((float)x[x_off + base + k * inner] - top) / sum);
}
