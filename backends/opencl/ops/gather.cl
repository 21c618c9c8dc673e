// SPDX-License-Identifier: Apache-2.0
// Gather-1/7/8 (GatherParams), any element size, i32 or i64 indices read on the device (they may be computed
// by the model). An index outside the axis yields zeros: Gather-8's rule; Gather-1/7 leave it undefined.
#include "gather.h"

#define GATHER_KERNEL(name, T, I)                                                                            \
    __kernel void name(__global const T* x, int x_off, __global const I* indices, int indices_off,           \
                       __global T* y, int y_off, const GatherParams p) {                                           \
        const int i = GID();                                                                 \
        if (i >= p.count)                                                                                    \
            return;                                                                                          \
        const int k = i % p.inner;                                                                           \
        const int row = i / p.inner;                                                                         \
        const int j = row % p.per_batch;                                                                     \
        const int slice = row / p.per_batch; /* batch * outer + o */                                         \
        const int b = slice / p.outer;                                                                       \
        long index = (long)indices[indices_off + b * p.per_batch + j];                                       \
        if (index < 0 && p.negative_indices)                                                                 \
            index += p.axis_extent;                                                                          \
        y[y_off + i] = index >= 0 && index < p.axis_extent                                                   \
                           ? x[x_off + (slice * p.axis_extent + (int)index) * p.inner + k]                   \
                           : (T)0;                                                                           \
    }
GATHER_KERNEL(gather_8_i32, uchar, int)
GATHER_KERNEL(gather_16_i32, ushort, int)
GATHER_KERNEL(gather_32_i32, uint, int)
GATHER_KERNEL(gather_64_i32, ulong, int)
GATHER_KERNEL(gather_8_i64, uchar, long)
GATHER_KERNEL(gather_16_i64, ushort, long)
GATHER_KERNEL(gather_32_i64, uint, long)
GATHER_KERNEL(gather_64_i64, ulong, long)
#undef GATHER_KERNEL
