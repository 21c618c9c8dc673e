// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>

#include "devmux/kit/thread_pool.hpp"
#include "stream_slots.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

#if defined(__SANITIZE_THREAD__)
#define DEVMUX_CPU_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define DEVMUX_CPU_TSAN 1
#endif
#endif
#ifdef DEVMUX_CPU_TSAN
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#endif

namespace devmux {
namespace cpu {

// Each infer request owns one (see InferRequest), so requests never share a lock or a worker.
using ThreadPool = kit::ThreadPool;

// One threading runtime. Where the plugin is built with oneDNN, which runs on OpenMP, the hand-written
// kernels' loops run on OpenMP too: one team of threads, sized per request by omp_set_num_threads in
// the request's thread (InferRequest::infer), instead of a second pool whose workers would compete with
// OpenMP's spinning ones for the cores. The request's kit::ThreadPool then has no workers. Without
// OpenMP, the loops run on the request's kit::ThreadPool.

// ThreadSanitizer does not see the synchronisation of GNU OpenMP (libgomp is not instrumented): without
// these, the hand-overs between a parallel_for's caller and its team are reported as races, also where the
// team's side of it can no longer be traced to libgomp (the suppression in scripts/sanitizers/tsan.supp
// then misses it). They tell it what OpenMP guarantees, no more: the team's threads start after the caller
// reached the loop, and the caller goes on after every one of them finished it.
inline void tsan_release([[maybe_unused]] void* address) {
#ifdef DEVMUX_CPU_TSAN
    __tsan_release(address);
#endif
}
inline void tsan_acquire([[maybe_unused]] void* address) {
#ifdef DEVMUX_CPU_TSAN
    __tsan_acquire(address);
#endif
}

/// The threads a parallel loop of a kernel called with `pool` spreads over.
/// A null pool runs in the calling thread.
inline size_t team_size(const ThreadPool* pool) {
#ifdef _OPENMP
    if (!pool)
        return 1;
    return omp_in_parallel() ? 1 : static_cast<size_t>(omp_get_max_threads());
#else
    return pool ? pool->size() : 1;
#endif
}

/// Calls body(i) for every i in [0, n) over the team; rethrows the first exception a call threw.
template <typename F>
void parallel_for(ThreadPool* pool, size_t n, const F& body) {
#ifdef _OPENMP
    const size_t team = team_size(pool);
    if (n <= 1 || team <= 1) {
        for (size_t i = 0; i < n; ++i)
            body(i);
        return;
    }
    std::exception_ptr error;
    t_started_team = true;
    char team_start = 0, team_end = 0;  // their addresses name the loop's start and end to ThreadSanitizer
    tsan_release(&team_start);
#pragma omp parallel num_threads(static_cast<int>(team < n ? team : n))
    {
        tsan_acquire(&team_start);
#pragma omp for schedule(dynamic, 1)
        for (long i = 0; i < static_cast<long>(n); ++i) {
            try {
                body(static_cast<size_t>(i));
            } catch (...) {
#pragma omp critical(devmux_cpu_parallel_for_error)
                {
                    tsan_acquire(&error);
                    if (!error)
                        error = std::current_exception();
                    tsan_release(&error);
                }
            }
        }
        tsan_release(&team_end);  // every thread of the team, also one that ran no iteration
    }
    tsan_acquire(&team_end);
    if (error)
        std::rethrow_exception(error);
#else
    if (pool)
        pool->parallel_for(n, body);
    else
        for (size_t i = 0; i < n; ++i)
            body(i);
#endif
}

/// The workers of a request's kit::ThreadPool: none where OpenMP runs the loops.
inline size_t pool_threads(size_t request_threads) {
#ifdef _OPENMP
    (void)request_threads;
    return 1;
#else
    return request_threads;
#endif
}

// Calls part(begin, end) over [0, rows): one call where the work is small, else split over the team (two parts per
// thread, so a busy core holds up less of it). `work` and `min_work` are in one unit, the caller's: a quarter MiB
// of bytes is where splitting memory-bound loops paid off; compute-bound kernels pass their own bound.
template <typename Part>
void for_row_ranges(ThreadPool* pool, size_t rows, size_t work, const Part& part, size_t min_work = size_t(1) << 18) {
    const size_t tasks = pool && rows > 1 && work >= min_work ? std::min<size_t>(rows, team_size(pool) * 2) : 1;
    if (tasks > 1)
        parallel_for(pool, tasks, [&](size_t t) { part(rows * t / tasks, rows * (t + 1) / tasks); });
    else
        part(0, rows);
}

}  // namespace cpu
}  // namespace devmux
