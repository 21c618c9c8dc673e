// SPDX-License-Identifier: Apache-2.0
// The mock plugin's timing and fault keys (issue 25 §4): compile and inference delays, a failing
// compile, failing inferences (one, or every Nth), a device lost after N inferences (and what was in
// flight then), device memory (issue 27 §3), a device listing and a plugin factory that throw.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/test_utils.hpp"
#include "core/core_test_utils.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/core.hpp"

using namespace core_test;
using ::testing::AllOf;
using ::testing::Contains;
using ::testing::HasSubstr;

namespace {

using devmux_test::error_of;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

class MockFaults : public ::testing::Test {
protected:
    std::unique_ptr<ov::Core> core_with_mock(const std::vector<std::pair<std::string, std::string>>& properties = {}) {
        const std::string xml = dir.file("plugins_" + std::to_string(++files) + ".xml");
        write_file(xml, plugins_xml(plugin_element("M", devmux_mock::library_path(), properties)));
        return std::make_unique<ov::Core>(xml);
    }

    // Runs one inference; "" when it succeeded, else its error.
    static std::string infer_error(ov::InferRequest& request) {
        return error_of([&] { request.infer(); });
    }

    TempDir dir;
    int files = 0;
};

TEST_F(MockFaults, KeysAreListedAndOffByDefault) {
    auto core = core_with_mock();
    const auto properties = core->get_property("M", ov::supported_properties);
    const std::vector<std::string> names(properties.begin(), properties.end());
    for (const char* key : {devmux_mock::compile_delay_ms, devmux_mock::infer_delay_ms, devmux_mock::compile_error,
                            devmux_mock::fail_inference, devmux_mock::fail_every, devmux_mock::lost_after,
                            devmux_mock::infer_calls, devmux_mock::memory_bytes, devmux_mock::list_devices_error})
        EXPECT_THAT(names, Contains(key));
    EXPECT_EQ(core->get_property("M", devmux_mock::compile_delay_ms).as<double>(), 0.0);
    EXPECT_EQ(core->get_property("M", devmux_mock::infer_delay_ms).as<double>(), 0.0);
    EXPECT_EQ(core->get_property("M", devmux_mock::compile_error).as<std::string>(), "");
    EXPECT_EQ(core->get_property("M", devmux_mock::fail_inference).as<uint64_t>(), 0u);
    EXPECT_EQ(core->get_property("M", devmux_mock::fail_every).as<uint64_t>(), 0u);
    EXPECT_EQ(core->get_property("M", devmux_mock::lost_after).as<uint64_t>(), 0u);
    EXPECT_EQ(core->get_property("M", devmux_mock::memory_bytes).as<uint64_t>(), 0u);
    EXPECT_EQ(core->get_property("M", devmux_mock::list_devices_error).as<std::string>(), "");
    auto request = core->compile_model(make_model(), "M").create_infer_request();
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(infer_error(request), "<no ov::Exception>");
    EXPECT_EQ(core->get_property("M", devmux_mock::infer_calls).as<uint64_t>(), 5u);
}

TEST_F(MockFaults, InvalidValuesAreRefusedNamingTheKey) {
    auto core = core_with_mock();
    for (const auto& kv : std::vector<std::pair<const char*, const char*>>{{devmux_mock::compile_delay_ms, "-1"},
                                                                          {devmux_mock::infer_delay_ms, "fast"},
                                                                          {devmux_mock::fail_inference, "-2"},
                                                                          {devmux_mock::fail_every, "1.5"},
                                                                          {devmux_mock::lost_after, "x"}}) {
        EXPECT_THAT(error_of([&] { core->set_property("M", {{kv.first, kv.second}}); }),
                    AllOf(HasSubstr(kv.first), HasSubstr(kv.second)));
    }
    EXPECT_THAT(error_of([&] { core->set_property("M", {{devmux_mock::infer_calls, "3"}}); }),
                HasSubstr(devmux_mock::infer_calls));
}

TEST_F(MockFaults, CompileDelayFromPluginsXml) {
    auto core = core_with_mock({{devmux_mock::compile_delay_ms, "60"}});
    const auto start = Clock::now();
    core->compile_model(make_model(), "M");
    EXPECT_GE(ms_since(start), 60.0);
    EXPECT_EQ(core->get_property("M", devmux_mock::compile_delay_ms).as<double>(), 60.0);
}

TEST_F(MockFaults, InferDelayIsPerInferenceAndFixedAtCompile) {
    auto core = core_with_mock();
    core->set_property("M", {{devmux_mock::infer_delay_ms, "25.5"}});
    auto slow = core->compile_model(make_model(), "M").create_infer_request();
    // A compile's own config wins over the plugin's; each compiled model keeps the value of its compile.
    auto fast = core->compile_model(make_model(), "M", {{devmux_mock::infer_delay_ms, "0"}}).create_infer_request();
    core->set_property("M", {{devmux_mock::infer_delay_ms, "0"}});
    auto start = Clock::now();
    slow.infer();
    slow.infer();
    EXPECT_GE(ms_since(start), 51.0);
    start = Clock::now();
    fast.infer();
    EXPECT_LT(ms_since(start), 25.0);
}

TEST_F(MockFaults, CompileErrorFailsEveryCompileWithItsTextAndStillCounts) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1"}, {devmux_mock::compile_error, "out of shader memory"}});
    for (const char* device : {"M.0", "M.1"}) {
        EXPECT_THAT(error_of([&] { core->compile_model(make_model(), device); }),
                    AllOf(HasSubstr(std::string("'") + device + "'"), HasSubstr("out of shader memory"),
                          HasSubstr(devmux_mock::compile_error)));
    }
    EXPECT_EQ(core->get_property("M", devmux_mock::compile_model_calls).as<uint64_t>(), 2u);
    EXPECT_FALSE(core->query_model(make_model(), "M").empty()) << "only compiles fail";
    core->set_property("M", {{devmux_mock::compile_error, ""}});
    EXPECT_NO_THROW(core->compile_model(make_model(), "M"));
}

TEST_F(MockFaults, FailInferenceFailsThatOneInferenceOfEachCompiledModel) {
    auto core = core_with_mock({{devmux_mock::fail_inference, "2"}});
    auto compiled = core->compile_model(make_model(), "M");
    auto first = compiled.create_infer_request();
    auto second = compiled.create_infer_request();
    EXPECT_EQ(infer_error(first), "<no ov::Exception>");
    // The count is the compiled model's, over all its requests.
    EXPECT_THAT(infer_error(second),
                AllOf(HasSubstr("'M.0'"), HasSubstr("inference 2 fails"), HasSubstr(devmux_mock::fail_inference)));
    EXPECT_EQ(infer_error(first), "<no ov::Exception>");
    EXPECT_EQ(infer_error(second), "<no ov::Exception>");
    // Another compiled model counts from 1 again.
    auto other = core->compile_model(make_model(), "M").create_infer_request();
    EXPECT_EQ(infer_error(other), "<no ov::Exception>");
    EXPECT_THAT(infer_error(other), HasSubstr("inference 2 fails"));
    EXPECT_EQ(core->get_property("M", devmux_mock::infer_calls).as<uint64_t>(), 6u) << "failed ones count too";
}

TEST_F(MockFaults, FailEveryFailsEachNthInference) {
    auto core = core_with_mock();
    auto request = core->compile_model(make_model(), "M", {{devmux_mock::fail_every, "3"}}).create_infer_request();
    std::vector<int> failed;
    for (int i = 1; i <= 9; ++i) {
        const std::string error = infer_error(request);
        if (error != "<no ov::Exception>") {
            failed.push_back(i);
            EXPECT_THAT(error, AllOf(HasSubstr("inference " + std::to_string(i) + " fails"),
                                     HasSubstr(devmux_mock::fail_every)));
        }
    }
    EXPECT_EQ(failed, (std::vector<int>{3, 6, 9}));
}

TEST_F(MockFaults, FailedInferenceThroughStartAsyncIsReportedByWait) {
    auto core = core_with_mock({{devmux_mock::fail_inference, "1"}});
    auto request = core->compile_model(make_model(), "M").create_infer_request();
    request.start_async();
    EXPECT_THAT(error_of([&] { request.wait(); }), HasSubstr("inference 1 fails"));
    request.start_async();
    EXPECT_NO_THROW(request.wait());
}

TEST_F(MockFaults, LostDeviceFailsEveryLaterCallNamingIt) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1"}, {devmux_mock::lost_after, "3"}});
    auto compiled = core->compile_model(make_model(), "M.0");
    auto a = compiled.create_infer_request();
    auto b = core->compile_model(make_model(), "M.0").create_infer_request();
    EXPECT_EQ(infer_error(a), "<no ov::Exception>");
    EXPECT_EQ(infer_error(b), "<no ov::Exception>");
    EXPECT_EQ(infer_error(a), "<no ov::Exception>") << "the third inference on the device still runs";
    const auto lost = AllOf(HasSubstr("'M.0'"), HasSubstr("is lost"), HasSubstr(devmux_mock::lost_after));
    EXPECT_THAT(infer_error(a), lost);
    EXPECT_THAT(infer_error(b), lost) << "lost for every compiled model on it";
    EXPECT_THAT(error_of([&] { compiled.create_infer_request(); }), lost);
    EXPECT_THAT(error_of([&] { core->compile_model(make_model(), "M.0"); }), lost);
    EXPECT_THAT(error_of([&] { core->query_model(make_model(), "M.0"); }), lost);
    // Its properties stay readable, and the instance's other device is unaffected.
    EXPECT_EQ(core->get_property("M", devmux_mock::infer_calls).as<uint64_t>(), 5u);
    auto other = core->compile_model(make_model(), "M.1").create_infer_request();
    EXPECT_EQ(infer_error(other), "<no ov::Exception>");
}

TEST_F(MockFaults, InferenceInFlightWhenTheDeviceIsLostFailsToo) {
    // Two inferences of 100 ms at once; the second to start loses the device and still completes, the
    // first was running when it was lost and fails as it ends.
    auto core = core_with_mock({{devmux_mock::lost_after, "2"}, {devmux_mock::infer_delay_ms, "100"}});
    auto compiled = core->compile_model(make_model(), "M");
    auto a = compiled.create_infer_request();
    auto b = compiled.create_infer_request();
    a.start_async();
    b.start_async();
    std::vector<std::string> errors;
    for (auto* request : {&a, &b})
        errors.push_back(error_of([&] { ASSERT_TRUE(request->wait_for(std::chrono::seconds(30))); }));
    EXPECT_THAT(errors, ::testing::UnorderedElementsAre(
                            "<no ov::Exception>", AllOf(HasSubstr("'M.0' was lost while inference 1 ran"),
                                                        HasSubstr(devmux_mock::lost_after))));
}

TEST_F(MockFaults, MemoryBytesLimitsWhatCompiledModelsHoldTogether) {
    // make_model: three f32 {2, 3} inputs and three f32 {2, 3} op outputs, 6 x 24 = 144 bytes.
    auto core = core_with_mock({{devmux_mock::memory_bytes, "300"}});
    auto first = core->compile_model(make_model(), "M");
    auto second = core->compile_model(make_model(), "M");
    EXPECT_THAT(error_of([&] { core->compile_model(make_model(), "M"); }),
                AllOf(HasSubstr("'M.0' is out of memory"), HasSubstr("needs 144 bytes"),
                      HasSubstr("12 of 300 bytes are free"), HasSubstr(devmux_mock::memory_bytes)));
    first = {};
    EXPECT_NO_THROW(core->compile_model(make_model(), "M"));
}

TEST_F(MockFaults, ListDevicesErrorFailsOnlyTheListing) {
    auto core = core_with_mock({{devmux_mock::list_devices_error, "bus scan failed"}});
    EXPECT_THAT(error_of([&] { core->get_property("M", ov::available_devices); }),
                AllOf(HasSubstr("bus scan failed"), HasSubstr(devmux_mock::list_devices_error)));
    EXPECT_THAT(core->get_available_devices(), ::testing::Not(Contains("M")));
    EXPECT_NO_THROW(core->compile_model(make_model(), "M")) << "the device itself still works";
}

TEST_F(MockFaults, CreateErrorEnvironmentMakesTheFactoryThrow) {
    setenv(devmux_mock::create_error_env, "no device node", 1);
    auto core = core_with_mock();
    const std::string error = error_of([&] { core->get_property("M", ov::device::full_name); });
    unsetenv(devmux_mock::create_error_env);
    EXPECT_THAT(error, AllOf(HasSubstr("no device node"), HasSubstr(devmux_mock::create_error_env)));
    EXPECT_EQ(core->get_property("M", ov::device::full_name), "devmux mock device") << "a later load succeeds";
}

}  // namespace
