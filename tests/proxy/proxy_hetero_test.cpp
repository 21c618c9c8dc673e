// SPDX-License-Identifier: Apache-2.0
// Compiling through an alias when the device needs more than one plugin (issue 4 §3): the call counts
// of the performance contract, cross-device fallbacks, ov::execution_devices, compile from a path,
// export and import, and the errors for devices that do not exist.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "devmux/kit/model_io.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/sigmoid.hpp"
#include "proxy_test_utils.hpp"

using namespace proxy_test;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

constexpr size_t N = 16;
constexpr const char* without_sigmoid = "Parameter,Result,Constant,Relu,Multiply,Add";

float weight(size_t i) { return 0.25f + 0.125f * static_cast<float>(i % 5); }

// x -> relu -> sigmoid -> mul(w) -> add(x) -> out. A device without Sigmoid splits it in three
// subgraphs: {relu} on it, {sigmoid} on the fallback, {mul, add} on it again.
std::shared_ptr<ov::Model> split_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, N});
    x->set_friendly_name("x");
    x->output(0).set_names({"x"});
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto sigmoid = std::make_shared<ov::op::v0::Sigmoid>(relu);
    sigmoid->set_friendly_name("sigmoid");
    std::vector<float> w(N);
    for (size_t i = 0; i < N; ++i)
        w[i] = weight(i);
    auto weights = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{1, N}, w);
    weights->set_friendly_name("w");
    auto mul = std::make_shared<ov::op::v1::Multiply>(sigmoid, weights);
    mul->set_friendly_name("mul");
    auto add = std::make_shared<ov::op::v1::Add>(mul, x);
    add->set_friendly_name("add");
    add->output(0).set_names({"out"});
    auto out = std::make_shared<ov::op::v0::Result>(add);
    out->set_friendly_name("out");
    return std::make_shared<ov::Model>(ov::ResultVector{out}, ov::ParameterVector{x}, "split");
}

// The same computation written out in a loop, independent of any device.
std::vector<float> reference(const ov::Tensor& x) {
    std::vector<float> out(N);
    for (size_t i = 0; i < N; ++i) {
        const float v = x.data<float>()[i];
        const float r = v > 0.f ? v : 0.f;
        out[i] = weight(i) / (1.f + std::exp(-r)) + v;
    }
    return out;
}

// x -> relu -> out: every mock device runs it.
std::shared_ptr<ov::Model> relu_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, N});
    x->set_friendly_name("x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto out = std::make_shared<ov::op::v0::Result>(relu);
    out->set_friendly_name("out");
    return std::make_shared<ov::Model>(ov::ResultVector{out}, ov::ParameterVector{x}, "relu");
}

std::vector<float> run(ov::CompiledModel& compiled, const ov::Tensor& input) {
    auto request = compiled.create_infer_request();
    request.set_input_tensor(input);
    request.infer();
    const ov::Tensor output = request.get_output_tensor();
    return std::vector<float>(output.data<float>(), output.data<float>() + output.get_size());
}

void expect_near(const std::vector<float>& actual, const std::vector<float>& expected, const char* what) {
    ASSERT_EQ(actual.size(), expected.size()) << what;
    for (size_t i = 0; i < actual.size(); ++i)
        EXPECT_NEAR(actual[i], expected[i], 1e-5f) << what << ", element " << i;
}

int64_t calls(const ov::Core& core, const std::string& device, const char* counter) {
    return core.get_property(device, counter).as<int64_t>();
}

std::string builtin(const std::string& name, const std::string& library) {
    return core_test::plugin_element(name, std::string(DEVMUX_BUILD_LIB_DIR) + "/" + library);
}

std::string cpu_and_hetero() {
    return builtin("CPU", "libdevmux_cpu_plugin.so") + builtin("HETERO", "libdevmux_hetero_plugin.so");
}

// VA (no Sigmoid): devices 0 (uuid 1) and 1 (uuid 2); VB (every op): device 0 (uuid 1), VA's fallback.
// GPU.0 = VA.0 + VB.0 (shared), GPU.1 = VA.1 alone.
std::string shared_xml(const core_test::TempDir& dir) {
    return write_xml(dir, cpu_and_hetero() +
                              mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "VB"},
                                          {"MOCK_DEVICE_IDS", "0,1"},
                                          {"MOCK_UUIDS", std::string(uuid_1) + "," + uuid_2},
                                          {"MOCK_SUPPORTED_OPS", without_sigmoid}}) +
                              mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_UUIDS", uuid_1}}));
}

// VA (no Sigmoid) alone in the alias, with the CPU plugin (not a member) as its fallback.
std::string cpu_fallback_xml(const core_test::TempDir& dir) {
    return write_xml(dir, cpu_and_hetero() + mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"},
                                                         {"PROXY_CONFIGURATION_FALLBACK", "CPU"},
                                                         {"MOCK_SUPPORTED_OPS", without_sigmoid}}));
}

TEST(ProxyHetero, PrimaryIsQueriedOnceAndEachFallbackOnceAndEachSubgraphCompilesOnce) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    auto compiled = core.compile_model(split_model(), "GPU.0");
    EXPECT_EQ(compiled.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 3u);
    EXPECT_EQ(calls(core, "VA", devmux_mock::query_model_calls), 1) << "the proxy's question, reused by HETERO";
    EXPECT_EQ(calls(core, "VB", devmux_mock::query_model_calls), 1) << "asked once, about the ops left";
    EXPECT_EQ(calls(core, "VA", devmux_mock::compile_model_calls), 2) << "its two subgraphs, once each";
    EXPECT_EQ(calls(core, "VB", devmux_mock::compile_model_calls), 1) << "its one subgraph";
}

TEST(ProxyHetero, SplitResultsEqualTheCpuAndTheLoop) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    auto on_alias = core.compile_model(split_model(), "GPU.0");
    auto on_cpu = core.compile_model(split_model(), "CPU");
    const ov::Tensor input = core_test::random_tensor(ov::Shape{1, N}, 11);
    const auto alias_out = run(on_alias, input);
    expect_near(alias_out, run(on_cpu, input), "alias vs CPU");
    expect_near(alias_out, reference(input), "alias vs loop");
}

TEST(ProxyHetero, KnownAffinitiesAreNotAUserFacingProperty) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    for (const std::string device : {"GPU", "HETERO"}) {
        const auto names = core.get_property(device, ov::supported_properties);
        EXPECT_EQ(std::find(names.begin(), names.end(), "DEVMUX_HETERO_KNOWN_AFFINITIES"), names.end()) << device;
    }
    EXPECT_THAT(error_of([&] { core.set_property("HETERO", {{"DEVMUX_HETERO_KNOWN_AFFINITIES", ov::AnyMap{}}}); }),
                HasSubstr("compile_model property of one model"));
}

TEST(ProxyHetero, CrossDeviceFallbackJoinsTheEndOfTheChain) {
    core_test::TempDir dir;
    ov::Core core(cpu_fallback_xml(dir));
    EXPECT_THAT(core.get_available_devices(), ::testing::Contains("GPU"));
    EXPECT_THAT(priorities_of(core, "GPU"), ElementsAre("VA", "CPU"));
    EXPECT_EQ(core.get_property("GPU", "PROXY_COMPILE_TARGET").as<std::string>(), "HETERO:VA.0,CPU");
    auto compiled = core.compile_model(split_model(), "GPU");
    EXPECT_THAT(compiled.get_property(ov::execution_devices), ElementsAre("VA.0", "CPU"));
    EXPECT_EQ(calls(core, "VA", devmux_mock::query_model_calls), 1);
    EXPECT_EQ(calls(core, "VA", devmux_mock::compile_model_calls), 2);
    auto on_cpu = core.compile_model(split_model(), "CPU");
    const ov::Tensor input = core_test::random_tensor(ov::Shape{1, N}, 12);
    expect_near(run(compiled, input), run(on_cpu, input), "alias (VA.0 + CPU) vs CPU");
}

TEST(ProxyHetero, CrossDeviceFallbackIsNotCalledWhenThePrimaryRunsEverything) {
    core_test::TempDir dir;
    ov::Core core(cpu_fallback_xml(dir));
    auto compiled = core.compile_model(relu_model(), "GPU");
    EXPECT_THAT(compiled.get_property(ov::execution_devices), ElementsAre("VA.0"));
    EXPECT_EQ(calls(core, "VA", devmux_mock::query_model_calls), 1);
    EXPECT_EQ(calls(core, "VA", devmux_mock::compile_model_calls), 1);
}

TEST(ProxyHetero, ExecutionDevicesNameTheHardwareForASplit) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    EXPECT_THAT(core.compile_model(split_model(), "GPU.0").get_property(ov::execution_devices),
                ElementsAre("VA.0", "VB.0"));
}

TEST(ProxyHetero, ExecutionDevicesNameTheHardwareForAPassThrough) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    EXPECT_THAT(core.compile_model(relu_model(), "GPU.1").get_property(ov::execution_devices), ElementsAre("VA.1"));
    EXPECT_THAT(core.compile_model(relu_model(), "GPU.0").get_property(ov::execution_devices), ElementsAre("VA.0"));
}

TEST(ProxyHetero, DeviceServedByOnePluginWithoutAnOpSaysWhichOp) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    EXPECT_THAT(error_of([&] { core.compile_model(split_model(), "GPU.1"); }),
                AllOf(HasSubstr("sigmoid"), HasSubstr("Sigmoid"), HasSubstr("VA.1")));
}

TEST(ProxyHetero, CompileFromAPath) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    devmux::kit::write_ir(*split_model(), dir.file("split.xml"), dir.file("split.bin"));
    auto compiled = core.compile_model(dir.file("split.xml"), "GPU.0");
    EXPECT_THAT(compiled.get_property(ov::execution_devices), ElementsAre("VA.0", "VB.0"));
    const ov::Tensor input = core_test::random_tensor(ov::Shape{1, N}, 13);
    expect_near(run(compiled, input), reference(input), "compiled from a path vs loop");
}

TEST(ProxyHetero, ExportAndImportASplitRebuildTheSameChain) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    std::stringstream blob;
    core.compile_model(split_model(), "GPU.0").export_model(blob);
    auto imported = core.import_model(blob, "GPU.0");
    EXPECT_THAT(imported.get_property(ov::execution_devices), ElementsAre("VA.0", "VB.0"));
    EXPECT_EQ(imported.get_property("HETERO_NUMBER_OF_SUBMODELS").as<size_t>(), 3u);
    const ov::Tensor input = core_test::random_tensor(ov::Shape{1, N}, 14);
    expect_near(run(imported, input), reference(input), "imported split vs loop");
}

TEST(ProxyHetero, ExportAndImportOnTheSharedDevicesPrimaryAlone) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    std::stringstream blob;
    core.compile_model(relu_model(), "GPU.0").export_model(blob);
    auto imported = core.import_model(blob, "GPU.0");
    EXPECT_THAT(imported.get_property(ov::execution_devices), ElementsAre("VA.0"));
    EXPECT_EQ(calls(core, "VB", devmux_mock::compile_model_calls), 0);
}

TEST(ProxyHetero, ExportAndImportAPassThrough) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    std::stringstream blob;
    core.compile_model(relu_model(), "GPU.1").export_model(blob);
    auto imported = core.import_model(blob, "GPU.1");
    EXPECT_THAT(imported.get_property(ov::execution_devices), ElementsAre("VA.1"));
    const ov::Tensor input = core_test::random_tensor(ov::Shape{1, N}, 15);
    const auto out = run(imported, input);
    for (size_t i = 0; i < N; ++i)
        EXPECT_EQ(out[i], std::max(input.data<float>()[i], 0.f)) << "element " << i;
}

TEST(ProxyHetero, CompileOnAnIndexOutOfRangeSaysHowManyDevicesExist) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    EXPECT_THAT(error_of([&] { core.compile_model(relu_model(), "GPU.5"); }),
                AllOf(HasSubstr("no device 5"), HasSubstr("2 devices"), HasSubstr("VA (2 devices)"),
                      HasSubstr("VB (1 device)")));
    std::stringstream blob("whatever");
    EXPECT_THAT(error_of([&] { core.import_model(blob, "GPU.5"); }), HasSubstr("no device 5"));
}

}  // namespace
