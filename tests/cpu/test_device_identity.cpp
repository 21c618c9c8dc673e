// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>

#include "devmux/plugin/device_identity.hpp"

namespace {

std::string hex(const ov::device::UUID& uuid) {
    std::ostringstream os;
    os << uuid;
    return os.str();
}

TEST(DeviceIdentity, HostCpuUuidIsStableAcrossCalls) {
    EXPECT_EQ(devmux::host_cpu_uuid(), devmux::host_cpu_uuid());
}

TEST(DeviceIdentity, HostCpuUuidIsVersion5Variant1) {
    const auto uuid = devmux::host_cpu_uuid();
    ASSERT_EQ(uuid.uuid.size(), 16u);
    EXPECT_EQ(uuid.uuid[6] >> 4, 5) << "RFC 4122 version nibble";
    EXPECT_EQ(uuid.uuid[8] & 0xC0, 0x80) << "RFC 4122 variant bits";
}

TEST(DeviceIdentity, UuidPrintsAs32LowerCaseHexDigits) {
    const std::string text = hex(devmux::host_cpu_uuid());
    ASSERT_EQ(text.size(), 32u) << text;
    for (char c : text)
        EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f')) << text;
}

TEST(DeviceIdentity, NameBasedUuidDependsOnlyOnTheName) {
    EXPECT_EQ(devmux::uuid_from_name("GPU: Example 1000"), devmux::uuid_from_name("GPU: Example 1000"));
    EXPECT_NE(devmux::uuid_from_name("GPU: Example 1000"), devmux::uuid_from_name("GPU: Example 1001"));
    EXPECT_NE(devmux::uuid_from_name(""), devmux::uuid_from_name(" "));
    EXPECT_EQ(devmux::uuid_from_name("x").uuid[6] >> 4, 5);
}

TEST(DeviceIdentity, NameBasedUuidMatchesRfc4122Sha1UnderTheDevmuxNamespace) {
    // uuid5(9fc6db1a-daa1-5408-9b93-7b1a3dc4e1fb, "devmux") computed independently (Python's uuid module).
    EXPECT_EQ(hex(devmux::uuid_from_name("devmux")), "8339efc418c25f6b87e7f301871bf579");
}

TEST(DeviceIdentity, HostCpuNameIsNotEmpty) {
    EXPECT_FALSE(devmux::host_cpu_name().empty());
}

}  // namespace

// ---- physical_device_uuid: one rule for every backend (docs/proxy.md, "Device identity") ----
namespace {

std::array<uint8_t, 16> bytes_of(const std::string& text) {
    std::array<uint8_t, 16> bytes{};
    std::copy_n(text.begin(), std::min<size_t>(text.size(), 16), bytes.begin());
    return bytes;
}

// A UUID as a hardware driver reports it: not text-shaped, not zeros.
constexpr std::array<uint8_t, 16> hardware_uuid = {0x86, 0x80, 0x9a, 0x49, 0x01, 0x00, 0x00, 0x00,
                                                   0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};

devmux::DeviceFacts gpu_facts() {
    devmux::DeviceFacts facts;
    facts.vendor = "Example Corp";
    facts.name = "Example GPU 1000";
    return facts;
}

TEST(PhysicalDeviceIdentity, DriverUuidNamingTheDeviceWins) {
    auto facts = gpu_facts();
    facts.driver_uuid = hardware_uuid;
    facts.pci = devmux::PciAddress{0, 0x65, 0, 0};
    const auto identity = devmux::physical_device_identity(facts);
    EXPECT_EQ(identity.source, devmux::IdentitySource::driver_uuid);
    EXPECT_EQ(identity.uuid.uuid, hardware_uuid);
    EXPECT_EQ(devmux::physical_device_uuid(facts).uuid, hardware_uuid);
}

TEST(PhysicalDeviceIdentity, DriverUuidFlaggedAsDriverBuildFallsBackToPciAddress) {
    auto facts = gpu_facts();
    facts.driver_uuid = hardware_uuid;
    facts.driver_uuid_names_driver = true;
    facts.pci = devmux::PciAddress{0, 0x65, 0, 0};
    const auto identity = devmux::physical_device_identity(facts);
    EXPECT_EQ(identity.source, devmux::IdentitySource::pci_address);
    // Independent spelling of the documented name: domain 4 hex digits, bus 2, device 2, function 1.
    EXPECT_EQ(identity.uuid, devmux::uuid_from_name("pci|0000:65:00.0"));
}

TEST(PhysicalDeviceIdentity, PciAddressIgnoresVendorAndNameSoTwoDriversAgree) {
    auto opencl = gpu_facts();
    opencl.pci = devmux::PciAddress{1, 3, 0x1f, 2};
    auto vulkan = opencl;
    vulkan.vendor = "0x8086";
    vulkan.name = "Example(R) GPU";
    EXPECT_EQ(devmux::physical_device_uuid(opencl), devmux::physical_device_uuid(vulkan));
    EXPECT_EQ(devmux::physical_device_uuid(opencl), devmux::uuid_from_name("pci|0001:03:1f.2"));
    vulkan.pci->function = 3;
    EXPECT_NE(devmux::physical_device_uuid(opencl), devmux::physical_device_uuid(vulkan));
}

TEST(PhysicalDeviceIdentity, LavapipeStyleUuidSpellingTheDriverVersionIsNotUsed) {
    devmux::DeviceFacts facts;
    facts.driver_uuid = bytes_of("mesa22.3.6");
    facts.driver_strings = {"Mesa 22.3.6", "mesa22.3.6"};
    facts.is_cpu = true;
    facts.name = "llvmpipe (LLVM 15.0.6, 256 bits)";
    const auto identity = devmux::physical_device_identity(facts);
    EXPECT_EQ(identity.source, devmux::IdentitySource::host_cpu);
    EXPECT_EQ(identity.uuid, devmux::host_cpu_uuid()) << "the same UUID as the CPU plugin's";
}

TEST(PhysicalDeviceIdentity, TextShapedUuidIsADriverBuildEvenWithoutTheString) {
    EXPECT_TRUE(devmux::uuid_names_driver_build(bytes_of("mesa23.1.0"), {}));
    EXPECT_TRUE(devmux::uuid_names_driver_build(bytes_of("0123456789abcdef"), {}));
    EXPECT_FALSE(devmux::uuid_names_driver_build(hardware_uuid, {}));
    EXPECT_FALSE(devmux::uuid_names_driver_build(bytes_of("ab"), {})) << "too short to be text";
}

TEST(PhysicalDeviceIdentity, UuidEqualToAGivenDriverStringIsADriverBuild) {
    // Not text-shaped on its own (a byte above 0x7f), but exactly the bytes of the reported string.
    const std::string odd = "drv\xe9" "1";
    EXPECT_FALSE(devmux::uuid_names_driver_build(bytes_of(odd), {}));
    EXPECT_TRUE(devmux::uuid_names_driver_build(bytes_of(odd), {"other", odd}));
}

TEST(PhysicalDeviceIdentity, AllZeroUuidCountsAsNone) {
    auto facts = gpu_facts();
    facts.driver_uuid = std::array<uint8_t, 16>{};
    EXPECT_EQ(devmux::physical_device_identity(facts).source, devmux::IdentitySource::vendor_and_name);
}

TEST(PhysicalDeviceIdentity, PoclStyleCpuWithoutUuidUsesTheHostCpuIdentity) {
    devmux::DeviceFacts facts;
    facts.is_cpu = true;
    facts.vendor = "GenuineIntel";
    facts.name = "cpu-haswell-Intel(R) Xeon(R)";
    EXPECT_EQ(devmux::physical_device_uuid(facts), devmux::host_cpu_uuid());
}

TEST(PhysicalDeviceIdentity, PciAddressBeatsCpuType) {
    devmux::DeviceFacts facts;
    facts.is_cpu = true;
    facts.pci = devmux::PciAddress{0, 0, 2, 0};
    EXPECT_EQ(devmux::physical_device_identity(facts).source, devmux::IdentitySource::pci_address);
}

TEST(PhysicalDeviceIdentity, LastResortIsNameBasedOnVendorAndName) {
    const auto facts = gpu_facts();
    const auto identity = devmux::physical_device_identity(facts);
    EXPECT_EQ(identity.source, devmux::IdentitySource::vendor_and_name);
    EXPECT_EQ(identity.uuid, devmux::uuid_from_name("name|Example Corp|Example GPU 1000"));
    auto other = facts;
    other.name = "Example GPU 2000";
    EXPECT_NE(devmux::physical_device_uuid(other), identity.uuid);
}

}  // namespace
