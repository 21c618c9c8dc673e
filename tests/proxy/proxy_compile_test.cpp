// SPDX-License-Identifier: Apache-2.0
// Compiling and querying through an alias (issue 4 §3, first part): a device served by one plugin
// compiles straight on that plugin; query answers are relabelled to the alias's device.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>

#include "api/core_impl.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "proxy_test_utils.hpp"

using namespace proxy_test;
using ::testing::AllOf;
using ::testing::HasSubstr;

namespace {

std::shared_ptr<ov::Model> relu_model() {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{2, 8});
    input->set_friendly_name("input");
    auto relu = std::make_shared<ov::op::v0::Relu>(input);
    relu->set_friendly_name("relu");
    auto result = std::make_shared<ov::op::v0::Result>(relu);
    result->set_friendly_name("output");
    return std::make_shared<ov::Model>(ov::ResultVector{result}, ov::ParameterVector{input}, "relu");
}

int64_t calls(const ov::Core& core, const std::string& device, const char* counter) {
    return core.get_property(device, counter).as<int64_t>();
}

// VA: devices 0 (uuid 1) and 1 (uuid 2); VB: device 0 (uuid 1). GPU.0 = VA.0 + VB.0, GPU.1 = VA.1 alone.
std::string two_vendor_xml(const core_test::TempDir& dir) {
    return write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "VB"},
                                      {"MOCK_DEVICE_IDS", "0,1"}, {"MOCK_UUIDS", std::string(uuid_1) + "," + uuid_2}}) +
                              mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_UUIDS", uuid_1}}));
}

TEST(ProxyCompile, DeviceServedByOnePluginReturnsThatPluginsCompiledModel) {
    core_test::TempDir dir;
    ov::Core core(two_vendor_xml(dir));
    // Through the exported ICore: a member call on CoreImpl makes UBSan's vptr check (the sanitized build)
    // need CoreImpl's typeinfo, which the runtime keeps local.
    const std::shared_ptr<devmux::ICore> impl = devmux::CoreAccess::impl(core);
    const auto compiled = impl->compile_model(relu_model(), "GPU.1", {});
    ASSERT_TRUE(compiled);
    ASSERT_TRUE(compiled->get_plugin());
    EXPECT_EQ(compiled->get_plugin()->get_device_name(), "VA") << "the hardware plugin's own compiled model";
    EXPECT_EQ(calls(core, "VA", devmux_mock::compile_model_calls), 1);
    EXPECT_EQ(calls(core, "VA", devmux_mock::query_model_calls), 0);
    EXPECT_EQ(calls(core, "VB", devmux_mock::compile_model_calls), 0);
    EXPECT_EQ(calls(core, "VB", devmux_mock::query_model_calls), 0);
}

TEST(ProxyCompile, DefaultContextIsTheHardwareDevicesOrNoneForASharedDevice) {
    core_test::TempDir dir;
    ov::Core core(two_vendor_xml(dir));
    ov::RemoteContext context = core.get_default_context("GPU.1");
    EXPECT_EQ(context.get_device_name(), "VA.1");
    EXPECT_EQ(context.get_params().at("MEMORY_SPACE").as<std::string>(), "host");
    try {
        core.get_default_context("GPU.0");
        ADD_FAILURE() << "a device served by two plugins has no one default context";
    } catch (const ov::NotImplemented& e) {
        EXPECT_THAT(e.what(), HasSubstr("HETERO:VA.0,VB.0"));
    }
}

TEST(ProxyCompile, CompiledThroughTheAliasInfersCorrectly) {
    core_test::TempDir dir;
    ov::Core core(two_vendor_xml(dir));
    auto compiled = core.compile_model(relu_model(), "GPU.1");
    auto request = compiled.create_infer_request();
    ov::Tensor input(ov::element::f32, ov::Shape{2, 8});
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> dist(-4.f, 4.f);
    float* in = input.data<float>();
    for (size_t i = 0; i < input.get_size(); ++i)
        in[i] = dist(rng);
    request.set_input_tensor(input);
    request.infer();
    const ov::Tensor output = request.get_output_tensor();
    ASSERT_EQ(output.get_size(), input.get_size());
    for (size_t i = 0; i < input.get_size(); ++i)
        EXPECT_FLOAT_EQ(output.data<float>()[i], in[i] > 0.f ? in[i] : 0.f) << "element " << i;
}

TEST(ProxyCompile, QueryIsRelabelledToTheAliasDevice) {
    core_test::TempDir dir;
    ov::Core core(two_vendor_xml(dir));
    const auto supported = core.query_model(relu_model(), "GPU.1");
    ASSERT_EQ(supported.size(), 3u);
    for (const auto& kv : supported)
        EXPECT_EQ(kv.second, "GPU.1") << kv.first;
}

TEST(ProxyCompile, QueryOnASingleDeviceAliasSaysPlainAlias) {
    core_test::TempDir dir;
    ov::Core core(write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}})));
    const auto supported = core.query_model(relu_model(), "GPU");
    ASSERT_EQ(supported.size(), 3u);
    for (const auto& kv : supported)
        EXPECT_EQ(kv.second, "GPU") << kv.first;
}

TEST(ProxyCompile, CompileOnAnAliasWithoutDevicesSaysWhy) {
    core_test::TempDir dir;
    ov::Core core(write_xml(dir, core_test::plugin_element("BROKEN", dir.file("libmissing.so"),
                                                           {{"PROXY_CONFIGURATION_ALIAS", "GPU"}})));
    EXPECT_THAT(error_of([&] { core.compile_model(relu_model(), "GPU"); }),
                AllOf(HasSubstr("'GPU' has no devices"), HasSubstr("BROKEN")));
}

}  // namespace

namespace {

TEST(ProxyCompile, SharedDeviceWhosePrimarySupportsEverythingAsksThePrimaryOnceAndNoOneElse) {
    core_test::TempDir dir;
    ov::Core core(two_vendor_xml(dir));
    const std::shared_ptr<devmux::ICore> impl = devmux::CoreAccess::impl(core);  // the exported interface (above)
    const auto compiled = impl->compile_model(relu_model(), "GPU.0", {});
    EXPECT_EQ(compiled->get_plugin()->get_device_name(), "VA");
    EXPECT_EQ(calls(core, "VA", devmux_mock::query_model_calls), 1);
    EXPECT_EQ(calls(core, "VA", devmux_mock::compile_model_calls), 1);
    EXPECT_EQ(calls(core, "VB", devmux_mock::query_model_calls), 0);
    EXPECT_EQ(calls(core, "VB", devmux_mock::compile_model_calls), 0);
}

}  // namespace
