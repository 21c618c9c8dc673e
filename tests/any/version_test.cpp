// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <sstream>
#include <string>

#include "openvino/core/version.hpp"

TEST(Version, BuildNumberIsTheProjectVersion) {
    const ov::Version version = ov::get_openvino_version();
    ASSERT_NE(version.buildNumber, nullptr);
    ASSERT_NE(version.description, nullptr);
    // The build defines DEVMUX_VERSION only for the runtime, so check its form: digits and dots.
    const std::string build = version.buildNumber;
    ASSERT_FALSE(build.empty());
    EXPECT_EQ(build.find_first_not_of("0123456789."), std::string::npos) << build;
    EXPECT_EQ(std::count(build.begin(), build.end(), '.'), 2) << build;
}

TEST(Version, SameObjectEachCall) {
    EXPECT_EQ(ov::get_openvino_version().buildNumber, ov::get_openvino_version().buildNumber);
}

TEST(Version, PrintsDescriptionVersionAndBuild) {
    const ov::Version version = ov::get_openvino_version();
    std::ostringstream os;
    os << version;
    const std::string expected = std::string(version.description) + "\n    Version : " + version.buildNumber +
                                 "\n    Build   : " + version.buildNumber + "\n";
    EXPECT_EQ(os.str(), expected);
}

TEST(Version, PrintsUnfilledVersionWithoutCrashing) {
    std::ostringstream os;
    os << ov::Version{nullptr, nullptr};
    EXPECT_NE(os.str().find("Build"), std::string::npos);
}

TEST(Version, PrintsMapOneBlockPerDevice) {
    std::map<std::string, ov::Version> versions{{"CPU", {"1.0.0", "cpu plugin"}}, {"GPU", {"2.0.0", "gpu plugin"}}};
    std::ostringstream os;
    os << versions;
    const std::string text = os.str();
    const auto cpu = text.find("cpu plugin");
    const auto gpu = text.find("gpu plugin");
    ASSERT_NE(cpu, std::string::npos);
    ASSERT_NE(gpu, std::string::npos);
    EXPECT_LT(cpu, gpu);
    EXPECT_NE(text.find("2.0.0"), std::string::npos);
}
