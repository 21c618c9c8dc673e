// SPDX-License-Identifier: Apache-2.0
// Unloading the CPU plugin while oneDNN's OpenMP workers are still winding down. This executable links the
// runtime only, so the OpenMP runtime it sees is the one the plugin brought in through ov::Core.
#include <gtest/gtest.h>
#include <link.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <random>
#include <string>
#include <thread>

#include "openvino/op/matmul.hpp"
#include "openvino/op/softmax.hpp"
#include "openvino/openvino.hpp"

namespace {

int loaded_libraries_named(std::initializer_list<const char*> names) {
    struct Search {
        std::initializer_list<const char*> names;
        int count;
    } search{names, 0};
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* data) {
            auto& search = *static_cast<Search*>(data);
            const std::string path = info->dlpi_name ? info->dlpi_name : "";
            for (const char* name : search.names)
                search.count += path.find(name) != std::string::npos;
            return 0;
        },
        &search);
    return search.count;
}

int loaded_openmp_runtimes() { return loaded_libraries_named({"libgomp", "libomp", "libiomp"}); }

// A MatMul and a Softmax: the plugin's own kernels run them on OpenMP teams. (A oneDNN convolution would
// make libdnnl bind a symbol into the plugin, which then can never be unloaded, hiding the race.)
std::shared_ptr<ov::Model> matmul_softmax(std::mt19937& random) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{64, 256});
    std::normal_distribution<float> weight(0.f, 0.1f);
    std::vector<float> weights(256 * 256);
    for (auto& w : weights)
        w = weight(random);
    auto product = std::make_shared<ov::op::v0::MatMul>(
        input, ov::op::v0::Constant::create(ov::element::f32, ov::Shape{256, 256}, weights));
    auto softmax = std::make_shared<ov::op::v8::Softmax>(product, 1);
    return std::make_shared<ov::Model>(ov::OutputVector{softmax}, ov::ParameterVector{input});
}

// Infers once from a thread of its own that then ends, as the plugin's stream threads do: the OpenMP pool
// that thread started is released while the Core goes away.
void infer_from_a_passing_thread(ov::Core& core, unsigned seed) {
    std::mt19937 random(seed);
    auto compiled = core.compile_model(matmul_softmax(random), "CPU");
    float first_row_sum = 0;
    std::string error;
    std::thread([&] {
        try {
            auto request = compiled.create_infer_request();
            ov::Tensor input = request.get_input_tensor();
            std::uniform_real_distribution<float> value(-100.f, 100.f);
            for (size_t i = 0; i < input.get_size(); ++i)
                input.data<float>()[i] = value(random);
            request.infer();
            const ov::Tensor output = request.get_output_tensor();
            for (size_t i = 0; i < 256; ++i)
                first_row_sum += output.data<float>()[i];
        } catch (const std::exception& e) {
            error = e.what();
        }
    }).join();
    ASSERT_EQ(error, "");
    EXPECT_NEAR(first_row_sum, 1.f, 1e-4f);
}

// One process's life of the plugin: loaded through a Core, run from a passing thread, unloaded with the Core.
// Also what the next test runs in a child process under the dynamic loader's debug log.
TEST(CpuUnload, LoadsRunsAndUnloadsThePlugin) {
    for (size_t round = 0; round < 2; ++round) {
        ov::Core core;
        infer_from_a_passing_thread(core, static_cast<unsigned>(20261127 + round));
        EXPECT_GE(loaded_openmp_runtimes(), 1) << "the CPU plugin did not bring an OpenMP runtime";
    }
}

// The CI segfault this guards against: a oneDNN/OpenMP worker of a finished stream thread was still exiting
// when a Core unloaded the plugin, and the OpenMP runtime went with it (whether the plugin can unload depends
// on which kernels ran: libdnnl's GNU-unique symbols pin it once certain paths have run). So the plugin pins
// the OpenMP runtime as it loads; the loader's log of a child process shows that it did.
TEST(CpuUnload, PluginPinsTheOpenMpRuntimeAsItLoads) {
    const auto dir = std::filesystem::temp_directory_path() / ("devmux_unload_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string log_prefix = (dir / "ld").string();
    const std::string command = "LD_DEBUG=files LD_DEBUG_OUTPUT=" + log_prefix + " " +
                                std::filesystem::read_symlink("/proc/self/exe").string() +
                                " --gtest_filter=CpuUnload.LoadsRunsAndUnloadsThePlugin >/dev/null 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::string log;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        std::ifstream file(entry.path());
        log.append(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    }
    std::filesystem::remove_all(dir);
    // The child does not link OpenMP itself: the plugin brings it.
    ASSERT_TRUE(std::regex_search(log, std::regex("file=\\S*lib(g|i)?omp\\S*\\s+\\[0\\];\\s+needed by \\S*libdevmux_cpu_plugin")))
        << "the child's OpenMP runtime did not come with the CPU plugin";
    EXPECT_TRUE(std::regex_search(log, std::regex("activating NODELETE for \\S*lib(g|i)?omp")))
        << "the OpenMP runtime was not pinned";
}

}  // namespace
