// SPDX-License-Identifier: Apache-2.0
// The parameters of the gather kernels (ops/gather.cl), shared with the host (ops/gather.cpp).
#ifndef DEVMUX_OPENCL_GATHER_H
#define DEVMUX_OPENCL_GATHER_H

// Data viewed as [batch, outer, axis_extent, inner], indices as [batch, per_batch], the output as
// [batch, outer, per_batch, inner].
typedef struct GatherParams {
    int count;
    int inner;
    int per_batch;
    int outer;
    int axis_extent;
    int negative_indices;  // Gather-8: an index below 0 counts from the end of the axis
} GatherParams;

#endif
