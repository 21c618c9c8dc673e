// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

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
