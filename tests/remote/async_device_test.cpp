// SPDX-License-Identifier: Apache-2.0
// Device-completed asynchronous requests: a fake device runs the work on its own thread and signals
// completion; the requests' callbacks run on one shared completion thread, and N requests in flight
// park no thread each. Also: an exception thrown by a user callback reaches wait().

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <dirent.h>
#include <mutex>
#include <random>
#include <thread>

#include "common/test_utils.hpp"
#include "devmux/plugin/completion_queue.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"

namespace {

constexpr size_t width = 64;

size_t thread_count() {
    // A sanitizer's runtime may start a thread of its own with the process's first thread (ThreadSanitizer's
    // background thread): one started and joined before the first count keeps it out of every difference.
    static const bool runtime_threads_started = [] {
        std::thread([] {}).join();
        return true;
    }();
    (void)runtime_threads_started;
    size_t count = 0;
    if (DIR* dir = opendir("/proc/self/task")) {
        while (dirent* entry = readdir(dir))
            count += entry->d_name[0] != '.';
        closedir(dir);
    }
    return count;
}

// A device with one thread of its own that runs submitted work in order; a test can hold the work
// back (the device is "busy") and let it go.
class FakeDevice {
public:
    FakeDevice() : m_thread([this] { run(); }) {}
    ~FakeDevice() {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
            m_held = false;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    void submit(std::function<void()> work) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_work.push_back(std::move(work));
        }
        m_wake.notify_all();
    }
    void hold() {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_held = true;
    }
    void release() {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_held = false;
        }
        m_wake.notify_all();
    }
    size_t queued() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_work.size();
    }
    std::thread::id thread_id() const { return m_thread.get_id(); }

private:
    void run() {
        std::unique_lock<std::mutex> lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return m_stop || (!m_held && !m_work.empty()); });
            if (m_work.empty() && m_stop)
                return;
            auto work = std::move(m_work.front());
            m_work.pop_front();
            lock.unlock();
            work();  // the "device" computes, then fires its event callback
            lock.lock();
        }
    }
    // Guards m_work, m_held and m_stop; m_wake signals any change.
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<std::function<void()>> m_work;
    bool m_held = false;
    bool m_stop = false;
    std::thread m_thread;
};

std::shared_ptr<ov::Model> relu_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{width});
    x->output(0).set_names({"x"});
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    return std::make_shared<ov::Model>(ov::ResultVector{std::make_shared<ov::op::v0::Result>(relu)},
                                       ov::ParameterVector{x}, "relu");
}

class FakeCompiledModel;

// The device's kernel: y = relu(x), on the host memory of the request's own tensors.
class FakeSyncRequest : public devmux::ISyncInferRequest {
public:
    explicit FakeSyncRequest(const std::shared_ptr<const devmux::ICompiledModel>& compiled) : ISyncInferRequest(compiled) {}
    void infer() override {
        const float* x = m_input_tensors[0].data<float>();
        float* y = m_output_tensors[0].data<float>();
        for (size_t i = 0; i < width; ++i)
            y[i] = std::max(x[i], 0.f);
    }
};

class FakeAsyncRequest : public devmux::IAsyncInferRequest {
public:
    FakeAsyncRequest(const std::shared_ptr<FakeSyncRequest>& sync, FakeDevice& device,
                     std::shared_ptr<devmux::CompletionQueue> completions, bool fail)
        : IAsyncInferRequest(sync, std::move(completions)), m_device(device), m_fail(fail) {}

protected:
    void enqueue_async_job(const std::function<void(std::exception_ptr)>& done) override {
        // Enqueue and return: the device signals when it is done.
        m_device.submit([this, done] {
            std::exception_ptr error;
            try {
                if (m_fail)
                    OPENVINO_THROW("FAKE device: the kernel failed");
                m_sync->infer();
            } catch (...) {
                error = std::current_exception();
            }
            done(error);
        });
    }

private:
    FakeDevice& m_device;
    bool m_fail;
};

class FakeCompiledModel : public devmux::ICompiledModel {
public:
    FakeCompiledModel(FakeDevice& device, bool fail = false)
        : ICompiledModel(relu_model(), nullptr),
          m_device(device),
          m_completions(std::make_shared<devmux::CompletionQueue>("FAKE")),
          m_fail(fail) {}
    std::shared_ptr<devmux::ISyncInferRequest> create_sync_infer_request() const override {
        return std::make_shared<FakeSyncRequest>(shared_from_this());
    }
    std::shared_ptr<devmux::IAsyncInferRequest> create_infer_request() const override {
        auto sync = std::make_shared<FakeSyncRequest>(shared_from_this());
        return std::make_shared<FakeAsyncRequest>(sync, m_device, m_completions, m_fail);
    }
    void export_model(std::ostream&) const override { OPENVINO_NOT_IMPLEMENTED("FAKE cannot export"); }
    std::shared_ptr<const ov::Model> get_runtime_model() const override { return nullptr; }
    void set_property(const ov::AnyMap&) override {}
    ov::Any get_property(const std::string&) const override { return {}; }
    const std::shared_ptr<devmux::CompletionQueue>& completions() const { return m_completions; }

private:
    FakeDevice& m_device;
    std::shared_ptr<devmux::CompletionQueue> m_completions;
    bool m_fail;
};

void fill_random(const ov::Tensor& tensor, unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(-2.f, 2.f);
    for (size_t i = 0; i < tensor.get_size(); ++i)
        tensor.data<float>()[i] = dist(gen);
}

TEST(AsyncDevice, RequestsInFlightParkNoThreadAndCompleteOnTheSharedCompletionThread) {
    FakeDevice device;
    auto compiled = std::make_shared<FakeCompiledModel>(device);
    constexpr size_t in_flight = 32;
    std::vector<std::shared_ptr<devmux::IAsyncInferRequest>> requests;
    std::vector<std::thread::id> callback_threads(in_flight);
    std::atomic<size_t> callbacks{0};
    for (size_t i = 0; i < in_flight; ++i) {
        requests.push_back(compiled->create_infer_request());
        fill_random(requests[i]->get_tensor(requests[i]->get_inputs()[0]), static_cast<unsigned>(100 + i));
        requests[i]->set_callback([&, i](std::exception_ptr error) {
            EXPECT_FALSE(error);
            callback_threads[i] = std::this_thread::get_id();
            ++callbacks;
        });
    }
    const size_t threads_before = thread_count();
    device.hold();
    for (auto& request : requests)
        request->start_async();
    // Every inference is now queued on the busy device, and no thread was made for any of them.
    EXPECT_EQ(device.queued(), in_flight);
    EXPECT_EQ(thread_count(), threads_before) << "a thread per request in flight";
    EXPECT_FALSE(requests[0]->wait_for(std::chrono::milliseconds(0)));
    device.release();
    for (size_t i = 0; i < in_flight; ++i) {
        requests[i]->wait();
        const ov::Tensor x = requests[i]->get_tensor(requests[i]->get_inputs()[0]);
        const ov::Tensor y = requests[i]->get_tensor(requests[i]->get_outputs()[0]);
        for (size_t k = 0; k < width; ++k)
            ASSERT_EQ(y.data<float>()[k], std::max(x.data<float>()[k], 0.f)) << "request " << i << " element " << k;
    }
    EXPECT_EQ(callbacks.load(), in_flight);
    for (const auto& id : callback_threads) {
        EXPECT_EQ(id, compiled->completions()->thread_id()) << "callbacks run on the device's completion thread";
        EXPECT_NE(id, device.thread_id()) << "the device's own thread never runs user code";
    }
    EXPECT_EQ(compiled->completions()->completed(), in_flight);

    // The requests run again: the second round reuses everything the first set up.
    for (auto& request : requests)
        request->start_async();
    for (auto& request : requests)
        request->wait();
    EXPECT_EQ(compiled->completions()->completed(), 2 * in_flight);
}

TEST(AsyncDevice, DeviceErrorReachesWaitAndTheCallback) {
    FakeDevice device;
    auto compiled = std::make_shared<FakeCompiledModel>(device, true);
    auto request = compiled->create_infer_request();
    std::atomic<bool> told{false};
    request->set_callback([&](std::exception_ptr error) { told = static_cast<bool>(error); });
    request->start_async();
    const std::string message = devmux_test::error_of([&] { request->wait(); });
    EXPECT_NE(message.find("the kernel failed"), std::string::npos) << message;
    EXPECT_TRUE(told.load());
}

TEST(AsyncDevice, CallbackExceptionIsKeptForWait) {
    FakeDevice device;
    auto compiled = std::make_shared<FakeCompiledModel>(device);
    auto request = compiled->create_infer_request();
    request->set_callback([](std::exception_ptr) { throw std::runtime_error("user callback broke"); });
    request->start_async();
    const std::string message = devmux_test::error_of([&] { request->wait(); });
    EXPECT_NE(message.find("callback threw: user callback broke"), std::string::npos) << message;
    // The next inference starts clean.
    request->set_callback(nullptr);
    request->start_async();
    EXPECT_NO_THROW(request->wait());
}

TEST(AsyncDevice, CallbackExceptionIsKeptForWaitOnAThreadedRequest) {
    FakeDevice unused;  // the plain request runs on its own worker thread, not on the device
    auto compiled = std::make_shared<FakeCompiledModel>(unused);
    auto request = std::make_shared<devmux::IAsyncInferRequest>(compiled->create_sync_infer_request());
    request->set_callback([](std::exception_ptr) { throw std::runtime_error("user callback broke"); });
    request->start_async();
    const std::string message = devmux_test::error_of([&] { request->wait(); });
    EXPECT_NE(message.find("The infer request's callback threw: user callback broke"), std::string::npos) << message;
}

// A task that releases the last owner of its own queue (a callback dropping the last request of a device whose
// queue it holds) destroys the queue on the queue's thread: that thread must then end without touching the
// destroyed queue (AddressSanitizer reported a use after free in its loop before; scripts/test --sanitize).
TEST(AsyncDevice, AQueueReleasedByItsOwnTaskEndsItsThread) {
    const size_t threads_before = thread_count();
    auto queue = std::make_shared<devmux::CompletionQueue>("SELF");
    std::shared_ptr<devmux::CompletionQueue> last_owner = queue;
    std::mutex mutex;
    std::condition_variable ran;
    bool go = false, released = false;
    // Outlives the queue's use of it: the queue keeps a pointer to the task it runs.
    static devmux::CompletionQueue::Task release;
    release = [&](std::exception_ptr) {
        {
            std::unique_lock<std::mutex> lock(mutex);
            ran.wait(lock, [&] { return go; });  // until the test has dropped its own reference
        }
        last_owner.reset();  // the last owner: the queue is destroyed here, on its own thread
        std::lock_guard<std::mutex> lock(mutex);
        released = true;
        ran.notify_all();
    };
    queue->post(release, nullptr);
    queue.reset();
    {
        std::unique_lock<std::mutex> lock(mutex);
        go = true;
        ran.notify_all();
        ASSERT_TRUE(ran.wait_for(lock, std::chrono::seconds(30), [&] { return released; }));
    }
    // The queue's thread ends on its own (it was detached).
    for (int i = 0; i < 300 && thread_count() > threads_before; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(thread_count(), threads_before);
}

}  // namespace
