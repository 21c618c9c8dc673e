// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>

#include "thread_pool.hpp"

namespace devmux {
namespace cpu {


/// C[M,N] = A[M,K] * B[K,N], or C += A * B when `accumulate`; all row-major with leading dimensions in
/// elements. Register-blocked 6x16 tiles, split over the pool by blocks of rows and columns. On x86-64 an
/// AVX2/FMA version is chosen at load time where the CPU has it, a baseline one otherwise.
/// `pool` may be null (runs in the calling thread).
void sgemm(ThreadPool* pool, size_t M, size_t N, size_t K, const float* A, size_t lda, const float* B, size_t ldb,
           float* C, size_t ldc, bool accumulate = false);

/// Test hook: true forces the portable 4-wide kernels even where AVX2 is available; false restores the
/// automatic choice. Not for concurrent use with sgemm.
void sgemm_force_baseline(bool force);

/// The kernels sgemm uses now: "avx2_fma" or "baseline".
const char* sgemm_isa();

}  // namespace cpu
}  // namespace devmux
