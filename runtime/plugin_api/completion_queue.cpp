// SPDX-License-Identifier: Apache-2.0
#include "devmux/plugin/completion_queue.hpp"

namespace devmux {
namespace {
// Set on a queue's own thread when a task it ran released the last owner of the queue: the destructor then
// ran on that thread and detached it, and run() must return without touching the destroyed queue.
thread_local bool t_queue_released_by_its_task = false;
}  // namespace

CompletionQueue::CompletionQueue(std::string device_name)
    : m_device_name(std::move(device_name)), m_ring(16), m_thread([this] { run(); }) {}

CompletionQueue::~CompletionQueue() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    // The last owner may be a task run on the queue's own thread (a callback dropping its request).
    if (m_thread.get_id() == std::this_thread::get_id()) {
        t_queue_released_by_its_task = true;
        m_thread.detach();
    } else
        m_thread.join();
}

void CompletionQueue::post(const Task& task, std::exception_ptr error) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_count == m_ring.size()) {
        std::vector<Item> larger(m_ring.size() * 2);
        for (size_t i = 0; i < m_count; ++i)
            larger[i] = std::move(m_ring[(m_head + i) % m_ring.size()]);
        m_ring = std::move(larger);
        m_head = 0;
    }
    Item& slot = m_ring[(m_head + m_count) % m_ring.size()];
    slot.task = &task;
    slot.error = std::move(error);
    ++m_count;
    // Notified under the lock: once the lock is released, the queue's thread may run the task, which can
    // complete a request whose owner then destroys the request and this queue with it; a notify after
    // the unlock could then touch a destroyed condition variable (ThreadSanitizer: AsyncDevice.*).
    m_wake.notify_one();
}

size_t CompletionQueue::completed() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_completed;
}

void CompletionQueue::run() {
    std::unique_lock<std::mutex> lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_stop || m_count != 0; });
        if (m_count == 0)
            return;  // stopped, and nothing left to finish
        Item item = std::move(m_ring[m_head]);
        m_ring[m_head].task = nullptr;
        m_head = (m_head + 1) % m_ring.size();
        --m_count;
        // Counted before the task runs: the task wakes the request's waiters, who may read the count.
        ++m_completed;
        lock.unlock();
        (*item.task)(std::move(item.error));
        if (t_queue_released_by_its_task)
            return;  // the task destroyed this queue (see the destructor): none of its members is left
        lock.lock();
    }
}

}  // namespace devmux
