// SPDX-License-Identifier: Apache-2.0
#include "thread_pool.hpp"

namespace devmux {
namespace cpu {

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

ThreadPool::Job* ThreadPool::first_open_job() const {
    for (Job* job = m_jobs; job; job = job->next_job)
        if (job->next < job->count)
            return job;
    return nullptr;
}

void ThreadPool::work_on(Job& job, std::unique_lock<std::mutex>& lock) {
    while (job.next < job.count) {
        const size_t index = job.next++;
        lock.unlock();
        std::exception_ptr error;
        try {
            job.fn(job.ctx, index);
        } catch (...) {
            error = std::current_exception();
        }
        lock.lock();
        if (error && !job.error)
            job.error = error;
        if (++job.finished == job.count)
            m_done_cv.notify_all();
    }
}

void ThreadPool::run(size_t n, TaskFn fn, const void* ctx) {
    Job job;
    job.fn = fn;
    job.ctx = ctx;
    job.count = n;
    std::unique_lock<std::mutex> lock(m_mutex);
    // Append, so that older jobs (other requests) are served first by the workers.
    Job** tail = &m_jobs;
    while (*tail)
        tail = &(*tail)->next_job;
    *tail = &job;
    m_work_cv.notify_all();
    work_on(job, lock);
    m_done_cv.wait(lock, [&] { return job.finished == job.count && job.helpers == 0; });
    for (Job** link = &m_jobs; *link; link = &(*link)->next_job)
        if (*link == &job) {
            *link = job.next_job;
            break;
        }
    if (job.error)
        std::rethrow_exception(job.error);
}

void ThreadPool::worker_loop() {
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
        Job* job = nullptr;
        m_work_cv.wait(lock, [&] { return m_stop || (job = first_open_job()) != nullptr; });
        if (m_stop)
            return;
        ++job->helpers;
        work_on(*job, lock);
        // The caller may free the job as soon as the last helper lets go of it.
        if (--job->helpers == 0)
            m_done_cv.notify_all();
    }
}

}  // namespace cpu
}  // namespace devmux
