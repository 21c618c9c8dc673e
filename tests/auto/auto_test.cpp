// SPDX-License-Identifier: Apache-2.0
// AUTO and MULTI over mock devices: choice by type and priorities, exclusion, compile failover, startup
// and runtime fallback, requests spread over two devices; and AUTO on the software GPU deployment.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <sstream>
#include <thread>

#include "common/test_utils.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/openvino.hpp"
#include "openvino/runtime/auto/properties.hpp"

namespace {

using ::testing::HasSubstr;
using Clock = std::chrono::steady_clock;

using Properties = std::vector<std::pair<std::string, std::string>>;

std::string plugin_element(const std::string& name, const std::string& location, const Properties& properties) {
    std::string text = "    <plugin name=\"" + name + "\" location=\"" + location + "\">\n      <properties>\n";
    for (const auto& [key, value] : properties)
        text += "        <property key=\"" + key + "\" value=\"" + value + "\"/>\n";
    return text + "      </properties>\n    </plugin>\n";
}

struct MockDevice {
    std::string name;
    Properties properties;
};

// A Core whose devices are AUTO, MULTI and the given mock devices, from a plugins.xml written for it.
class AutoCore {
public:
    explicit AutoCore(const std::vector<MockDevice>& devices) {
        const std::string autolib = std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_auto_plugin.so";
        std::string xml = "<ie>\n  <plugins>\n";
        for (const auto& device : devices)
            xml += plugin_element(device.name, devmux_mock::library_path(), device.properties);
        xml += plugin_element("AUTO", autolib, {}) + plugin_element("MULTI", autolib, {});
        xml += "  </plugins>\n</ie>\n";
        std::ofstream(m_dir.file("plugins.xml")) << xml;
        core = std::make_unique<ov::Core>(m_dir.file("plugins.xml"));
    }
    uint64_t count(const std::string& device, const char* key) const {
        return core->get_property(device, key).as<uint64_t>();
    }
    uint64_t inferences(const std::string& device) const { return count(device, devmux_mock::infer_calls); }
    uint64_t compiles(const std::string& device) const { return count(device, devmux_mock::compile_model_calls); }

    std::unique_ptr<ov::Core> core;

private:
    devmux_test::TempDir m_dir;
};

// y = relu(x) * 2 on [1, 8].
std::shared_ptr<ov::Model> small_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8});
    x->set_friendly_name("x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    auto two = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{}, {2.0f});
    auto y = std::make_shared<ov::op::v1::Multiply>(relu, two);
    return std::make_shared<ov::Model>(ov::OutputVector{y}, ov::ParameterVector{x}, "small");
}

// Runs one inference on `request` with input values seeded by `seed`; expects relu(x) * 2.
void infer_and_check(ov::InferRequest& request, uint32_t seed) {
    ov::Tensor input = devmux_test::random_f32({1, 8}, seed, -1.0f, 1.0f);
    request.set_input_tensor(input);
    request.infer();
    const ov::Tensor output = request.get_output_tensor();
    for (size_t i = 0; i < 8; ++i)
        ASSERT_FLOAT_EQ(output.data<float>()[i], std::max(0.0f, input.data<float>()[i]) * 2.0f) << "seed " << seed;
}

std::vector<std::string> execution_devices(const ov::CompiledModel& compiled) {
    return compiled.get_property(ov::execution_devices);
}

std::string error_of(const std::function<void()>& call) {
    try {
        call();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "(no error)";
}

const Properties integrated = {{devmux_mock::device_type, "integrated"}};
const Properties discrete = {{devmux_mock::device_type, "discrete"}};

// ---- choice ----

TEST(Auto, ChoosesDiscreteThenIntegratedGpuThenCpu) {
    AutoCore c({{"CPU", integrated}, {"GPU", integrated}, {"XPU", discrete}});
    const auto model = small_model();
    const auto no_helper = ov::intel_auto::enable_startup_fallback(false);
    EXPECT_EQ(execution_devices(c.core->compile_model(model, "AUTO", no_helper)),
              std::vector<std::string>{"XPU.0"});
    EXPECT_EQ(execution_devices(c.core->compile_model(model, "AUTO:-XPU", no_helper)),
              std::vector<std::string>{"GPU.0"});
    EXPECT_EQ(execution_devices(c.core->compile_model(model, "AUTO", no_helper, ov::device::priorities("-XPU", "-GPU"))),
              std::vector<std::string>{"CPU.0"});
    // Named devices are tried in the order given, whatever their type.
    EXPECT_EQ(execution_devices(c.core->compile_model(model, "AUTO:CPU,XPU", no_helper)),
              std::vector<std::string>{"CPU.0"});
    EXPECT_EQ(execution_devices(c.core->compile_model(model, "AUTO", no_helper, ov::device::priorities("GPU", "CPU"))),
              std::vector<std::string>{"GPU.0"});
    EXPECT_EQ(c.compiles("CPU"), 2u) << "without startup fallback only the chosen device compiles";
}

TEST(Auto, LeavesOutDevicesThatDoNotSupportTheModel) {
    AutoCore c({{"CPU", integrated},
                {"XPU", {{devmux_mock::device_type, "discrete"}, {devmux_mock::supported_ops, "Parameter,Result,Relu"}}}});
    const auto compiled = c.core->compile_model(small_model(), "AUTO", ov::intel_auto::enable_startup_fallback(false));
    EXPECT_EQ(execution_devices(compiled), std::vector<std::string>{"CPU.0"});
    EXPECT_EQ(c.compiles("XPU"), 0u);
    // Nothing supports it: the message says why each device was left out.
    AutoCore only({{"XPU", {{devmux_mock::supported_ops, "Parameter,Result,Relu"}}}});
    EXPECT_THAT(error_of([&] { only.core->compile_model(small_model(), "AUTO"); }), HasSubstr("Multiply"));
}

TEST(Auto, IsTheDefaultDeviceWhenRegistered) {
    AutoCore c({{"CPU", integrated}, {"GPU", discrete}});
    auto compiled = c.core->compile_model(small_model(), ov::intel_auto::enable_startup_fallback(false));
    EXPECT_EQ(execution_devices(compiled), std::vector<std::string>{"GPU.0"});
    auto request = compiled.create_infer_request();
    infer_and_check(request, 1);
}

TEST(Auto, PropertiesOfThePluginAndTheCompiledModel) {
    AutoCore c({{"CPU", integrated}, {"GPU", discrete}});
    EXPECT_TRUE(c.core->get_property("AUTO", ov::intel_auto::enable_startup_fallback));
    EXPECT_TRUE(c.core->get_property("AUTO", ov::intel_auto::enable_runtime_fallback));
    EXPECT_EQ(c.core->get_property("AUTO", ov::hint::performance_mode), ov::hint::PerformanceMode::LATENCY);
    EXPECT_EQ(c.core->get_property("MULTI", ov::hint::performance_mode),
              ov::hint::PerformanceMode::CUMULATIVE_THROUGHPUT);
    EXPECT_EQ(c.core->get_property("MULTI", ov::intel_auto::schedule_policy),
              ov::intel_auto::SchedulePolicy::DEVICE_PRIORITY);
    EXPECT_TRUE(c.core->get_available_devices() == (std::vector<std::string>{"CPU", "GPU"}))
        << "AUTO and MULTI are not devices of their own";

    c.core->set_property("AUTO", {ov::intel_auto::enable_startup_fallback(false), ov::device::priorities("CPU")});
    auto compiled = c.core->compile_model(small_model(), "AUTO");
    EXPECT_FALSE(compiled.get_property(ov::intel_auto::enable_startup_fallback));
    EXPECT_EQ(compiled.get_property(ov::device::priorities), "CPU");
    EXPECT_EQ(execution_devices(compiled), std::vector<std::string>{"CPU.0"});
    EXPECT_EQ(compiled.get_property(ov::optimal_number_of_infer_requests), 1u);
    EXPECT_THAT(error_of([&] { std::ostringstream blob; compiled.export_model(blob); }), HasSubstr("exported"));
}

// ---- compile failover ----

TEST(Auto, CompileFailoverKeepsEveryError) {
    for (const bool helper : {false, true}) {
        SCOPED_TRACE(helper ? "startup fallback on" : "startup fallback off");
        AutoCore c({{"CPU", integrated}, {"GPU", {{devmux_mock::device_type, "discrete"}, {devmux_mock::compile_error, "gpu compiler broke"}}}});
        auto compiled = c.core->compile_model(small_model(), "AUTO", ov::intel_auto::enable_startup_fallback(helper));
        EXPECT_EQ(execution_devices(compiled), std::vector<std::string>{"CPU.0"});
        auto request = compiled.create_infer_request();
        infer_and_check(request, 2);
        // With the helper, the GPU's compile (and its failure) happens in the background.
        const auto deadline = Clock::now() + std::chrono::seconds(10);
        while (c.compiles("GPU") == 0 && Clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        EXPECT_EQ(c.compiles("GPU"), 1u);

        AutoCore all({{"CPU", {{devmux_mock::compile_error, "cpu compiler broke"}}},
                      {"GPU", {{devmux_mock::device_type, "discrete"}, {devmux_mock::compile_error, "gpu compiler broke"}}}});
        const std::string message = error_of(
            [&] { all.core->compile_model(small_model(), "AUTO", ov::intel_auto::enable_startup_fallback(helper)); });
        EXPECT_THAT(message, HasSubstr("gpu compiler broke"));
        EXPECT_THAT(message, HasSubstr("cpu compiler broke"));
        EXPECT_EQ(all.compiles("GPU"), 1u);
        EXPECT_EQ(all.compiles("CPU"), 1u);
    }
}

TEST(Auto, CompileFailoverReachesDevicesListedAfterTheCpu) {
    AutoCore c({{"CPU", {{devmux_mock::compile_error, "cpu compiler broke"}}},
                {"GPU", {{devmux_mock::compile_error, "gpu compiler broke"}}},
                {"XPU", integrated}});
    auto compiled = c.core->compile_model(small_model(), "AUTO:GPU,CPU,XPU");
    EXPECT_EQ(execution_devices(compiled), std::vector<std::string>{"XPU.0"});
    auto request = compiled.create_infer_request();
    infer_and_check(request, 6);
}

// ---- startup fallback ----

TEST(Auto, StartupFallbackServesFromCpuThenMovesToGpu) {
    AutoCore c({{"CPU", integrated}, {"GPU", {{devmux_mock::device_type, "discrete"}, {devmux_mock::compile_delay_ms, "2000"}}}});
    const auto start = Clock::now();
    auto compiled = c.core->compile_model(small_model(), "AUTO");
    const double compile_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    EXPECT_LT(compile_ms, 1500.0) << "compile_model waited for the GPU";
    EXPECT_EQ(execution_devices(compiled), std::vector<std::string>{"CPU.0"});
    EXPECT_TRUE(compiled.get_property(ov::intel_auto::enable_startup_fallback));
    auto first = compiled.create_infer_request();
    infer_and_check(first, 3);
    EXPECT_EQ(c.inferences("CPU"), 1u);
    EXPECT_EQ(c.inferences("GPU"), 0u);

    // Four requests run without pause across the switch: each answered once, correctly.
    std::atomic<uint64_t> done{0};
    std::atomic<bool> stop{false};
    std::vector<std::thread> runners;
    for (uint32_t r = 0; r < 4; ++r) {
        runners.emplace_back([&, r] {
            auto request = compiled.create_infer_request();
            for (uint32_t i = 0; !stop; ++i) {
                infer_and_check(request, 100 * r + i);
                ++done;
            }
        });
    }
    const auto deadline = Clock::now() + std::chrono::seconds(20);
    while (execution_devices(compiled) != std::vector<std::string>{"GPU.0"} && Clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
    for (auto& runner : runners)
        runner.join();
    ASSERT_EQ(execution_devices(compiled), std::vector<std::string>{"GPU.0"});
    EXPECT_EQ(c.inferences("CPU") + c.inferences("GPU"), done + 1) << "an inference lost or answered twice";
    EXPECT_GT(c.inferences("CPU"), 1u);
    EXPECT_GT(c.inferences("GPU"), 0u);

    // Once moved, new inferences go to the GPU only.
    const uint64_t cpu_before = c.inferences("CPU");
    infer_and_check(first, 4);
    EXPECT_EQ(c.inferences("CPU"), cpu_before);
}

TEST(Auto, ReportsTheProfilingOfTheDeviceThatRan) {
    AutoCore c({{"CPU", integrated}, {"GPU", discrete}});
    auto compiled = c.core->compile_model(small_model(), "AUTO", ov::intel_auto::enable_startup_fallback(false),
                                          ov::enable_profiling(true));
    auto request = compiled.create_infer_request();
    infer_and_check(request, 5);
    EXPECT_FALSE(request.get_profiling_info().empty());
}

TEST(Auto, StartupFallbackOffWaitsForTheGpu) {
    AutoCore c({{"CPU", integrated}, {"GPU", {{devmux_mock::device_type, "discrete"}, {devmux_mock::compile_delay_ms, "300"}}}});
    auto compiled = c.core->compile_model(small_model(), "AUTO", ov::intel_auto::enable_startup_fallback(false));
    EXPECT_EQ(execution_devices(compiled), std::vector<std::string>{"GPU.0"});
    EXPECT_EQ(c.compiles("CPU"), 0u);
}

// ---- runtime fallback ----

TEST(Auto, RuntimeFallbackRerunsAFailedInferenceOnTheNextDevice) {
    AutoCore c({{"CPU", integrated}, {"GPU", {{devmux_mock::device_type, "discrete"}, {devmux_mock::fail_inference, "2"}}}});
    auto compiled = c.core->compile_model(small_model(), "AUTO", ov::intel_auto::enable_startup_fallback(false));
    EXPECT_TRUE(compiled.get_property(ov::intel_auto::enable_runtime_fallback));
    auto request = compiled.create_infer_request();
    for (uint32_t i = 0; i < 4; ++i)
        infer_and_check(request, 10 + i);
    EXPECT_EQ(c.inferences("GPU"), 4u) << "the GPU failed once and stays in the rotation";
    EXPECT_EQ(c.inferences("CPU"), 1u) << "the failed inference ran again on the CPU";

    AutoCore off({{"CPU", integrated}, {"GPU", {{devmux_mock::device_type, "discrete"}, {devmux_mock::fail_inference, "2"}}}});
    auto strict = off.core->compile_model(small_model(), "AUTO", ov::intel_auto::enable_startup_fallback(false),
                                          ov::intel_auto::enable_runtime_fallback(false));
    auto strict_request = strict.create_infer_request();
    infer_and_check(strict_request, 20);
    EXPECT_THAT(error_of([&] { strict_request.infer(); }), HasSubstr("GPU"));
    EXPECT_EQ(off.inferences("CPU"), 0u);
}

TEST(Auto, LostDeviceLeavesTheRotation) {
    AutoCore c({{"CPU", integrated}, {"GPU", {{devmux_mock::device_type, "discrete"}, {devmux_mock::lost_after, "2"}}}});
    auto compiled = c.core->compile_model(small_model(), "AUTO", ov::intel_auto::enable_startup_fallback(false));
    auto request = compiled.create_infer_request();
    for (uint32_t i = 0; i < 3; ++i)
        infer_and_check(request, 30 + i);  // the third fails on the lost GPU and runs on the CPU
    EXPECT_EQ(execution_devices(compiled), std::vector<std::string>{"CPU.0"});
    const uint64_t gpu_calls = c.inferences("GPU");
    for (uint32_t i = 0; i < 5; ++i)
        infer_and_check(request, 40 + i);
    EXPECT_EQ(c.inferences("GPU"), gpu_calls) << "a lost device is asked no more";
    EXPECT_EQ(c.inferences("CPU"), 6u);
}

TEST(Auto, NoDeviceLeftNamesEveryFailure) {
    AutoCore c({{"CPU", {{devmux_mock::fail_every, "1"}}},
                {"GPU", {{devmux_mock::device_type, "discrete"}, {devmux_mock::fail_every, "1"}}}});
    auto compiled = c.core->compile_model(small_model(), "AUTO", ov::intel_auto::enable_startup_fallback(false));
    auto request = compiled.create_infer_request();
    const std::string message = error_of([&] { request.infer(); });
    EXPECT_THAT(message, HasSubstr("GPU"));
    EXPECT_THAT(message, HasSubstr("CPU"));
}

// ---- requests over several devices ----

const Properties slow_a = {{devmux_mock::infer_delay_ms, "10"}};

TEST(Multi, SpreadsRequestsOverEveryDevice) {
    AutoCore c({{"MA", slow_a}, {"MB", slow_a}});
    const auto model = small_model();
    auto multi = c.core->compile_model(model, "MULTI:MA,MB");
    EXPECT_EQ(multi.get_property(ov::optimal_number_of_infer_requests), 2u);
    EXPECT_EQ(execution_devices(multi), (std::vector<std::string>{"MA.0", "MB.0"}));

    // One inference at a time under DEVICE_PRIORITY: always the first device.
    auto request = multi.create_infer_request();
    for (uint32_t i = 0; i < 6; ++i)
        infer_and_check(request, 50 + i);
    EXPECT_EQ(c.inferences("MA"), 6u);
    EXPECT_EQ(c.inferences("MB"), 0u);

    // ROUND_ROBIN alternates even then.
    auto round_robin = c.core->compile_model(model, "MULTI:MA,MB",
                                             ov::intel_auto::schedule_policy(ov::intel_auto::SchedulePolicy::ROUND_ROBIN));
    auto rr_request = round_robin.create_infer_request();
    for (uint32_t i = 0; i < 6; ++i)
        infer_and_check(rr_request, 60 + i);
    EXPECT_EQ(c.inferences("MA"), 9u);
    EXPECT_EQ(c.inferences("MB"), 3u);
}

TEST(Multi, TwoDevicesShareTheRequestsEvenly) {
    AutoCore c({{"MA", slow_a}, {"MB", slow_a}});
    const auto model = small_model();
    constexpr uint32_t per_request = 30;
    const auto run = [&](ov::CompiledModel& compiled, uint32_t requests) {
        std::vector<ov::InferRequest> infer_requests;
        for (uint32_t r = 0; r < requests; ++r)
            infer_requests.push_back(compiled.create_infer_request());
        const auto start = Clock::now();
        std::vector<std::thread> threads;
        for (uint32_t r = 0; r < requests; ++r)
            threads.emplace_back([&, r] {
                for (uint32_t i = 0; i < per_request; ++i) {
                    infer_requests[r].start_async();
                    infer_requests[r].wait();
                }
            });
        for (auto& thread : threads)
            thread.join();
        return requests * per_request / std::chrono::duration<double>(Clock::now() - start).count();
    };
    auto one = c.core->compile_model(model, "MA");
    const double single_fps = run(one, 1);
    auto both = c.core->compile_model(model, "MULTI:MA,MB");
    const uint64_t a_before = c.inferences("MA");
    const double multi_fps = run(both, 4);
    const uint64_t on_a = c.inferences("MA") - a_before;
    const uint64_t on_b = c.inferences("MB");
    std::printf("[ MEASURED ] mock 10 ms devices: one %.1f inf/s, MULTI of two %.1f inf/s (x%.2f); %llu on MA, %llu on MB\n",
                single_fps, multi_fps, multi_fps / single_fps, static_cast<unsigned long long>(on_a),
                static_cast<unsigned long long>(on_b));
    EXPECT_EQ(on_a + on_b, 4u * per_request);
    EXPECT_GE(on_a, per_request) << "each device takes a fair share";
    EXPECT_GE(on_b, per_request) << "each device takes a fair share";
    // The ratio swings with the machine's load (x1.3 to x3.2 seen on 2 shared cores), so it is printed, not
    // asserted: docs/auto.md has the measurement with `devmux benchmark` on the same mock devices.
}

TEST(Multi, AutoWithCumulativeThroughputUsesEveryCandidate) {
    AutoCore c({{"CPU", integrated}, {"GPU", discrete}});
    auto compiled = c.core->compile_model(small_model(), "AUTO",
                                          ov::hint::performance_mode(ov::hint::PerformanceMode::CUMULATIVE_THROUGHPUT));
    EXPECT_EQ(execution_devices(compiled), (std::vector<std::string>{"GPU.0", "CPU.0"}));
    EXPECT_EQ(compiled.get_property(ov::optimal_number_of_infer_requests), 2u);
    std::vector<ov::InferRequest> requests;
    for (int r = 0; r < 4; ++r)
        requests.push_back(compiled.create_infer_request());
    for (auto& request : requests)
        request.start_async();
    for (auto& request : requests)
        request.wait();
    EXPECT_EQ(c.inferences("CPU") + c.inferences("GPU"), 4u);
}

TEST(Multi, RuntimeFallbackMovesAFailedInferenceToAnotherDevice) {
    AutoCore c({{"MA", {{devmux_mock::fail_every, "1"}}}, {"MB", {}}});
    auto multi = c.core->compile_model(small_model(), "MULTI:MA,MB");
    auto request = multi.create_infer_request();
    for (uint32_t i = 0; i < 3; ++i)
        infer_and_check(request, 70 + i);
    EXPECT_EQ(c.inferences("MB"), 3u);
}

TEST(Multi, LostDeviceLeavesTheRotation) {
    AutoCore c({{"MA", {{devmux_mock::lost_after, "2"}}}, {"MB", {}}});
    auto multi = c.core->compile_model(small_model(), "MULTI:MA,MB");
    auto request = multi.create_infer_request();
    for (uint32_t i = 0; i < 8; ++i)
        infer_and_check(request, 80 + i);
    EXPECT_EQ(execution_devices(multi), std::vector<std::string>{"MB.0"});
    EXPECT_EQ(c.inferences("MA"), 3u) << "two inferences, one failed as lost, then no more";
    EXPECT_EQ(c.inferences("MB"), 6u);
}

TEST(Multi, NeedsADeviceList) {
    AutoCore c({MockDevice{"MA", {}}});
    EXPECT_THAT(error_of([&] { c.core->compile_model(small_model(), "MULTI"); }), HasSubstr("MULTI needs"));
    EXPECT_THAT(error_of([&] { c.core->compile_model(small_model(), "AUTO:MULTI,MA"); }),
                HasSubstr("virtual device 'MULTI'"));
}

// ---- the software GPU deployment ----

TEST(AutoSoftwareGpu, ChoosesTheGpuForSqueezeNetAndMatchesTheCpu) {
    ov::Core core(std::string(DEVMUX_BUILD_LIB_DIR) + "/plugins-software-gpu.xml");
    const auto devices = core.get_available_devices();
    if (std::find(devices.begin(), devices.end(), "GPU") == devices.end())
        GTEST_SKIP() << "no software GPU (PoCL or lavapipe) on this machine";
    const auto model = core.read_model(std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir11/squeezenet1.1.xml");
    const ov::Tensor input = devmux_test::random_f32(model->input().get_shape(), 7, 0.0f, 1.0f);

    const auto start = Clock::now();
    auto compiled = core.compile_model(model, "AUTO");
    auto request = compiled.create_infer_request();
    request.set_input_tensor(input);
    request.infer();
    const double first_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    const auto first_devices = execution_devices(compiled);
    while (execution_devices(compiled) == first_devices && first_devices == std::vector<std::string>{"CPU"} &&
           Clock::now() - start < std::chrono::seconds(300))
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const double gpu_ready_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    const auto now_devices = execution_devices(compiled);
    std::printf("[ MEASURED ] AUTO SqueezeNet: first result after %.0f ms (on %s), %s serving after %.0f ms\n",
                first_ms, first_devices.front().c_str(), now_devices.empty() ? "?" : now_devices.front().c_str(),
                gpu_ready_ms);
    ASSERT_FALSE(now_devices.empty());
    EXPECT_NE(now_devices.front(), "CPU") << "AUTO should end on the GPU";

    auto cpu = core.compile_model(model, "CPU");
    auto cpu_request = cpu.create_infer_request();
    cpu_request.set_input_tensor(input);
    cpu_request.infer();
    request.infer();  // on the GPU now
    const ov::Tensor got = request.get_output_tensor();
    const ov::Tensor want = cpu_request.get_output_tensor();
    ASSERT_EQ(got.get_size(), want.get_size());
    for (size_t i = 0; i < got.get_size(); ++i)
        ASSERT_NEAR(got.data<float>()[i], want.data<float>()[i], 1e-3f + 1e-3f * std::fabs(want.data<float>()[i]))
            << "element " << i;
}

}  // namespace

namespace {

// The figure AUTO's startup fallback is compared with (docs/auto.md): the first result of SqueezeNet
// compiled for GPU directly. Run it and the test above in fresh processes with empty driver caches
// (POCL_CACHE_DIR, XDG_CACHE_HOME) to measure a cold start.
TEST(AutoSoftwareGpu, TimeToFirstResultOnTheGpuDirectly) {
    ov::Core core(std::string(DEVMUX_BUILD_LIB_DIR) + "/plugins-software-gpu.xml");
    const auto devices = core.get_available_devices();
    if (std::find(devices.begin(), devices.end(), "GPU") == devices.end())
        GTEST_SKIP() << "no software GPU (PoCL or lavapipe) on this machine";
    const auto model = core.read_model(std::string(DEVMUX_MODELS_DIR) + "/squeezenet1.1-ir11/squeezenet1.1.xml");
    const auto start = Clock::now();
    auto compiled = core.compile_model(model, "GPU");
    auto request = compiled.create_infer_request();
    request.set_input_tensor(devmux_test::random_f32(model->input().get_shape(), 7, 0.0f, 1.0f));
    request.infer();
    std::printf("[ MEASURED ] GPU SqueezeNet: first result after %.0f ms (on %s)\n",
                std::chrono::duration<double, std::milli>(Clock::now() - start).count(),
                execution_devices(compiled).front().c_str());
}

}  // namespace
