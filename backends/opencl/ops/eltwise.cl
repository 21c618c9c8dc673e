// SPDX-License-Identifier: Apache-2.0
// Binary ops with numpy broadcasting, and unary ops (ops/eltwise.cpp).
#include "cl_common.clh"
#include "unary_functions.clh"
#include "eltwise.h"

// Offsets into two operands from the flat index of an output of shape `dims` (the last `rank` of 8
// dimensions; the host merges dimensions both operands step through alike, so `rank` is small), each operand
// with its own strides (0 where it is broadcast).
inline int2 broadcast_offsets(int index, const EltwiseBinaryParams* p) {
    int2 off = (int2)(0, 0);
    for (int d = 7; d >= 8 - p->rank; --d) {
        const int extent = p->dims[d];
        const int coord = index % extent;
        index /= extent;
        off.x += coord * p->a_strides[d];
        off.y += coord * p->b_strides[d];
    }
    return off;
}

inline float apply_binary(int op, float a, float b) {
    switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return a / b;
    case 4: return fmax(a, b);
    case 5: return fmin(a, b);
    case 6: return pow(a, b);
    case 7: return (a - b) * (a - b);
    case 8: return a >= 0.0f ? a : a * b;  // PRelu: b is the slope
    default: return 0.0f;
    }
}

// One output element per work-item: c = a (op) b with numpy broadcasting.
__kernel void eltwise_binary(__global const real* a, int a_off, __global const real* b, int b_off,
                             __global real* c, int c_off, const EltwiseBinaryParams p) {
    const int i = GID();
    if (i >= p.count)
        return;
    const int2 off = broadcast_offsets(i, &p);
    c[c_off + i] = (real)apply_binary(p.op, (float)a[a_off + off.x], (float)b[b_off + off.y]);
}

// The same for operands of equal shape (no index arithmetic).
__kernel void eltwise_binary_same(__global const real* a, int a_off, __global const real* b, int b_off,
                                  __global real* c, int c_off, const EltwiseBinaryParams p) {
    const int i = GID();
    if (i >= p.count)
        return;
    c[c_off + i] = (real)apply_binary(p.op, (float)a[a_off + i], (float)b[b_off + i]);
}

__kernel void eltwise_unary(__global const real* x, int x_off, __global real* y, int y_off,
                            const EltwiseUnaryParams p) {
    const int i = GID();
    if (i >= p.count)
        return;
    y[y_off + i] = (real)apply_unary(p.op, (float)x[x_off + i], p.p0, p.p1);
}
