// SPDX-License-Identifier: Apache-2.0
// One Core used from several threads at once: first-use loading, compilation, inference and property
// calls running concurrently.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "core_test_utils.hpp"
#include "devmux/registry_info.hpp"
#include "openvino/runtime/core.hpp"

using namespace core_test;

namespace {

TEST(CoreThreads, ConcurrentFirstUseCompileAndInfer) {
    TempDir dir;
    const std::string marker = dir.file("marker.txt");
    setenv("DEVMUX_TEST_PLUGIN_MARKER", marker.c_str(), 1);
    const std::string library = copy_test_plugin(dir.file(unique_library_name("threads")));
    write_file(dir.file("plugins.xml"), plugins_xml(plugin_element("TEST", library) +
                                                    plugin_element("MULTI_ID", library, {{"TEST_DEVICE_IDS", "0 1"}})));
    ov::Core core(dir.file("plugins.xml"));

    constexpr int threads = 4;
    constexpr int iterations = 10;
    std::atomic<int> mismatches{0};
    std::mutex errors_mutex;  // guards errors
    std::vector<std::string> errors;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            try {
                // Half the threads compile for TEST, half for MULTI_ID.1: both plugins load on first use
                // from the same library while other threads query properties.
                const std::string device = (t % 2 == 0) ? "TEST" : "MULTI_ID.1";
                ov::CompiledModel compiled = core.compile_model(make_model(), device, ov::num_streams(t + 1));
                if (compiled.get_property(ov::num_streams).num != t + 1)
                    ++mismatches;
                ov::InferRequest request = compiled.create_infer_request();
                for (int i = 0; i < iterations; ++i) {
                    const unsigned seed = static_cast<unsigned>(1000 * t + 3 * i);
                    const auto a = random_tensor({2, 3}, seed), b = random_tensor({2, 3}, seed + 1),
                               c = random_tensor({2, 3}, seed + 2);
                    request.set_tensor("a", a);
                    request.set_tensor("b", b);
                    request.set_tensor("c", c);
                    if (i % 2 == 0) {
                        request.infer();
                    } else {
                        request.start_async();
                        request.wait();
                    }
                    const auto expected = reference_output(a, b, c);
                    const float* out = request.get_tensor("out").data<float>();
                    for (size_t k = 0; k < expected.size(); ++k) {
                        if (std::fabs(out[k] - expected[k]) > 1e-6f)
                            ++mismatches;
                    }
                    if (core.get_available_devices().size() != 3u)
                        ++mismatches;
                    core.get_property("TEST", ov::device::full_name);
                    devmux::describe_plugins(core);
                }
            } catch (const std::exception& e) {
                std::lock_guard<std::mutex> lock(errors_mutex);
                errors.push_back(e.what());
            }
        });
    }
    for (auto& worker : workers)
        worker.join();
    unsetenv("DEVMUX_TEST_PLUGIN_MARKER");

    EXPECT_THAT(errors, ::testing::IsEmpty());
    EXPECT_EQ(mismatches.load(), 0);
    // Each device's plugin was created once, however many threads asked for it first.
    EXPECT_EQ(read_file(marker), "create\ncreate\n");
}

TEST(CoreThreads, ConcurrentSetAndGetPropertyOnOneDevice) {
    TempDir dir;
    write_file(dir.file("empty.xml"), plugins_xml(""));
    ov::Core core(dir.file("empty.xml"));
    core.register_plugin(test_plugin_path(), "TEST");
    std::atomic<int> bad{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < 4; ++t) {
        workers.emplace_back([&, t] {
            for (int i = 0; i < 50; ++i) {
                core.set_property("TEST", ov::num_streams(t + 1));
                const int streams = core.get_property("TEST", ov::num_streams).num;
                if (streams < 1 || streams > 4)
                    ++bad;
            }
        });
    }
    for (auto& worker : workers)
        worker.join();
    EXPECT_EQ(bad.load(), 0);
}

}  // namespace
