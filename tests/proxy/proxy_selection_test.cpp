// SPDX-License-Identifier: Apache-2.0
// Measured backend selection (issue 25 §1): PROXY_BACKEND_SELECTION on a device two mock members serve,
// one 2 ms and one 10 ms per inference (MOCK_INFER_DELAY_MS). MEASURED keeps the fast one whichever
// is primary, PRIORITY the primary; decisions are cached in memory and under ov::cache_dir (proved with
// the compile counters); the compiled model lists what was measured.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/wait.h>
#include <thread>

#include "devmux/kit/model_io.hpp"

#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "proxy_test_utils.hpp"

using namespace proxy_test;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

constexpr const char* selection = "PROXY_BACKEND_SELECTION";
constexpr const char* measurements = "PROXY_BACKEND_MEASUREMENTS";

// No tensor names on purpose: the measured model's requests must still match its ports. Friendly names
// fixed, as a model read from IR has them: a decision is keyed by the model's IR, names included, so
// two builds of one graph with generated names ("Relu_12", "Relu_31") are two models.
std::shared_ptr<ov::Model> relu_model(size_t width = 8) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, width});
    input->set_friendly_name("input");
    auto relu = std::make_shared<ov::op::v0::Relu>(input);
    relu->set_friendly_name("relu");
    auto result = std::make_shared<ov::op::v0::Result>(relu);
    result->set_friendly_name("output");
    return std::make_shared<ov::Model>(ov::ResultVector{result}, ov::ParameterVector{input}, "relu");
}

uint64_t compiles(const ov::Core& core, const std::string& plugin) {
    return core.get_property(plugin, devmux_mock::compile_model_calls).as<uint64_t>();
}

std::vector<std::string> measured(const ov::CompiledModel& compiled) {
    return compiled.get_property(measurements).as<std::vector<std::string>>();
}

// The entry ending in ", chosen ..." of a measurements list.
std::string chosen_entry(const std::vector<std::string>& entries) {
    for (const auto& entry : entries)
        if (entry.find(", chosen") != std::string::npos)
            return entry;
    return "<none chosen>";
}

// Fast (VF, 2 ms) and slow (VS, 10 ms) mock members seeing one device; @p slow_first makes VS the primary.
Properties member(const std::string& delay_ms, int priority, const Properties& extra = {}) {
    Properties properties{{"PROXY_CONFIGURATION_ALIAS", "GPU"},
                          {"PROXY_CONFIGURATION_PRIORITY", std::to_string(priority)},
                          {devmux_mock::uuids, uuid_1},
                          {devmux_mock::infer_delay_ms, delay_ms}};
    properties.insert(properties.end(), extra.begin(), extra.end());
    return properties;
}

std::string fast_and_slow(const core_test::TempDir& dir, bool slow_first, const Properties& slow_extra = {},
                          const Properties& fast_extra = {}, const std::string& file = "plugins.xml") {
    return write_xml(dir,
                     mock("VS", member("10", slow_first ? 0 : 1, slow_extra)) +
                         mock("VF", member("2", slow_first ? 1 : 0, fast_extra)),
                     file);
}

// Small budgets keep the tests quick; 2 ms against 10 ms needs no more.
const ov::AnyMap quick{{"PROXY_MEASUREMENT_WARMUP", "1"}, {"PROXY_MEASUREMENT_RUNS", "3"}};

ov::AnyMap with(ov::AnyMap config, const std::string& key, const std::string& value) {
    config[key] = value;
    return config;
}

class ProxySelection : public ::testing::TestWithParam<bool> {};

TEST_P(ProxySelection, MeasuredKeepsTheFasterMemberWhicheverIsPrimary) {
    const bool slow_first = GetParam();
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, slow_first));
    EXPECT_EQ(priorities_of(core, "GPU").front(), slow_first ? "VS" : "VF");
    auto compiled = core.compile_model(relu_model(), "GPU", with(quick, selection, "MEASURED"));
    const auto entries = measured(compiled);
    ASSERT_EQ(entries.size(), 2u) << ::testing::PrintToString(entries);
    EXPECT_THAT(chosen_entry(entries), StartsWith("VF.0: "));
    EXPECT_THAT(entries, ::testing::Contains(StartsWith("VS.0: ")));
    EXPECT_EQ(compiled.get_property(ov::execution_devices), std::vector<std::string>{"VF.0"});
    EXPECT_EQ(compiles(core, "VF"), 1u);
    EXPECT_EQ(compiles(core, "VS"), 1u);
}

TEST_P(ProxySelection, PriorityKeepsThePrimaryAndMeasuresNothing) {
    const bool slow_first = GetParam();
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, slow_first));
    auto compiled = core.compile_model(relu_model(), "GPU", {{selection, "PRIORITY"}});
    const std::string primary = slow_first ? "VS" : "VF";
    EXPECT_EQ(compiled.get_property(ov::execution_devices), std::vector<std::string>{primary + ".0"});
    EXPECT_EQ(compiles(core, "VF") + compiles(core, "VS"), 1u);
    EXPECT_EQ(compiles(core, primary), 1u);
    EXPECT_THROW(compiled.get_property(measurements), ov::Exception);
}

INSTANTIATE_TEST_SUITE_P(Primary, ProxySelection, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                             return info.param ? std::string("SlowFirst") : std::string("FastFirst");
                         });

TEST(ProxySelectionConfig, PriorityIsTheDefault) {
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, true));
    EXPECT_EQ(core.get_property("GPU", selection).as<std::string>(), "PRIORITY");
    core.compile_model(relu_model(), "GPU");
    EXPECT_EQ(compiles(core, "VF"), 0u);
}

TEST(ProxySelectionConfig, FromPluginsXmlSetPropertyAndCompileConfigLaterWins) {
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, true, {{selection, "MEASURED"}}));
    EXPECT_EQ(core.get_property("GPU", selection).as<std::string>(), "MEASURED");
    core.set_property("GPU", quick);
    EXPECT_EQ(core.get_property("GPU", "PROXY_MEASUREMENT_RUNS").as<unsigned>(), 3u);
    EXPECT_THAT(chosen_entry(measured(core.compile_model(relu_model(), "GPU"))), StartsWith("VF.0: "));

    core.set_property("GPU", {{selection, "PRIORITY"}});
    EXPECT_EQ(core.get_property("GPU", selection).as<std::string>(), "PRIORITY");
    auto by_priority = core.compile_model(relu_model(4), "GPU");
    EXPECT_EQ(by_priority.get_property(ov::execution_devices), std::vector<std::string>{"VS.0"});

    auto by_config = core.compile_model(relu_model(4), "GPU", {{selection, "MEASURED"}});
    EXPECT_THAT(chosen_entry(measured(by_config)), StartsWith("VF.0: "));
    // The selection keys stay with the alias: the mock refuses any key it does not know, so they never
    // reached it.
}

TEST(ProxySelectionConfig, UnknownValuesAreRefusedNamingKeyAndValue) {
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, true));
    const auto names_both = AllOf(HasSubstr(selection), HasSubstr("FASTEST"));
    EXPECT_THAT(error_of([&] { core.set_property("GPU", {{selection, "FASTEST"}}); }), names_both);
    EXPECT_EQ(core.get_property("GPU", selection).as<std::string>(), "PRIORITY") << "nothing changed";
    EXPECT_THAT(error_of([&] { core.compile_model(relu_model(), "GPU", {{selection, "FASTEST"}}); }), names_both);
    EXPECT_THAT(error_of([&] { core.compile_model(relu_model(), "GPU", {{"PROXY_MEASUREMENT_BUDGET_MS", "soon"}}); }),
                AllOf(HasSubstr("PROXY_MEASUREMENT_BUDGET_MS"), HasSubstr("'soon'")));
    EXPECT_THAT(error_of([&] { core.set_property("GPU", {{"PROXY_MEASUREMENT_RUNS", "0"}}); }),
                AllOf(HasSubstr("PROXY_MEASUREMENT_RUNS"), HasSubstr("'0'")));

    core_test::TempDir other;
    const std::string xml = fast_and_slow(other, true, {{selection, "FASTEST"}});
    EXPECT_THAT(error_of([&] { ov::Core refused(xml); }), AllOf(names_both, HasSubstr("'VS'"), HasSubstr(xml)));
    const std::string contradicting = fast_and_slow(other, true, {{selection, "MEASURED"}}, {{selection, "PRIORITY"}},
                                                    "contradicting.xml");
    EXPECT_THAT(error_of([&] { ov::Core refused(contradicting); }),
                AllOf(HasSubstr(selection), HasSubstr("MEASURED"), HasSubstr("PRIORITY"), HasSubstr("'VF'")));
}

TEST(ProxySelectionCache, SecondCompileInOneCoreCompilesOnlyTheChosen) {
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, true, {{selection, "MEASURED"}}));
    core.set_property("GPU", quick);
    auto first = core.compile_model(relu_model(), "GPU");
    auto second = core.compile_model(relu_model(), "GPU");
    EXPECT_EQ(compiles(core, "VF"), 2u);
    EXPECT_EQ(compiles(core, "VS"), 1u) << "measured once";
    EXPECT_THAT(chosen_entry(measured(second)), AllOf(StartsWith("VF.0: "), HasSubstr("decided earlier")));
    EXPECT_EQ(measured(second).size(), 2u) << "the decision keeps both measurements";
    // Another model is another decision.
    core.compile_model(relu_model(16), "GPU");
    EXPECT_EQ(compiles(core, "VS"), 2u);
}

TEST(ProxySelectionCache, ALaterProcessWithTheSameCacheDirCompilesOnlyTheChosen) {
    core_test::TempDir dir;
    const std::string xml = fast_and_slow(dir, true, {{selection, "MEASURED"}});
    const std::string cache = dir.file("cache");
    std::filesystem::create_directories(cache);
    {
        ov::Core core(xml);
        core.set_property(ov::cache_dir(cache));
        core.set_property("GPU", quick);
        core.compile_model(relu_model(), "GPU");
        EXPECT_EQ(compiles(core, "VS"), 1u);
        EXPECT_EQ(compiles(core, "VF"), 1u);
    }
    ov::Core later(xml);  // a fresh Core: nothing in memory
    later.set_property(ov::cache_dir(cache));
    auto compiled = later.compile_model(relu_model(), "GPU");
    EXPECT_EQ(compiles(later, "VS"), 0u);
    EXPECT_EQ(compiles(later, "VF"), 1u);
    EXPECT_THAT(chosen_entry(measured(compiled)), AllOf(StartsWith("VF.0: "), HasSubstr("read from " + cache)));

    // Without the cache folder the decision is taken again.
    ov::Core uncached(xml);
    uncached.set_property("GPU", quick);
    uncached.compile_model(relu_model(), "GPU");
    EXPECT_EQ(compiles(uncached, "VS"), 1u);

    // Another device name (as a driver update changes the full name or driver version) measures again.
    const std::string updated = fast_and_slow(dir, true, {{selection, "MEASURED"}},
                                              {{devmux_mock::full_name, "devmux mock device, driver 2"}}, "updated.xml");
    ov::Core after_update(updated);
    after_update.set_property(ov::cache_dir(cache));
    after_update.set_property("GPU", quick);
    after_update.compile_model(relu_model(), "GPU");
    EXPECT_EQ(compiles(after_update, "VS"), 1u);
}

// A Core keeps at most 64 decisions in memory (DecisionCache::capacity): an application that compiles ever new
// models (or the same graph built anew, whose generated names make a new key) does not grow it without end.
// The oldest decision is the one forgotten.
TEST(ProxySelectionCache, ACoreKeepsABoundedNumberOfDecisionsForgettingTheOldest) {
    constexpr size_t capacity = 64;
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, true, {{selection, "MEASURED"}}));
    core.set_property("GPU", quick);
    // Each width is another model, so another decision; the slow member compiles once per measurement.
    for (size_t i = 0; i <= capacity; ++i)
        core.compile_model(relu_model(100 + i), "GPU");
    const uint64_t measurements = compiles(core, "VS");
    ASSERT_EQ(measurements, capacity + 1);
    core.compile_model(relu_model(100 + capacity), "GPU");
    EXPECT_EQ(compiles(core, "VS"), measurements) << "the newest decision is kept";
    core.compile_model(relu_model(101), "GPU");
    EXPECT_EQ(compiles(core, "VS"), measurements) << "so is the second oldest";
    core.compile_model(relu_model(100), "GPU");
    EXPECT_EQ(compiles(core, "VS"), measurements + 1) << "the oldest was forgotten: measured again";
}

// The entry under ov::cache_dir carries a checksum of its contents (kit::write_cache_file): an entry changed on
// disk, even into another well-formed decision, is measured again and rewritten, never trusted.
TEST(ProxySelectionCache, AnEntryChangedOnDiskIsMeasuredAgainAndRewritten) {
    core_test::TempDir dir;
    const std::string xml = fast_and_slow(dir, true, {{selection, "MEASURED"}});
    const std::string cache = dir.file("cache");
    std::filesystem::create_directories(cache);
    // A fresh Core each time (nothing in memory); returns how many times the slow member compiled.
    const auto slow_compiles = [&] {
        ov::Core core(xml);
        core.set_property(ov::cache_dir(cache));
        core.set_property("GPU", quick);
        core.compile_model(relu_model(), "GPU");
        return compiles(core, "VS");
    };
    ASSERT_EQ(slow_compiles(), 1u);
    std::string path;
    for (const auto& file : std::filesystem::directory_iterator(cache))
        if (file.path().filename().string().rfind("devmux_backend_selection_", 0) == 0)
            path = file.path().string();
    ASSERT_FALSE(path.empty());
    std::string bytes;
    {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    // The chosen member renamed to the other one: still a decision the parser would accept.
    const size_t at = bytes.find("chosen\tVF.0");
    ASSERT_NE(at, std::string::npos) << bytes;
    bytes.replace(at, std::string("chosen\tVF.0").size(), "chosen\tVS.0");
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << bytes;
    }
    EXPECT_EQ(slow_compiles(), 1u) << "the changed entry is not trusted: both members measured again";
    EXPECT_EQ(slow_compiles(), 0u) << "and the entry rewritten is read again";
}

TEST(ProxySelectionFailures, AMemberThatFailsToCompileIsSkippedWithItsErrorKept) {
    core_test::TempDir dir;
    // The fast member cannot compile: the slow one is chosen, and the list says why the other is not.
    ov::Core core(fast_and_slow(dir, false, {}, {{devmux_mock::compile_error, "no shader compiler"}}));
    auto compiled = core.compile_model(relu_model(), "GPU", with(quick, selection, "MEASURED"));
    const auto entries = measured(compiled);
    EXPECT_THAT(chosen_entry(entries), StartsWith("VS.0: "));
    EXPECT_THAT(entries, ::testing::Contains(AllOf(StartsWith("VF.0: failed: "), HasSubstr("no shader compiler"))));
    EXPECT_EQ(compiled.get_property(ov::execution_devices), std::vector<std::string>{"VS.0"});
}

TEST(ProxySelectionFailures, AMemberWhoseInferenceFailsIsSkipped) {
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, false, {}, {{devmux_mock::fail_inference, "1"}}));
    auto compiled = core.compile_model(relu_model(), "GPU", with(quick, selection, "MEASURED"));
    EXPECT_THAT(chosen_entry(measured(compiled)), StartsWith("VS.0: "));
    EXPECT_THAT(measured(compiled), ::testing::Contains(AllOf(StartsWith("VF.0: failed: "), HasSubstr("inference 1"))));
}

TEST(ProxySelectionFailures, WhenEveryMemberFailsTheErrorListsEach) {
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, false, {{devmux_mock::compile_error, "slow one broken"}},
                                {{devmux_mock::compile_error, "fast one broken"}}));
    EXPECT_THAT(error_of([&] { core.compile_model(relu_model(), "GPU", with(quick, selection, "MEASURED")); }),
                AllOf(HasSubstr("MEASURED"), HasSubstr("VS.0"), HasSubstr("slow one broken"), HasSubstr("VF.0"),
                      HasSubstr("fast one broken")));
}

TEST(ProxySelectionFailures, WhenNoMemberCanBeTimedTheConfiguredOrderDecides) {
    core_test::TempDir dir;
    // Both compile, neither infers (as seeded data may fail a model: an index out of range).
    ov::Core core(fast_and_slow(dir, true, {{devmux_mock::fail_every, "1"}}, {{devmux_mock::fail_every, "1"}}));
    auto compiled = core.compile_model(relu_model(), "GPU", with(quick, selection, "MEASURED"));
    EXPECT_THAT(chosen_entry(measured(compiled)),
                AllOf(StartsWith("VS.0: failed: "), HasSubstr("none could be timed: the configured order decides")));
    EXPECT_EQ(compiled.get_property(ov::execution_devices), std::vector<std::string>{"VS.0"});
}

TEST(ProxySelectionModel, RequestsOfTheMeasuredModelComputeThroughItsPortsAndTheModels) {
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, true));
    const auto model = relu_model();
    auto compiled = core.compile_model(model, "GPU", with(quick, selection, "MEASURED"));
    auto request = compiled.create_infer_request();
    ov::Tensor input(ov::element::f32, ov::Shape{2, 8});
    std::mt19937 random(11);
    std::uniform_real_distribution<float> values(-3.f, 3.f);
    for (size_t i = 0; i < input.get_size(); ++i)
        input.data<float>()[i] = values(random);
    request.set_tensor(compiled.input(), input);
    request.start_async();
    request.wait();
    const ov::Tensor output = request.get_tensor(compiled.output());
    ASSERT_EQ(output.get_size(), input.get_size());
    for (size_t i = 0; i < input.get_size(); ++i)
        EXPECT_EQ(output.data<float>()[i], std::max(0.f, input.data<float>()[i])) << i;
    // The ports of the user's model and the index-based accessors reach the same tensors.
    EXPECT_EQ(request.get_input_tensor().data(), input.data());
    EXPECT_EQ(request.get_output_tensor().data(), output.data());
}

TEST(ProxySelectionModel, AChosenSplitExportsAndImportsThroughTheAlias) {
    core_test::TempDir dir;
    // Neither member runs Relu: each candidate splits with CPU, and the fast one's split wins.
    const Properties no_relu{{devmux_mock::supported_ops, "Parameter,Result,Add,Multiply"}};
    Properties slow = no_relu, fast = no_relu;
    slow.emplace_back("PROXY_CONFIGURATION_FALLBACK", "VF");
    fast.emplace_back("PROXY_CONFIGURATION_FALLBACK", "CPU");
    const std::string xml = write_xml(
        dir, core_test::plugin_element("CPU", std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_cpu_plugin.so") +
                 core_test::plugin_element("HETERO", std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_hetero_plugin.so") +
                 mock("VS", member("10", 0, slow)) + mock("VF", member("2", 1, fast)));
    ov::Core core(xml);
    auto compiled = core.compile_model(core_test::make_model(), "GPU", with(quick, selection, "MEASURED"));
    EXPECT_THAT(chosen_entry(measured(compiled)), StartsWith("VF.0 via HETERO:VF.0,VS.0,CPU: "));
    std::stringstream blob;
    compiled.export_model(blob);
    auto imported = core.import_model(blob, "GPU");
    EXPECT_EQ(imported.get_property(ov::execution_devices), compiled.get_property(ov::execution_devices));
}

TEST(ProxySelectionModel, ADeviceOfOneMemberIsNotMeasured) {
    core_test::TempDir dir;
    ov::Core core(write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {devmux_mock::uuids, uuid_1}}) +
                                     mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {devmux_mock::uuids, uuid_2}})));
    auto compiled = core.compile_model(relu_model(), "GPU.1", {{selection, "MEASURED"}});
    EXPECT_EQ(compiled.get_property(ov::execution_devices), std::vector<std::string>{"VB.0"});
    EXPECT_THROW(compiled.get_property(measurements), ov::Exception);
    EXPECT_EQ(compiles(core, "VA"), 0u);
}

TEST(ProxySelectionModel, ConcurrentMeasuredCompilesAllChooseTheFastMember) {
    core_test::TempDir dir;
    ov::Core core(fast_and_slow(dir, true, {{selection, "MEASURED"}}));
    core.set_property("GPU", quick);
    std::vector<std::string> chosen(4);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < chosen.size(); ++i) {
        threads.emplace_back([&, i] {
            try {
                chosen[i] = chosen_entry(measured(core.compile_model(relu_model(), "GPU")));
            } catch (const std::exception& e) {
                chosen[i] = e.what();
            }
        });
    }
    for (auto& thread : threads)
        thread.join();
    for (const auto& entry : chosen)
        EXPECT_THAT(entry, StartsWith("VF.0: "));
}

// `devmux query -d GPU` and `devmux benchmark -d GPU` print what the alias measured.
std::string run_cli(const core_test::TempDir& dir, const std::string& arguments) {
    const std::string out_file = dir.file("cli_out.txt");
    const std::string command =
        std::string(DEVMUX_BUILD_BIN_DIR) + "/devmux " + arguments + " > '" + out_file + "' 2>&1 </dev/null";
    const int status = std::system(command.c_str());
    const std::string out = core_test::read_file(out_file);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out;
    return out;
}

TEST(ProxySelectionCli, QueryAndBenchmarkPrintTheMeasurements) {
    core_test::TempDir dir;
    const std::string xml = fast_and_slow(dir, true, {{selection, "MEASURED"}});
    const std::string model = dir.file("relu.xml");
    devmux::kit::write_ir(*relu_model(), model);
    const std::string query = run_cli(dir, "query --plugins '" + xml + "' -m '" + model + "' -d GPU");
    EXPECT_THAT(query, HasSubstr("Backend selection (PROXY_BACKEND_SELECTION=MEASURED)"));
    EXPECT_THAT(query, HasSubstr("  VS.0: "));
    EXPECT_THAT(query, ::testing::ContainsRegex("  VF\\.0: [0-9.]+ ms \\(median of [0-9]+\\), chosen"));
    EXPECT_THAT(query, HasSubstr("an alias over VF.0")) << "the table is the chosen backend's";
    const std::string benchmark = run_cli(dir, "benchmark --plugins '" + xml + "' -m '" + model + "' -d GPU -n 5");
    EXPECT_THAT(benchmark, HasSubstr("Backend selection (PROXY_BACKEND_SELECTION=MEASURED)"));
    EXPECT_THAT(benchmark, ::testing::ContainsRegex("  VF\\.0: [0-9.]+ ms \\(median of [0-9]+\\), chosen"));
    EXPECT_THAT(benchmark, HasSubstr("Execution devices: VF.0"));
    const std::string devices = run_cli(dir, "devices --plugins '" + xml + "'");
    EXPECT_THAT(devices, HasSubstr("Selection:  MEASURED: each model compiles on each of VS.0, VF.0 as primary"));
}

}  // namespace

// The decision under ov::cache_dir is keyed by the members' plugin builds too (ov::Version, here the mock's
// DEVMUX_MOCK_PLUGIN_VERSION): another build may be faster or slower, so it measures again, in an entry
// of its own, and the first build still finds its entry.
TEST(ProxySelectionCache, AnotherPluginBuildMeasuresAgain) {
    // Restores the variable as it was, whatever the test's outcome.
    struct BuildNumber {
        explicit BuildNumber(const char* value) {
            if (const char* was = std::getenv(devmux_mock::plugin_version_env))
                previous = was;
            ::setenv(devmux_mock::plugin_version_env, value, 1);
        }
        ~BuildNumber() {
            if (previous.empty())
                ::unsetenv(devmux_mock::plugin_version_env);
            else
                ::setenv(devmux_mock::plugin_version_env, previous.c_str(), 1);
        }
        std::string previous;
    };
    core_test::TempDir dir;
    const std::string xml = fast_and_slow(dir, true, {{selection, "MEASURED"}});
    const std::string cache = dir.file("cache");
    std::filesystem::create_directories(cache);
    // A fresh Core each time (nothing in memory); returns how many times the slow member compiled.
    const auto slow_compiles = [&](std::string* chosen) {
        ov::Core core(xml);
        core.set_property(ov::cache_dir(cache));
        core.set_property("GPU", quick);
        auto compiled = core.compile_model(relu_model(), "GPU");
        *chosen = chosen_entry(measured(compiled));
        return compiles(core, "VS");
    };
    const auto entries = [&] {
        size_t count = 0;
        for (const auto& file : std::filesystem::directory_iterator(cache))
            count += file.path().filename().string().rfind("devmux_backend_selection_", 0) == 0;
        return count;
    };
    std::string chosen;
    {
        BuildNumber build("1.0.0");
        EXPECT_EQ(slow_compiles(&chosen), 1u) << "measured: an empty cache";
        EXPECT_EQ(slow_compiles(&chosen), 0u) << "the same build reads its decision";
        EXPECT_THAT(chosen, HasSubstr("read from " + cache));
        EXPECT_EQ(entries(), 1u);
    }
    {
        BuildNumber build("1.0.1");
        EXPECT_EQ(slow_compiles(&chosen), 1u) << "another build of the plugins measures again";
        EXPECT_THAT(chosen, ::testing::Not(HasSubstr("read from")));
        EXPECT_EQ(entries(), 2u) << "in an entry of its own";
        EXPECT_EQ(slow_compiles(&chosen), 0u);
    }
    BuildNumber build("1.0.0");
    EXPECT_EQ(slow_compiles(&chosen), 0u) << "the first build's entry is still there";
    EXPECT_THAT(chosen, AllOf(StartsWith("VF.0: "), HasSubstr("read from " + cache)));
}
