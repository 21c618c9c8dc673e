// SPDX-License-Identifier: Apache-2.0
// VULKAN (at the f32 and the f16 inference precision) against the CPU plugin on the shared models, in one run:
// latency per inference, the GFLOP/s of the convolutions and matrix products, and the cold start (compile plus first inference in a fresh process)
// with an empty and with a filled cache (ov::cache_dir and Mesa's shader cache). On CI machines the Vulkan
// device is lavapipe, admitted through VULKAN_DEVICE_TYPES.
//   <build>/bin/devmux_vulkan_benchmarks [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <utility>

#include "openvino/op/ops.hpp"
#include "openvino/openvino.hpp"

namespace {

std::string models_dir() {
    const char* env = std::getenv("DEVMUX_MODELS_DIR");
    return env && *env ? env : DEVMUX_MODELS_DIR;
}

struct ModelEntry {
    const char* label;
    const char* path;  // relative to the models folder
};

const ModelEntry models[] = {
    {"squeezenet1_1", "squeezenet1.1-ir10/squeezenet1.1.xml"},
    {"vehicle_attributes", "vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml"},
    {"landmarks_fp32", "landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml"},
    {"head_pose_fp16", "head-pose-estimation-adas-0001/FP16/head-pose-estimation-adas-0001.xml"},
    {"gaze_fp16", "gaze-estimation-adas-0002/FP16/gaze-estimation-adas-0002.xml"},
};

std::unique_ptr<ov::Core> make_core() {
    auto core = std::make_unique<ov::Core>();
    core->set_property("VULKAN", {{"VULKAN_DEVICE_TYPES", std::string("discrete,integrated,virtual,cpu")}});
    return core;
}

ov::Tensor random_input(const ov::Output<const ov::Node>& input) {
    ov::Tensor tensor(input.get_element_type(), input.get_shape());
    std::mt19937 generator(7);
    std::uniform_real_distribution<float> values(0.0f, 1.0f);
    for (size_t i = 0; i < tensor.get_size(); ++i) {
        if (tensor.get_element_type() == ov::element::f16)
            tensor.data<ov::float16>()[i] = ov::float16(values(generator));
        else
            tensor.data<float>()[i] = values(generator);
    }
    return tensor;
}

// Multiply-adds of the convolutions and matrix products, counted twice (one multiply, one add).
double model_flops(const ov::Model& model) {
    double flops = 0;
    for (const auto& node : model.get_ordered_ops()) {
        if (ov::is_type<ov::op::v1::Convolution>(node) || ov::is_type<ov::op::v1::GroupConvolution>(node)) {
            const auto filters = node->get_input_shape(1);
            double per_output = 1;  // input channels per group times the kernel window
            for (size_t d = ov::is_type<ov::op::v1::GroupConvolution>(node) ? 2 : 1; d < filters.size(); ++d)
                per_output *= static_cast<double>(filters[d]);
            flops += 2.0 * per_output * static_cast<double>(ov::shape_size(node->get_output_shape(0)));
        } else if (ov::is_type<ov::op::v0::MatMul>(node)) {
            const auto a = node->get_input_shape(0);
            const auto* matmul = ov::as_type<const ov::op::v0::MatMul>(node.get());
            const double k = static_cast<double>(matmul->get_transpose_a() ? a[a.size() - 2] : a.back());
            flops += 2.0 * k * static_cast<double>(ov::shape_size(node->get_output_shape(0)));
        }
    }
    return flops;
}

// `precision`: the ov::hint::inference_precision to compile with (VULKAN: f16 stores every value in f16).
void BM_Infer(benchmark::State& state, const std::string& device, const ov::element::Type& precision,
              const ModelEntry& entry) {
    try {
        auto core = make_core();
        auto model = core->read_model(models_dir() + "/" + entry.path);
        auto compiled = core->compile_model(model, device, ov::hint::inference_precision(precision));
        auto request = compiled.create_infer_request();
        for (const auto& input : compiled.inputs())
            request.set_tensor(input, random_input(input));
        request.infer();  // warm-up outside the measurement
        for (auto _ : state)
            request.infer();
        state.counters["GFLOP/s"] = benchmark::Counter(model_flops(*model) * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

// The cold-start child: compile plus first inference, printed in milliseconds.
int cold_start_child(const std::string& model_path, const std::string& cache_dir, const std::string& precision) {
    const auto start = std::chrono::steady_clock::now();
    auto core = make_core();
    auto compiled = core->compile_model(model_path, "VULKAN", ov::cache_dir(cache_dir),
                                        ov::hint::inference_precision(ov::element::Type(precision)));
    auto request = compiled.create_infer_request();
    for (const auto& input : compiled.inputs())
        request.set_tensor(input, random_input(input));
    request.infer();
    const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::cout << ms << "\n";
    return 0;
}

std::string self_path;

// Each iteration runs a fresh process; `filled` runs one first (untimed) to fill both caches.
void BM_VulkanColdStart(benchmark::State& state, bool filled, const std::string& precision) {
    const auto root = std::filesystem::temp_directory_path() / "devmux_vulkan_cold_start";
    const std::string model = models_dir() + "/" + models[0].path;
    const auto run_child = [&](const std::filesystem::path& dir) {
        const std::string out = dir.string() + ".out";
        // The driver's own shader cache (Mesa's for lavapipe, NVIDIA's GL cache) is its real pipeline cache:
        // it is emptied and filled with ours.
        const std::string command = "MESA_SHADER_CACHE_DIR='" + (dir / "mesa").string() +
                                    "' __GL_SHADER_DISK_CACHE_PATH='" + (dir / "nvidia").string() + "' '" + self_path +
                                    "' --cold-start '" + model + "' '" + (dir / "devmux").string() + "' " + precision + " > '" + out + "'";
        if (std::system(command.c_str()) != 0)
            return -1.0;
        std::ifstream in(out);
        double ms = -1;
        in >> ms;
        return ms;
    };
    for (auto _ : state) {
        const auto dir = root / std::to_string(state.iterations());
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        if (filled)
            run_child(dir);
        const double ms = run_child(dir);
        if (ms < 0) {
            state.SkipWithError("the cold-start child process failed");
            break;
        }
        state.SetIterationTime(ms / 1000.0);
        std::filesystem::remove_all(dir);
        std::filesystem::remove(dir.string() + ".out");
    }
}

void register_benchmarks() {
    const std::pair<const char*, ov::element::Type> configurations[] = {
        {"CPU", ov::element::f32}, {"VULKAN", ov::element::f32}, {"VULKAN", ov::element::f16}};
    for (const auto& entry : models)
        for (const auto& [device, precision] : configurations) {
            const std::string name = std::string("Infer/") + entry.label + "/" + device +
                                     (precision == ov::element::f16 ? "_f16" : "");
            benchmark::RegisterBenchmark(name.c_str(), [device = std::string(device), precision = precision,
                                                        &entry](benchmark::State& state) {
                BM_Infer(state, device, precision, entry);
            })
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime();
        }
    for (const std::string precision : {"f32", "f16"})
        for (const bool filled : {false, true}) {
            const std::string name = "VulkanColdStart/squeezenet1_1/" + std::string(filled ? "filled" : "empty") +
                                     "_cache" + (precision == "f16" ? "/f16" : "");
            benchmark::RegisterBenchmark(name.c_str(), [filled, precision](benchmark::State& state) {
                BM_VulkanColdStart(state, filled, precision);
            })
                ->Unit(benchmark::kMillisecond)
                ->UseManualTime()
                ->Iterations(3);
        }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 5 && std::strcmp(argv[1], "--cold-start") == 0)
        return cold_start_child(argv[2], argv[3], argv[4]);
    self_path = std::filesystem::canonical("/proc/self/exe").string();
    register_benchmarks();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
