// SPDX-License-Identifier: Apache-2.0
// MVN and NormalizeL2 (normalize.h): one work-item per group, which reads its group two or three times (mean,
// variance or sum of squares, then the output). Sums run in blocks of 64 elements added to the total, so
// the rounding error grows with the number of blocks, not of elements.
#include "cl_common.clh"
#include "normalize.h"

// The element offset of a group's first element, and of a group's k-th element from it.
inline int normalize_offset(int index, int rank, const int* dims, const int* strides) {
    int offset = 0;
    for (int d = 0; d < rank; ++d) {
        offset += (index % dims[d]) * strides[d];
        index /= dims[d];
    }
    return offset;
}

// The sum over the group at `base` of x (power 1) or of (x - shift)^2 (power 2).
inline float normalize_sum(__global const real* x, int base, const NormalizeParams* p, int power, float shift) {
    const int inner = p->reduced_dims[0], inner_stride = p->reduced_strides[0];
    const int lines = p->group_size / inner;
    float total = 0.0f, partial = 0.0f;
    int in_block = 0;
    for (int line = 0; line < lines; ++line) {
        const int start = base + normalize_offset(line, p->reduced_rank - 1, p->reduced_dims + 1,
                                                  p->reduced_strides + 1);
        for (int j = 0; j < inner; ++j) {
            const float v = (float)x[start + j * inner_stride] - shift;
            partial += power == 1 ? v : v * v;
            if (++in_block == 64) {
                total += partial;
                partial = 0.0f;
                in_block = 0;
            }
        }
    }
    return total + partial;
}

__kernel void normalize_groups(__global const real* x, int x_off, __global real* y, int y_off, NormalizeParams p) {
    const int g = GID();
    if (g >= p.groups)
        return;
    const int base = normalize_offset(g, p.kept_rank, p.kept_dims, p.kept_strides);
    const float count = (float)p.group_size;
    float mean = 0.0f, scale = 1.0f;
    if (p.mode <= 2) {
        mean = normalize_sum(x, x_off + base, &p, 1, 0.0f) / count;
        if (p.mode > 0) {
            const float variance = normalize_sum(x, x_off + base, &p, 2, mean) / count;
            scale = 1.0f / (p.mode == 1 ? sqrt(variance + p.eps) : sqrt(variance) + p.eps);
        }
    } else {
        const float squares = normalize_sum(x, x_off + base, &p, 2, 0.0f);
        scale = 1.0f / sqrt(p.mode == 3 ? squares + p.eps : fmax(squares, p.eps));
    }
    const int inner = p.reduced_dims[0], inner_stride = p.reduced_strides[0];
    const int lines = p.group_size / inner;
    for (int line = 0; line < lines; ++line) {
        const int start = base + normalize_offset(line, p.reduced_rank - 1, p.reduced_dims + 1, p.reduced_strides + 1);
        for (int j = 0; j < inner; ++j) {
            const int at = start + j * inner_stride;
            y[y_off + at] = (real)(((float)x[x_off + at] - mean) * scale);
        }
    }
}
