// SPDX-License-Identifier: Apache-2.0
#include "kernels/gemm.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "thread_pool.hpp"

#define DEVMUX_INLINE inline __attribute__((always_inline))

namespace devmux {
namespace cpu {
namespace {

constexpr size_t MR = 6;    // rows of C per register tile
constexpr size_t NR = 16;   // columns of C per register tile
constexpr size_t KC = 384;  // depth of one packed slice of B (24 KiB: stays in L1)

// GCC/Clang vectors: the compiler maps them onto the target's registers. 8 floats are one AVX register;
// 4 floats are one SSE or NEON register (the baseline everywhere).
typedef float v8f __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));

// tile[R x NR] = A[R rows, K] * B[K, NR] (B dense, NR wide). The R x 16 accumulators stay in registers
// for the whole K loop; operands are moved with memcpy, which compiles to unaligned vector loads.
template <int R, typename V>
DEVMUX_INLINE void micro(size_t K, const float* A, size_t lda, const float* B, float* tile) {
    constexpr int L = sizeof(V) / sizeof(float);
    constexpr int NV = NR / L;
    V acc[R][NV];
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < NV; ++v)
            acc[r][v] = V{};
    for (size_t k = 0; k < K; ++k) {
        V b[NV];
        for (int v = 0; v < NV; ++v)
            std::memcpy(&b[v], B + k * NR + v * L, sizeof(V));
        for (int r = 0; r < R; ++r) {
            const float a = A[r * lda + k];
            for (int v = 0; v < NV; ++v)
                acc[r][v] += a * b[v];
        }
    }
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < NV; ++v)
            std::memcpy(tile + r * NR + v * L, &acc[r][v], sizeof(V));
}

template <typename V>
DEVMUX_INLINE void run_micro(size_t rows, size_t K, const float* A, size_t lda, const float* B, float* tile) {
    switch (rows) {
    case 1: micro<1, V>(K, A, lda, B, tile); break;
    case 2: micro<2, V>(K, A, lda, B, tile); break;
    case 3: micro<3, V>(K, A, lda, B, tile); break;
    case 4: micro<4, V>(K, A, lda, B, tile); break;
    case 5: micro<5, V>(K, A, lda, B, tile); break;
    default: micro<6, V>(K, A, lda, B, tile); break;
    }
}

DEVMUX_INLINE void store_tile(const float* tile, size_t rows, size_t cols, float* C, size_t ldc, bool add) {
    for (size_t r = 0; r < rows; ++r) {
        float* c = C + r * ldc;
        const float* t = tile + r * NR;
        if (add)
            for (size_t j = 0; j < cols; ++j)
                c[j] += t[j];
        else
            for (size_t j = 0; j < cols; ++j)
                c[j] = t[j];
    }
}

// One block of C: rows [m0, m1), columns [n0, n1).
template <typename V>
DEVMUX_INLINE void block(size_t m0, size_t m1, size_t n0, size_t n1, size_t K, const float* A, size_t lda,
                         const float* B, size_t ldb, float* C, size_t ldc, bool accumulate) {
    alignas(64) float tile[MR * NR];
    alignas(64) float packed[KC * NR];
    for (size_t n = n0; n < n1; n += NR) {
        const size_t cols = std::min(NR, n1 - n);
        for (size_t k0 = 0; k0 < K; k0 += KC) {
            const size_t kc = std::min(KC, K - k0);
            // A contiguous, zero-padded copy of B's 16-column slice: rows of B lie ldb apart, which for
            // power-of-two widths maps them onto a few cache sets; the copy is reused by every row tile.
            for (size_t k = 0; k < kc; ++k) {
                const float* src = B + (k0 + k) * ldb + n;
                float* dst = packed + k * NR;
                if (cols == NR) {
                    std::memcpy(dst, src, NR * sizeof(float));
                } else {
                    for (size_t j = 0; j < NR; ++j)
                        dst[j] = j < cols ? src[j] : 0.0f;
                }
            }
            for (size_t m = m0; m < m1; m += MR) {
                const size_t rows = std::min(MR, m1 - m);
                run_micro<V>(rows, kc, A + m * lda + k0, lda, packed, tile);
                store_tile(tile, rows, cols, C + m * ldc + n, ldc, accumulate || k0 > 0);
            }
        }
    }
}

using BlockFn = void (*)(size_t, size_t, size_t, size_t, size_t, const float*, size_t, const float*, size_t, float*,
                         size_t, bool);

void block_baseline(size_t m0, size_t m1, size_t n0, size_t n1, size_t K, const float* A, size_t lda, const float* B,
                    size_t ldb, float* C, size_t ldc, bool accumulate) {
    block<v4f>(m0, m1, n0, n1, K, A, lda, B, ldb, C, ldc, accumulate);
}

#if defined(__x86_64__) && defined(__GNUC__)
// The same loops compiled for AVX2 + FMA; chosen at run time when the processor has both, so one binary
// runs on every x86-64 and at full width where it can.
__attribute__((target("avx2,fma"))) void block_avx2(size_t m0, size_t m1, size_t n0, size_t n1, size_t K,
                                                    const float* A, size_t lda, const float* B, size_t ldb, float* C,
                                                    size_t ldc, bool accumulate) {
    block<v8f>(m0, m1, n0, n1, K, A, lda, B, ldb, C, ldc, accumulate);
}

BlockFn select_block() {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return block_avx2;
    return block_baseline;
}
#else
BlockFn select_block() { return block_baseline; }
#endif

const BlockFn best_block = select_block();
std::atomic<BlockFn> block_fn{best_block};

}  // namespace

void sgemm(ThreadPool* pool, size_t M, size_t N, size_t K, const float* A, size_t lda, const float* B, size_t ldb,
           float* C, size_t ldc, bool accumulate) {
    if (M == 0 || N == 0)
        return;
    if (K == 0) {
        if (!accumulate)
            for (size_t m = 0; m < M; ++m)
                std::fill(C + m * ldc, C + m * ldc + N, 0.0f);
        return;
    }
    const size_t threads = pool ? team_size(pool) : 1;
    auto round_up = [](size_t v, size_t to) { return (v + to - 1) / to * to; };
    // Blocks keep A's rows (MB x K) in L2 while the packed 16-wide slices of B stream through L1.
    size_t mb = std::min(round_up(M, MR), size_t(72));
    size_t nb = std::min(round_up(N, NR), size_t(256));
    auto block_count = [&] { return ((M + mb - 1) / mb) * ((N + nb - 1) / nb); };
    // Small products are not worth waking the pool for.
    const bool parallel = threads > 1 && M * N * K >= 64 * 1024;
    while (parallel && block_count() < 4 * threads) {
        if (nb > 64)
            nb = round_up(nb / 2, NR);
        else if (mb > MR)
            mb = std::max(MR, round_up(mb / 2, MR));
        else if (nb > NR)
            nb = round_up(nb / 2, NR);
        else
            break;
    }
    const size_t m_blocks = (M + mb - 1) / mb;
    const size_t n_blocks = (N + nb - 1) / nb;
    const BlockFn fn = block_fn.load(std::memory_order_relaxed);
    auto run_block = [&](size_t index) {
        const size_t bm = index % m_blocks, bn = index / m_blocks;
        const size_t m0 = bm * mb, n0 = bn * nb;
        fn(m0, std::min(M, m0 + mb), n0, std::min(N, n0 + nb), K, A, lda, B, ldb, C, ldc, accumulate);
    };
    if (parallel)
        parallel_for(pool, m_blocks * n_blocks, run_block);
    else
        for (size_t i = 0; i < m_blocks * n_blocks; ++i)
            run_block(i);
}

void sgemm_force_baseline(bool force) { block_fn = force ? block_baseline : best_block; }

const char* sgemm_isa() { return block_fn.load() == block_baseline ? "baseline" : "avx2_fma"; }

}  // namespace cpu
}  // namespace devmux
