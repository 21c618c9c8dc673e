// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <exception>

#include "devmux/kit/thread_pool.hpp"
#include "stream_slots.hpp"

#ifdef _OPENMP
#include <omp.h>
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
#pragma omp parallel for schedule(dynamic, 1) num_threads(static_cast<int>(team < n ? team : n))
    for (long i = 0; i < static_cast<long>(n); ++i) {
        try {
            body(static_cast<size_t>(i));
        } catch (...) {
#pragma omp critical(devmux_cpu_parallel_for_error)
            if (!error)
                error = std::current_exception();
        }
    }
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

}  // namespace cpu
}  // namespace devmux
