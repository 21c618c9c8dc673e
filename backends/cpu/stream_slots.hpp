// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace devmux {
namespace cpu {

// Set in the thread that starts an OpenMP region of more than one thread (parallel_for, a oneDNN step
// on a team): StreamSlots reads it to learn whether a model's inferences start a team at all.
inline thread_local bool t_started_team = false;

// The threads that run inferences of more than one thread, shared by every compiled model in the process.
//
// libgomp keeps one team per thread that starts a parallel region, and once its teams hold more threads
// than there are cores it stops spinning between parallel regions and wakes its workers through the kernel
// at every step. Inferences run wherever the application called (its main thread, then each request's
// completion thread) would leave several teams (vehicle-attributes on 2 threads: 0.79-0.89 ms that way,
// 0.58 ms with one team; docs/measurements/cpu.md); so would threads of each compiled model's own: with the
// PP-OCR and openWakeWord models compiled for 2 threads and used one after another, the speech embedding
// took 4.3 ms instead of 1.1 ms (docs/onnx.md). Here a job goes to the idle thread that finished last, and
// a thread is started only when every one is busy: as many teams as inferences ever ran at once, and a
// thread left idle for `retire_after` ends (and its team with it) while another is alive.
class StreamThreads {
public:
    explicit StreamThreads(std::chrono::milliseconds retire_after = std::chrono::milliseconds(1000))
        : m_retire_after(retire_after) {}

    // The process's threads: one set while any compiled model holds it, ended with the last holder.
    static std::shared_ptr<StreamThreads> shared() {
        static std::mutex mutex;  // guards `current`
        static std::weak_ptr<StreamThreads> current;
        std::lock_guard<std::mutex> lock(mutex);
        auto threads = current.lock();
        if (!threads) {
            threads = std::make_shared<StreamThreads>();
            current = threads;
        }
        return threads;
    }

    ~StreamThreads() {
        std::vector<std::thread> ending;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_stopping = true;
            for (auto& worker : m_workers) {
                worker->wake.notify_one();
                ending.push_back(std::move(worker->thread));
            }
            for (auto& thread : m_retired)
                ending.push_back(std::move(thread));
        }
        for (auto& thread : ending)
            thread.join();
    }

    StreamThreads(const StreamThreads&) = delete;
    StreamThreads& operator=(const StreamThreads&) = delete;

    // Runs `job` on one of the threads and waits for it; rethrows what it threw. Returns whether it started
    // an OpenMP team (t_started_team in that thread).
    bool run(const std::function<void()>& job) {
        Job pending{&job};
        std::vector<std::thread> retired;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            if (!m_idle.empty()) {
                Worker* worker = m_idle.back();
                m_idle.pop_back();
                worker->job = &pending;
                worker->wake.notify_one();
            } else {
                // Registered only once its thread runs: a thread that cannot start leaves nothing behind.
                m_workers.reserve(m_workers.size() + 1);
                m_idle.reserve(m_workers.size() + 1);  // so that serve() never allocates to become idle
                auto worker = std::make_unique<Worker>();
                worker->job = &pending;
                worker->thread = std::thread([this, raw = worker.get()] { serve(raw); });
                m_workers.push_back(std::move(worker));
            }
            pending.finished.wait(lock, [&] { return pending.done; });
            retired.swap(m_retired);
        }
        for (auto& thread : retired)
            thread.join();
        if (pending.error)
            std::rethrow_exception(pending.error);
        return pending.started_team;
    }

    // Threads alive (for tests and diagnostics).
    size_t threads() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_workers.size();
    }

private:
    struct Job {
        const std::function<void()>* body;
        bool done = false;
        bool started_team = false;
        std::exception_ptr error;
        std::condition_variable finished;  // its caller waits on it
    };
    struct Worker {
        std::thread thread;
        std::condition_variable wake;  // a job was handed to it, or stopping
        Job* job = nullptr;
    };

    void serve(Worker* worker) {
        std::unique_lock<std::mutex> lock(m_mutex);
        for (;;) {
            worker->wake.wait_for(lock, m_retire_after, [&] { return worker->job || m_stopping; });
            if (!worker->job) {
                if (m_stopping)
                    return;
                if (m_workers.size() > 1 && retire(worker))
                    return;
                continue;
            }
            Job* job = worker->job;
            lock.unlock();
            t_started_team = false;
            try {
                (*job->body)();
            } catch (...) {
                job->error = std::current_exception();
            }
            job->started_team = t_started_team;
            lock.lock();
            worker->job = nullptr;
            m_idle.push_back(worker);
            job->done = true;
            job->finished.notify_one();  // under the lock: the caller's Job lives until it has seen `done`
        }
    }

    // Ends an idle worker (its thread returns right after): true unless a job was just handed to it.
    bool retire(Worker* worker) {
        const auto idle = std::find(m_idle.begin(), m_idle.end(), worker);
        if (idle == m_idle.end())
            return false;
        m_idle.erase(idle);
        const auto owned = std::find_if(m_workers.begin(), m_workers.end(),
                                        [&](const std::unique_ptr<Worker>& w) { return w.get() == worker; });
        m_retired.push_back(std::move(worker->thread));
        m_workers.erase(owned);
        return true;
    }

    const std::chrono::milliseconds m_retire_after;
    mutable std::mutex m_mutex;  // guards everything below and every Worker's and queued Job's fields
    std::vector<std::unique_ptr<Worker>> m_workers;  // every thread alive
    std::vector<Worker*> m_idle;          // waiting for a job; the one that finished last at the back
    std::vector<std::thread> m_retired;   // ended idle threads, joined by the next caller
    bool m_stopping = false;
};

// The streams of a compiled model: at most `streams` of its requests run at once, each on its stream's
// share of the cores (Config::request_threads). Requests beyond that wait here for a stream, instead of
// starting more OpenMP teams than there are cores.
//
// Where a stream's share is more than one thread, the inferences run on the process's StreamThreads. Where
// it is one thread no team is ever started and inferences run in the calling thread; so do they when the
// first inference, run on a stream thread, started no team (a small model whose steps all run on one
// thread): the hand-over to a stream thread costs about 0.1 ms here, for nothing then.
class StreamSlots {
public:
    StreamSlots(size_t streams, size_t threads_per_stream,
                std::shared_ptr<StreamThreads> threads = nullptr)
        : m_streams(std::max<size_t>(1, streams)),
          m_threads(threads_per_stream > 1 ? (threads ? std::move(threads) : StreamThreads::shared()) : nullptr) {}

    StreamSlots(const StreamSlots&) = delete;
    StreamSlots& operator=(const StreamSlots&) = delete;

    // Runs `job` on a free stream, waiting for one; rethrows what the job threw.
    void run(const std::function<void()>& job) {
        acquire();
        try {
            if (!m_threads || m_inline.load(std::memory_order_acquire))
                job();
            else if (!m_threads->run(job))
                m_inline.store(true, std::memory_order_release);
        } catch (...) {
            release();
            throw;
        }
        release();
    }

    // The most requests that ever ran at once (for tests and diagnostics).
    size_t peak_busy() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_peak;
    }

private:
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
    }

    const size_t m_streams;
    const std::shared_ptr<StreamThreads> m_threads;  // null where a stream is one thread
    std::atomic<bool> m_inline{false};  // an inference on a stream thread started no team: run inline
    mutable std::mutex m_mutex;         // guards m_busy and m_peak
    std::condition_variable m_freed;    // a stream became free
    size_t m_busy = 0;
    size_t m_peak = 0;
};

}  // namespace cpu
}  // namespace devmux
