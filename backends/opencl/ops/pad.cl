// SPDX-License-Identifier: Apache-2.0
// Pad-1 and Pad-12 (PadParams), any element size: pads may be negative (Pad-12), which only shifts where an
// output coordinate reads; the pad value is one element of `value` (or zero without one).
#include "pad.h"

#define PAD_KERNEL(name, T)                                                                                  \
    __kernel void name(__global const T* x, int x_off, __global const T* value, int value_off, __global T* y, \
                       int y_off, const PadParams p) {                                                              \
        const int i = GID();                                                                  \
        if (i >= p.count)                                                                                     \
            return;                                                                                           \
        int rest = i, off = 0;                                                                                \
        bool inside = true;                                                                                   \
        for (int d = 0; d < p.rank; ++d) {                                                                    \
            const int extent = p.out_dims[d], n = p.in_dims[d];                                               \
            int c = rest % extent - p.pads_begin[d];                                                          \
            rest /= extent;                                                                                   \
            if (c < 0 || c >= n) {                                                                            \
                switch (p.mode) {                                                                             \
                case 1: c = c < 0 ? 0 : n - 1; break;                                                         \
                case 2: c = c < 0 ? -c : 2 * (n - 1) - c; break;                                              \
                case 3: c = c < 0 ? -c - 1 : 2 * n - 1 - c; break;                                            \
                default: inside = false; break;                                                               \
                }                                                                                             \
            }                                                                                                 \
            off += c * p.in_strides[d];                                                                       \
        }                                                                                                     \
        y[y_off + i] = inside ? x[x_off + off] : (p.has_value ? value[value_off] : (T)0);                    \
    }
PAD_KERNEL(pad_8, uchar)
PAD_KERNEL(pad_16, ushort)
PAD_KERNEL(pad_32, uint)
PAD_KERNEL(pad_64, ulong)
#undef PAD_KERNEL
