// SPDX-License-Identifier: Apache-2.0
// Properties through an alias (issue 4 §4): set_property configures the device's primary plugin;
// ov::device::properties for a fallback plugin, set on the alias or given to compile, reach that
// fallback whenever it compiles part of a model.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/sigmoid.hpp"
#include "proxy_test_utils.hpp"

using namespace proxy_test;
using ::testing::HasSubstr;

namespace {

std::string builtin(const std::string& name, const std::string& library) {
    return core_test::plugin_element(name, std::string(DEVMUX_BUILD_LIB_DIR) + "/" + library);
}

// VA (no Sigmoid) devices 0 (uuid 1), 1 (uuid 2); VB device 0 (uuid 1), VA's fallback.
std::string shared_xml(const core_test::TempDir& dir) {
    return write_xml(dir, builtin("HETERO", "libdevmux_hetero_plugin.so") +
                              mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_FALLBACK", "VB"},
                                          {"MOCK_DEVICE_IDS", "0,1"},
                                          {"MOCK_UUIDS", std::string(uuid_1) + "," + uuid_2},
                                          {"MOCK_SUPPORTED_OPS", "Parameter,Result,Relu"}}) +
                              mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_UUIDS", uuid_1}}));
}

// x -> relu -> sigmoid -> out: on GPU.0, relu runs on VA.0 and sigmoid on VB.0.
std::shared_ptr<ov::Model> split_model() {
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, 8});
    x->set_friendly_name("x");
    auto relu = std::make_shared<ov::op::v0::Relu>(x);
    relu->set_friendly_name("relu");
    auto sigmoid = std::make_shared<ov::op::v0::Sigmoid>(relu);
    sigmoid->set_friendly_name("sigmoid");
    auto out = std::make_shared<ov::op::v0::Result>(sigmoid);
    out->set_friendly_name("out");
    return std::make_shared<ov::Model>(ov::ResultVector{out}, ov::ParameterVector{x}, "split");
}

int streams_of(const ov::Any& value) {
    ov::Any copy = value;
    return copy.as<ov::streams::Num>().num;
}

// NUM_STREAMS of the subgraph that @p device compiled, as the HETERO compiled model reports it.
int compiled_streams(const ov::CompiledModel& compiled, const std::string& device) {
    const auto per_device =
        compiled.get_property(ov::device::properties.name()).as<std::map<std::string, ov::AnyMap>>();
    return streams_of(per_device.at(device).at(ov::num_streams.name()));
}

TEST(ProxyProperties, SetPropertyOnTheAliasConfiguresThePrimaryOnly) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    core.set_property("GPU", ov::num_streams(2));
    EXPECT_EQ(core.get_property("VA", ov::num_streams).num, 2);
    EXPECT_EQ(core.get_property("VB", ov::num_streams).num, 1);
    EXPECT_EQ(core.get_property("GPU", ov::num_streams).num, 2) << "read back from the primary";
}

TEST(ProxyProperties, DevicePropertiesGivenToCompileReachTheFallback) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    auto compiled = core.compile_model(split_model(), "GPU.0", ov::device::properties("VB", ov::num_streams(3)));
    EXPECT_EQ(compiled_streams(compiled, "VB.0"), 3);
    EXPECT_EQ(compiled_streams(compiled, "VA.0"), 1);
    EXPECT_EQ(core.get_property("VB", ov::num_streams).num, 1) << "for that compile only";
}

TEST(ProxyProperties, DevicePropertiesSetOnTheAliasReachTheFallbackOnEveryCompile) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    core.set_property("GPU", ov::device::properties("VB", ov::num_streams(4)));
    EXPECT_EQ(core.get_property("VB", ov::num_streams).num, 1) << "kept by the alias, not set on VB itself";
    EXPECT_EQ(compiled_streams(core.compile_model(split_model(), "GPU.0"), "VB.0"), 4);
    EXPECT_EQ(compiled_streams(core.compile_model(split_model(), "GPU.0"), "VB.0"), 4);
    // A compile's own entry wins over the alias's.
    auto compiled = core.compile_model(split_model(), "GPU.0", ov::device::properties("VB", ov::num_streams(2)));
    EXPECT_EQ(compiled_streams(compiled, "VB.0"), 2);
}

TEST(ProxyProperties, DevicePropertiesForThePrimarySetOnTheAliasReachIt) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    core.set_property("GPU", ov::device::properties("VA", ov::num_streams(5)));
    EXPECT_EQ(core.get_property("VA", ov::num_streams).num, 5);
    EXPECT_EQ(core.get_property("VB", ov::num_streams).num, 1);
}

TEST(ProxyProperties, ConflictingValuesForThePrimaryAreRefused) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    EXPECT_THAT(error_of([&] {
                    core.set_property("GPU", {ov::num_streams(2), ov::device::properties("VA", ov::num_streams(3))});
                }),
                HasSubstr(ov::num_streams.name()));
}

TEST(ProxyProperties, SupportedPropertiesAreThePrimarysPlusTheAliasOwn) {
    core_test::TempDir dir;
    ov::Core core(shared_xml(dir));
    const auto alias = core.get_property("GPU", ov::supported_properties);
    const auto primary = core.get_property("VA", ov::supported_properties);
    for (const auto& name : primary)
        EXPECT_NE(std::find(alias.begin(), alias.end(), name), alias.end()) << name;
    const std::vector<std::string> own{ov::device::id.name(),         ov::available_devices.name(),
                                       ov::device::priorities.name(), ov::device::properties.name(),
                                       "PROXY_ALIAS_FOR",             "PROXY_DEVICE_PRIORITIES"};
    for (const auto& key : own)
        EXPECT_NE(std::find(alias.begin(), alias.end(), key), alias.end()) << key;
}

}  // namespace
