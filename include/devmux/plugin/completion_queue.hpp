// SPDX-License-Identifier: Apache-2.0
#pragma once

// Asynchronous devices: a request whose device signals completion (an OpenCL event callback, a Vulkan
// fence watcher) is finished by one shared completion thread per device, instead of a thread parked
// per request while the device runs. See IAsyncInferRequest's constructor taking a CompletionQueue.

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace devmux {

/// @brief One thread that finishes the requests of a device whose work has completed: it runs their
/// user callbacks and wakes their wait(), so the device's own event threads never run user code.
///
/// post() may be called from any thread. A queue outlives its requests (they hold it by shared_ptr).
class CompletionQueue {
public:
    /// @brief A finishing step: called on the queue's thread with the device work's error (or null).
    using Task = std::function<void(std::exception_ptr)>;

    /// @brief Starts the thread; @p device_name is for messages.
    explicit CompletionQueue(std::string device_name);
    /// @brief Runs what is still queued, then stops the thread.
    ~CompletionQueue();
    CompletionQueue(const CompletionQueue&) = delete;
    CompletionQueue& operator=(const CompletionQueue&) = delete;

    /// @brief Queues @p task (kept by reference: it must outlive its run) with @p error. Allocates
    /// nothing once the queue has held as many tasks at once before.
    void post(const Task& task, std::exception_ptr error);

    const std::string& device_name() const { return m_device_name; }
    /// @brief The queue's thread, e.g. to check where callbacks run.
    std::thread::id thread_id() const { return m_thread.get_id(); }
    /// @brief Tasks taken so far (counted as each starts, so a request whose wait() returned is counted).
    size_t completed() const;

private:
    struct Item {
        const Task* task = nullptr;
        std::exception_ptr error;
    };
    void run();

    std::string m_device_name;
    // Guards m_ring, m_head, m_count, m_stop and m_completed; m_wake signals a new item or the stop.
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<Item> m_ring;  // a ring buffer: grows when full, never shrinks
    size_t m_head = 0;
    size_t m_count = 0;
    size_t m_completed = 0;
    bool m_stop = false;
    std::thread m_thread;
};

}  // namespace devmux
