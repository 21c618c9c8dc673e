// SPDX-License-Identifier: Apache-2.0
// Cache entries under ov::cache_dir carry a CRC-32C (devmux/kit/export_format.hpp, write_cache_file): an
// OpenCL program binary or a Vulkan pipeline cache that was corrupted or truncated on disk is never given to
// the driver; the next process builds the program (creates the pipelines) afresh, rewrites the entry, and
// computes exactly what it computed with the intact cache. Each run is a process of its own
// (checksum_cache_probe, vulkan_cache_probe): a process reads a cache file once per device.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "checksums/opencl_device.hpp"
#include "common/test_utils.hpp"
#include "devmux/kit/export_format.hpp"
#include "openvino/openvino.hpp"

namespace {

using checksum_test::has_opencl_device;

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

struct ProbeRun {
    std::string builds;   // programs built from source in that process
    std::string outputs;  // the output tensor's bytes
};

ProbeRun run_probe(const devmux_test::TempDir& work, const std::string& cache_dir) {
    const std::string model =
        std::string(DEVMUX_MODELS_DIR) + "/landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml";
    const std::string outputs = work.file("outputs.bin");
    const std::string command =
        std::string(DEVMUX_CHECKSUM_CACHE_PROBE) + " '" + model + "' '" + cache_dir + "' '" + outputs + "' 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string printed;
    std::array<char, 256> buffer{};
    while (pipe && fgets(buffer.data(), buffer.size(), pipe))
        printed += buffer.data();
    const int status = pipe ? pclose(pipe) : -1;
    EXPECT_EQ(status, 0) << printed;
    return {printed, read_file(outputs)};
}

std::string the_cache_entry(const std::string& dir) {
    std::string found;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".clbin") {
            EXPECT_TRUE(found.empty()) << "two program binaries in " << dir;
            found = entry.path().string();
        }
    return found;
}

TEST(OpenclCacheChecksum, ACorruptedOrTruncatedEntryIsBuiltAgainRewrittenAndGivesTheSameResults) {
    if (!has_opencl_device())
        GTEST_SKIP() << "no OpenCL device at all (install pocl-opencl-icd)";
    devmux_test::TempDir work;
    const std::string cache_dir = work.file("cache");

    const ProbeRun first = run_probe(work, cache_dir);
    EXPECT_EQ(first.builds, "1\n") << "an empty cache: built from source";
    ASSERT_GT(first.outputs.size(), 0u);
    const std::string entry = the_cache_entry(cache_dir);
    ASSERT_FALSE(entry.empty());
    const std::string intact = read_file(entry);
    ASSERT_TRUE(devmux::kit::read_cache_file(entry)) << "the entry is written with its checksum";

    const ProbeRun cached = run_probe(work, cache_dir);
    EXPECT_EQ(cached.builds, "0\n") << "an intact cache: nothing built from source";
    EXPECT_EQ(cached.outputs, first.outputs);

    // One changed byte in the program binary: rebuilt from source, the entry rewritten.
    std::string corrupted = intact;
    corrupted[corrupted.size() / 2] = static_cast<char>(corrupted[corrupted.size() / 2] ^ 0x5a);
    write_file(entry, corrupted);
    std::string why;
    ASSERT_FALSE(devmux::kit::read_cache_file(entry, &why));
    EXPECT_THAT(why, ::testing::HasSubstr("corrupted"));
    const ProbeRun after_corruption = run_probe(work, cache_dir);
    EXPECT_EQ(after_corruption.builds, "1\n") << "a corrupted entry is never used";
    EXPECT_EQ(after_corruption.outputs, first.outputs);
    EXPECT_TRUE(devmux::kit::read_cache_file(entry)) << "the corrupted entry was rewritten";
    EXPECT_NE(read_file(entry), corrupted);

    // Cut short: the same.
    write_file(entry, intact.substr(0, intact.size() / 3));
    const ProbeRun after_truncation = run_probe(work, cache_dir);
    EXPECT_EQ(after_truncation.builds, "1\n") << "a truncated entry is never used";
    EXPECT_EQ(after_truncation.outputs, first.outputs);
    EXPECT_TRUE(devmux::kit::read_cache_file(entry)) << "the truncated entry was rewritten";

    const ProbeRun again = run_probe(work, cache_dir);
    EXPECT_EQ(again.builds, "0\n") << "the rewritten entry is used";
    EXPECT_EQ(again.outputs, first.outputs);
}

// vulkan_cache_probe's two lines: the pipeline cache file and how many of its bytes the compile merged.
std::vector<std::string> run_vulkan_probe(const devmux_test::TempDir& work, const std::string& cache_dir) {
    const std::string model =
        std::string(DEVMUX_MODELS_DIR) + "/landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml";
    const std::string out = work.file("vulkan_probe.out");
    const std::string command = std::string(DEVMUX_BUILD_BIN_DIR) + "/vulkan_cache_probe '" + model + "' '" +
                                cache_dir + "' > '" + out + "' 2>&1";
    EXPECT_EQ(std::system(command.c_str()), 0) << read_file(out);
    std::vector<std::string> lines;
    std::istringstream text(read_file(out));
    for (std::string line; std::getline(text, line);)
        lines.push_back(line);
    return lines;
}

TEST(VulkanCacheChecksum, ACorruptedPipelineCacheIsNeverMergedAndIsRewritten) {
    ov::Core core;
    core.set_property("VULKAN", {{"VULKAN_DEVICE_TYPES", std::string("discrete,integrated,virtual,cpu,other")}});
    if (core.get_property("VULKAN", ov::available_devices).empty())
        GTEST_SKIP() << "no Vulkan device (install mesa-vulkan-drivers for lavapipe)";
    devmux_test::TempDir work;
    const std::string cache_dir = work.file("cache");

    const auto first = run_vulkan_probe(work, cache_dir);
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(first[1], "0");  // nothing there yet
    const std::string file = first[0];
    const auto intact = devmux::kit::read_cache_file(file);
    ASSERT_TRUE(intact) << "the pipeline cache is written with its checksum: " << file;
    const auto second = run_vulkan_probe(work, cache_dir);
    ASSERT_EQ(second.size(), 2u);
    EXPECT_EQ(second[1], std::to_string(intact->size())) << "an intact cache is merged whole";

    const std::string written = read_file(file);
    std::string corrupted = written;
    corrupted[corrupted.size() / 2] = static_cast<char>(corrupted[corrupted.size() / 2] ^ 0x21);
    write_file(file, corrupted);
    const auto third = run_vulkan_probe(work, cache_dir);
    ASSERT_EQ(third.size(), 2u);
    EXPECT_EQ(third[1], "0") << "a corrupted pipeline cache is never merged";
    EXPECT_TRUE(devmux::kit::read_cache_file(file)) << "the corrupted pipeline cache was rewritten";

    // In this process (which has not read that file yet): a corrupted cache compiles to the same results as
    // no cache at all.
    write_file(file, corrupted);
    auto model = core.read_model(std::string(DEVMUX_MODELS_DIR) +
                                 "/landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml");
    auto with_corrupted = core.compile_model(model, "VULKAN", ov::cache_dir(cache_dir));
    EXPECT_EQ(with_corrupted.get_property("VULKAN_PIPELINE_CACHE_LOADED_BYTES").as<std::string>(), "0");
    auto without_cache = core.compile_model(model, "VULKAN");
    devmux_test::expect_same_output(with_corrupted, without_cache,
                                    devmux_test::random_f32(model->input().get_shape(), 77, -1.f, 1.f), 0.f);
}

}  // namespace
