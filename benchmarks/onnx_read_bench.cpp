// SPDX-License-Identifier: Apache-2.0
// SqueezeNet 1.1 read from IR against the same model read from ONNX (docs/onnx.md, "Speed"): read_model alone,
// and compile_model on CPU plus one inference, for both; then warm inference of each compiled model (1 and 2
// inference threads).
// The ONNX file is translated once from the IR by ../shared/peers/onnxruntime/ir2onnx.py (--f32: FP16 weights
// become f32) into a temporary folder when the program starts. Run interleaved, several repetitions:
//   <build>/bin/devmux_onnx_benchmarks --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>

#include "openvino/openvino.hpp"

namespace {
namespace fs = std::filesystem;

std::string models_dir() {
    const char* env = std::getenv("DEVMUX_MODELS_DIR");
    return env && *env ? env : DEVMUX_MODELS_DIR;
}

std::string squeezenet_ir() {
    return models_dir() + "/squeezenet1.1-ir11/squeezenet1.1.xml";
}

// The translated file lives in a folder of its own, removed when the program ends.
class TranslatedOnnx {
public:
    TranslatedOnnx() {
        std::string pattern = (fs::temp_directory_path() / "devmux-onnx-bench-XXXXXX").string();
        if (!mkdtemp(pattern.data()))
            throw std::runtime_error("cannot create a temporary folder");
        dir_ = pattern;
        path_ = (dir_ / "squeezenet1.1.onnx").string();
        const std::string translator = models_dir() + "/../peers/onnxruntime/ir2onnx.py";
        const std::string command =
            "/usr/bin/python3 '" + translator + "' '" + squeezenet_ir() + "' '" + path_ + "' --f32 >/dev/null";
        if (std::system(command.c_str()) != 0 || !fs::exists(path_))
            error_ = "translating SqueezeNet to ONNX failed: " + command;
    }
    ~TranslatedOnnx() {
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }
    const std::string& path() const {
        if (!error_.empty())
            throw std::runtime_error(error_);
        return path_;
    }

private:
    fs::path dir_;
    std::string path_, error_;
};

const std::string& model_path(bool onnx) {
    static const TranslatedOnnx translated;
    static const std::string ir = squeezenet_ir();
    return onnx ? translated.path() : ir;
}

// Seeded pixel-like values, the same for both files.
ov::Tensor random_input(const ov::Output<const ov::Node>& input) {
    ov::Tensor tensor(input.get_element_type(), input.get_shape());
    std::mt19937 generator(7);
    std::uniform_real_distribution<float> pixel(0.0f, 255.0f);
    auto* data = tensor.data<float>();
    for (size_t i = 0; i < tensor.get_size(); ++i)
        data[i] = pixel(generator);
    return tensor;
}

void BM_ReadModel(benchmark::State& state, bool onnx) {
    try {
        ov::Core core;
        const std::string& path = model_path(onnx);
        core.read_model(path);  // warms the file cache and loads the frontend outside the measurement
        for (auto _ : state) {
            auto model = core.read_model(path);
            benchmark::DoNotOptimize(model.get());
        }
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

// `threads` inference threads (ov::inference_num_threads): 1 is the steadier figure on a busy machine.
void BM_CompileAndFirstInfer(benchmark::State& state, bool onnx, int threads) {
    try {
        ov::Core core;
        const auto model = core.read_model(model_path(onnx));
        const auto input = random_input(std::const_pointer_cast<const ov::Model>(model)->input());
        const ov::AnyMap config{ov::inference_num_threads(threads)};
        core.compile_model(model, "CPU", config);  // loads the plugin outside the measurement
        for (auto _ : state) {
            ov::CompiledModel compiled = core.compile_model(model, "CPU", config);
            ov::InferRequest request = compiled.create_infer_request();
            request.set_input_tensor(input);
            request.infer();
            benchmark::DoNotOptimize(request.get_output_tensor().data());
        }
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

void BM_Infer(benchmark::State& state, bool onnx, int threads) {
    try {
        ov::Core core;
        ov::CompiledModel compiled =
            core.compile_model(core.read_model(model_path(onnx)), "CPU", ov::inference_num_threads(threads));
        ov::InferRequest request = compiled.create_infer_request();
        request.set_input_tensor(random_input(compiled.input()));
        request.infer();  // warm-up outside the measurement
        for (auto _ : state)
            request.infer();
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

}  // namespace

BENCHMARK_CAPTURE(BM_ReadModel, IR, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_ReadModel, ONNX, true)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CompileAndFirstInfer, IR_1thread, false, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CompileAndFirstInfer, ONNX_1thread, true, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CompileAndFirstInfer, IR_2threads, false, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_CompileAndFirstInfer, ONNX_2threads, true, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_Infer, IR_1thread, false, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_Infer, ONNX_1thread, true, 1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_Infer, IR_2threads, false, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_Infer, ONNX_2threads, true, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
