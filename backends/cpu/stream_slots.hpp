// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace devmux {
namespace cpu {

// The streams of a compiled model: at most `streams` of its requests run at once, each on its stream's
// share of the cores (Config::request_threads). Requests beyond that wait here for a stream, instead of
// starting more OpenMP teams than there are cores.
class StreamSlots {
public:
    explicit StreamSlots(size_t streams) : m_streams(std::max<size_t>(1, streams)) {}

    // Holds one stream for the lifetime of an inference.
    class Hold {
    public:
        explicit Hold(StreamSlots& slots) : m_slots(slots) { m_slots.acquire(); }
        ~Hold() { m_slots.release(); }
        Hold(const Hold&) = delete;
        Hold& operator=(const Hold&) = delete;

    private:
        StreamSlots& m_slots;
    };

    // The most requests that ever ran at once (for tests and diagnostics).
    size_t peak_busy() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_peak;
    }

private:
    void acquire() {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_freed.wait(lock, [this] { return m_busy < m_streams; });
        ++m_busy;
        m_peak = std::max(m_peak, m_busy);
    }

    void release() {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            --m_busy;
        }
        m_freed.notify_one();
    }

    const size_t m_streams;
    mutable std::mutex m_mutex;  // guards m_busy and m_peak
    std::condition_variable m_freed;
    size_t m_busy = 0;
    size_t m_peak = 0;
};

}  // namespace cpu
}  // namespace devmux
