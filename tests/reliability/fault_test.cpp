// SPDX-License-Identifier: Apache-2.0
// Faults that lose nothing (issue 27 §3), injected with the mock plugin's fault keys (tests/mock_plugin):
// a failing inference, a lost device with requests in flight, plugin libraries that fail to load or to
// list their devices, unload_plugin under live objects, and a device out of memory; each through the mock
// directly and through what wraps it (HETERO, AUTO, a proxy alias).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "common/test_utils.hpp"
#include "core/core_test_utils.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/op/concat.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/reduce_sum.hpp"
#include "openvino/openvino.hpp"
#include "openvino/runtime/auto/properties.hpp"
#include "reliability/reliability_test_utils.hpp"

using ::testing::AllOf;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

// The CPU out-of-memory tests ask for 2^47 bytes and expect the allocation to fail cleanly; under a
// sanitizer that is a report and an abort unless the sanitizer's allocator may return null, as malloc does.
// Only read by a sanitizer runtime (an ASan/TSan build); its ASAN_OPTIONS/TSAN_OPTIONS still win key by key.
extern "C" const char* __asan_default_options() {
    return "allocator_may_return_null=1";
}
extern "C" const char* __tsan_default_options() {
    return "allocator_may_return_null=1";
}

namespace {

using namespace reliability;
using core_test::plugin_element;
using core_test::plugins_xml;
using core_test::write_file;
using devmux_test::error_of;
using Properties = std::vector<std::pair<std::string, std::string>>;

constexpr const char* no_error = "<no ov::Exception>";

std::string lib(const std::string& name) {
    return core_test::lib_dir() + "/lib" + name + ".so";
}

/// CPU, HETERO, AUTO and MULTI from the build, plus the given <plugin> elements (never the GPU backends,
/// whose loading takes seconds and is not under test here).
std::string base_elements() {
    return plugin_element("CPU", lib("devmux_cpu_plugin")) + plugin_element("HETERO", lib("devmux_hetero_plugin")) +
           plugin_element("AUTO", lib("devmux_auto_plugin")) + plugin_element("MULTI", lib("devmux_auto_plugin"));
}

class Faults : public ::testing::Test {
protected:
    /// A Core over base_elements() and @p elements, from a plugins.xml of this test.
    std::unique_ptr<ov::Core> core_with(const std::string& elements) {
        const std::string xml = dir.file("plugins_" + std::to_string(++files) + ".xml");
        write_file(xml, plugins_xml(base_elements() + elements));
        return std::make_unique<ov::Core>(xml);
    }
    static std::string mock(const std::string& name, const Properties& properties) {
        return plugin_element(name, devmux_mock::library_path(), properties);
    }

    devmux_test::TempDir dir;
    int files = 0;
};

// Runs one checked inference; "" when it succeeded with the right values, else what went wrong.
std::string infer_checked(ov::InferRequest& request, uint32_t seed) {
    const ov::Tensor x = weighted_input(seed);
    request.set_input_tensor(x);
    const std::string error = error_of([&] { request.infer(); });
    if (error != no_error)
        return error;
    const auto matches = output_matches(request, x);
    return matches ? "" : std::string("wrong result: ") + matches.message();
}

// Runs one checked inference through start_async with a counting callback and a bounded wait.
struct AsyncResult {
    int callbacks = 0;
    bool finished = false;
    std::string callback_error, wait_error, check;  // check: "" when the values were right (or it failed)
};
AsyncResult infer_async_checked(ov::InferRequest& request, uint32_t seed) {
    const ov::Tensor x = weighted_input(seed);
    request.set_input_tensor(x);
    AsyncOutcome outcome;
    count_callbacks(request, outcome);
    request.start_async();
    wait_bounded(request, outcome);
    AsyncResult result;
    result.finished = outcome.finished;
    result.callbacks = outcome.callbacks.load();
    result.callback_error = outcome.callback_error;
    result.wait_error = outcome.wait_error;
    if (outcome.finished && outcome.wait_error.empty()) {
        const auto matches = output_matches(request, x);
        result.check = matches ? "" : std::string("wrong result: ") + matches.message();
    }
    request.set_callback([](std::exception_ptr) {});  // the outcome goes out of scope
    return result;
}

// ---- a failing inference ----

// The device names that wrap the mock device "M" (fail at inference 2 of each compiled model), and what
// each reports. AUTO's runtime fallback is off here: with it on, the caller gets a result (tested below).
struct Wrapper {
    std::string device;
    ov::AnyMap config;
};

class FailingInference : public Faults, public ::testing::WithParamInterface<Wrapper> {};

TEST_P(FailingInference, ReportsDeviceAndCauseAndEverythingStaysUsable) {
    // "MX" is a proxy alias whose only member is the mock M: compiles and inferences go straight to M.
    auto core = core_with(mock("M", {{devmux_mock::fail_inference, "2"}, {"PROXY_CONFIGURATION_ALIAS", "MX"}}));
    const auto& param = GetParam();
    auto compiled = core->compile_model(weighted_model(), param.device, param.config);
    auto request = compiled.create_infer_request();
    EXPECT_EQ(infer_checked(request, 1), "");
    EXPECT_THAT(infer_checked(request, 2),
                AllOf(HasSubstr("'M.0'"), HasSubstr("inference 2 fails"), HasSubstr(devmux_mock::fail_inference)));
    // The same request, another request of the same compiled model, and the Core, all still work.
    EXPECT_EQ(infer_checked(request, 3), "");
    auto second = compiled.create_infer_request();
    EXPECT_EQ(infer_checked(second, 4), "");
    auto again = core->compile_model(weighted_model(), param.device, param.config).create_infer_request();
    EXPECT_EQ(infer_checked(again, 5), "");

    // Asynchronously: the callback runs once with the error, wait reports it, and the request goes on.
    auto async_compiled = core->compile_model(weighted_model(), param.device, param.config);
    auto async_request = async_compiled.create_infer_request();
    AsyncResult first = infer_async_checked(async_request, 6);
    ASSERT_TRUE(first.finished) << "hung";
    EXPECT_EQ(first.callbacks, 1);
    EXPECT_EQ(first.callback_error, "");
    EXPECT_EQ(first.wait_error, "");
    EXPECT_EQ(first.check, "");
    AsyncResult failed = infer_async_checked(async_request, 7);
    ASSERT_TRUE(failed.finished) << "hung";
    EXPECT_EQ(failed.callbacks, 1);
    EXPECT_THAT(failed.callback_error, AllOf(HasSubstr("'M.0'"), HasSubstr("inference 2 fails")));
    EXPECT_THAT(failed.wait_error, AllOf(HasSubstr("'M.0'"), HasSubstr("inference 2 fails")));
    AsyncResult next = infer_async_checked(async_request, 8);
    ASSERT_TRUE(next.finished) << "hung";
    EXPECT_EQ(next.callbacks, 1);
    EXPECT_EQ(next.wait_error, "");
    EXPECT_EQ(next.check, "");
    EXPECT_EQ(infer_checked(async_request, 9), "") << "sync after a failed async inference";
}

INSTANTIATE_TEST_SUITE_P(
    ThroughEachWrapper, FailingInference,
    ::testing::Values(Wrapper{"M", {}}, Wrapper{"HETERO:M,CPU", {}}, Wrapper{"MX", {}},
                      Wrapper{"AUTO:M,CPU",
                              {ov::intel_auto::enable_runtime_fallback(false), ov::intel_auto::enable_startup_fallback(false)}},
                      Wrapper{"MULTI:M", {ov::intel_auto::enable_runtime_fallback(false)}}),
    [](const ::testing::TestParamInfo<Wrapper>& info) {
        std::string name;
        for (char c : info.param.device)
            name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
        return name;
    });

// HETERO with the mock taking only part of the model: the failure is in one stage of two, and the
// request goes on.
TEST_F(Faults, FailingStageOfAHeteroSplitKeepsTheRequestUsable) {
    // M runs the MatMul only; the CPU runs the Add and the Relu after it.
    auto core = core_with(mock("M", {{devmux_mock::supported_ops, "Parameter,Result,Constant,MatMul"},
                                     {devmux_mock::fail_inference, "2"}}));
    auto compiled = core->compile_model(weighted_model(), "HETERO:M,CPU");
    const auto devices = compiled.get_property(ov::execution_devices);
    EXPECT_THAT(devices, Contains(HasSubstr("M")));
    EXPECT_THAT(devices, Contains(HasSubstr("CPU")));
    auto request = compiled.create_infer_request();
    EXPECT_EQ(infer_checked(request, 11), "");
    EXPECT_THAT(infer_checked(request, 12), AllOf(HasSubstr("'M.0'"), HasSubstr("inference 2 fails")));
    EXPECT_EQ(infer_checked(request, 13), "");
    AsyncResult async = infer_async_checked(request, 14);
    ASSERT_TRUE(async.finished) << "hung";
    EXPECT_EQ(async.callbacks, 1);
    EXPECT_EQ(async.check, "");
}

TEST_F(Faults, AutoRuntimeFallbackAnswersAFailedInferenceFromTheNextDevice) {
    auto core = core_with(mock("M", {{devmux_mock::fail_inference, "2"}, {devmux_mock::device_type, "discrete"}}));
    auto compiled = core->compile_model(weighted_model(), "AUTO:M,CPU", ov::intel_auto::enable_startup_fallback(false));
    auto request = compiled.create_infer_request();
    for (uint32_t i = 0; i < 2; ++i)
        EXPECT_EQ(infer_checked(request, 20 + i), "");
    AsyncResult async = infer_async_checked(request, 22);
    ASSERT_TRUE(async.finished) << "hung";
    EXPECT_EQ(async.callbacks, 1);
    EXPECT_EQ(async.wait_error, "");
    EXPECT_EQ(async.check, "");
    EXPECT_EQ(core->get_property("M", devmux_mock::infer_calls).as<uint64_t>(), 3u);
}

TEST_F(Faults, FailingCompileNamesTheDeviceAndTheCoreCompilesElsewhere) {
    auto core = core_with(mock("M", {{devmux_mock::compile_error, "no kernels for this driver"}}));
    for (const char* device : {"M", "HETERO:M"})
        EXPECT_THAT(error_of([&] { core->compile_model(weighted_model(), device); }),
                    AllOf(HasSubstr("'M.0'"), HasSubstr("no kernels for this driver")))
            << device;
    // AUTO fails over to the CPU; the CPU and M itself (once the fault is gone) compile as before.
    auto fallback = core->compile_model(weighted_model(), "AUTO:M,CPU").create_infer_request();
    EXPECT_EQ(infer_checked(fallback, 30), "");
    auto cpu = core->compile_model(weighted_model(), "CPU").create_infer_request();
    EXPECT_EQ(infer_checked(cpu, 31), "");
    core->set_property("M", {{devmux_mock::compile_error, ""}});
    auto mock_request = core->compile_model(weighted_model(), "M").create_infer_request();
    EXPECT_EQ(infer_checked(mock_request, 32), "");
}

// ---- a lost device ----

constexpr int in_flight = 8;

// Starts in_flight asynchronous inferences of @p compiled at once, each with a counting callback, waits
// for each with the hang limit, and checks that every one finished exactly once. Returns each one's
// error ("" for a result, checked against the reference).
std::vector<std::string> run_in_flight(ov::CompiledModel& compiled, uint32_t seed) {
    std::vector<ov::InferRequest> requests;
    std::vector<ov::Tensor> inputs;
    std::vector<std::unique_ptr<AsyncOutcome>> outcomes;
    for (int i = 0; i < in_flight; ++i) {
        requests.push_back(compiled.create_infer_request());
        inputs.push_back(weighted_input(seed + i));
        requests.back().set_input_tensor(inputs.back());
        outcomes.push_back(std::make_unique<AsyncOutcome>());
        count_callbacks(requests.back(), *outcomes.back());
    }
    for (auto& request : requests)
        request.start_async();
    std::vector<std::string> errors;
    for (int i = 0; i < in_flight; ++i) {
        wait_bounded(requests[i], *outcomes[i]);
        EXPECT_TRUE(outcomes[i]->finished) << "request " << i << " hung";
        EXPECT_EQ(outcomes[i]->callbacks.load(), 1) << "request " << i << ": its callback must run exactly once";
        EXPECT_EQ(outcomes[i]->callback_error, outcomes[i]->wait_error)
            << "request " << i << ": the callback and wait must report the same outcome";
        if (!outcomes[i]->wait_error.empty()) {
            errors.push_back(outcomes[i]->wait_error);
        } else {
            const auto matches = output_matches(requests[i], inputs[i]);
            errors.push_back(matches ? "" : std::string("wrong result: ") + matches.message());
        }
    }
    // Once more after everything finished: a late or second callback would show here.
    for (int i = 0; i < in_flight; ++i)
        EXPECT_EQ(outcomes[i]->callbacks.load(), 1) << "request " << i;
    for (auto& request : requests)
        request.set_callback([](std::exception_ptr) {});
    return errors;
}

// The mock loses M.0 after 3 inferences; every inference takes 40 ms, so all 8 are in flight together.
const Properties losing = {{devmux_mock::device_ids, "0,1"},
                           {devmux_mock::lost_after, "3"},
                           {devmux_mock::infer_delay_ms, "40"},
                           {devmux_mock::device_type, "discrete"},
                           {"PROXY_CONFIGURATION_ALIAS", "MX"}};

class LostDevice : public Faults, public ::testing::WithParamInterface<std::string> {};

TEST_P(LostDevice, EveryRequestInFlightCompletesOnceWithAnErrorNamingTheDevice) {
    auto core = core_with(mock("M", losing));
    auto compiled = core->compile_model(weighted_model(), GetParam());
    const auto errors = run_in_flight(compiled, 100);
    int results = 0, failed_in_flight = 0;
    for (const auto& error : errors) {
        if (error.empty()) {
            ++results;
            continue;
        }
        failed_in_flight += error.find("was lost while inference") != std::string::npos;
        EXPECT_THAT(error, AllOf(HasSubstr("'M.0'"), HasSubstr("lost"), Not(HasSubstr("wrong result"))));
    }
    // At most the first 3 reach the device; those that were still running when it was lost fail too.
    EXPECT_LE(results, 3);
    EXPECT_GE(results, 1) << "the inference that lost the device still completes";
    // How many were running on the device when it was lost (usually 2; timing decides, so only reported).
    RecordProperty("failed_in_flight", failed_in_flight);
    // Nothing else is harmed: the device's sibling, the CPU and the Core go on.
    EXPECT_THAT(error_of([&] { core->compile_model(weighted_model(), "M.0"); }), HasSubstr("lost"));
    auto sibling = core->compile_model(weighted_model(), "M.1").create_infer_request();
    EXPECT_EQ(infer_checked(sibling, 120), "");
    auto cpu = core->compile_model(weighted_model(), "CPU").create_infer_request();
    EXPECT_EQ(infer_checked(cpu, 121), "");
}

INSTANTIATE_TEST_SUITE_P(ThroughEachWrapper, LostDevice, ::testing::Values("M.0", "HETERO:M.0,CPU", "MX.0"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string name;
                             for (char c : info.param)
                                 name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             return name;
                         });

TEST_F(Faults, LostDeviceUnderAutoRuntimeFallbackAnswersEveryRequestFromTheCpu) {
    auto core = core_with(mock("M", losing));
    auto compiled = core->compile_model(weighted_model(), "AUTO:M.0,CPU", ov::intel_auto::enable_startup_fallback(false));
    const auto errors = run_in_flight(compiled, 200);
    for (size_t i = 0; i < errors.size(); ++i)
        EXPECT_EQ(errors[i], "") << "request " << i << ": runtime fallback gives a result, not an error";
    EXPECT_THAT(compiled.get_property(ov::execution_devices), ::testing::ElementsAre(HasSubstr("CPU")));
    // And again, now that M.0 is out of the rotation.
    const auto later = run_in_flight(compiled, 300);
    for (size_t i = 0; i < later.size(); ++i)
        EXPECT_EQ(later[i], "") << "request " << i;
}

TEST_F(Faults, LostDeviceUnderMultiAnswersEveryRequestFromTheOtherDevice) {
    auto core = core_with(mock("M", losing));
    auto compiled = core->compile_model(weighted_model(), "MULTI:M.0,CPU");
    const auto errors = run_in_flight(compiled, 400);
    for (size_t i = 0; i < errors.size(); ++i)
        EXPECT_EQ(errors[i], "") << "request " << i;
}

TEST_F(Faults, CallbackStartingTheNextInferenceEndsWhenTheDeviceIsLost) {
    // A request that restarts itself from its callback until an inference fails: the chain ends with the
    // loss, and wait_for returns.
    auto core = core_with(mock("M", {{devmux_mock::lost_after, "5"}}));
    auto compiled = core->compile_model(weighted_model(), "M");
    auto request = compiled.create_infer_request();
    request.set_input_tensor(weighted_input(500));
    std::atomic<int> callbacks{0}, failures{0};
    request.set_callback([&](std::exception_ptr error) {
        ++callbacks;
        if (error)
            ++failures;
        else
            request.start_async();
    });
    request.start_async();
    const auto deadline = std::chrono::steady_clock::now() + hang_limit;
    while (failures.load() == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ASSERT_EQ(failures.load(), 1) << "the chain never ended";
    EXPECT_THAT(error_of([&] { request.wait_for(hang_limit); }), HasSubstr("lost"));
    EXPECT_EQ(callbacks.load(), 6) << "5 inferences and the failed sixth, each called back once";
    request.set_callback([](std::exception_ptr) {});
}

// ---- plugin libraries that fail ----

// One way a plugin library fails, as a <plugin> element named BAD, and what its error must say.
struct LoadFailure {
    std::string name;
    std::function<std::string(const devmux_test::TempDir&)> element;
    std::string says;
    bool loads = false;  // the library loads and only listing its devices fails
};

// What fails on BAD: its compile when the library does not load, else the listing of its devices.
void use_bad(ov::Core& core, const LoadFailure& failure) {
    if (failure.loads)
        core.get_property("BAD", ov::available_devices);
    else
        core.compile_model(weighted_model(), "BAD");
}

class FailingLibrary : public Faults, public ::testing::WithParamInterface<LoadFailure> {};

TEST_P(FailingLibrary, NeverTakesTheOtherDevicesDown) {
    const auto& failure = GetParam();
    // BAD comes first in the file, so every listing meets it before the good devices.
    auto core = core_with(failure.element(dir) + mock("GOOD", {{devmux_mock::device_type, "discrete"}}));
    EXPECT_THAT(error_of([&] { use_bad(*core, failure); }), AllOf(HasSubstr("BAD"), HasSubstr(failure.says)));
    const auto devices = core->get_available_devices();
    EXPECT_THAT(devices, Contains("CPU"));
    EXPECT_THAT(devices, Contains("GOOD"));
    EXPECT_THAT(devices, Not(Contains(HasSubstr("BAD"))));
    for (const char* device : {"CPU", "GOOD", "HETERO:GOOD,CPU", "MULTI:GOOD,CPU"}) {
        auto request = core->compile_model(weighted_model(), device).create_infer_request();
        EXPECT_EQ(infer_checked(request, 600), "") << device;
    }
    // AUTO without a list ranks every available device: the failing one is simply not among them.
    auto automatic = core->compile_model(weighted_model(), "AUTO", ov::intel_auto::enable_startup_fallback(false));
    EXPECT_EQ(automatic.get_property(ov::execution_devices), std::vector<std::string>{"GOOD.0"});
    auto request = automatic.create_infer_request();
    EXPECT_EQ(infer_checked(request, 601), "");
    // The failure is asked again (and fails the same way) without harm.
    EXPECT_THAT(error_of([&] { use_bad(*core, failure); }), HasSubstr(failure.says));
}

// Sets an environment variable for its scope: the mock's factory reads DEVMUX_MOCK_CREATE_ERROR each time
// it makes a plugin, so only the plugins made meanwhile fail.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : m_name(name) { setenv(name, value, 1); }
    ~ScopedEnv() { unsetenv(m_name); }

private:
    const char* m_name;
};

INSTANTIATE_TEST_SUITE_P(
    EachPath, FailingLibrary,
    ::testing::Values(
        LoadFailure{"MissingFile",
                    [](const devmux_test::TempDir& d) { return plugin_element("BAD", d.file("libgone.so")); },
                    "No such file or directory"},
        LoadFailure{"NotAPlugin",
                    [](const devmux_test::TempDir&) { return plugin_element("BAD", core_test::broken_library_path()); },
                    "not a devmux plugin"},
        LoadFailure{"WrongApiVersion",
                    [](const devmux_test::TempDir&) { return plugin_element("BAD", core_test::wrong_version_path()); },
                    "version 999"},
        LoadFailure{"NotALibrary",
                    [](const devmux_test::TempDir& d) {
                        write_file(d.file("libtext.so"), "this is not an ELF file\n");
                        return plugin_element("BAD", d.file("libtext.so"));
                    },
                    "libtext.so"},
        LoadFailure{"PropertyRefused",
                    [](const devmux_test::TempDir&) {
                        return plugin_element("BAD", devmux_mock::library_path(), {{"NO_SUCH_KEY", "1"}});
                    },
                    "NO_SUCH_KEY"},
        LoadFailure{"ListingThrows",
                    [](const devmux_test::TempDir&) {
                        return plugin_element("BAD", devmux_mock::library_path(),
                                              {{devmux_mock::list_devices_error, "driver enumeration failed"}});
                    },
                    "driver enumeration failed", true}),
    [](const ::testing::TestParamInfo<LoadFailure>& info) { return info.param.name; });

TEST_F(Faults, FactoryThatThrowsFailsOnlyItsDevice) {
    auto core = core_with(plugin_element("BAD", devmux_mock::library_path()) + mock("GOOD", {}));
    // GOOD's plugin is made before the factory starts failing; BAD's is made (and fails) after.
    auto good = core->compile_model(weighted_model(), "GOOD").create_infer_request();
    {
        ScopedEnv failing(devmux_mock::create_error_env, "no device node /dev/mock0");
        EXPECT_THAT(error_of([&] { core->compile_model(weighted_model(), "BAD"); }),
                    AllOf(HasSubstr("'BAD'"), HasSubstr("factory"), HasSubstr("no device node /dev/mock0")));
        EXPECT_THAT(core->get_available_devices(), AllOf(Contains("GOOD"), Contains("CPU"), Not(Contains("BAD"))));
        auto cpu = core->compile_model(weighted_model(), "CPU").create_infer_request();
        EXPECT_EQ(infer_checked(cpu, 700), "");
        EXPECT_EQ(infer_checked(good, 701), "");
        auto hetero = core->compile_model(weighted_model(), "HETERO:GOOD,CPU").create_infer_request();
        EXPECT_EQ(infer_checked(hetero, 702), "");
    }
    // Once the cause is gone, BAD loads on its next use.
    auto bad = core->compile_model(weighted_model(), "BAD").create_infer_request();
    EXPECT_EQ(infer_checked(bad, 703), "");
}

TEST_F(Faults, AliasWhoseMemberCannotListItsDevicesServesTheOthers) {
    // MX over two mocks; the primary, LIST, fails to enumerate. The alias keeps serving through GOOD.
    auto core = core_with(
        mock("LIST", {{"PROXY_CONFIGURATION_ALIAS", "MX"},
                      {"PROXY_CONFIGURATION_PRIORITY", "0"},
                      {devmux_mock::list_devices_error, "enumeration failed"}}) +
        mock("GOOD", {{"PROXY_CONFIGURATION_ALIAS", "MX"}, {"PROXY_CONFIGURATION_PRIORITY", "1"}}));
    EXPECT_THAT(core->get_available_devices(), Contains(HasSubstr("MX")));
    auto compiled = core->compile_model(weighted_model(), "MX");
    EXPECT_THAT(compiled.get_property(ov::execution_devices), Contains(HasSubstr("GOOD")));
    auto request = compiled.create_infer_request();
    EXPECT_EQ(infer_checked(request, 710), "");
}

// ---- unload_plugin while its objects are alive ----

// A copy of the mock library under a name of this test's own, so the dynamic loader's entry (and the
// mapping in /proc/self/maps) belongs to this test whatever else the process loaded.
std::string private_mock_copy(const devmux_test::TempDir& dir) {
    const std::string path = dir.file(core_test::unique_library_name("unload_mock"));
    std::filesystem::copy_file(devmux_mock::library_path(), path);
    return path;
}

TEST_F(Faults, UnloadedPluginKeepsItsLiveObjectsWorkingAndGoesAfterTheLast) {
    const std::string library = private_mock_copy(dir);
    auto core = core_with(plugin_element("U", library));
    ASSERT_FALSE(is_mapped(library));
    {
        auto compiled = std::make_unique<ov::CompiledModel>(core->compile_model(weighted_model(), "U"));
        auto sync_request = compiled->create_infer_request();
        auto async_request = compiled->create_infer_request();
        ASSERT_TRUE(is_mapped(library));
        core->unload_plugin("U");
        EXPECT_TRUE(is_mapped(library)) << "unloaded while its compiled model and requests live";
        EXPECT_EQ(infer_checked(sync_request, 800), "");
        AsyncResult async = infer_async_checked(async_request, 801);
        ASSERT_TRUE(async.finished) << "hung";
        EXPECT_EQ(async.callbacks, 1);
        EXPECT_EQ(async.check, "");
        auto third = compiled->create_infer_request();  // the compiled model still makes requests
        EXPECT_EQ(infer_checked(third, 802), "");
        EXPECT_EQ(compiled->get_property(ov::execution_devices), std::vector<std::string>{"U.0"});

        compiled.reset();  // the requests alone now hold the library
        EXPECT_TRUE(is_mapped(library));
        EXPECT_EQ(infer_checked(sync_request, 803), "");
        AsyncResult last = infer_async_checked(async_request, 804);
        EXPECT_EQ(last.check, "");
        third = {};
        sync_request = {};
        EXPECT_TRUE(is_mapped(library)) << "one request is still alive";
    }
    EXPECT_FALSE(is_mapped(library)) << "the library stays after its last object";
    // Used again, the device loads again and works.
    auto request = core->compile_model(weighted_model(), "U").create_infer_request();
    EXPECT_TRUE(is_mapped(library));
    EXPECT_EQ(infer_checked(request, 805), "");
}

TEST_F(Faults, UnloadedPluginUnderHeteroAndAutoStaysUntilTheirObjectsGo) {
    const std::string library = private_mock_copy(dir);
    auto core = core_with(plugin_element("U", library, {{devmux_mock::device_type, "discrete"}}));
    {
        auto hetero = core->compile_model(weighted_model(), "HETERO:U,CPU");
        auto automatic = core->compile_model(weighted_model(), "AUTO:U,CPU", ov::intel_auto::enable_startup_fallback(false));
        auto hetero_request = hetero.create_infer_request();
        core->unload_plugin("U");
        EXPECT_TRUE(is_mapped(library));
        EXPECT_EQ(infer_checked(hetero_request, 810), "");
        auto auto_request = automatic.create_infer_request();
        EXPECT_EQ(infer_checked(auto_request, 811), "");
        EXPECT_EQ(automatic.get_property(ov::execution_devices), std::vector<std::string>{"U.0"});
        hetero = {};
        automatic = {};
        EXPECT_TRUE(is_mapped(library)) << "the requests still hold U's compiled models";
        EXPECT_EQ(infer_checked(hetero_request, 812), "");
        EXPECT_EQ(infer_checked(auto_request, 813), "");
    }
    EXPECT_FALSE(is_mapped(library));
}

// ---- out of device memory ----

// y = sigmoid(concat(x, x, ...)) with @p copies copies of x [1, 256] f32: 1 KiB of input, then two
// outputs of copies KiB each (Concat and Sigmoid).
std::shared_ptr<ov::Model> wide_model(size_t copies) {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 256});
    auto concat = std::make_shared<ov::op::v0::Concat>(ov::OutputVector(copies, x), 1);
    auto y = std::make_shared<ov::op::v0::Sigmoid>(concat);
    return std::make_shared<ov::Model>(ov::OutputVector{y}, ov::ParameterVector{x},
                                       "wide_" + std::to_string(copies));
}

TEST_F(Faults, OutOfDeviceMemoryNamesBytesAndDeviceAndASmallerModelStillCompiles) {
    // 80 KiB of device memory: wide_model(64) needs 1 KiB + 2 x 64 KiB.
    auto core = core_with(mock("M", {{devmux_mock::memory_bytes, "81920"}}));
    const std::string needed = std::to_string(1024 + 2 * 64 * 1024);
    for (int attempt = 0; attempt < 3; ++attempt) {
        EXPECT_THAT(error_of([&] { core->compile_model(wide_model(64), "M"); }),
                    AllOf(HasSubstr("'M.0'"), HasSubstr("out of memory"), HasSubstr("needs " + needed + " bytes"),
                          HasSubstr("81920 of 81920 bytes are free")))
            << "a failed compile must give back what it took (attempt " << attempt << ")";
    }
    // Smaller models fit: 1 KiB + 2 x 16 KiB = 33792 bytes each, so two fit, but not a third.
    auto first = core->compile_model(wide_model(16), "M");
    auto second = core->compile_model(wide_model(16), "M");
    EXPECT_THAT(error_of([&] { core->compile_model(wide_model(16), "M"); }),
                AllOf(HasSubstr("needs 33792 bytes"), HasSubstr(std::to_string(81920 - 2 * 33792) + " of 81920")));
    auto request = first.create_infer_request();
    request.set_input_tensor(devmux_test::random_f32({1, 256}, 900, -3.f, 3.f));
    request.infer();
    const ov::Tensor x = request.get_input_tensor(), y = request.get_output_tensor();
    ASSERT_EQ(y.get_size(), 16u * 256u);
    for (size_t i = 0; i < y.get_size(); ++i)
        ASSERT_NEAR(y.data<float>()[i], 1.0 / (1.0 + std::exp(-x.data<float>()[i % 256])), 1e-6) << i;
    // A compiled model gives its memory back when it goes.
    second = {};
    EXPECT_NO_THROW(core->compile_model(wide_model(16), "M"));
}

TEST_F(Faults, OutOfDeviceMemoryUnderHeteroAndAuto) {
    auto core = core_with(mock("M", {{devmux_mock::memory_bytes, "65536"}, {devmux_mock::device_type, "discrete"}}));
    EXPECT_THAT(error_of([&] { core->compile_model(wide_model(64), "HETERO:M,CPU"); }),
                AllOf(HasSubstr("'M.0'"), HasSubstr("out of memory")));
    // AUTO fails over to the CPU.
    auto automatic = core->compile_model(wide_model(64), "AUTO:M,CPU", ov::intel_auto::enable_startup_fallback(false));
    EXPECT_THAT(automatic.get_property(ov::execution_devices), ::testing::ElementsAre(HasSubstr("CPU")));
    EXPECT_NO_THROW(core->compile_model(wide_model(16), "HETERO:M,CPU"));
}

// On the real CPU: values larger than any address space (2^47 bytes, so the allocation fails whatever
// the machine's memory and overcommit policy) are refused with the device and the bytes, and the CPU
// goes on with models that fit.
constexpr size_t huge_rows = size_t(1) << 22, huge_columns = size_t(1) << 23;  // 2^45 f32 values: 2^47 bytes

TEST_F(Faults, CpuOutOfMemoryForIntermediatesNamesBytesAndDeviceAndASmallerModelStillRuns) {
    auto core = core_with("");
    // ReduceSum(relu(x + column), axis 0): x [1, 2^23] and the column [2^22, 1] are small, their sum is not.
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, huge_columns});
    auto column = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{huge_rows, 1}, std::vector<float>(huge_rows, 1.f));
    auto sum = std::make_shared<ov::op::v1::Add>(x, column);
    auto relu = std::make_shared<ov::op::v0::Relu>(sum);
    auto axis = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{1}, {0});
    auto reduced = std::make_shared<ov::op::v1::ReduceSum>(relu, axis, true);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{reduced}, ov::ParameterVector{x}, "huge_intermediate");
    const std::string error = error_of([&] { core->compile_model(model, "CPU").create_infer_request(); });
    RecordProperty("error", error);  // in the XML report (--gtest_output=xml), as docs/reliability.md quotes it
    EXPECT_THAT(error, AllOf(HasSubstr("CPU"), HasSubstr("out of memory"), HasSubstr("bytes"),
                             ::testing::ContainsRegex("1[0-9]{14} bytes")))  // at least the 2^47 of one value
        << "the error must name the device and the bytes";
    for (uint32_t seed = 0; seed < 2; ++seed) {
        auto request = core->compile_model(weighted_model(), "CPU").create_infer_request();
        EXPECT_EQ(infer_checked(request, 950 + seed), "");
    }
}

TEST_F(Faults, CpuOutOfMemoryForAnInputNamesThePortBytesAndDevice) {
    auto core = core_with("");
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{huge_rows, huge_columns});
    x->set_friendly_name("huge_input");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{std::make_shared<ov::op::v0::Relu>(x)},
                                             ov::ParameterVector{x}, "huge_input");
    auto compiled = core->compile_model(model, "CPU");
    const std::string error = error_of([&] { compiled.create_infer_request(); });
    RecordProperty("error", error);
    EXPECT_THAT(error,
                AllOf(HasSubstr("'CPU'"), HasSubstr("out of memory"), HasSubstr("huge_input"),
                      HasSubstr(std::to_string(uint64_t(1) << 47))));
    auto request = core->compile_model(weighted_model(), "CPU").create_infer_request();
    EXPECT_EQ(infer_checked(request, 960), "");
}

}  // namespace
