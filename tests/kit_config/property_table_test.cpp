// SPDX-License-Identifier: Apache-2.0
// The typed property table of the developer API (devmux/kit/property_table.hpp).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "common/test_utils.hpp"
#include "devmux/kit/property_table.hpp"

namespace {

using devmux::kit::PropertyScope;
using devmux::kit::PropertyTable;
using devmux::kit::PropertyValues;
using devmux_test::error_of;
using ::testing::HasSubstr;

// A GPU-like plugin: two devices, a per-device stream count, a plugin-wide profiling switch.
std::shared_ptr<const PropertyTable> gpu_table() {
    auto table = std::make_shared<PropertyTable>("OPENCL");
    table->add(ov::enable_profiling, false, "true or false")
        .add(ov::num_streams, ov::streams::Num{1}, "AUTO, NUMA or a number of streams >= 0",
             [](const ov::streams::Num& n) { return n.num >= ov::streams::NUMA.num; }, PropertyScope::device)
        .add(ov::hint::performance_mode, ov::hint::PerformanceMode::LATENCY, "LATENCY or THROUGHPUT")
        .device_ids([](const PropertyValues&) { return std::vector<std::string>{"0", "1"}; })
        .add_read_only(ov::device::full_name, [](const PropertyValues&, const std::string& id) {
            return std::string("test GPU ") + (id.empty() ? "0" : id);
        });
    return table;
}

TEST(PropertyTable, DefaultsComeFromTheTable) {
    PropertyValues values(gpu_table());
    EXPECT_FALSE(values.get(ov::enable_profiling));
    EXPECT_EQ(values.get(ov::num_streams).num, 1);
    EXPECT_EQ(values.get(ov::hint::performance_mode), ov::hint::PerformanceMode::LATENCY);
}

TEST(PropertyTable, SetConvertsStringsToTheKeysType) {
    PropertyValues values(gpu_table());
    values.set({{ov::enable_profiling.name(), "YES"}, {ov::hint::performance_mode.name(), "THROUGHPUT"}});
    EXPECT_TRUE(values.get(ov::enable_profiling));
    EXPECT_EQ(values.get(ov::hint::performance_mode), ov::hint::PerformanceMode::THROUGHPUT);
    EXPECT_TRUE(values.get(ov::enable_profiling.name()).is<bool>());
}

TEST(PropertyTable, SupportedPropertiesAreGeneratedInOneFormat) {
    const auto names = gpu_table()->supported_properties();
    std::vector<std::string> keys(names.begin(), names.end());
    EXPECT_EQ(keys, (std::vector<std::string>{ov::supported_properties.name(), ov::enable_profiling.name(),
                                              ov::num_streams.name(), ov::hint::performance_mode.name(),
                                              ov::device::full_name.name(), ov::device::id.name()}));
    EXPECT_TRUE(names[1].is_mutable());
    EXPECT_FALSE(names[4].is_mutable());
    PropertyValues values(gpu_table());
    EXPECT_EQ(values.get(ov::supported_properties.name()).as<std::vector<ov::PropertyName>>(), names);
}

TEST(PropertyTable, UnknownKeyNamesPluginKeyValueAndTheAcceptedKeys) {
    PropertyValues values(gpu_table());
    const std::string error = error_of([&] { values.set({{"NO_SUCH_KEY", 42}}); });
    EXPECT_THAT(error, HasSubstr("OPENCL"));
    EXPECT_THAT(error, HasSubstr("NO_SUCH_KEY"));
    EXPECT_THAT(error, HasSubstr("42"));
    EXPECT_THAT(error, HasSubstr(ov::num_streams.name()));
}

TEST(PropertyTable, BadValueNamesPluginKeyValueAndWhatIsAccepted) {
    PropertyValues values(gpu_table());
    std::string error = error_of([&] { values.set({{ov::num_streams.name(), -7}}); });
    EXPECT_THAT(error, HasSubstr("OPENCL"));
    EXPECT_THAT(error, HasSubstr(ov::num_streams.name()));
    EXPECT_THAT(error, HasSubstr("-7"));
    EXPECT_THAT(error, HasSubstr("AUTO, NUMA or a number of streams >= 0"));
    error = error_of([&] { values.set({{ov::hint::performance_mode.name(), "FASTEST"}}); });
    EXPECT_THAT(error, HasSubstr("FASTEST"));
    EXPECT_THAT(error, HasSubstr("LATENCY or THROUGHPUT"));
}

TEST(PropertyTable, ReadOnlyKeysRefuseWrites) {
    PropertyValues values(gpu_table());
    const std::string error = error_of([&] { values.set({{ov::device::full_name.name(), "renamed"}}); });
    EXPECT_THAT(error, HasSubstr("read-only"));
    EXPECT_THAT(error, HasSubstr(ov::device::full_name.name()));
    EXPECT_EQ(values.get(ov::device::full_name, "1"), "test GPU 1");
}

TEST(PropertyTable, NothingChangesWhenOnePairFails) {
    PropertyValues values(gpu_table());
    EXPECT_THAT(error_of([&] {
                    values.set({{ov::enable_profiling.name(), true}, {ov::num_streams.name(), "many"}});
                }),
                HasSubstr("many"));
    EXPECT_FALSE(values.get(ov::enable_profiling));
}

TEST(PropertyTable, EachDeviceKeepsItsOwnDeviceScopedValues) {
    PropertyValues values(gpu_table());
    values.set({{ov::device::id.name(), "1"}, {ov::num_streams.name(), 4}, {ov::enable_profiling.name(), true}});
    EXPECT_EQ(values.get(ov::num_streams, "1").num, 4);
    EXPECT_EQ(values.get(ov::num_streams, "0").num, 1);  // OPENCL.0 is configured apart
    // A plugin-scoped key is one value for every device.
    EXPECT_TRUE(values.get(ov::enable_profiling, "0"));
    EXPECT_EQ(values.selected_device(), "1");
    EXPECT_EQ(values.get(ov::num_streams).num, 4);  // the selected device's
    EXPECT_EQ(values.settable_values("0").at(ov::num_streams.name()).as<ov::streams::Num>().num, 1);
    // Without a device id the value becomes every device's, replacing each one's own.
    values.select_device({});
    values.set({{ov::num_streams.name(), 2}});
    EXPECT_EQ(values.get(ov::num_streams, "1").num, 2);
    EXPECT_EQ(values.get(ov::num_streams, "0").num, 2);
}

TEST(PropertyTable, UnknownDeviceIdIsRefusedWithTheIdsThereAre) {
    PropertyValues values(gpu_table());
    const std::string error = error_of([&] { values.set({{ov::device::id.name(), "7"}, {ov::num_streams.name(), 2}}); });
    EXPECT_THAT(error, HasSubstr("'7'"));
    EXPECT_THAT(error, HasSubstr("0, 1"));
    EXPECT_EQ(values.get(ov::num_streams, "0").num, 1);
}

TEST(PropertyTable, GetOfAnUnknownKeyNamesIt) {
    PropertyValues values(gpu_table());
    const std::string error = error_of([&] { values.get("NOT_A_KEY"); });
    EXPECT_THAT(error, HasSubstr("OPENCL"));
    EXPECT_THAT(error, HasSubstr("NOT_A_KEY"));
}

TEST(PropertyTable, ForwardingTablesKeepUnknownKeys) {
    auto table = std::make_shared<PropertyTable>("HETERO-LIKE");
    table->add(ov::enable_profiling, false, "true or false").forward_unknown_keys();
    PropertyValues values(table);
    values.set({{"SOME_DEVICE_KEY", 3}, {ov::enable_profiling.name(), true}});
    EXPECT_EQ(values.forwarded().size(), 1u);
    EXPECT_EQ(values.get("SOME_DEVICE_KEY").as<int>(), 3);
    EXPECT_THAT(error_of([&] { values.set({{ov::enable_profiling.name(), "maybe"}}); }), HasSubstr("maybe"));
}

TEST(PropertyTable, WholeConfigurationCheckRunsBeforeAnythingChanges) {
    auto table = std::make_shared<PropertyTable>("CHECKED");
    table->add(ov::inference_num_threads, int32_t{0}, "a number of threads")
        .add(ov::compilation_num_threads, int32_t{0}, "a number of threads")
        .validate([](const PropertyValues& values) {
            OPENVINO_ASSERT(values.get(ov::compilation_num_threads) <= values.get(ov::inference_num_threads),
                            "CHECKED: compilation may not use more threads than inference");
        });
    PropertyValues values(table);
    values.set({{ov::inference_num_threads.name(), 4}, {ov::compilation_num_threads.name(), 2}});
    EXPECT_THAT(error_of([&] { values.set({{ov::compilation_num_threads.name(), 8}}); }),
                HasSubstr("more threads"));
    EXPECT_EQ(values.get(ov::compilation_num_threads), 2);
}

TEST(PropertyTable, AKeyListedTwiceIsAMistakeOfThePlugin) {
    PropertyTable table("TWICE");
    table.add(ov::enable_profiling, false, "true or false");
    EXPECT_THAT(error_of([&] { table.add(ov::enable_profiling, true, "true or false"); }), HasSubstr("twice"));
}

}  // namespace
