// SPDX-License-Identifier: Apache-2.0
// Exported compiled models carry a CRC-32C of their header and payload (devmux/kit/export_format.hpp):
// every changed byte and every truncation of a real model's export is refused by import_model with an
// ov::Exception, on every plugin that exports; blobs of another plugin, another devmux version or the
// export format before checksums are refused naming what was expected and what was found.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "checksums/opencl_device.hpp"
#include "common/test_utils.hpp"
#include "devmux/kit/export_format.hpp"
#include "openvino/core/version.hpp"
#include "openvino/openvino.hpp"

namespace {

using devmux_test::error_of;
using ::testing::HasSubstr;

constexpr const char* landmarks = "/landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml";

using checksum_test::has_opencl_device;

// A Core that admits CPU-type OpenCL and Vulkan devices (PoCL, lavapipe), as CI has.
ov::Core& core() {
    static ov::Core* instance = [] {
        auto* c = new ov::Core();
        c->set_property("OPENCL", {{"OPENCL_DEVICE_TYPES", "GPU,ACCELERATOR,CPU"}});
        c->set_property("VULKAN", {{"VULKAN_DEVICE_TYPES", "discrete,integrated,virtual,cpu,other"}});
        return c;
    }();
    return *instance;
}

// The GPU alias of the software deployment (build/lib/plugins-software-gpu.xml): VULKAN and OPENCL on
// lavapipe and PoCL, CPU as the fallback; an export through it is its member plugin's own.
ov::Core& core_for(const std::string& device) {
    if (device != "GPU")
        return core();
    static ov::Core* software = new ov::Core("plugins-software-gpu.xml");
    return *software;
}

bool has_software_gpu() {
    try {
        return !core_for("GPU").get_property("GPU", ov::available_devices).empty();
    } catch (const ov::Exception&) {
        return false;
    }
}

bool has_vulkan_device() {
    try {
        return !core().get_property("VULKAN", ov::available_devices).empty();
    } catch (const ov::Exception&) {
        return false;
    }
}

struct Exported {
    ov::CompiledModel compiled;
    std::string blob;
};

Exported export_landmarks(const std::string& device) {
    auto model = core_for(device).read_model(std::string(DEVMUX_MODELS_DIR) + landmarks);
    Exported result{core_for(device).compile_model(model, device), {}};
    std::stringstream stream;
    result.compiled.export_model(stream);
    result.blob = stream.str();
    return result;
}

struct MutationCount {
    size_t tried = 0;
    size_t refused = 0;
    std::vector<std::string> accepted;  // what each silently imported mutation was
};

// One import of `bytes`; true when it is refused with an ov::Exception. Any other exception fails the test.
bool refused(const std::string& bytes, const std::string& device) {
    std::stringstream stream(bytes);
    try {
        core_for(device).import_model(stream, device);
    } catch (const ov::Exception&) {
        return true;
    } catch (const std::exception& e) {
        ADD_FAILURE() << device << ": import_model threw a non-ov::Exception: " << e.what();
        return true;
    }
    return false;
}

// `flips` single-byte changes (a third of them in the first 256 bytes, where the header and the payload's
// size and checksum are) and `cuts` truncations, from a fresh generator seeded per device.
MutationCount mutate_and_import(const std::string& blob, const std::string& device, uint32_t seed, size_t flips,
                                size_t cuts) {
    std::mt19937 rng(seed);
    MutationCount count;
    const size_t header_zone = std::min<size_t>(256, blob.size());
    for (size_t i = 0; i < flips; ++i) {
        std::string mutated = blob;
        const size_t limit = i % 3 == 0 ? header_zone : blob.size();
        const size_t at = std::uniform_int_distribution<size_t>(0, limit - 1)(rng);
        const auto change = static_cast<char>(std::uniform_int_distribution<int>(1, 255)(rng));
        mutated[at] = static_cast<char>(mutated[at] ^ change);
        ++count.tried;
        if (refused(mutated, device))
            ++count.refused;
        else
            count.accepted.push_back("byte " + std::to_string(at) + " ^= " + std::to_string(change & 0xff));
    }
    for (size_t i = 0; i < cuts; ++i) {
        const size_t length = std::uniform_int_distribution<size_t>(0, blob.size() - 1)(rng);
        ++count.tried;
        if (refused(blob.substr(0, length), device))
            ++count.refused;
        else
            count.accepted.push_back("cut to " + std::to_string(length) + " bytes");
    }
    return count;
}

class MutatedExport : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        const std::string& device = GetParam();
        if (device.find("OPENCL") != std::string::npos && !has_opencl_device())
            GTEST_SKIP() << "no OpenCL device at all (install pocl-opencl-icd)";
        if (device == "VULKAN" && !has_vulkan_device())
            GTEST_SKIP() << "no Vulkan device (install mesa-vulkan-drivers for lavapipe)";
        if (device == "GPU" && !has_software_gpu())
            GTEST_SKIP() << "the software GPU deployment has no device (needs PoCL or lavapipe)";
    }
};

TEST_P(MutatedExport, EveryChangedByteAndEveryTruncationIsRefused) {
    const std::string device = GetParam();
    Exported exported = export_landmarks(device);
    ASSERT_GT(exported.blob.size(), 1000u);

    // The intact blob imports and computes what the compiled model computes (same device, same plan).
    {
        std::stringstream intact(exported.blob);
        auto imported = core_for(device).import_model(intact, device);
        const ov::Shape shape = exported.compiled.input().get_shape();
        devmux_test::expect_same_output(exported.compiled, imported, devmux_test::random_f32(shape, 29, -1.f, 1.f),
                                        1e-5f);
    }

    const uint32_t seed = static_cast<uint32_t>(std::hash<std::string>{}(device) & 0xffffffffu);
    const MutationCount count = mutate_and_import(exported.blob, device, seed, 200, 100);
    std::printf("[ checksums ] %s: %zu of %zu mutated exports (200 changed bytes, 100 truncations) refused; blob %zu "
                "bytes\n",
                device.c_str(), count.refused, count.tried, exported.blob.size());
    RecordProperty("mutations", static_cast<int>(count.tried));
    RecordProperty("refused", static_cast<int>(count.refused));
    EXPECT_EQ(count.refused, count.tried) << "first silently imported: "
                                          << (count.accepted.empty() ? "" : count.accepted.front());
}

TEST_P(MutatedExport, ACorruptedPayloadIsNamedAsSuch) {
    const std::string device = GetParam();
    std::string blob = export_landmarks(device).blob;
    blob[blob.size() / 2] = static_cast<char>(blob[blob.size() / 2] ^ 0x10);
    std::stringstream corrupted(blob);
    const std::string error = error_of([&] { core_for(device).import_model(corrupted, device); });
    EXPECT_THAT(error, HasSubstr("corrupted"));
    EXPECT_THAT(error, HasSubstr("CRC-32C"));
    // The plugin that exported it is named (through the alias: the member plugin the compile chose).
    std::stringstream header(blob);
    const std::string plugin = devmux::kit::peek_export_header(header, "test")->plugin;
    EXPECT_EQ(plugin, device == "GPU" ? plugin : device.substr(0, device.find(':')));
    EXPECT_THAT(error, HasSubstr("plugin '" + plugin + "'"));

    const std::string cut = blob.substr(0, blob.size() - 7);
    std::stringstream truncated(cut);
    const std::string cut_error = error_of([&] { core_for(device).import_model(truncated, device); });
    EXPECT_THAT(cut_error, HasSubstr("truncated"));
    EXPECT_THAT(cut_error, HasSubstr("plugin '" + plugin + "'"));
}

INSTANTIATE_TEST_SUITE_P(Plugins, MutatedExport, ::testing::Values("CPU", "OPENCL", "HETERO:OPENCL,CPU", "VULKAN", "GPU"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param.substr(0, info.param.find(':'));
                             return name;
                         });

TEST(ExportChecksum, Crc32cHasTheCastagnoliCheckValue) {
    // The check value of CRC-32C (RFC 3720, B.4): the CRC of the nine ASCII digits "123456789".
    EXPECT_EQ(devmux::kit::crc32c("123456789", 9), 0xE3069283u);
    // Continuing over pieces gives the CRC of the whole.
    EXPECT_EQ(devmux::kit::crc32c("56789", 5, devmux::kit::crc32c("1234", 4)), 0xE3069283u);
    // RFC 3720 B.4: 32 bytes of zeros.
    const std::string zeros(32, '\0');
    EXPECT_EQ(devmux::kit::crc32c(zeros.data(), zeros.size()), 0x8A9136AAu);
}

TEST(ExportChecksum, AnotherPluginsExportIsRefusedNamingBoth) {
    const std::string cpu_blob = export_landmarks("CPU").blob;
    std::stringstream for_hetero(cpu_blob);
    const std::string error = error_of([&] { core().import_model(for_hetero, "HETERO:CPU"); });
    EXPECT_THAT(error, HasSubstr("exported by plugin 'CPU'"));
    EXPECT_THAT(error, HasSubstr("not plugin 'HETERO'"));

    const std::string hetero_blob = export_landmarks("HETERO:CPU").blob;
    std::stringstream for_cpu(hetero_blob);
    const std::string cpu_error = error_of([&] { core().import_model(for_cpu, "CPU"); });
    EXPECT_THAT(cpu_error, HasSubstr("exported by plugin 'HETERO'"));
    EXPECT_THAT(cpu_error, HasSubstr("not plugin 'CPU'"));
}

TEST(ExportChecksum, AnExportOfAnotherVersionOrFormatIsRefusedNamingBoth) {
    const std::string blob = export_landmarks("CPU").blob;
    const std::string version = ov::get_openvino_version().buildNumber;

    std::string older = blob;
    const std::string version_line = "devmux=" + version + "\n";
    const size_t at = older.find(version_line);
    ASSERT_NE(at, std::string::npos);
    older.replace(at, version_line.size(), "devmux=0.0.1-older\n");
    std::stringstream older_stream(older);
    const std::string error = error_of([&] { core().import_model(older_stream, "CPU"); });
    EXPECT_THAT(error, HasSubstr("written by devmux 0.0.1-older"));
    EXPECT_THAT(error, HasSubstr("this is devmux " + version));

    const std::string format_line = "format=" + std::to_string(devmux::kit::export_format_version) + "\n";
    std::string newer = blob;
    const size_t format_at = newer.find(format_line);
    ASSERT_NE(format_at, std::string::npos);
    newer.replace(format_at, format_line.size(), "format=9\n");
    std::stringstream newer_stream(newer);
    const std::string format_error = error_of([&] { core().import_model(newer_stream, "CPU"); });
    EXPECT_THAT(format_error, HasSubstr("export format 9"));
    EXPECT_THAT(format_error, HasSubstr("reads export format " + std::to_string(devmux::kit::export_format_version)));

    // Format 1: the same header without the 'format' line, then the payload without its size and checksum.
    std::string format1 = blob;
    format1.erase(format_at, format_line.size());
    const size_t payload_line = format1.find("payload=", format_at);
    ASSERT_EQ(payload_line, format_at);
    format1.erase(payload_line, format1.find('\n', payload_line) + 1 - payload_line);
    std::stringstream format1_stream(format1);
    const std::string format1_error = error_of([&] { core().import_model(format1_stream, "CPU"); });
    EXPECT_THAT(format1_error, HasSubstr("export format 1"));
    EXPECT_THAT(format1_error, HasSubstr("no 'format' field"));
}

TEST(ExportChecksum, TheImporterTakesExactlyTheExportFromTheStream) {
    // Two exports back to back in one stream: each import takes its own bytes only.
    const std::string blob = export_landmarks("CPU").blob;
    std::stringstream stream(blob + blob);
    core().import_model(stream, "CPU");
    EXPECT_EQ(static_cast<size_t>(stream.tellg()), blob.size());
    core().import_model(stream, "CPU");
    EXPECT_EQ(stream.peek(), std::char_traits<char>::eof());
}

TEST(CacheFile, AnIntactEntryReadsBackAndEveryDamageIsRefusedWithTheReason) {
    devmux_test::TempDir dir;
    const std::string path = dir.file("sub/entry.bin");
    std::mt19937 rng(41);
    std::string bytes(5000, '\0');
    for (auto& b : bytes)
        b = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
    devmux::kit::write_cache_file(path, bytes, "TEST");
    const auto read = devmux::kit::read_cache_file(path);
    ASSERT_TRUE(read);
    EXPECT_EQ(*read, bytes);

    std::ifstream in(path, std::ios::binary);
    const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto rewrite = [&](const std::string& contents) {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << contents;
    };
    std::string why;
    for (size_t i = 0; i < 100; ++i) {
        std::string damaged = file;
        const size_t at = std::uniform_int_distribution<size_t>(0, file.size() - 1)(rng);
        damaged[at] = static_cast<char>(damaged[at] ^ std::uniform_int_distribution<int>(1, 255)(rng));
        rewrite(damaged);
        EXPECT_FALSE(devmux::kit::read_cache_file(path, &why)) << "byte " << at;
    }
    rewrite(file.substr(0, file.size() - 1));
    EXPECT_FALSE(devmux::kit::read_cache_file(path, &why));
    EXPECT_THAT(why, HasSubstr("truncated"));
    std::string flipped = file;
    flipped[file.size() - 10] = static_cast<char>(flipped[file.size() - 10] ^ 1);
    rewrite(flipped);
    EXPECT_FALSE(devmux::kit::read_cache_file(path, &why));
    EXPECT_THAT(why, HasSubstr("corrupted"));
    EXPECT_THAT(why, HasSubstr(path));
    rewrite(bytes);  // a raw binary, as written before cache files had checksums
    EXPECT_FALSE(devmux::kit::read_cache_file(path, &why));
    EXPECT_THAT(why, HasSubstr("not a devmux cache entry"));
    EXPECT_FALSE(devmux::kit::read_cache_file(dir.file("missing.bin"), &why));
    EXPECT_THAT(why, HasSubstr("missing"));
}

}  // namespace
