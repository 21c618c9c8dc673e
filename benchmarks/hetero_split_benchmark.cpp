// SPDX-License-Identifier: Apache-2.0
// The cost of splitting a model with HETERO: SqueezeNet 1.1 on CPU alone against the same model on
// HETERO:M,CPU, where M is the configurable mock plugin (tests/mock_plugin) lacking one op type the
// model uses, so the model is cut into many subgraphs. Each iteration runs one inference of each, so
// one run reports both latencies and their ratio:
//   cpu_ms      CPU alone, per inference
//   hetero_ms   HETERO:M,CPU, per inference (also the benchmark's own time)
//   ratio       hetero_ms / cpu_ms
//   subgraphs   how many subgraphs HETERO compiled
// The mock runs every op with its reference implementation, so the ratio holds both the price of the
// split (one request per subgraph, boundary tensors, lost fusion) and that of the slower device:
// "lacks Convolution" leaves the heavy work on the CPU and shows mostly the first.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <random>
#include <set>
#include <string>

#include "openvino/openvino.hpp"

namespace {

using Clock = std::chrono::steady_clock;

std::string models_dir() {
    const char* env = std::getenv("DEVMUX_MODELS_DIR");
    return env && *env ? env : DEVMUX_MODELS_DIR;
}

std::string model_path() {
    return models_dir() + "/squeezenet1.1-ir11/squeezenet1.1.xml";
}

ov::Tensor random_input(const ov::Output<const ov::Node>& input) {
    ov::Tensor tensor(ov::element::f32, input.get_shape());
    std::mt19937 generator(11);
    std::uniform_real_distribution<float> pixel(-128.0f, 128.0f);  // the IR v11 model takes mean-subtracted BGR
    for (size_t i = 0; i < tensor.get_size(); ++i)
        tensor.data<float>()[i] = pixel(generator);
    return tensor;
}

// Every op type of the model except `missing`, as MOCK_SUPPORTED_OPS wants them.
std::string op_types_except(const ov::Model& model, const std::string& missing) {
    std::set<std::string> types;
    for (const auto& op : model.get_ordered_ops())
        types.insert(op->get_type_name());
    if (!types.erase(missing))
        OPENVINO_THROW("the model has no ", missing, " op to leave out");
    std::string list;
    for (const auto& type : types)
        list += (list.empty() ? "" : ",") + type;
    return list;
}

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void BM_SqueezeNetCpuVsHetero(benchmark::State& state, const std::string& missing_op) {
    // Declared outside the try block: an error from a plugin is reported while its library is loaded.
    ov::Core core;
    try {
        auto model = core.read_model(model_path());
        core.register_plugin(std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_mock_plugin.so", "M",
                             {{"MOCK_SUPPORTED_OPS", op_types_except(*model, missing_op)}});
        ov::CompiledModel cpu = core.compile_model(model, "CPU");
        ov::CompiledModel hetero = core.compile_model(model, "HETERO:M,CPU");
        ov::InferRequest cpu_request = cpu.create_infer_request();
        ov::InferRequest hetero_request = hetero.create_infer_request();
        const ov::Tensor input = random_input(cpu.input());
        cpu_request.set_input_tensor(input);
        hetero_request.set_input_tensor(input);
        cpu_request.infer();  // warm-up outside the measurement
        hetero_request.infer();

        double cpu_total = 0.0, hetero_total = 0.0;
        for (auto _ : state) {
            auto start = Clock::now();
            cpu_request.infer();
            const double cpu_ms = ms_since(start);
            start = Clock::now();
            hetero_request.infer();
            const double hetero_ms = ms_since(start);
            cpu_total += cpu_ms;
            hetero_total += hetero_ms;
            state.SetIterationTime(hetero_ms / 1000.0);
        }
        state.counters["cpu_ms"] = benchmark::Counter(cpu_total, benchmark::Counter::kAvgIterations);
        state.counters["hetero_ms"] = benchmark::Counter(hetero_total, benchmark::Counter::kAvgIterations);
        state.counters["ratio"] = cpu_total > 0.0 ? hetero_total / cpu_total : 0.0;
        state.counters["subgraphs"] = hetero.get_property("HETERO_NUMBER_OF_SUBMODELS").as<double>();
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

}  // namespace

BENCHMARK_CAPTURE(BM_SqueezeNetCpuVsHetero, MockLacksConvolution, std::string("Convolution"))
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->MinTime(2.0);
BENCHMARK_CAPTURE(BM_SqueezeNetCpuVsHetero, MockLacksConcat, std::string("Concat"))
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(5);

BENCHMARK_MAIN();
