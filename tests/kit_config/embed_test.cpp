// SPDX-License-Identifier: Apache-2.0
// cmake/devmux_embed.cmake: a GLSL compute shader compiled by glslc at build time and an OpenCL C
// source, both embedded in this executable, checked byte for byte against the files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "common/test_utils.hpp"
#include "embedded_opencl.hpp"
#ifdef DEVMUX_TEST_GLSL
#    include "embedded_glsl.hpp"
#endif

namespace {

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in) << "cannot open " << path;
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(EmbedOpenCL, SourceTextRoundTrips) {
    const std::string source = file_bytes(DEVMUX_TEST_CL_SOURCE);
    ASSERT_FALSE(source.empty());
    EXPECT_EQ(devmux_test_kernels::scale_cl_size, source.size());
    EXPECT_EQ(std::string(devmux_test_kernels::scale_cl, devmux_test_kernels::scale_cl_size), source);
    EXPECT_EQ(devmux_test_kernels::scale_cl[devmux_test_kernels::scale_cl_size], '\0');  // usable as a C string
    EXPECT_EQ(std::string(devmux_test_kernels::scale_cl), source);
}

#ifdef DEVMUX_TEST_GLSL
TEST(EmbedGlsl, SpirvIsGlslcOutputWordForWord) {
    const std::string spv = file_bytes(DEVMUX_TEST_SPV_FILE);
    ASSERT_EQ(spv.size(), devmux_test_kernels::scale_comp_spv_words * 4);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(devmux_test_kernels::scale_comp_spv), spv.size()), spv);
    EXPECT_EQ(devmux_test_kernels::scale_comp_spv[0], 0x07230203u);  // the SPIR-V magic number
}

TEST(EmbedGlsl, EmbeddedSpirvPassesSpirvVal) {
    const std::string validator = DEVMUX_TEST_SPIRV_VAL;
    if (validator.empty())
        GTEST_SKIP() << "spirv-val was not found at configure time (install spirv-tools, or run scripts/build)";
    devmux_test::TempDir dir;
    const std::string path = dir.file("embedded.spv");
    {
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(devmux_test_kernels::scale_comp_spv),
                  static_cast<std::streamsize>(devmux_test_kernels::scale_comp_spv_words * 4));
    }
    const std::string command = validator + " --target-env vulkan1.0 " + path;
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
}
#else
TEST(EmbedGlsl, NeedsTheVulkanSdk) {
    GTEST_SKIP() << "DEVMUX_ENABLE_VULKAN is off (glslc or libvulkan-dev missing): GLSL embedding not built";
}
#endif

}  // namespace
