// SPDX-License-Identifier: Apache-2.0
// Interpolate over the two innermost axes (nearest, linear, linear_onnx): one output element per work-item, the
// sum of at most 2 x 2 input elements weighted by the row and column taps the host computed (interpolate.h).
#include "cl_common.clh"
#include "interpolate.h"

__kernel void interpolate_2d(__global const real* x, int x_off, __global real* y, int y_off,
                             __global const InterpolateTap* taps, InterpolateParams p) {
    const int i = GID();
    if (i >= p.count)
        return;
    const int ox = i % p.out_w;
    const int rest = i / p.out_w;
    const int oy = rest % p.out_h;
    const int plane = rest / p.out_h;
    const InterpolateTap row = taps[oy];
    const InterpolateTap column = taps[p.out_h + ox];
    const int base = x_off + plane * p.in_h * p.in_w;
    float sum = 0.0f;
    for (int r = 0; r < 2; ++r) {
        if (row.index[r] < 0)
            continue;
        const int line = base + row.index[r] * p.in_w;
        float across = 0.0f;
        for (int c = 0; c < 2; ++c)
            if (column.index[c] >= 0)
                across += column.weight[c] * (float)x[line + column.index[c]];
        sum += row.weight[r] * across;
    }
    y[y_off + i] = (real)sum;
}
