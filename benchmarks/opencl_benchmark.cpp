// SPDX-License-Identifier: Apache-2.0
// OPENCL against CPU in one run (issue 8 §6), on whatever OpenCL device is first (PoCL in CI, admitted with
// OPENCL_DEVICE_TYPES=GPU,ACCELERATOR,CPU):
//   Models/<name>       one inference on CPU and one on OPENCL per iteration:
//                       cpu_ms, opencl_ms (means per inference) and ratio = opencl_ms / cpu_ms
//   Gemm/<n>            an n x n x n MatMul on each device: cpu_gflops, opencl_gflops
//   Convolution/<c>     a 3x3 convolution of c channels on 56x56: cpu_gflops, opencl_gflops
//   GemmVsClblast/<n>   an n x n x n MatMul on OPENCL (device tensors in and out, so only the kernel and the
//                       request's overhead count) and CLBlast's sgemm on the same buffers of the same
//                       cl_context: plugin_gflops, clblast_gflops, ratio = plugin / clblast, max_rel_diff
//                       between the two results (built when CLBlast is installed)
//   ColdStart/<cache>   a new process (opencl_cache_probe) compiling and running a small model on OPENCL, with
//                       an empty ov::cache_dir (and an empty PoCL kernel cache) or a filled one: ms per start
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include <unistd.h>

#ifdef DEVMUX_HAVE_CLBLAST
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <clblast_c.h>

#include <algorithm>
#include <cmath>
#endif

#include "openvino/op/ops.hpp"
#include "openvino/openvino.hpp"

namespace {

using Clock = std::chrono::steady_clock;

std::string models_dir() {
    const char* env = std::getenv("DEVMUX_MODELS_DIR");
    return env && *env ? env : DEVMUX_MODELS_DIR;
}

ov::Core& core() {
    static ov::Core* instance = [] {
        auto* c = new ov::Core();
        c->set_property("OPENCL", {{"OPENCL_DEVICE_TYPES", "GPU,ACCELERATOR,CPU"}});
        return c;
    }();
    return *instance;
}

void fill(ov::Tensor& tensor, unsigned seed) {
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    for (size_t i = 0; i < tensor.get_size(); ++i)
        tensor.data<float>()[i] = value(generator);
}

ov::InferRequest request_for(const std::shared_ptr<ov::Model>& model, const std::string& device) {
    auto request = core().compile_model(model, device).create_infer_request();
    unsigned seed = 1;
    for (const auto& input : request.get_compiled_model().inputs()) {
        ov::Tensor tensor(ov::element::f32, input.get_shape());
        fill(tensor, seed++);
        request.set_tensor(input, tensor);
    }
    request.infer();  // warm: first-run binding and PoCL's per-local-size compiles
    return request;
}

double ms_to_run(ov::InferRequest& request) {
    const auto start = Clock::now();
    request.infer();
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void compare(benchmark::State& state, const std::shared_ptr<ov::Model>& model, double flops) {
    auto cpu = request_for(model, "CPU");
    auto opencl = request_for(model, "OPENCL");
    double cpu_ms = 0.0, opencl_ms = 0.0;
    for (auto _ : state) {
        cpu_ms += ms_to_run(cpu);
        const double ms = ms_to_run(opencl);
        opencl_ms += ms;
        state.SetIterationTime(ms / 1000.0);
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["cpu_ms"] = cpu_ms / n;
    state.counters["opencl_ms"] = opencl_ms / n;
    state.counters["ratio"] = opencl_ms / cpu_ms;
    if (flops > 0) {
        state.counters["cpu_gflops"] = flops * n / (cpu_ms * 1e6);
        state.counters["opencl_gflops"] = flops * n / (opencl_ms * 1e6);
    }
}

void Models(benchmark::State& state, const std::string& xml) { compare(state, core().read_model(models_dir() + "/" + xml), 0); }

void Gemm(benchmark::State& state) {
    const size_t n = static_cast<size_t>(state.range(0));
    auto a = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{n, n});
    ov::Tensor weights(ov::element::f32, ov::Shape{n, n});
    fill(weights, 5);
    auto b = std::make_shared<ov::op::v0::Constant>(weights);
    auto mm = std::make_shared<ov::op::v0::MatMul>(a, b);
    compare(state, std::make_shared<ov::Model>(ov::OutputVector{mm}, ov::ParameterVector{a}),
            2.0 * static_cast<double>(n * n * n));
}

void Convolution(benchmark::State& state) {
    const size_t c = static_cast<size_t>(state.range(0)), hw = 56;
    auto x = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::Shape{1, c, hw, hw});
    ov::Tensor weights(ov::element::f32, ov::Shape{c, c, 3, 3});
    fill(weights, 6);
    auto conv = std::make_shared<ov::op::v1::Convolution>(x, std::make_shared<ov::op::v0::Constant>(weights),
                                                          ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    compare(state, std::make_shared<ov::Model>(ov::OutputVector{conv}, ov::ParameterVector{x}),
            2.0 * static_cast<double>(c * c * 9 * hw * hw));
}

#ifdef DEVMUX_HAVE_CLBLAST
template <typename Handle>
Handle handle_of(const ov::AnyMap& params, const char* key) {
    return reinterpret_cast<Handle>(params.at(key).as<uint64_t>());
}

void GemmVsClblast(benchmark::State& state) {
    const size_t n = static_cast<size_t>(state.range(0));
    const ov::Shape square{n, n};
    auto a = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, square);
    ov::Tensor weights(ov::element::f32, square), input(ov::element::f32, square);
    fill(weights, 5);
    fill(input, 7);
    auto mm = std::make_shared<ov::op::v0::MatMul>(a, std::make_shared<ov::op::v0::Constant>(weights));
    auto compiled = core().compile_model(std::make_shared<ov::Model>(ov::OutputVector{mm}, ov::ParameterVector{a}),
                                         "OPENCL");
    // Device tensors of the compiled model's context: CLBlast reads and writes the same kind of cl_mem, in
    // the same cl_context, on a queue of its own.
    ov::RemoteContext context = compiled.get_context();
    ov::RemoteTensor a_dev = context.create_tensor(ov::element::f32, square);
    ov::RemoteTensor b_dev = context.create_tensor(ov::element::f32, square);
    ov::RemoteTensor plugin_c = context.create_tensor(ov::element::f32, square);
    ov::RemoteTensor clblast_c = context.create_tensor(ov::element::f32, square);
    a_dev.copy_from(input);
    b_dev.copy_from(weights);
    auto request = compiled.create_infer_request();
    request.set_input_tensor(a_dev);
    request.set_output_tensor(plugin_c);

    const auto cl = context.get_params();
    auto cl_ctx = handle_of<cl_context>(cl, "OCL_CONTEXT");
    cl_device_id device = nullptr;
    clGetContextInfo(cl_ctx, CL_CONTEXT_DEVICES, sizeof(device), &device, nullptr);
    cl_int status = CL_SUCCESS;
    cl_command_queue queue = clCreateCommandQueue(cl_ctx, device, 0, &status);
    if (status != CL_SUCCESS) {
        state.SkipWithError("clCreateCommandQueue failed");
        return;
    }
    const cl_mem a_mem = handle_of<cl_mem>(a_dev.get_params(), "OCL_BUFFER");
    const cl_mem b_mem = handle_of<cl_mem>(b_dev.get_params(), "OCL_BUFFER");
    const cl_mem c_mem = handle_of<cl_mem>(clblast_c.get_params(), "OCL_BUFFER");
    auto sgemm = [&] {
        const CLBlastStatusCode code =
            CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo, n, n, n, 1.0f, a_mem, 0, n,
                         b_mem, 0, n, 0.0f, c_mem, 0, n, &queue, nullptr);
        clFinish(queue);
        return code == CLBlastSuccess;
    };
    // Warm both: the plugin's first-run binding, CLBlast's kernel compile for this device.
    request.infer();
    if (!sgemm()) {
        state.SkipWithError("CLBlastSgemm failed");
        clReleaseCommandQueue(queue);
        return;
    }
    double plugin_ms = 0.0, clblast_ms = 0.0;
    for (auto _ : state) {
        const double ms = ms_to_run(request);
        plugin_ms += ms;
        const auto start = Clock::now();
        sgemm();
        clblast_ms += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        state.SetIterationTime(ms / 1000.0);
    }
    clReleaseCommandQueue(queue);
    ov::Tensor ours(ov::element::f32, square), theirs(ov::element::f32, square);
    plugin_c.copy_to(ours);
    clblast_c.copy_to(theirs);
    float scale = 1e-6f, diff = 0.0f;
    for (size_t i = 0; i < ours.get_size(); ++i) {
        scale = std::max(scale, std::fabs(theirs.data<float>()[i]));
        diff = std::max(diff, std::fabs(ours.data<float>()[i] - theirs.data<float>()[i]));
    }
    const double iterations = static_cast<double>(state.iterations());
    const double flops = 2.0 * static_cast<double>(n * n * n);
    state.counters["plugin_gflops"] = flops * iterations / (plugin_ms * 1e6);
    state.counters["clblast_gflops"] = flops * iterations / (clblast_ms * 1e6);
    state.counters["ratio"] = clblast_ms / plugin_ms;
    state.counters["max_rel_diff"] = diff / scale;
    state.counters["max_abs_value"] = scale;  // the results are not all zeros
}
#endif

void ColdStart(benchmark::State& state) {
    const bool filled = state.range(0) != 0;
    const auto root = std::filesystem::temp_directory_path() / ("devmux_opencl_cold_" + std::to_string(::getpid()));
    double total_ms = 0.0;
    int run = 0;
    for (auto _ : state) {
        // Empty: fresh folders for both caches (ours and the driver's: PoCL's, or NVIDIA's compute cache), so
        // the driver compiles from source too.
        const auto dir = root / (filled ? std::string("filled") : "empty" + std::to_string(run++));
        const std::string command = "POCL_CACHE_DIR=" + (dir / "pocl").string() + " CUDA_CACHE_PATH=" +
                                    (dir / "nvidia").string() + " " + DEVMUX_CACHE_PROBE + " " +
                                    (dir / "devmux").string() + " > /dev/null";
        if (filled && run++ == 0)
            std::system(command.c_str());  // fills both caches once, not timed
        const auto start = Clock::now();
        if (std::system(command.c_str()) != 0)
            state.SkipWithError("opencl_cache_probe failed");
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        total_ms += ms;
        state.SetIterationTime(ms / 1000.0);
    }
    state.counters["start_ms"] = total_ms / static_cast<double>(state.iterations());
    std::error_code ignored;
    std::filesystem::remove_all(root, ignored);
}

BENCHMARK_CAPTURE(Models, squeezenet1_1, std::string("squeezenet1.1-ir11/squeezenet1.1.xml"))
    ->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK_CAPTURE(Models, vehicle_attributes_0039,
                  std::string("vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml"))
    ->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(Models, landmarks_0009, std::string("landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml"))
    ->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(Models, head_pose_0001, std::string("head-pose-estimation-adas-0001/FP16/head-pose-estimation-adas-0001.xml"))
    ->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(Models, gaze_0002, std::string("gaze-estimation-adas-0002/FP16/gaze-estimation-adas-0002.xml"))
    ->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(Gemm)->Arg(256)->Arg(512)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(1.0);
#ifdef DEVMUX_HAVE_CLBLAST
BENCHMARK(GemmVsClblast)->Arg(256)->Arg(512)->Arg(1024)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(1.0);
#endif
BENCHMARK(Convolution)->Arg(64)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(ColdStart)->Arg(0)->Arg(1)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
