// SPDX-License-Identifier: Apache-2.0
// Device-name parsing and ov::device::properties routing, without any plugin.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"
#include "registry/device_name.hpp"

using ::testing::HasSubstr;

namespace {

std::string text(const ov::AnyMap& map, const std::string& key) {
    ov::Any value = map.at(key);
    return value.as<std::string>();
}

TEST(DeviceName, PlainName) {
    const auto parsed = devmux::parse_device_name_into_config("CPU");
    EXPECT_EQ(parsed.device_name, "CPU");
    EXPECT_EQ(parsed.device_id, "");
    EXPECT_TRUE(parsed.config.empty());
}

TEST(DeviceName, IdAfterFirstDotBecomesDeviceId) {
    const auto parsed = devmux::parse_device_name_into_config("GPU.0.1");
    EXPECT_EQ(parsed.device_name, "GPU");
    EXPECT_EQ(parsed.device_id, "0.1");
    EXPECT_EQ(text(parsed.config, ov::device::id.name()), "0.1");
}

TEST(DeviceName, ListAfterColonBecomesPriorities) {
    const auto parsed = devmux::parse_device_name_into_config("HETERO:GPU.1,CPU");
    EXPECT_EQ(parsed.device_name, "HETERO");
    EXPECT_EQ(parsed.device_list, "GPU.1,CPU");
    EXPECT_EQ(text(parsed.config, ov::device::priorities.name()), "GPU.1,CPU");
    EXPECT_EQ(parsed.config.count(ov::device::id.name()), 0u);
}

TEST(DeviceName, EmptyPartsAreRefused) {
    EXPECT_THROW(devmux::parse_device_name_into_config(""), ov::Exception);
    EXPECT_THROW(devmux::parse_device_name_into_config("GPU."), ov::Exception);
    EXPECT_THROW(devmux::parse_device_name_into_config(".1"), ov::Exception);
    EXPECT_THROW(devmux::parse_device_name_into_config("HETERO:"), ov::Exception);
}

TEST(DeviceName, SameIdInPropertiesIsAccepted) {
    const auto parsed = devmux::parse_device_name_into_config("GPU.1", {ov::device::id("1")});
    EXPECT_EQ(text(parsed.config, ov::device::id.name()), "1");
}

TEST(DeviceName, OtherIdInPropertiesIsRefusedNamingBoth) {
    try {
        devmux::parse_device_name_into_config("GPU.1", {ov::device::id("0")});
        FAIL() << "no error";
    } catch (const ov::Exception& e) {
        EXPECT_THAT(e.what(), HasSubstr("'GPU.1'"));
        EXPECT_THAT(e.what(), HasSubstr("'1'"));
        EXPECT_THAT(e.what(), HasSubstr("'0'"));
    }
}

TEST(DeviceName, VirtualDevices) {
    EXPECT_TRUE(devmux::is_virtual_device("HETERO"));
    EXPECT_TRUE(devmux::is_virtual_device("HETERO:CPU"));
    EXPECT_TRUE(devmux::is_virtual_device("AUTO"));
    EXPECT_FALSE(devmux::is_virtual_device("CPU"));
    EXPECT_FALSE(devmux::is_virtual_device("GPU.1"));
}

TEST(DeviceName, ConfigApplicability) {
    EXPECT_TRUE(devmux::is_config_applicable("GPU", "GPU"));
    EXPECT_TRUE(devmux::is_config_applicable("GPU.1", "GPU"));
    EXPECT_TRUE(devmux::is_config_applicable("GPU.0.1", "GPU.0"));
    EXPECT_FALSE(devmux::is_config_applicable("GPU", "GPU.1"));
    EXPECT_FALSE(devmux::is_config_applicable("GPU.0", "GPU.1"));
    EXPECT_FALSE(devmux::is_config_applicable("GPU.10", "GPU.1"));
    EXPECT_FALSE(devmux::is_config_applicable("CPU", "GPU"));
    EXPECT_TRUE(devmux::is_config_applicable("HETERO:GPU,CPU", "HETERO"));
    EXPECT_FALSE(devmux::is_config_applicable("HETERO:GPU,CPU", "HETERO:CPU"));
}

TEST(DeviceProperties, EntryForTheDeviceIsMergedAndOverridesTopLevel) {
    const ov::AnyMap flat = devmux::flatten_device_properties(
        "CPU", {ov::num_streams(1), ov::device::properties("CPU", ov::num_streams(3), ov::enable_profiling(true))});
    EXPECT_EQ(flat.size(), 2u);
    EXPECT_EQ(flat.at(ov::num_streams.name()).as<ov::streams::Num>().num, 3);
    EXPECT_TRUE(flat.at(ov::enable_profiling.name()).as<bool>());
}

TEST(DeviceProperties, EntryWithoutIdAppliesToEveryId) {
    const ov::AnyMap flat = devmux::flatten_device_properties("GPU.1", {ov::device::properties("GPU", ov::num_streams(2))});
    EXPECT_EQ(flat.at(ov::num_streams.name()).as<ov::streams::Num>().num, 2);
}

TEST(DeviceProperties, EntriesForOtherHardwareDevicesAreDropped) {
    const ov::AnyMap flat = devmux::flatten_device_properties(
        "CPU", {ov::enable_profiling(false), ov::device::properties("GPU", ov::num_streams(3)),
                ov::device::properties("CPU.1", ov::num_streams(4))});
    ASSERT_EQ(flat.size(), 1u);
    EXPECT_FALSE(flat.at(ov::enable_profiling.name()).as<bool>());
}

TEST(DeviceProperties, MapFormIsMergedForTheDeviceAndDroppedForOthers) {
    const ov::AnyMap flat = devmux::flatten_device_properties(
        "CPU", {ov::device::properties(ov::AnyMap{{"CPU", ov::AnyMap{ov::num_streams(5)}},
                                                  {"GPU", ov::AnyMap{ov::num_streams(6)}}})});
    ASSERT_EQ(flat.size(), 1u);
    EXPECT_EQ(flat.at(ov::num_streams.name()).as<ov::streams::Num>().num, 5);
}

TEST(DeviceProperties, NamedEntryOverridesTheMapForm) {
    const ov::AnyMap flat = devmux::flatten_device_properties(
        "CPU", {ov::device::properties(ov::AnyMap{{"CPU", ov::AnyMap{ov::num_streams(5), ov::enable_profiling(true)}}}),
                ov::device::properties("CPU", ov::num_streams(7))});
    EXPECT_EQ(flat.at(ov::num_streams.name()).as<ov::streams::Num>().num, 7);
    EXPECT_TRUE(flat.at(ov::enable_profiling.name()).as<bool>());
}

TEST(DeviceProperties, MoreSpecificIdWins) {
    const ov::AnyMap flat = devmux::flatten_device_properties(
        "GPU.1", {ov::device::properties("GPU.1", ov::num_streams(8)), ov::device::properties("GPU", ov::num_streams(2))});
    EXPECT_EQ(flat.at(ov::num_streams.name()).as<ov::streams::Num>().num, 8);
}

TEST(DeviceProperties, VirtualDeviceKeepsOtherDevicesEntriesAsOneMap) {
    const ov::AnyMap flat = devmux::flatten_device_properties(
        "HETERO:GPU,CPU", {ov::device::properties("GPU", ov::num_streams(3)),
                           ov::device::properties("HETERO", ov::enable_profiling(true)),
                           ov::device::properties(ov::AnyMap{{"CPU", ov::AnyMap{ov::num_streams(4)}}})});
    EXPECT_TRUE(flat.at(ov::enable_profiling.name()).as<bool>());
    const auto& kept = flat.at(ov::device::properties.name()).as<ov::AnyMap>();
    ASSERT_EQ(kept.size(), 2u);
    EXPECT_EQ(kept.at("GPU").as<ov::AnyMap>().at(ov::num_streams.name()).as<ov::streams::Num>().num, 3);
    EXPECT_EQ(kept.at("CPU").as<ov::AnyMap>().at(ov::num_streams.name()).as<ov::streams::Num>().num, 4);
}

TEST(DeviceProperties, TextMapIsParsed) {
    const ov::AnyMap flat = devmux::flatten_device_properties("CPU", {{"DEVICE_PROPERTIES", "{CPU:{NUM_STREAMS:3}}"}});
    ov::Any value = flat.at(ov::num_streams.name());
    EXPECT_EQ(value.as<std::string>(), "3");
}

TEST(DeviceProperties, NonMapValueIsRefusedNamingTheKey) {
    try {
        devmux::flatten_device_properties("CPU", {{"DEVICE_PROPERTIES_CPU", 5}});
        FAIL() << "no error";
    } catch (const ov::Exception& e) {
        EXPECT_THAT(e.what(), HasSubstr("DEVICE_PROPERTIES_CPU"));
    }
}

}  // namespace
