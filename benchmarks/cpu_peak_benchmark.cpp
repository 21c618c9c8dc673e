// SPDX-License-Identifier: Apache-2.0
// This machine's f32 limit on the CPU: GEMM and convolution GFLOP/s through oneDNN, and the plugin's own
// sgemm on the same shapes, on 1 and 2 threads. A model's GFLOP/s on the CPU plugin reads against these
// (docs/measurements/cpu.md). Each figure is a "GFLOPs" rate counter (2*M*N*K, or 2*N*OC*OH*OW*IC*KH*KW, per iteration).
#include <benchmark/benchmark.h>
#include <omp.h>

#include <oneapi/dnnl/dnnl.hpp>
#include <random>
#include <vector>

#include "kernels/gemm.hpp"

namespace {

std::vector<float> random_values(size_t count, unsigned seed) {
    std::vector<float> values(count);
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> uniform(-1.f, 1.f);
    for (auto& v : values)
        v = uniform(generator);
    return values;
}

void set_gflops(benchmark::State& state, double flops_per_iteration) {
    // kIsRate divides by seconds; 1e9 below makes it GFLOP/s.
    state.counters["GFLOPs"] = benchmark::Counter(flops_per_iteration / 1e9, benchmark::Counter::kIsIterationInvariantRate);
}

// Square C = A * B through oneDNN's sgemm (its JIT kernels for this CPU). Args: size, threads.
void BM_DnnlSgemm(benchmark::State& state) {
    const auto n = static_cast<dnnl_dim_t>(state.range(0));
    omp_set_num_threads(static_cast<int>(state.range(1)));
    const auto a = random_values(n * n, 1), b = random_values(n * n, 2);
    std::vector<float> c(n * n);
    for (auto _ : state) {
        if (dnnl_sgemm('N', 'N', n, n, n, 1.f, a.data(), n, b.data(), n, 0.f, c.data(), n) != dnnl_success)
            state.SkipWithError("dnnl_sgemm failed");
        benchmark::DoNotOptimize(c.data());
    }
    set_gflops(state, 2.0 * n * n * n);
}

// The same shapes through the plugin's register-blocked sgemm (backends/cpu/kernels/gemm.cpp), whose loops
// run on OpenMP teams of omp_set_num_threads like the plugin's requests.
void BM_PluginSgemm(benchmark::State& state) {
    const auto n = static_cast<size_t>(state.range(0));
    omp_set_num_threads(static_cast<int>(state.range(1)));
    devmux::kit::ThreadPool pool(1);  // only marks the call as parallel; OpenMP provides the team
    const auto a = random_values(n * n, 1), b = random_values(n * n, 2);
    std::vector<float> c(n * n);
    for (auto _ : state) {
        devmux::cpu::sgemm(&pool, n, n, n, a.data(), n, b.data(), n, c.data(), n);
        benchmark::DoNotOptimize(c.data());
    }
    state.SetLabel(devmux::cpu::sgemm_isa());
    set_gflops(state, 2.0 * n * n * n);
}

// C[M,N] = A[M,K] * B[K,N] on the shapes of models' MatMuls and fully connected layers, oneDNN's sgemm
// (Args: M, N, K, threads, 1) against the plugin's (the same, 0): whether MatMul should go to oneDNN.
void BM_MatMulShape(benchmark::State& state) {
    const auto m = static_cast<size_t>(state.range(0)), n = static_cast<size_t>(state.range(1)),
               k = static_cast<size_t>(state.range(2));
    omp_set_num_threads(static_cast<int>(state.range(3)));
    const bool dnnl = state.range(4) != 0;
    devmux::kit::ThreadPool pool(1);
    const auto a = random_values(m * k, 1), b = random_values(k * n, 2);
    std::vector<float> c(m * n);
    for (auto _ : state) {
        if (dnnl)
            dnnl_sgemm('N', 'N', static_cast<dnnl_dim_t>(m), static_cast<dnnl_dim_t>(n), static_cast<dnnl_dim_t>(k), 1.f,
                       a.data(), static_cast<dnnl_dim_t>(k), b.data(), static_cast<dnnl_dim_t>(n), 0.f, c.data(),
                       static_cast<dnnl_dim_t>(n));
        else
            devmux::cpu::sgemm(&pool, m, n, k, a.data(), k, b.data(), n, c.data(), n);
        benchmark::DoNotOptimize(c.data());
    }
    state.SetLabel(dnnl ? "dnnl_sgemm" : "plugin_sgemm");
    set_gflops(state, 2.0 * m * n * k);
}

void matmul_shape_args(benchmark::internal::Benchmark* b) {
    // {M, N, K}: fully connected at batch 1 (vehicle-attributes' heads, a classifier), small and medium
    // batched MatMuls.
    const int shapes[][3] = {{1, 1000, 1024}, {1, 128, 512}, {8, 256, 256}, {16, 64, 64}, {64, 64, 64}, {196, 256, 256}};
    for (int threads : {1, 2})
        for (const auto& s : shapes)
            for (int dnnl : {0, 1})
                b->Args({s[0], s[1], s[2], threads, dnnl});
}

// A oneDNN forward convolution, batch 1, stride 1, "same" padding, in the layouts it prefers (the plugin's
// situation once activations stay blocked). Args: channels in and out, spatial size, kernel size, threads.
void BM_DnnlConvolution(benchmark::State& state) {
    using dnnl::memory;
    const memory::dim ic = state.range(0), oc = state.range(1), hw = state.range(2), k = state.range(3);
    omp_set_num_threads(static_cast<int>(state.range(4)));
    const memory::dim pad = k / 2;
    dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    dnnl::stream stream(engine);
    // layout 0: the one oneDNN picks (channels-last brgconv on AVX-512); 1: channel-blocked (nChw16c), as the
    // CPU plugin keeps values between MaxPool, Concat and convolutions.
    const auto data_tag = state.range(5) ? memory::format_tag::nChw16c : memory::format_tag::any;
    const memory::desc src_any({1, ic, hw, hw}, memory::data_type::f32, data_tag);
    const memory::desc weights_any({oc, ic, k, k}, memory::data_type::f32, memory::format_tag::any);
    const memory::desc dst_any({1, oc, hw, hw}, memory::data_type::f32, data_tag);
    const dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
                                               src_any, weights_any, dst_any, {1, 1}, {pad, pad}, {pad, pad});
    const dnnl::convolution_forward::primitive_desc pd(desc, engine);
    memory src(pd.src_desc(), engine), weights(pd.weights_desc(), engine), dst(pd.dst_desc(), engine);
    // Seeded values in every buffer (the blocked layouts' padding included, which the primitive ignores).
    for (auto* m : {&src, &weights}) {
        const auto values = random_values(m->get_desc().get_size() / sizeof(float), 3);
        std::copy(values.begin(), values.end(), static_cast<float*>(m->get_data_handle()));
    }
    dnnl::convolution_forward conv(pd);
    for (auto _ : state) {
        conv.execute(stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}});
        stream.wait();
    }
    state.SetLabel(pd.impl_info_str());
    set_gflops(state, 2.0 * oc * hw * hw * ic * k * k);
}

void gemm_args(benchmark::internal::Benchmark* b) {
    for (int threads : {1, 2})
        for (int n : {256, 512, 1024})
            b->Args({n, threads});
}

void conv_args(benchmark::internal::Benchmark* b) {
    for (int blocked : {0, 1})
        for (int threads : {1, 2}) {
            b->Args({64, 64, 56, 3, threads, blocked});   // a ResNet stage-1 3x3
            b->Args({256, 64, 56, 1, threads, blocked});  // a 1x1 bottleneck
            b->Args({64, 256, 56, 1, threads, blocked});  // a 1x1 expansion (SqueezeNet's fire modules are of this kind)
        }
}

BENCHMARK(BM_DnnlSgemm)->Apply(gemm_args)->ArgNames({"n", "threads"})->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PluginSgemm)->Apply(gemm_args)->ArgNames({"n", "threads"})->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MatMulShape)
    ->Apply(matmul_shape_args)
    ->ArgNames({"m", "n", "k", "threads", "dnnl"})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DnnlConvolution)
    ->Apply(conv_args)
    ->ArgNames({"ic", "oc", "hw", "k", "threads", "blocked"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
