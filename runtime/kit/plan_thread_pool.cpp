// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/thread_pool.hpp"

namespace devmux {
namespace kit {

ThreadPool::ThreadPool(size_t threads) {
    for (size_t i = 1; i < threads; ++i)
        m_workers.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_work_cv.notify_all();
    for (auto& worker : m_workers)
        worker.join();
}

void ThreadPool::work(std::unique_lock<std::mutex>& lock) {
    while (m_next < m_count) {
        const size_t index = m_next++;
        const TaskFn fn = m_fn;
        const void* ctx = m_ctx;
        lock.unlock();
        std::exception_ptr error;
        try {
            fn(ctx, index);
        } catch (...) {
            error = std::current_exception();
        }
        lock.lock();
        if (error && !m_error)
            m_error = error;
        if (++m_finished == m_count)
            m_done_cv.notify_all();
    }
}

void ThreadPool::run(size_t n, TaskFn fn, const void* ctx) {
    std::unique_lock<std::mutex> lock(m_mutex);
    if (m_busy) {
        // Another caller (or a task of the current job) has the team: run inline rather than wait.
        lock.unlock();
        for (size_t i = 0; i < n; ++i)
            fn(ctx, i);
        return;
    }
    m_busy = true;
    m_fn = fn;
    m_ctx = ctx;
    m_count = n;
    m_next = 0;
    m_finished = 0;
    m_error = nullptr;
    m_work_cv.notify_all();
    work(lock);
    m_done_cv.wait(lock, [&] { return m_finished == m_count && m_helpers == 0; });
    m_count = 0;
    m_next = 0;
    m_busy = false;
    std::exception_ptr error = m_error;
    m_error = nullptr;
    lock.unlock();
    if (error)
        std::rethrow_exception(error);
}

void ThreadPool::worker_loop() {
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
        m_work_cv.wait(lock, [&] { return m_stop || m_next < m_count; });
        if (m_stop)
            return;
        ++m_helpers;
        work(lock);
        // The caller may return (and reuse the job fields) once the last helper is out.
        if (--m_helpers == 0)
            m_done_cv.notify_all();
    }
}

}  // namespace kit
}  // namespace devmux
