// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace devmux {
namespace kit {

/// @brief A small team of worker threads for host kernels.
///
/// Host backends give each infer request its own pool (made with the request, reused by every
/// inference), so requests running at once never contend for a lock or for workers. One pool is used by
/// one thread at a time (its request's); parallel_for allocates nothing.
class ThreadPool {
public:
    /// @brief `threads` counts the calling thread too: 1 runs everything inline and starts no worker.
    explicit ThreadPool(size_t threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    /// @brief The threads that work on a parallel_for, the caller included.
    size_t size() const { return m_workers.size() + 1; }

    /// @brief Calls body(i) once for every i in [0, n), spread over the pool; returns when all have run.
    /// Rethrows the first exception a call threw. Tasks should be coarse (thousands of operations each).
    /// A call made while the team is busy (from another thread, or from inside a task) runs inline.
    template <typename F>
    void parallel_for(size_t n, const F& body) {
        if (n == 0)
            return;
        if (n == 1 || m_workers.empty()) {
            for (size_t i = 0; i < n; ++i)
                body(i);
            return;
        }
        run(n, [](const void* ctx, size_t i) { (*static_cast<const F*>(ctx))(i); }, &body);
    }

private:
    using TaskFn = void (*)(const void* ctx, size_t index);
    void run(size_t n, TaskFn fn, const void* ctx);
    void worker_loop();
    void work(std::unique_lock<std::mutex>& lock);

    // m_mutex guards this pool's one job (the fields below up to m_error) and m_stop. Only the owning
    // request's thread and this pool's workers take it.
    std::mutex m_mutex;
    std::condition_variable m_work_cv;  // workers wait here for a job with indices left
    std::condition_variable m_done_cv;  // the caller waits here for the last index and helper
    TaskFn m_fn = nullptr;
    const void* m_ctx = nullptr;
    size_t m_count = 0;
    size_t m_next = 0;      // next index to hand out
    size_t m_finished = 0;  // indices that have run
    size_t m_helpers = 0;   // workers inside the current job
    std::exception_ptr m_error;
    bool m_busy = false;  // a job owns the team
    bool m_stop = false;
    std::vector<std::thread> m_workers;
};

}  // namespace kit
}  // namespace devmux
