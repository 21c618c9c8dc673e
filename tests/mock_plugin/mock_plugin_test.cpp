// SPDX-License-Identifier: Apache-2.0
// The configurable mock plugin through ov::Core: its properties (from plugins.xml, register_plugin and
// set_property), its call counters, query/compile against its op list, and inference, export, states
// and profiling through the shared reference executor.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <sstream>

#include "common/test_utils.hpp"
#include "core/core_test_utils.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/runtime/core.hpp"
#include "openvino/runtime/properties.hpp"

using namespace core_test;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::UnorderedElementsAre;

namespace {

constexpr const char* uuid_a = "00112233445566778899aabbccddeeff";
constexpr const char* uuid_b = "ffeeddccbbaa99887766554433221100";

using devmux_test::error_of;

std::string cpu_plugin_path() {
    return lib_dir() + "/libdevmux_cpu_plugin.so";
}

std::vector<std::string> names_of(const std::vector<ov::PropertyName>& properties) {
    return std::vector<std::string>(properties.begin(), properties.end());
}

uint64_t counter(const ov::Core& core, const std::string& device, const char* key) {
    return core.get_property(device, key).as<uint64_t>();
}

void expect_near(const ov::Tensor& actual, const std::vector<float>& expected, float tolerance) {
    ASSERT_EQ(actual.get_size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_NEAR(actual.data<float>()[i], expected[i], tolerance) << "element " << i;
}

class MockPlugin : public ::testing::Test {
protected:
    /// A Core whose plugins.xml registers the mock library once per entry.
    std::unique_ptr<ov::Core> core_with(const std::string& plugin_elements) {
        const std::string xml = dir.file("plugins_" + std::to_string(++files) + ".xml");
        write_file(xml, plugins_xml(plugin_elements));
        return std::make_unique<ov::Core>(xml);
    }
    std::unique_ptr<ov::Core> core_with_mock(const std::vector<std::pair<std::string, std::string>>& properties = {}) {
        return core_with(plugin_element("M", devmux_mock::library_path(), properties));
    }

    TempDir dir;
    int files = 0;
};

// ---- properties ----

TEST_F(MockPlugin, ReportsItsDefaults) {
    auto core = core_with_mock();
    EXPECT_EQ(core->get_property("M", devmux_mock::device_ids).as<std::string>(), "0");
    EXPECT_EQ(core->get_property("M", ov::available_devices), std::vector<std::string>{"0"});
    EXPECT_EQ(core->get_property("M", devmux_mock::supported_ops).as<std::string>(), "*");
    EXPECT_EQ(core->get_property("M", devmux_mock::uuids).as<std::string>(), "");
    EXPECT_EQ(core->get_property("M", ov::device::type), ov::device::Type::INTEGRATED);
    EXPECT_EQ(core->get_property("M", ov::device::full_name), "devmux mock device");
    EXPECT_EQ(core->get_property("M", ov::num_streams).num, 1);
    EXPECT_FALSE(core->get_property("M", ov::enable_profiling));
    EXPECT_EQ(core->get_property("M", ov::cache_dir), "");
    EXPECT_EQ(core->get_property("M", ov::hint::performance_mode), ov::hint::PerformanceMode::LATENCY);
    EXPECT_EQ(counter(*core, "M", devmux_mock::query_model_calls), 0u);
    EXPECT_EQ(counter(*core, "M", devmux_mock::compile_model_calls), 0u);
}

TEST_F(MockPlugin, DeviceIdsFromPluginsXmlNameTheDevices) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1,7"}});
    EXPECT_EQ(core->get_property("M", ov::available_devices), (std::vector<std::string>{"0", "1", "7"}));
    const auto devices = core->get_available_devices();
    EXPECT_THAT(devices, Contains("M.0"));
    EXPECT_THAT(devices, Contains("M.1"));
    EXPECT_THAT(devices, Contains("M.7"));
    EXPECT_EQ(core->get_property("M.7", ov::device::id), "7");
}

TEST_F(MockPlugin, DeviceIdsFromSetProperty) {
    auto core = core_with_mock();
    core->set_property("M", {{devmux_mock::device_ids, "a, b"}});
    EXPECT_EQ(core->get_property("M", ov::available_devices), (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(core->get_property("M", devmux_mock::device_ids).as<std::string>(), "a,b");
}

TEST_F(MockPlugin, FullNameAndTypeFromPluginsXml) {
    auto core = core_with_mock({{devmux_mock::full_name, "Mock Accelerator X"}, {devmux_mock::device_type, "discrete"}});
    EXPECT_EQ(core->get_property("M", ov::device::full_name), "Mock Accelerator X");
    EXPECT_EQ(core->get_property("M", ov::device::type), ov::device::Type::DISCRETE);
}

TEST_F(MockPlugin, FullNameAndTypeFromSetProperty) {
    auto core = core_with_mock();
    core->set_property("M", {{devmux_mock::full_name, "renamed"}, {devmux_mock::device_type, "discrete"}});
    EXPECT_EQ(core->get_property("M", ov::device::full_name), "renamed");
    EXPECT_EQ(core->get_property("M", devmux_mock::device_type).as<std::string>(), "discrete");
}

TEST_F(MockPlugin, StandardPropertiesRoundTrip) {
    auto core = core_with_mock();
    core->set_property("M", {ov::num_streams(3), ov::enable_profiling(true), ov::cache_dir(dir.file("cache")),
                             ov::hint::performance_mode(ov::hint::PerformanceMode::THROUGHPUT)});
    EXPECT_EQ(core->get_property("M", ov::num_streams).num, 3);
    EXPECT_TRUE(core->get_property("M", ov::enable_profiling));
    EXPECT_EQ(core->get_property("M", ov::cache_dir), dir.file("cache"));
    EXPECT_EQ(core->get_property("M", ov::hint::performance_mode), ov::hint::PerformanceMode::THROUGHPUT);
}

TEST_F(MockPlugin, StandardPropertiesFromPluginsXml) {
    auto core = core_with_mock({{ov::num_streams.name(), "2"}, {ov::enable_profiling.name(), "YES"}});
    EXPECT_EQ(core->get_property("M", ov::num_streams).num, 2);
    EXPECT_TRUE(core->get_property("M", ov::enable_profiling));
}

TEST_F(MockPlugin, SupportedPropertiesListEveryKey) {
    auto core = core_with_mock();
    const auto names = names_of(core->get_property("M", ov::supported_properties));
    for (const char* key : {devmux_mock::device_ids, devmux_mock::uuids, devmux_mock::supported_ops,
                            devmux_mock::device_type, devmux_mock::full_name, devmux_mock::query_model_calls,
                            devmux_mock::compile_model_calls, "NUM_STREAMS", "PERF_COUNT", "CACHE_DIR",
                            "PERFORMANCE_HINT", "AVAILABLE_DEVICES", "FULL_DEVICE_NAME", "DEVICE_TYPE"})
        EXPECT_THAT(names, Contains(key));
}

TEST_F(MockPlugin, UnknownKeyInSetPropertyNamesKeyAndValue) {
    auto core = core_with_mock();
    const std::string error = error_of([&] { core->set_property("M", {{"MOCK_NO_SUCH_KEY", "42"}}); });
    EXPECT_THAT(error, HasSubstr("MOCK_NO_SUCH_KEY"));
    EXPECT_THAT(error, HasSubstr("42"));
}

TEST_F(MockPlugin, UnknownKeyInCompileModelNamesKeyAndValue) {
    auto core = core_with_mock();
    const std::string error = error_of([&] { core->compile_model(make_model(), "M", {{"SOME_KEY", "odd"}}); });
    EXPECT_THAT(error, HasSubstr("SOME_KEY"));
    EXPECT_THAT(error, HasSubstr("odd"));
}

TEST_F(MockPlugin, UnknownKeyInPluginsXmlFailsOnFirstUse) {
    auto core = core_with_mock({{"MOCK_TYPO", "1"}});
    const std::string error = error_of([&] { core->get_property("M", ov::available_devices); });
    EXPECT_THAT(error, HasSubstr("MOCK_TYPO"));
}

TEST_F(MockPlugin, CountersAreReadOnly) {
    auto core = core_with_mock();
    EXPECT_THAT(error_of([&] { core->set_property("M", {{devmux_mock::compile_model_calls, "5"}}); }),
                HasSubstr(devmux_mock::compile_model_calls));
    EXPECT_THAT(error_of([&] { core->set_property("M", {{devmux_mock::query_model_calls, "5"}}); }),
                HasSubstr(devmux_mock::query_model_calls));
}

TEST_F(MockPlugin, InvalidValuesAreRefusedAndChangeNothing) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1"}});
    EXPECT_THAT(error_of([&] { core->set_property("M", {{devmux_mock::uuids, "xyz"}}); }), HasSubstr("xyz"));
    EXPECT_THAT(error_of([&] { core->set_property("M", {{devmux_mock::device_ids, "3,3"}}); }), HasSubstr("'3'"));
    EXPECT_THAT(error_of([&] { core->set_property("M", {{devmux_mock::supported_ops, "Add,ReLU"}}); }),
                HasSubstr("ReLU"));
    EXPECT_THAT(error_of([&] { core->set_property("M", {{devmux_mock::device_type, "virtual"}}); }),
                HasSubstr("virtual"));
    EXPECT_THAT(error_of([&] {
                    core->set_property("M", {{devmux_mock::uuids, std::string(uuid_a) + "," + uuid_b + "," + uuid_a}});
                }),
                HasSubstr(devmux_mock::uuids));
    // A refused set leaves the earlier configuration in place.
    EXPECT_EQ(core->get_property("M", devmux_mock::device_ids).as<std::string>(), "0,1");
    EXPECT_EQ(core->get_property("M", devmux_mock::supported_ops).as<std::string>(), "*");
}

// ---- UUIDs ----

TEST_F(MockPlugin, UuidAbsentByDefault) {
    auto core = core_with_mock();
    EXPECT_THAT(names_of(core->get_property("M", ov::supported_properties)), Not(Contains("DEVICE_UUID")));
    EXPECT_THAT(error_of([&] { core->get_property("M", ov::device::uuid); }), HasSubstr("no UUID"));
}

TEST_F(MockPlugin, UuidPresentOnlyForDevicesThatHaveOne) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1,2"}, {devmux_mock::uuids, std::string(",") + uuid_a}});
    EXPECT_THAT(names_of(core->get_property("M.0", ov::supported_properties)), Not(Contains("DEVICE_UUID")));
    EXPECT_THAT(error_of([&] { core->get_property("M.0", ov::device::uuid); }), HasSubstr("M.0"));
    EXPECT_THAT(names_of(core->get_property("M.1", ov::supported_properties)), Contains("DEVICE_UUID"));
    std::ostringstream text;
    text << core->get_property("M.1", ov::device::uuid);
    EXPECT_EQ(text.str(), uuid_a);
    // A device after the last entry has none either.
    EXPECT_THROW(core->get_property("M.2", ov::device::uuid), ov::Exception);
}

TEST_F(MockPlugin, UuidsDifferPerDevice) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1"}, {devmux_mock::uuids, std::string(uuid_a) + "," + uuid_b}});
    EXPECT_NE(core->get_property("M.0", ov::device::uuid), core->get_property("M.1", ov::device::uuid));
}

TEST_F(MockPlugin, UnknownDeviceIdIsRefused) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1"}});
    EXPECT_THAT(error_of([&] { core->get_property("M.5", ov::device::full_name); }), HasSubstr("'5'"));
    EXPECT_THAT(error_of([&] { core->compile_model(make_model(), "M.5"); }), HasSubstr("'5'"));
}

// ---- query and compile ----

TEST_F(MockPlugin, QueryReportsOnlySupportedOpsWithTheDeviceId) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1"}, {devmux_mock::supported_ops, "Parameter,Add,Relu"}});
    const auto supported = core->query_model(make_model(), "M.1");
    std::vector<std::string> names;
    for (const auto& kv : supported) {
        names.push_back(kv.first);
        EXPECT_EQ(kv.second, "M.1") << kv.first;
    }
    EXPECT_THAT(names, UnorderedElementsAre("a", "b", "c", "sum", "relu"));
}

TEST_F(MockPlugin, QueryWithoutIdNamesTheFirstDevice) {
    auto core = core_with_mock({{devmux_mock::device_ids, "4,5"}});
    const auto supported = core->query_model(make_model(), "M");
    ASSERT_FALSE(supported.empty());
    for (const auto& kv : supported)
        EXPECT_EQ(kv.second, "M.4") << kv.first;
    EXPECT_EQ(supported.size(), make_model()->get_ordered_ops().size());
}

TEST_F(MockPlugin, EmptyOpListSupportsNothing) {
    auto core = core_with_mock({{devmux_mock::supported_ops, ""}});
    EXPECT_TRUE(core->query_model(make_model(), "M").empty());
}

TEST_F(MockPlugin, CompileNamesTheUnsupportedOpAndItsType) {
    auto core = core_with_mock({{devmux_mock::supported_ops, "Parameter,Result,Add,Multiply"}});
    const std::string error = error_of([&] { core->compile_model(make_model(), "M"); });
    EXPECT_THAT(error, HasSubstr("'relu'"));
    EXPECT_THAT(error, HasSubstr("Relu"));
}

TEST_F(MockPlugin, SupportedOpsFromSetPropertyApply) {
    auto core = core_with_mock();
    EXPECT_NO_THROW(core->compile_model(make_model(), "M"));
    core->set_property("M", {{devmux_mock::supported_ops, "Parameter,Result,Add,Multiply"}});
    EXPECT_THROW(core->compile_model(make_model(), "M"), ov::Exception);
    core->set_property("M", {{devmux_mock::supported_ops, "*"}});
    EXPECT_NO_THROW(core->compile_model(make_model(), "M"));
}

TEST_F(MockPlugin, QueryCountsOnceAndCompileDoesNotQuery) {
    auto core = core_with_mock();
    core->query_model(make_model(), "M");
    EXPECT_EQ(counter(*core, "M", devmux_mock::query_model_calls), 1u);
    EXPECT_EQ(counter(*core, "M", devmux_mock::compile_model_calls), 0u);
    core->compile_model(make_model(), "M");
    EXPECT_EQ(counter(*core, "M", devmux_mock::query_model_calls), 1u);
    EXPECT_EQ(counter(*core, "M", devmux_mock::compile_model_calls), 1u);
}

TEST_F(MockPlugin, RefusedCompileStillCounts) {
    auto core = core_with_mock({{devmux_mock::supported_ops, "Parameter"}});
    EXPECT_THROW(core->compile_model(make_model(), "M"), ov::Exception);
    EXPECT_EQ(counter(*core, "M", devmux_mock::compile_model_calls), 1u);
}

TEST_F(MockPlugin, ImportIsNotACompileCall) {
    auto core = core_with_mock();
    std::stringstream blob;
    core->compile_model(make_model(), "M").export_model(blob);
    core->import_model(blob, "M");
    EXPECT_EQ(counter(*core, "M", devmux_mock::compile_model_calls), 1u);
}

// ---- several instances of one library ----

TEST_F(MockPlugin, SeveralInstancesOfOneLibraryKeepTheirOwnConfiguration) {
    auto core = core_with(plugin_element("A", devmux_mock::library_path(),
                                         {{devmux_mock::supported_ops, "Parameter,Result,Add"},
                                          {devmux_mock::full_name, "device A"}}) +
                          plugin_element("B", devmux_mock::library_path(),
                                         {{devmux_mock::device_ids, "0,1"},
                                          {devmux_mock::uuids, std::string(uuid_a) + "," + uuid_b},
                                          {devmux_mock::device_type, "discrete"}}));
    EXPECT_EQ(core->get_property("A", ov::device::full_name), "device A");
    EXPECT_EQ(core->get_property("B", ov::device::full_name), "devmux mock device");
    EXPECT_EQ(core->get_property("A", ov::device::type), ov::device::Type::INTEGRATED);
    EXPECT_EQ(core->get_property("B", ov::device::type), ov::device::Type::DISCRETE);
    EXPECT_EQ(core->get_property("A", ov::available_devices).size(), 1u);
    EXPECT_EQ(core->get_property("B", ov::available_devices).size(), 2u);
    EXPECT_THROW(core->get_property("A", ov::device::uuid), ov::Exception);
    EXPECT_NO_THROW(core->get_property("B.1", ov::device::uuid));

    EXPECT_THROW(core->compile_model(make_model(), "A"), ov::Exception);
    EXPECT_NO_THROW(core->compile_model(make_model(), "B.1"));
    EXPECT_EQ(counter(*core, "A", devmux_mock::compile_model_calls), 1u);
    EXPECT_EQ(counter(*core, "B", devmux_mock::compile_model_calls), 1u);
    core->query_model(make_model(), "A");
    EXPECT_EQ(counter(*core, "A", devmux_mock::query_model_calls), 1u);
    EXPECT_EQ(counter(*core, "B", devmux_mock::query_model_calls), 0u);

    core->set_property("A", {{devmux_mock::full_name, "renamed A"}});
    EXPECT_EQ(core->get_property("B", ov::device::full_name), "devmux mock device");
}

TEST_F(MockPlugin, RegisterPluginWithConfig) {
    auto core = core_with("");
    core->register_plugin(devmux_mock::library_path(), "X",
                          {{devmux_mock::device_ids, "3"}, {devmux_mock::supported_ops, "Parameter"}});
    EXPECT_EQ(core->get_property("X", ov::available_devices), std::vector<std::string>{"3"});
    EXPECT_EQ(core->query_model(make_model(), "X").size(), 3u);  // the three Parameters
}

// ---- compiled model and inference ----

TEST_F(MockPlugin, InferenceMatchesHandComputedValues) {
    auto core = core_with_mock();
    ov::InferRequest request = core->compile_model(make_model(), "M").create_infer_request();
    const auto a = random_tensor({2, 3}, 11), b = random_tensor({2, 3}, 12), c = random_tensor({2, 3}, 13);
    request.set_tensor("a", a);
    request.set_tensor("b", b);
    request.set_tensor("c", c);
    request.infer();
    expect_near(request.get_tensor("out"), reference_output(a, b, c), 1e-6f);

    // New input tensors (other memory) are picked up by the next inference.
    const auto a2 = random_tensor({2, 3}, 14);
    request.set_tensor("a", a2);
    request.infer();
    expect_near(request.get_tensor("out"), reference_output(a2, b, c), 1e-6f);
}

TEST_F(MockPlugin, CompiledModelReportsItsDevice) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1"}});
    ov::CompiledModel compiled = core->compile_model(make_model(), "M.1", ov::num_streams(2));
    EXPECT_EQ(compiled.get_property(ov::execution_devices), std::vector<std::string>{"M.1"});
    EXPECT_EQ(compiled.get_property(ov::model_name), "relu_sum_product");
    EXPECT_EQ(compiled.get_property(ov::num_streams).num, 2);
    EXPECT_THROW(compiled.set_property({ov::num_streams(4)}), ov::Exception);
}

TEST_F(MockPlugin, VariableStatesAccumulateAndReset) {
    auto core = core_with_mock();
    ov::InferRequest request = core->compile_model(make_stateful_model(), "M").create_infer_request();
    ov::Tensor x(ov::element::f32, {1, 2});
    x.data<float>()[0] = 1.0f;
    x.data<float>()[1] = 2.0f;
    request.set_tensor("x", x);
    request.infer();  // initial value {0.5, -1.5} + x
    expect_near(request.get_tensor("sum"), {1.5f, 0.5f}, 1e-6f);
    request.infer();
    expect_near(request.get_tensor("sum"), {2.5f, 2.5f}, 1e-6f);
    auto states = request.query_state();
    ASSERT_EQ(states.size(), 1u);
    EXPECT_EQ(states[0].get_name(), "acc");
    request.reset_state();
    request.infer();
    expect_near(request.get_tensor("sum"), {1.5f, 0.5f}, 1e-6f);
}

TEST_F(MockPlugin, ProfilingGivesARecordPerOp) {
    auto core = core_with_mock();
    ov::CompiledModel compiled = core->compile_model(make_model(), "M", ov::enable_profiling(true));
    ov::InferRequest request = compiled.create_infer_request();
    request.infer();
    std::vector<std::string> names;
    for (const auto& info : request.get_profiling_info()) {
        names.push_back(info.node_name);
        EXPECT_EQ(info.exec_type, "reference");
    }
    EXPECT_EQ(names.size(), make_model()->get_ordered_ops().size());
    EXPECT_THAT(names, Contains("relu"));
    EXPECT_THAT(names, Contains("product"));
}

TEST_F(MockPlugin, NoProfilingUnlessEnabled) {
    auto core = core_with_mock();
    ov::InferRequest request = core->compile_model(make_model(), "M").create_infer_request();
    request.infer();
    EXPECT_TRUE(request.get_profiling_info().empty());
}

TEST_F(MockPlugin, ProfilingFromThePluginConfiguration) {
    auto core = core_with_mock({{ov::enable_profiling.name(), "YES"}});
    ov::InferRequest request = core->compile_model(make_model(), "M").create_infer_request();
    request.infer();
    EXPECT_FALSE(request.get_profiling_info().empty());
}

TEST_F(MockPlugin, EachDeviceKeepsItsOwnFullName) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1"}});
    core->set_property("M.1", {{devmux_mock::full_name, "second device"}});
    EXPECT_EQ(core->get_property("M.1", ov::device::full_name), "second device");
    EXPECT_EQ(core->get_property("M.0", ov::device::full_name), "devmux mock device");
    core->set_property("M", {{devmux_mock::full_name, "every device"}});
    EXPECT_EQ(core->get_property("M.0", ov::device::full_name), "every device");
    EXPECT_EQ(core->get_property("M.1", ov::device::full_name), "every device");
}

TEST_F(MockPlugin, ExportedModelImportsAndGivesTheSameResults) {
    auto core = core_with_mock({{devmux_mock::device_ids, "0,1"}});
    ov::CompiledModel compiled = core->compile_model(make_model(), "M.1");
    std::stringstream blob;
    compiled.export_model(blob);
    ov::CompiledModel imported = core->import_model(blob, "M");
    EXPECT_EQ(imported.get_property(ov::execution_devices), std::vector<std::string>{"M.1"});
    ov::InferRequest request = imported.create_infer_request();
    const auto a = random_tensor({2, 3}, 21), b = random_tensor({2, 3}, 22), c = random_tensor({2, 3}, 23);
    request.set_tensor("a", a);
    request.set_tensor("b", b);
    request.set_tensor("c", c);
    request.infer();
    expect_near(request.get_tensor("out"), reference_output(a, b, c), 1e-6f);
}

TEST_F(MockPlugin, ImportRefusesAForeignStream) {
    auto core = core_with_mock();
    std::stringstream blob("not a mock export\n");
    EXPECT_THAT(error_of([&] { core->import_model(blob, "M"); }), HasSubstr("not a model exported"));
}

TEST_F(MockPlugin, ImportChecksTheSupportedOpsOfThisInstance) {
    auto core = core_with(plugin_element("A", devmux_mock::library_path()) +
                          plugin_element("B", devmux_mock::library_path(),
                                         {{devmux_mock::supported_ops, "Parameter,Result,Add,Multiply"}}));
    std::stringstream blob;
    core->compile_model(make_model(), "A").export_model(blob);
    EXPECT_THAT(error_of([&] { core->import_model(blob, "B"); }), HasSubstr("Relu"));
}

// ---- a real model against the CPU plugin ----

struct RealModel {
    const char* path;  // under DEVMUX_MODELS_DIR
};

class MockPluginRealModel : public MockPlugin, public ::testing::WithParamInterface<RealModel> {};

TEST_P(MockPluginRealModel, MatchesTheCpuPlugin) {
    auto core = core_with(plugin_element("M", devmux_mock::library_path()) + plugin_element("CPU", cpu_plugin_path()));
    auto model = core->read_model(std::string(DEVMUX_MODELS_DIR) + "/" + GetParam().path);
    ov::InferRequest mock = core->compile_model(model, "M").create_infer_request();
    ov::InferRequest cpu = core->compile_model(model, "CPU").create_infer_request();
    std::mt19937 gen(1234);
    std::uniform_real_distribution<float> dist(0.0f, 255.0f);
    for (const auto& input : model->inputs()) {
        ASSERT_EQ(input.get_element_type(), ov::element::f32);
        ov::Tensor tensor(ov::element::f32, input.get_shape());
        for (size_t i = 0; i < tensor.get_size(); ++i)
            tensor.data<float>()[i] = dist(gen);
        mock.set_tensor(input, tensor);
        cpu.set_tensor(input, tensor);
    }
    mock.infer();
    cpu.infer();
    for (const auto& output : model->outputs()) {
        const ov::Tensor expected = cpu.get_tensor(output), actual = mock.get_tensor(output);
        ASSERT_EQ(actual.get_shape(), expected.get_shape());
        size_t nonzero = 0;
        for (size_t i = 0; i < expected.get_size(); ++i) {
            EXPECT_NEAR(actual.data<float>()[i], expected.data<float>()[i], 1e-5f)
                << output.get_any_name() << " element " << i;
            nonzero += expected.data<float>()[i] != 0.0f;
        }
        EXPECT_GT(nonzero, 0u) << "a trivial output proves nothing";
    }
}

INSTANTIATE_TEST_SUITE_P(Models, MockPluginRealModel,
                         ::testing::Values(RealModel{"landmarks-regression-retail-0009/FP32/"
                                                     "landmarks-regression-retail-0009.xml"},
                                           RealModel{"vehicle-attributes-recognition-barrier-0039/"
                                                     "vehicle-attributes-recognition-barrier-0039.xml"}),
                         [](const ::testing::TestParamInfo<RealModel>& info) {
                             return info.index == 0 ? std::string("Landmarks") : std::string("VehicleAttributes");
                         });

}  // namespace
