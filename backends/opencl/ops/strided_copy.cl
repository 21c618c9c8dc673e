// SPDX-License-Identifier: Apache-2.0
// Tile, Broadcast, Slice and StridedSlice as one strided copy (StridedCopyParams): the element moves as raw
// bits, so one kernel per element size serves every element type.
#include "strided_copy.h"

#define STRIDED_COPY_KERNEL(name, T)                                                                          \
    __kernel void name(__global const T* x, int x_off, __global T* y, int y_off, const StridedCopyParams p) {     \
        const int i = GID();                                                                 \
        if (i >= p.count)                                                                                    \
            return;                                                                                          \
        int rest = i, off = p.base;                                                                          \
        for (int d = 0; d < p.rank; ++d) {                                                                   \
            const int extent = p.out_dims[d];                                                                \
            const int c = rest % extent;                                                                     \
            rest /= extent;                                                                                  \
            off += (p.modulo ? c % p.in_extent[d] : c) * p.strides[d];                                       \
        }                                                                                                    \
        y[y_off + i] = x[x_off + off];                                                                       \
    }
STRIDED_COPY_KERNEL(strided_copy_8, uchar)
STRIDED_COPY_KERNEL(strided_copy_16, ushort)
STRIDED_COPY_KERNEL(strided_copy_32, uint)
STRIDED_COPY_KERNEL(strided_copy_64, ulong)
#undef STRIDED_COPY_KERNEL
