// SPDX-License-Identifier: Apache-2.0
// ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceProd (ops/reduce.cpp).
#include "reduce.h"

// Reduction over the dimensions flagged in `reduced` (1) of an 8-d input of shape `dims`; one output element
// per work-item. op: 0 sum, 1 mean, 2 max, 3 min, 4 prod.
__kernel void reduce(__global const real* x, int x_off, __global real* y, int y_off, const ReduceParams params) {
    const int count = params.count, op = params.op;
    const int i = GID();
    if (i >= count)
        return;
    // Strides of the input; the base offset of this output from its kept coordinates.
    int strides[8];
    int stride = 1;
    for (int d = 7; d >= 0; --d) {
        strides[d] = stride;
        stride *= params.dims[d];
    }
    int rest = i, base = 0, reduced_count = 1;
    for (int d = 7; d >= 0; --d) {
        if (params.reduced[d]) {
            reduced_count *= params.dims[d];
            continue;
        }
        const int extent = params.dims[d];
        base += (rest % extent) * strides[d];
        rest /= extent;
    }
    float acc = op == 2 ? -INFINITY : (op == 3 ? INFINITY : (op == 4 ? 1.0f : 0.0f));
    for (int r = 0; r < reduced_count; ++r) {
        int left = r, off = base;
        for (int d = 7; d >= 0; --d) {
            if (!params.reduced[d])
                continue;
            const int extent = params.dims[d];
            off += (left % extent) * strides[d];
            left /= extent;
        }
        const float v = (float)x[x_off + off];
        if (op == 2)
            acc = fmax(acc, v);
        else if (op == 3)
            acc = fmin(acc, v);
        else if (op == 4)
            acc *= v;
        else
            acc += v;
    }
    y[y_off + i] = (real)(op == 1 ? acc / (float)reduced_count : acc);
}

// A reduction over the innermost `length` contiguous elements, one output per work-item. op as for reduce.
__kernel void reduce_rows(__global const real* x, int x_off, __global real* y, int y_off, const ReduceParams params) {
    const int count = params.count, length = params.row_length, op = params.op;
    const int i = GID();
    if (i >= count)
        return;
    __global const real* row = x + x_off + (size_t)i * length;
    const float init = op == 2 ? -INFINITY : (op == 3 ? INFINITY : (op == 4 ? 1.0f : 0.0f));
    float8 acc8 = (float8)(init);
    int k = 0;
    for (; k + 8 <= length; k += 8) {
        const float8 v = convert_float8(vload8(0, row + k));
        acc8 = op == 2 ? fmax(acc8, v) : (op == 3 ? fmin(acc8, v) : (op == 4 ? acc8 * v : acc8 + v));
    }
    float t[8];
    vstore8(acc8, 0, t);
    float acc = init;
    for (int q = 0; q < 8; ++q)
        acc = op == 2 ? fmax(acc, t[q]) : (op == 3 ? fmin(acc, t[q]) : (op == 4 ? acc * t[q] : acc + t[q]));
    for (; k < length; ++k) {
        const float v = (float)row[k];
        acc = op == 2 ? fmax(acc, v) : (op == 3 ? fmin(acc, v) : (op == 4 ? acc * v : acc + v));
    }
    y[y_off + i] = (real)(op == 1 ? acc / (float)length : acc);
}
