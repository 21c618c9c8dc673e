// SPDX-License-Identifier: Apache-2.0
// The parameters of the convert and copy_bytes kernels (ops/convert.cl), shared with the host (ops/convert.cpp).
#ifndef DEVMUX_OPENCL_CONVERT_H
#define DEVMUX_OPENCL_CONVERT_H

typedef struct ConvertParams {
    int count;     // elements (copy_bytes: bytes)
    int from, to;  // convert's type codes: 0 f32, 1 f16, 2 i32, 3 raw 32-bit copy, 4 i64, 5 u8, 6 i8, 7 bf16
} ConvertParams;

#endif
