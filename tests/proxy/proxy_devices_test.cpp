// SPDX-License-Identifier: Apache-2.0
// The alias's devices: enumeration order, UUID grouping, skipped members, the default device and the
// properties the alias answers itself or takes from the primary.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "proxy_test_utils.hpp"

using namespace proxy_test;
using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

// VB (priority 0): devices 0 (uuid 1), 1 (no uuid). VA (priority 1): devices 0 (uuid 1), 1 (uuid 2).
// Expected: GPU.0 = VB.0 + VA.0 (same uuid), GPU.1 = VB.1 (alone), GPU.2 = VA.1.
std::string mixed_xml(const core_test::TempDir& dir, const Properties& extra_a = {}) {
    Properties a{{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"PROXY_CONFIGURATION_PRIORITY", "1"},
                 {"MOCK_DEVICE_IDS", "0,1"}, {"MOCK_UUIDS", std::string(uuid_1) + "," + uuid_2},
                 {"MOCK_FULL_NAME", "vendor A"}};
    a.insert(a.end(), extra_a.begin(), extra_a.end());
    return write_xml(dir, mock("VA", a) + mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"},
                                                      {"PROXY_CONFIGURATION_PRIORITY", "0"},
                                                      {"PROXY_CONFIGURATION_FALLBACK", "VA"},
                                                      {"MOCK_DEVICE_IDS", "0,1"},
                                                      {"MOCK_UUIDS", std::string(uuid_1) + ","},
                                                      {"MOCK_FULL_NAME", "vendor B"}}));
}

TEST(ProxyDevices, SharedUuidIsOneDeviceAndPriorityOrdersTheMembers) {
    core_test::TempDir dir;
    ov::Core core(mixed_xml(dir));
    EXPECT_THAT(core.get_available_devices(), ElementsAre("GPU.0", "GPU.1", "GPU.2"));
    EXPECT_THAT(core.get_property("GPU", ov::available_devices), ElementsAre("0", "1", "2"));
}

TEST(ProxyDevices, PrioritiesListTheServingPluginsPrimaryFirst) {
    core_test::TempDir dir;
    ov::Core core(mixed_xml(dir));
    // As the reference: the plugins, primary first; the hardware devices are in PROXY_SERVING_DEVICES.
    EXPECT_THAT(priorities_of(core, "GPU.0"), ElementsAre("VB", "VA"));
    EXPECT_EQ(core.get_property("GPU.0", ov::device::priorities.name()).as<std::string>(), "VB VA");
    EXPECT_THAT(priorities_of(core, "GPU.1"), ElementsAre("VB")) << "no uuid: VA cannot be shown to see it";
    EXPECT_THAT(priorities_of(core, "GPU.2"), ElementsAre("VA"));
    EXPECT_THAT(core.get_property("GPU.0", "PROXY_SERVING_DEVICES").as<std::vector<std::string>>(),
                ElementsAre("VB.0", "VA.0"));
    EXPECT_EQ(core.get_property("GPU.0", "PROXY_COMPILE_TARGET").as<std::string>(), "HETERO:VB.0,VA.0");
    EXPECT_EQ(core.get_property("GPU.2", "PROXY_COMPILE_TARGET").as<std::string>(), "VA.1");
}

TEST(ProxyDevices, OtherPropertiesComeFromThePrimary) {
    core_test::TempDir dir;
    ov::Core core(mixed_xml(dir));
    EXPECT_EQ(core.get_property("GPU.0", ov::device::full_name), "vendor B");
    EXPECT_EQ(core.get_property("GPU.2", ov::device::full_name), "vendor A");
    std::ostringstream uuid;
    uuid << core.get_property("GPU.2", ov::device::uuid);
    EXPECT_EQ(uuid.str(), uuid_2);
}

TEST(ProxyDevices, AliasForAndDevicePrioritiesAreReported) {
    core_test::TempDir dir;
    ov::Core core(mixed_xml(dir));
    EXPECT_THAT(core.get_property("GPU", "PROXY_ALIAS_FOR").as<std::vector<std::string>>(), ElementsAre("VB", "VA"));
    EXPECT_THAT(core.get_property("GPU", "PROXY_DEVICE_PRIORITIES").as<std::vector<std::string>>(),
                ElementsAre("VB:0", "VA:1"));
}

TEST(ProxyDevices, SettingDevicePrioritiesReordersTheDevices) {
    core_test::TempDir dir;
    ov::Core core(mixed_xml(dir));
    core.set_property("GPU", {{"PROXY_DEVICE_PRIORITIES", std::vector<std::string>{"VA:0", "VB:5"}}});
    EXPECT_THAT(core.get_property("GPU", "PROXY_ALIAS_FOR").as<std::vector<std::string>>(), ElementsAre("VA", "VB"));
    // VA first: VA.0 (uuid 1, shared with VB.0), VA.1, then VB.1. The chain still says VB before VA.
    EXPECT_EQ(core.get_property("GPU.1", ov::device::full_name), "vendor A");
    EXPECT_THAT(priorities_of(core, "GPU.0"), ElementsAre("VB", "VA"));
    EXPECT_THAT(priorities_of(core, "GPU.2"), ElementsAre("VB"));
    EXPECT_EQ(core.get_property("GPU.2", "PROXY_COMPILE_TARGET").as<std::string>(), "VB.1");
}

TEST(ProxyDevices, DeviceIdOnTheAliasSetsTheDefaultDevice) {
    core_test::TempDir dir;
    ov::Core core(mixed_xml(dir));
    EXPECT_EQ(core.get_property("GPU", ov::device::full_name), "vendor B");
    core.set_property("GPU", {{ov::device::id.name(), "2"}});
    EXPECT_EQ(core.get_property("GPU", ov::device::id), "2");
    EXPECT_EQ(core.get_property("GPU", ov::device::full_name), "vendor A");
}

TEST(ProxyDevices, SingleDeviceIsListedWithoutIndex) {
    core_test::TempDir dir;
    ov::Core core(write_xml(dir, mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_UUIDS", uuid_3}}) +
                                     mock("VB", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_UUIDS", uuid_3}})));
    EXPECT_THAT(core.get_available_devices(), ElementsAre("GPU"));
    EXPECT_THAT(priorities_of(core, "GPU"), ElementsAre("VA")) << "no fallback configured: the primary alone";
}

TEST(ProxyDevices, MemberThatFailsToLoadIsSkipped) {
    core_test::TempDir dir;
    ov::Core core(write_xml(dir, core_test::plugin_element("BROKEN", dir.file("libmissing.so"),
                                                           {{"PROXY_CONFIGURATION_ALIAS", "GPU"},
                                                            {"PROXY_CONFIGURATION_PRIORITY", "0"}}) +
                                     mock("VA", {{"PROXY_CONFIGURATION_ALIAS", "GPU"}, {"MOCK_FULL_NAME", "vendor A"}})));
    EXPECT_THAT(core.get_available_devices(), ElementsAre("GPU"));
    EXPECT_EQ(core.get_property("GPU", ov::device::full_name), "vendor A");
    // Skipped, not forgotten: the alias reports the failure, and so does a compile that fails.
    const auto errors = core.get_property("GPU", "PROXY_ENUMERATION_ERRORS").as<std::vector<std::string>>();
    EXPECT_THAT(errors, Contains(AllOf(HasSubstr("BROKEN"), HasSubstr("cannot list its devices"),
                                       HasSubstr("libmissing.so"))));
    EXPECT_THAT(error_of([&] { core.compile_model(core_test::make_model(), "GPU.3"); }),
                AllOf(HasSubstr("no device 3"), HasSubstr("while enumerating"), HasSubstr("BROKEN")));
}

TEST(ProxyDevices, UuidThatCannotBeReadIsReported) {
    core_test::TempDir dir;
    ov::Core core(mixed_xml(dir));
    const auto errors = core.get_property("GPU", "PROXY_ENUMERATION_ERRORS").as<std::vector<std::string>>();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_THAT(errors[0], AllOf(HasSubstr("VB.1"), HasSubstr("DEVICE_UUID"), HasSubstr("has no UUID"),
                                 HasSubstr("not merged")));
}

TEST(ProxyDevices, AliasWithoutDevicesIsNotListedAndSaysWhy) {
    core_test::TempDir dir;
    ov::Core core(write_xml(dir, core_test::plugin_element("BROKEN", dir.file("libmissing.so"),
                                                           {{"PROXY_CONFIGURATION_ALIAS", "GPU"}}) +
                                     mock("OTHER", {})));
    EXPECT_THAT(core.get_available_devices(), ElementsAre("OTHER"));
    EXPECT_THAT(error_of([&] { core.get_property("GPU", ov::device::full_name); }),
                AllOf(HasSubstr("'GPU' has no devices"), HasSubstr("BROKEN"), HasSubstr("libmissing.so")));
}

TEST(ProxyDevices, IndexOutOfRangeSaysHowManyDevicesExistAndWhoWasAsked) {
    core_test::TempDir dir;
    ov::Core core(mixed_xml(dir));
    EXPECT_THAT(error_of([&] { core.get_property("GPU.7", ov::device::full_name); }),
                AllOf(HasSubstr("no device 7"), HasSubstr("3 devices"), HasSubstr("VA (2 devices)"),
                      HasSubstr("VB (2 devices)")));
}

TEST(ProxyDevices, SupportedPropertiesArePrimarysPlusTheAliasOwn) {
    core_test::TempDir dir;
    ov::Core core(mixed_xml(dir));
    const auto names = core.get_property("GPU", ov::supported_properties);
    const auto has = [&](const std::string& key) { return std::find(names.begin(), names.end(), key) != names.end(); };
    EXPECT_TRUE(has(ov::device::full_name.name()));
    EXPECT_TRUE(has("PROXY_ALIAS_FOR"));
    EXPECT_TRUE(has(ov::device::priorities.name()));
}

}  // namespace
