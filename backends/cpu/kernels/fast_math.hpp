// SPDX-License-Identifier: Apache-2.0
// Elementary functions without branches or calls, for kernels whose loops over floats must vectorise.
#pragma once

#include <cstdint>
#include <cstring>

namespace devmux {
namespace cpu {

// exp(x) without branches or calls, so a loop over an array of floats vectorises at -O3 (std::exp is a scalar
// call per element: a BERT's softmax took a third of its time there). x = n ln2 + r with n = round(x / ln2)
// and |r| <= ln2/2, exp(r) by its Taylor polynomial to degree 7 (truncation below 6e-9), times 2^n built in the
// exponent bits. Measured against double exp over [-87, 88]: relative error below 2e-7 (1.02e-7 seen). Below
// -87 (-inf included) it returns 0, the true value being under 1.7e-38; NaN stays NaN; above 88 the result is
// undefined (softmax only passes x - max <= 0). No clamp or float select: GCC (trapping math) will not
// vectorise a loop whose float arithmetic it has split into branches around a select, so out-of-range lanes
// are computed like the others and masked out at the end.
inline __attribute__((always_inline)) float exp_branch_free(float x) {
    // Round to nearest by adding 1.5 * 2^23: the sum's last mantissa bits are then the integer n.
    const float shifter = 12582912.0f;
    const float shifted = x * 1.44269504088896341f + shifter;
    const float n = shifted - shifter;
    // ln2 in two parts, the first exact in few bits, so n * ln2_hi is exact and r keeps its precision.
    const float r = (x - n * 0.693359375f) - n * -2.12194440e-4f;
    float p = 1.0f / 5040.0f;
    p = p * r + 1.0f / 720.0f;
    p = p * r + 1.0f / 120.0f;
    p = p * r + 1.0f / 24.0f;
    p = p * r + 1.0f / 6.0f;
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    uint32_t shifted_bits, shifter_bits;
    std::memcpy(&shifted_bits, &shifted, sizeof(shifted_bits));
    std::memcpy(&shifter_bits, &shifter, sizeof(shifter_bits));
    const uint32_t scale_bits = (shifted_bits - shifter_bits + 127u) << 23;  // 2^n
    float scale;
    std::memcpy(&scale, &scale_bits, sizeof(scale));
    const float result = p * scale;
    uint32_t result_bits;
    std::memcpy(&result_bits, &result, sizeof(result_bits));
    result_bits &= x < -87.0f ? 0u : ~0u;
    float masked;
    std::memcpy(&masked, &result_bits, sizeof(masked));
    return masked;
}

}  // namespace cpu
}  // namespace devmux

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

namespace devmux {
namespace cpu {

// Whether the CPU runs the *_avx functions below (AVX and FMA; the build itself targets baseline x86-64).
inline bool cpu_has_avx_fma() {
    static const bool has = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx") && __builtin_cpu_supports("fma");
    }();
    return has;
}

// exp_branch_free on 8 floats, the same steps with fused multiply-adds. AVX without AVX2 has no 256-bit integer
// arithmetic, so 2^n is built in two 128-bit halves (left to the compiler, the whole loop would stay 4 wide).
__attribute__((target("avx,fma"))) inline __m256 exp8_avx(__m256 x) {
    const __m256 shifter = _mm256_set1_ps(12582912.0f);
    const __m256 shifted = _mm256_fmadd_ps(x, _mm256_set1_ps(1.44269504088896341f), shifter);
    const __m256 n = _mm256_sub_ps(shifted, shifter);
    __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
    r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
    __m256 p = _mm256_set1_ps(1.0f / 5040.0f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 720.0f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 120.0f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 24.0f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 6.0f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(0.5f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
    // 2^n = (bits(shifted) - bits(shifter) + 127) << 23; bits(1.5 * 2^23) = 0x4B400000.
    const __m128i bias = _mm_set1_epi32(127 - 0x4B400000);
    const __m128i lo = _mm_slli_epi32(_mm_add_epi32(_mm_castps_si128(_mm256_castps256_ps128(shifted)), bias), 23);
    const __m128i hi = _mm_slli_epi32(_mm_add_epi32(_mm_castps_si128(_mm256_extractf128_ps(shifted, 1)), bias), 23);
    const __m256 scale = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_castsi128_ps(lo)), _mm_castsi128_ps(hi), 1);
    const __m256 result = _mm256_mul_ps(p, scale);
    // Below -87 (and -inf): 0. NaN compares false and stays NaN.
    return _mm256_andnot_ps(_mm256_cmp_ps(x, _mm256_set1_ps(-87.0f), _CMP_LT_OQ), result);
}

}  // namespace cpu
}  // namespace devmux
#else
namespace devmux {
namespace cpu {
inline bool cpu_has_avx_fma() { return false; }
}  // namespace cpu
}  // namespace devmux
#endif
