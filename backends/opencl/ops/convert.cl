// SPDX-License-Identifier: Apache-2.0
// Convert and copies (ops/convert.cpp).
#include "convert.h"

// Element type conversions (codes: 0 f32, 1 f16, 2 i32, 3 raw 32-bit copy, 4 i64 (low word), 5 u8, 6 i8, 7 bf16).
inline float load_as_float(__global const void* p, int type, int i) {
    switch (type) {
    case 0: return ((__global const float*)p)[i];
    case 1: return vload_half(i, (__global const half*)p);
    case 2: return (float)((__global const int*)p)[i];
    case 4: return (float)((__global const long*)p)[i];
    case 5: return (float)((__global const uchar*)p)[i];
    case 6: return (float)((__global const char*)p)[i];
    // bf16 is the upper half of an f32.
    case 7: return as_float(((uint)((__global const ushort*)p)[i]) << 16);
    default: return 0.0f;
    }
}

// f32 to bf16, rounding to nearest even as OpenVINO's Convert does (NaN stays a quiet NaN).
inline ushort float_to_bf16(float v) {
    const uint bits = as_uint(v);
    if ((bits & 0x7fffffffu) > 0x7f800000u)
        return (ushort)((bits >> 16) | 0x40u);
    return (ushort)((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
}

__kernel void convert(__global const void* x, int x_off, __global void* y, int y_off, const ConvertParams params) {
    const int count = params.count, from = params.from, to = params.to;
    const int i = GID();
    if (i >= count)
        return;
    if (from == to && from == 3) {
        ((__global uint*)y)[y_off + i] = ((__global const uint*)x)[x_off + i];
        return;
    }
    if (from == to && from == 4) {
        ((__global long*)y)[y_off + i] = ((__global const long*)x)[x_off + i];
        return;
    }
    const float v = load_as_float(x, from, x_off + i);
    switch (to) {
    case 0: ((__global float*)y)[y_off + i] = v; break;
    case 1: vstore_half_rte(v, y_off + i, (__global half*)y); break;
    case 2: ((__global int*)y)[y_off + i] = convert_int_rtz(v); break;
    case 4: ((__global long*)y)[y_off + i] = convert_long_rtz(v); break;
    case 5: ((__global uchar*)y)[y_off + i] = convert_uchar_sat_rte(v); break;
    case 6: ((__global char*)y)[y_off + i] = convert_char_sat_rte(v); break;
    case 7: ((__global ushort*)y)[y_off + i] = float_to_bf16(v); break;
    default: break;
    }
}

// Byte copy for values of any type whose size is not a multiple of 4.
__kernel void copy_bytes(__global const uchar* x, int x_off, __global uchar* y, int y_off,
                         const ConvertParams params) {
    const int count = params.count;
    const int i = GID();
    if (i >= count)
        return;
    y[y_off + i] = x[x_off + i];
}
