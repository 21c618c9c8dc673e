// SPDX-License-Identifier: Apache-2.0
// Parameters of the normalisation kernel (MVN, NormalizeL2), shared by the host code (ops/normalize.cpp) and the
// OpenCL C source (ops/normalize.cl): 32-bit fields and fixed arrays only, so both sides lay them out alike.
#ifndef DEVMUX_OPENCL_OPS_NORMALIZE_H
#define DEVMUX_OPENCL_OPS_NORMALIZE_H

// Runs of neighbouring axes that are all reduced or all kept merge into one, so a tensor of rank 8 or less has at
// most 4 of each kind.
#define DEVMUX_NORMALIZE_MAX_RUNS 4

// The elements that differ only along the reduced axes form a group; one work-item normalises one group.
// Arrays hold the innermost run at index 0.
typedef struct NormalizeParams {
    int groups;
    int group_size;  // elements per group
    int kept_rank;
    int reduced_rank;
    int kept_dims[DEVMUX_NORMALIZE_MAX_RUNS];
    int kept_strides[DEVMUX_NORMALIZE_MAX_RUNS];
    int reduced_dims[DEVMUX_NORMALIZE_MAX_RUNS];
    int reduced_strides[DEVMUX_NORMALIZE_MAX_RUNS];
    // 0: MVN, x - mean; 1: MVN, (x - mean) / sqrt(var + eps); 2: MVN, (x - mean) / (sqrt(var) + eps);
    // 3: NormalizeL2, x / sqrt(sum x^2 + eps); 4: NormalizeL2, x / sqrt(max(sum x^2, eps)).
    int mode;
    float eps;
} NormalizeParams;

#endif
