// SPDX-License-Identifier: Apache-2.0
// The cost of an alias (the proxy) on a device that one plugin serves: SqueezeNet 1.1 compiled through
// the alias against the same model compiled on the hardware device directly. The contract (issue 4 §3)
// is that the proxy hands back the hardware plugin's own compiled model, so the alias adds nothing to
// inference: ratio <= 1.01.
//
// The "hardware" is the CPU plugin library registered a second time under its own name (BENCH_HW), the
// only member of the alias BENCH_GPU: its real kernels make any per-inference overhead visible, which a
// slow device would hide. Each iteration runs one inference of each, alternating which goes first, so
// one run reports both latencies under the same machine load:
//   hardware_ms   compiled on BENCH_HW directly, mean per inference
//   alias_ms      compiled on BENCH_GPU, mean per inference (also the benchmark's own time)
//   ratio         alias_ms / hardware_ms
//   ratio_median  the same with medians, less sensitive to other processes on the machine
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "benchmark_timing.hpp"
#include "openvino/openvino.hpp"

namespace {

using devmux_bench::median;
using devmux_bench::ms_to_run;

constexpr const char* hardware = "BENCH_HW";
constexpr const char* alias = "BENCH_GPU";

std::string models_dir() {
    const char* env = std::getenv("DEVMUX_MODELS_DIR");
    return env && *env ? env : DEVMUX_MODELS_DIR;
}

ov::Tensor random_input(const ov::Output<const ov::Node>& input) {
    ov::Tensor tensor(ov::element::f32, input.get_shape());
    std::mt19937 generator(7);
    std::uniform_real_distribution<float> pixel(0.0f, 255.0f);  // IR v10 SqueezeNet takes BGR 0..255
    for (size_t i = 0; i < tensor.get_size(); ++i)
        tensor.data<float>()[i] = pixel(generator);
    return tensor;
}

void BM_SqueezeNetAliasVsHardware(benchmark::State& state) {
    // Declared outside the try block: an error from a plugin is reported while its library is loaded.
    ov::Core core;
    try {
        core.register_plugin(std::string(DEVMUX_BUILD_LIB_DIR) + "/libdevmux_cpu_plugin.so", hardware,
                             {{"PROXY_CONFIGURATION_ALIAS", alias}});
        auto model = core.read_model(models_dir() + "/squeezenet1.1-ir10/squeezenet1.1.xml");
        ov::CompiledModel direct = core.compile_model(model, hardware);
        ov::CompiledModel through_alias = core.compile_model(model, alias);
        const auto devices = through_alias.get_property(ov::execution_devices);
        if (devices != std::vector<std::string>{hardware})
            throw std::runtime_error(std::string("the alias did not compile on ") + hardware + " alone");
        ov::InferRequest direct_request = direct.create_infer_request();
        ov::InferRequest alias_request = through_alias.create_infer_request();
        const ov::Tensor input = random_input(direct.input());
        direct_request.set_input_tensor(input);
        alias_request.set_input_tensor(input);
        direct_request.infer();  // warm-up (first-run allocations) outside the measurement
        alias_request.infer();

        std::vector<double> direct_ms, alias_ms;
        bool alias_first = false;
        for (auto _ : state) {
            double d = 0.0, a = 0.0;
            if (alias_first) {
                a = ms_to_run(alias_request);
                d = ms_to_run(direct_request);
            } else {
                d = ms_to_run(direct_request);
                a = ms_to_run(alias_request);
            }
            alias_first = !alias_first;
            direct_ms.push_back(d);
            alias_ms.push_back(a);
            state.SetIterationTime(a / 1000.0);
        }
        double direct_total = 0.0, alias_total = 0.0;
        for (size_t i = 0; i < direct_ms.size(); ++i) {
            direct_total += direct_ms[i];
            alias_total += alias_ms[i];
        }
        const double direct_median = median(direct_ms), alias_median = median(alias_ms);
        state.counters["hardware_ms"] = benchmark::Counter(direct_total, benchmark::Counter::kAvgIterations);
        state.counters["alias_ms"] = benchmark::Counter(alias_total, benchmark::Counter::kAvgIterations);
        state.counters["ratio"] = direct_total > 0.0 ? alias_total / direct_total : 0.0;
        state.counters["ratio_median"] = direct_median > 0.0 ? alias_median / direct_median : 0.0;
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

}  // namespace

BENCHMARK(BM_SqueezeNetAliasVsHardware)->Unit(benchmark::kMillisecond)->UseManualTime()->MinTime(3.0);

BENCHMARK_MAIN();
