// SPDX-License-Identifier: Apache-2.0
// The figures behind the default GPU deployment (docs/measurements/deployment.md), on the software deployment
// (plugins-software-gpu.xml: PoCL and lavapipe in CI, a real GPU's drivers where one is present):
//
// BM_Backends/<model>: the shared model on CPU, OPENCL and VULKAN in one run, one inference of each per
//   iteration (rotating which goes first), so all three see the same machine load. Counters: median ms of
//   each and the ratios to CPU. The primary of the "GPU" alias is the backend with the lower latency.
// BM_AliasVsPrimary: SqueezeNet compiled for "GPU" against the same model compiled on the primary
//   backend directly. The proxy hands back the backend's own compiled model, so ratio_median <= 1.01.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "benchmark_timing.hpp"
#include "openvino/openvino.hpp"

namespace {

using devmux_bench::median;
using devmux_bench::ms_to_run;

std::string models_dir() {
    const char* env = std::getenv("DEVMUX_MODELS_DIR");
    return env && *env ? env : DEVMUX_MODELS_DIR;
}

ov::Core& software_core() {
    static ov::Core* core = new ov::Core("plugins-software-gpu.xml");  // never destroyed: plugins stay loaded
    return *core;
}

// Seeded values in the range the models' inputs take (BGR 0..255 images; the gaze model's head pose too).
void fill_inputs(ov::InferRequest& request, const ov::CompiledModel& compiled) {
    std::mt19937 generator(11);
    std::uniform_real_distribution<float> value(0.0f, 255.0f);
    for (const auto& input : compiled.inputs()) {
        ov::Tensor tensor(ov::element::f32, input.get_shape());
        for (size_t i = 0; i < tensor.get_size(); ++i)
            tensor.data<float>()[i] = value(generator);
        request.set_tensor(input, tensor);
    }
}

// Runs the requests in turn, rotating the first, once per benchmark iteration; returns medians in ms.
std::vector<double> interleaved_medians(benchmark::State& state, std::vector<ov::InferRequest>& requests,
                                        size_t timed) {
    for (auto& request : requests)
        request.infer();  // warm-up: first-run allocations and kernel compiles
    std::vector<std::vector<double>> times(requests.size());
    size_t first = 0;
    for (auto _ : state) {
        for (size_t k = 0; k < requests.size(); ++k) {
            const size_t i = (first + k) % requests.size();
            times[i].push_back(ms_to_run(requests[i]));
        }
        first = (first + 1) % requests.size();
        state.SetIterationTime(times[timed].back() / 1000.0);
    }
    std::vector<double> medians;
    for (auto& t : times)
        medians.push_back(median(t));
    return medians;
}

void BM_Backends(benchmark::State& state, const std::string& model_path) {
    try {
        ov::Core& core = software_core();
        auto model = core.read_model(models_dir() + "/" + model_path);
        const std::vector<std::string> devices{"CPU", "OPENCL", "VULKAN"};
        std::vector<ov::CompiledModel> compiled;
        std::vector<ov::InferRequest> requests;
        for (const auto& device : devices) {
            compiled.push_back(core.compile_model(model, device));
            requests.push_back(compiled.back().create_infer_request());
            fill_inputs(requests.back(), compiled.back());
        }
        const auto medians = interleaved_medians(state, requests, 0);
        for (size_t i = 0; i < devices.size(); ++i) {
            state.counters[devices[i] + "_ms"] = medians[i];
            if (i > 0)
                state.counters[devices[i] + "/CPU"] = medians[0] > 0 ? medians[i] / medians[0] : 0.0;
        }
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

void BM_AliasVsPrimary(benchmark::State& state) {
    try {
        ov::Core& core = software_core();
        auto model = core.read_model(models_dir() + "/squeezenet1.1-ir10/squeezenet1.1.xml");
        ov::CompiledModel through_alias = core.compile_model(model, "GPU");
        const auto used = through_alias.get_property(ov::execution_devices);
        if (used.size() != 1)
            throw std::runtime_error("the alias split SqueezeNet; its primary should run it whole");
        const std::string primary = used.front();
        ov::CompiledModel direct = core.compile_model(model, primary);
        std::vector<ov::InferRequest> requests{direct.create_infer_request(), through_alias.create_infer_request()};
        fill_inputs(requests[0], direct);
        fill_inputs(requests[1], through_alias);
        const auto medians = interleaved_medians(state, requests, 1);
        state.SetLabel("primary " + primary);
        state.counters["primary_ms"] = medians[0];
        state.counters["alias_ms"] = medians[1];
        state.counters["ratio_median"] = medians[0] > 0 ? medians[1] / medians[0] : 0.0;
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

}  // namespace

BENCHMARK_CAPTURE(BM_Backends, squeezenet, "squeezenet1.1-ir10/squeezenet1.1.xml")
    ->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(15);
BENCHMARK_CAPTURE(BM_Backends, vehicle_attributes,
                  "vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml")
    ->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(20);
BENCHMARK_CAPTURE(BM_Backends, landmarks, "landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml")
    ->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(30);
BENCHMARK_CAPTURE(BM_Backends, head_pose, "head-pose-estimation-adas-0001/FP16/head-pose-estimation-adas-0001.xml")
    ->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(20);
BENCHMARK_CAPTURE(BM_Backends, gaze, "gaze-estimation-adas-0002/FP16/gaze-estimation-adas-0002.xml")
    ->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(20);
BENCHMARK(BM_AliasVsPrimary)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(200);

BENCHMARK_MAIN();
