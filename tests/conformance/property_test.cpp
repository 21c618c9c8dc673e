// SPDX-License-Identifier: Apache-2.0
// The property contract of every device: supported_properties lists readable keys, read-only keys
// refuse writes, available_devices are addressable, the identity keys (full name, type, capabilities,
// UUID) have valid values, and unknown keys are refused with an error naming them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "common/test_utils.hpp"
#include "conformance.hpp"

namespace conformance {
namespace {

using ::testing::HasSubstr;

constexpr const char* unknown_key = "CONFORMANCE_NO_SUCH_KEY";

std::string device_name(const ::testing::TestParamInfo<Device>& info) {
    return test_name(info.param.label, "");
}

// The name of one of the device's available devices: "<DEVICE>.<id>", or "<DEVICE>" for the empty id
// (a plugin with one device, e.g. CPU, lists it as "").
std::string one_device(const Device& device, const std::string& id) {
    return id.empty() ? device.property_device : device.property_device + "." + id;
}

std::vector<ov::PropertyName> supported(const Device& device) {
    return core().get_property(device.property_device, ov::supported_properties);
}

bool lists(const std::vector<ov::PropertyName>& names, const std::string& key) {
    return std::find(names.begin(), names.end(), key) != names.end();
}

class PropertyContract : public ::testing::TestWithParam<Device> {};

TEST_P(PropertyContract, SupportedPropertiesListsItselfAndEveryKeyIsReadable) {
    const Device& device = GetParam();
    run(device, [&] {
        const auto names = supported(device);
        EXPECT_TRUE(lists(names, ov::supported_properties.name()));
        std::set<std::string> seen;
        for (const auto& name : names) {
            EXPECT_TRUE(seen.insert(name).second) << name << " is listed twice";
            EXPECT_NO_THROW(core().get_property(device.property_device, name)) << "listed key " << name;
        }
    });
}

TEST_P(PropertyContract, ReadOnlyKeysRefuseWrites) {
    const Device& device = GetParam();
    run(device, [&] {
        auto own = fresh_core();
        size_t read_only = 0;
        for (const auto& name : supported(device)) {
            if (name.is_mutable())
                continue;
            ++read_only;
            const ov::Any value = core().get_property(device.property_device, name);
            EXPECT_THAT(devmux_test::error_of([&] { own->set_property(device.property_device, {{name, value}}); }),
                        HasSubstr(name))
                << "writing the read-only key " << name;
        }
        EXPECT_GT(read_only, 0u) << "supported_properties itself is read-only";
    });
}

TEST_P(PropertyContract, AvailableDevicesAreAddressable) {
    const Device& device = GetParam();
    run(device, [&] {
        const auto ids = core().get_property(device.property_device, ov::available_devices);
        if (is_virtual(device))
            return;  // the Core lists the devices below it instead
        ASSERT_FALSE(ids.empty());
        for (const auto& id : ids)
            EXPECT_NO_THROW(core().get_property(one_device(device, id), ov::supported_properties))
                << one_device(device, id);
        EXPECT_TRUE(ids.size() == 1 || std::find(ids.begin(), ids.end(), "") == ids.end())
            << "only a device's one available device may have the empty id";
    });
}

TEST_P(PropertyContract, IdentityKeysHaveValidValues) {
    const Device& device = GetParam();
    run(device, [&] {
        const auto names = supported(device);
        ASSERT_TRUE(lists(names, ov::device::full_name.name()));
        EXPECT_FALSE(core().get_property(device.property_device, ov::device::full_name).empty());
        ASSERT_TRUE(lists(names, ov::device::capabilities.name()));
        const std::set<std::string> known{ov::device::capability::FP32,  ov::device::capability::BF16,
                                          ov::device::capability::FP16,  ov::device::capability::INT8,
                                          ov::device::capability::INT16, ov::device::capability::BIN,
                                          ov::device::capability::WINOGRAD, ov::device::capability::EXPORT_IMPORT};
        for (const auto& capability : core().get_property(device.property_device, ov::device::capabilities))
            EXPECT_TRUE(known.count(capability)) << "unknown capability " << capability;
        if (is_virtual(device))
            return;
        ASSERT_TRUE(lists(names, ov::device::type.name()));
        const auto type = core().get_property(device.property_device, ov::device::type);
        EXPECT_TRUE(type == ov::device::Type::INTEGRATED || type == ov::device::Type::DISCRETE);
    });
}

TEST_P(PropertyContract, EveryDeviceHasItsOwnUuid) {
    const Device& device = GetParam();
    run(device, [&] {
        if (is_virtual(device)) {
            // A virtual device has no UUID; if it lists one, it must be readable.
            if (lists(supported(device), ov::device::uuid.name())) {
                EXPECT_NO_THROW(core().get_property(device.property_device, ov::device::uuid));
            }
            return;
        }
        std::set<std::vector<uint8_t>> uuids;
        for (const auto& id : core().get_property(device.property_device, ov::available_devices)) {
            const std::string one = one_device(device, id);
            ASSERT_TRUE(lists(core().get_property(one, ov::supported_properties), ov::device::uuid.name())) << one;
            const auto uuid = core().get_property(one, ov::device::uuid);
            const std::vector<uint8_t> bytes(uuid.uuid.begin(), uuid.uuid.end());
            EXPECT_TRUE(std::any_of(bytes.begin(), bytes.end(), [](uint8_t b) { return b != 0; })) << one;
            EXPECT_TRUE(uuids.insert(bytes).second) << one << " shares its UUID with another device of "
                                                    << device.property_device;
        }
    });
}

TEST_P(PropertyContract, UnknownKeysAreRefusedWithTheirName) {
    const Device& device = GetParam();
    run(device, [&] {
        auto own = fresh_core();
        EXPECT_THAT(devmux_test::error_of([&] { own->get_property(device.property_device, unknown_key); }),
                    HasSubstr(unknown_key));
        EXPECT_THAT(devmux_test::error_of([&] { own->set_property(device.property_device, {{unknown_key, 1}}); }),
                    HasSubstr(unknown_key));
    });
}

INSTANTIATE_TEST_SUITE_P(Conformance, PropertyContract, ::testing::ValuesIn(devices()), device_name);

}  // namespace
}  // namespace conformance
