// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace devmux {
namespace cpu {

/// A small pool of worker threads owned by one compiled model and shared by all its infer requests.
///
/// parallel_for may be called from several threads at once (one per infer request): each call posts a
/// job, the caller works on its own job too, and idle workers help whichever job is oldest. Nothing is
/// allocated per call, so an inference that uses the pool stays allocation-free.
class ThreadPool {
public:
    /// `threads` counts the calling thread too: 1 runs everything inline and starts no worker.
    explicit ThreadPool(size_t threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    size_t size() const { return m_workers.size() + 1; }

    /// Calls body(i) once for every i in [0, n), spread over the pool; returns when all have run.
    /// Rethrows the first exception a call threw. Tasks should be coarse (thousands of operations each).
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
    struct Job {
        TaskFn fn = nullptr;
        const void* ctx = nullptr;
        size_t count = 0;
        size_t next = 0;      // next index to hand out
        size_t finished = 0;  // indices that have run
        size_t helpers = 0;   // workers currently holding a pointer to this job
        std::exception_ptr error;
        Job* next_job = nullptr;
    };

    void run(size_t n, TaskFn fn, const void* ctx);
    void worker_loop();
    // Runs indices of job until none is left; called and returns with `lock` held.
    void work_on(Job& job, std::unique_lock<std::mutex>& lock);
    Job* first_open_job() const;

    // m_mutex guards the job list (m_jobs and every Job's next/finished/helpers/error fields) and m_stop.
    // Indices are handed out under it: tasks are coarse, so the lock is taken a few hundred times per
    // inference at most.
    std::mutex m_mutex;
    std::condition_variable m_work_cv;  // workers wait here for a job with indices left
    std::condition_variable m_done_cv;  // callers wait here for their job's last index and helpers
    Job* m_jobs = nullptr;              // intrusive list; the Job objects live on their callers' stacks
    bool m_stop = false;
    std::vector<std::thread> m_workers;
};

}  // namespace cpu
}  // namespace devmux
