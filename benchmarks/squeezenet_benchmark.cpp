// SPDX-License-Identifier: Apache-2.0
// End-to-end SqueezeNet 1.1 benchmarks: CPU plugin inference, and the ops' reference evaluate()
// walked node by node, to show what the plugin gains over the oracle.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "devmux/kit/reference_executor.hpp"
#include "openvino/openvino.hpp"

namespace {

std::string models_dir() {
    const char* env = std::getenv("DEVMUX_MODELS_DIR");
    return env && *env ? env : DEVMUX_MODELS_DIR;
}

std::string squeezenet_path() {
    return models_dir() + "/squeezenet1.1-ir10/squeezenet1.1.xml";
}

// Seeded, never all zeros: pixel-like values in [0, 255).
ov::Tensor random_input(const ov::Output<const ov::Node>& input) {
    ov::Tensor tensor(input.get_element_type(), input.get_shape());
    std::mt19937 generator(7);
    std::uniform_real_distribution<float> pixel(0.0f, 255.0f);
    if (tensor.get_element_type() == ov::element::f16) {
        auto* data = tensor.data<ov::float16>();
        for (size_t i = 0; i < tensor.get_size(); ++i)
            data[i] = ov::float16(pixel(generator));
    } else {
        auto* data = tensor.data<float>();
        for (size_t i = 0; i < tensor.get_size(); ++i)
            data[i] = pixel(generator);
    }
    return tensor;
}

void BM_SqueezeNetInfer(benchmark::State& state, const std::string& device) {
    try {
        ov::Core core;
        auto model = core.read_model(squeezenet_path());
        ov::CompiledModel compiled = core.compile_model(model, device);
        ov::InferRequest request = compiled.create_infer_request();
        request.set_input_tensor(random_input(compiled.input()));
        request.infer();  // warm-up outside the measurement
        for (auto _ : state)
            request.infer();
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

void BM_SqueezeNetReferenceEvaluate(benchmark::State& state) {
    try {
        ov::Core core;
        auto model = core.read_model(squeezenet_path());
        std::shared_ptr<const ov::Model> const_model = model;
        // The same executor the mock and test plugins run: every op's reference evaluate(), memory planned once.
        devmux::kit::ReferenceExecutor executor(std::make_shared<devmux::kit::ReferencePlan>(const_model, "reference"));
        std::vector<ov::Tensor> inputs{random_input(const_model->input())};
        std::vector<ov::Tensor> outputs{ov::Tensor()};
        executor.run(inputs, outputs, false);
        for (auto _ : state) {
            executor.run(inputs, outputs, false);
            benchmark::DoNotOptimize(outputs[0].data());
        }
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

}  // namespace

BENCHMARK_CAPTURE(BM_SqueezeNetInfer, CPU, std::string("CPU"))->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SqueezeNetReferenceEvaluate)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

BENCHMARK_MAIN();
