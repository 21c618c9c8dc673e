// SPDX-License-Identifier: Apache-2.0
// The comparisons (f32 or i32 operands, a boolean of one byte per element) and Select (a boolean condition choosing
// between two operands of 32-bit elements), under numpy broadcasting (ComparisonParams).
#include "comparison.h"

inline int comparison_offset(int i, const ComparisonParams* p, int operand) {
    int rest = i, off = 0;
    for (int d = 0; d < p->rank; ++d) {
        const int extent = p->out_dims[d];
        off += (rest % extent) * p->strides[operand][d];
        rest /= extent;
    }
    return off;
}

// op: 0 Equal, 1 NotEqual, 2 Less, 3 LessEqual, 4 Greater, 5 GreaterEqual. f32 operands load from the storage
// type into float; i32 ones compare as integers.
#define COMPARISON_KERNEL(name, T, V)                                                                            \
    __kernel void name(__global const T* a, int a_off, __global const T* b, int b_off, __global uchar* y, int y_off, \
                       const ComparisonParams p) {                                                               \
        const int i = GID();                                                                                     \
        if (i >= p.count)                                                                                        \
            return;                                                                                              \
        const V u = (V)a[a_off + comparison_offset(i, &p, 0)];                                                   \
        const V v = (V)b[b_off + comparison_offset(i, &p, 1)];                                                   \
        bool result;                                                                                             \
        switch (p.op) {                                                                                          \
        case 0: result = u == v; break;                                                                          \
        case 1: result = u != v; break;                                                                          \
        case 2: result = u < v; break;                                                                           \
        case 3: result = u <= v; break;                                                                          \
        case 4: result = u > v; break;                                                                           \
        default: result = u >= v; break;                                                                         \
        }                                                                                                        \
        y[y_off + i] = result ? 1 : 0;                                                                           \
    }
COMPARISON_KERNEL(comparison_f32, real, float)
COMPARISON_KERNEL(comparison_i32, int, int)
#undef COMPARISON_KERNEL

__kernel void comparison_select_32(__global const uchar* condition, int condition_off, __global const uint* then_value,
                                   int then_off, __global const uint* else_value, int else_off, __global uint* y,
                                   int y_off, const ComparisonParams p) {
    const int i = GID();
    if (i >= p.count)
        return;
    y[y_off + i] = condition[condition_off + comparison_offset(i, &p, 0)]
                       ? then_value[then_off + comparison_offset(i, &p, 1)]
                       : else_value[else_off + comparison_offset(i, &p, 2)];
}

// Convert from boolean: `one` holds the bits of the target type's 1 (1.0f or the integer 1).
__kernel void comparison_boolean_to_32(__global const uchar* x, int x_off, __global uint* y, int y_off, int count,
                                       uint one) {
    const int i = GID();
    if (i >= count)
        return;
    y[y_off + i] = x[x_off + i] ? one : 0u;
}

// Convert f32 to boolean: any value other than zero (NaN too) is true.
__kernel void comparison_f32_to_boolean(__global const real* x, int x_off, __global uchar* y, int y_off, int count) {
    const int i = GID();
    if (i >= count)
        return;
    y[y_off + i] = (float)x[x_off + i] != 0.0f ? 1 : 0;
}
