// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace devmux {
namespace cpu {

// Set in the thread that starts an OpenMP region of more than one thread (parallel_for, a oneDNN step
// on a team): StreamSlots reads it to learn whether a model's inferences start a team at all.
inline thread_local bool t_started_team = false;

// The streams of a compiled model: at most `streams` of its requests run at once, each on its stream's
// share of the cores (Config::request_threads). Requests beyond that wait here for a stream, instead of
// starting more OpenMP teams than there are cores.
//
// Where a stream's share is more than one thread, the inferences run on threads of the streams' own, one
// per stream, started at the first inference: libgomp keeps one team per thread that starts a parallel
// region, so inferences run wherever the application called (its main thread, then each request's
// completion thread) left several teams, more OpenMP threads than cores, and then libgomp stops
// spinning between parallel regions and wakes its workers through the kernel at every step
// (vehicle-attributes on 2 threads: 0.79-0.89 ms that way, 0.58 ms with one team; docs/measurements/cpu.md).
// With one thread per stream no team is ever started and inferences run in the calling thread; so do
// they when the first inference, run on a stream thread, started no team (a small model whose steps all
// run on one thread): the hand-over to a stream thread costs about 0.1 ms here, for nothing then.
class StreamSlots {
public:
    StreamSlots(size_t streams, size_t threads_per_stream)
        : m_streams(std::max<size_t>(1, streams)), m_own_threads(threads_per_stream > 1) {}

    ~StreamSlots() {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_stopping = true;
        }
        m_work.notify_all();
        for (auto& thread : m_threads)
            thread.join();
    }

    StreamSlots(const StreamSlots&) = delete;
    StreamSlots& operator=(const StreamSlots&) = delete;

    // Runs `job` on a free stream, waiting for one; rethrows what the job threw.
    void run(const std::function<void()>& job) {
        if (!m_own_threads || m_inline.load(std::memory_order_acquire)) {
            acquire();
            try {
                job();
            } catch (...) {
                release();
                throw;
            }
            release();
            return;
        }
        Job pending{&job};
        std::unique_lock<std::mutex> lock(m_mutex);
        while (m_threads.size() < m_streams)
            m_threads.emplace_back([this] { serve(); });
        m_queue.push_back(&pending);
        m_work.notify_one();
        m_finished.wait(lock, [&] { return pending.done; });
        if (pending.error)
            std::rethrow_exception(pending.error);
    }

    // The most requests that ever ran at once (for tests and diagnostics).
    size_t peak_busy() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_peak;
    }

private:
    struct Job {
        const std::function<void()>* body;
        bool done = false;
        std::exception_ptr error;
    };

    void serve() {
        std::unique_lock<std::mutex> lock(m_mutex);
        for (;;) {
            // A stream is free unless callers running inline (the stream turned inline with jobs queued)
            // hold them all.
            m_work.wait(lock, [this] { return m_stopping || (!m_queue.empty() && m_busy < m_streams); });
            if (m_queue.empty())
                return;  // stopping, and nothing left to run
            Job* job = m_queue.front();
            m_queue.erase(m_queue.begin());
            m_peak = std::max(m_peak, ++m_busy);
            lock.unlock();
            t_started_team = false;
            try {
                (*job->body)();
            } catch (...) {
                job->error = std::current_exception();
            }
            if (!t_started_team && !job->error)
                m_inline.store(true, std::memory_order_release);
            lock.lock();
            --m_busy;
            job->done = true;
            m_finished.notify_all();
            m_freed.notify_one();  // a caller may wait in acquire() since the stream turned inline
        }
    }

    void acquire() {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_freed.wait(lock, [this] { return m_busy < m_streams; });
        m_peak = std::max(m_peak, ++m_busy);
    }

    void release() {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            --m_busy;
        }
        m_freed.notify_one();
        m_work.notify_one();  // a queued job may wait for this stream
    }

    const size_t m_streams;
    const bool m_own_threads;
    std::atomic<bool> m_inline{false};  // an inference on a stream thread started no team: run inline
    mutable std::mutex m_mutex;  // guards everything below
    std::condition_variable m_freed;     // a stream became free (callers running inline wait on it)
    std::condition_variable m_work;      // a job was queued, or stopping (stream threads)
    std::condition_variable m_finished;  // a job finished (its caller wakes)
    // Jobs waiting for a stream thread, oldest first: a handful at most, and a vector keeps its capacity,
    // so queuing allocates nothing after the first inferences.
    std::vector<Job*> m_queue;
    std::vector<std::thread> m_threads;  // the streams' own threads, started at the first inference
    bool m_stopping = false;
    size_t m_busy = 0;
    size_t m_peak = 0;
};

}  // namespace cpu
}  // namespace devmux
