// SPDX-License-Identifier: Apache-2.0
// A test executable of its own, because it replaces the global operator new to count allocations:
// after its first run, an inference allocates nothing (kernels get pre-bound tensors and scratch).
// The one exception is inside oneDNN: its primitive execute (the C API too) builds a map of the
// arguments per call, a handful of small allocations the public API cannot avoid. Models whose steps run
// on oneDNN are allowed that many per oneDNN step, and no more; the models below that run only
// hand-written kernels are held to zero.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "openvino/op/matmul.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "compiled_model.hpp"
#include "test_utils.hpp"

namespace {
std::atomic<bool> g_counting{false};
std::atomic<size_t> g_allocations{0};

void* counted_alloc(std::size_t size) {
    if (g_counting.load(std::memory_order_relaxed))
        g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) { return counted_alloc(size); }
void* operator new[](std::size_t size) { return counted_alloc(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace {

using namespace cpu_test;

size_t allocations_during(const std::function<void()>& f) {
    g_allocations = 0;
    g_counting = true;
    f();
    g_counting = false;
    return g_allocations.load();
}

// Convolution -> depthwise GroupConvolution -> Reshape (in place) -> MatMul: every step an optimised
// kernel or a view, on a pool of several threads.
std::shared_ptr<ov::Model> conv_fc_model() {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1, 3, 16, 16});
    auto w1 = std::make_shared<ov::op::v0::Constant>(random_tensor({8, 3, 3, 3}, 1));
    auto conv = std::make_shared<ov::op::v1::Convolution>(input, w1, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto w2 = std::make_shared<ov::op::v0::Constant>(random_tensor({8, 1, 1, 3, 3}, 2));
    auto dw = std::make_shared<ov::op::v1::GroupConvolution>(conv, w2, ov::Strides{2, 2}, ov::CoordinateDiff{1, 1},
                                                             ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    auto shape = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2}, {1, 8 * 8 * 8});
    auto flat = std::make_shared<ov::op::v1::Reshape>(dw, shape, false);
    auto w3 = std::make_shared<ov::op::v0::Constant>(random_tensor({10, 512}, 3));
    auto fc = std::make_shared<ov::op::v0::MatMul>(flat, w3, false, true);
    return std::make_shared<ov::Model>(ov::OutputVector{fc}, ov::ParameterVector{input}, "conv_fc");
}

// Per oneDNN step: a reorder in, the primitive, a reorder out, each allocating oneDNN's argument map
// (8 allocations per call in oneDNN 2.6).
constexpr size_t dnnl_allocations_per_step = 3 * 10;

size_t dnnl_allowance(const std::shared_ptr<devmux::ICompiledModel>& compiled) {
    const auto& plan = std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->plan();
    size_t steps = 0;
    for (const auto& step : plan.steps)
        steps += step.kernel->name().rfind("dnnl_", 0) == 0 ? 1 : 0;
    return steps * dnnl_allocations_per_step;
}

TEST(CpuAllocations, TheCounterSeesAllocations) {
    // Guards the tests below against a counter that never counts.
    EXPECT_GT(allocations_during([] { make_plugin()->compile_model(conv_fc_model(), {}); }), 0u);
}

TEST(CpuAllocations, InferAllocatesNothingAfterTheFirstRun) {
    auto compiled = make_plugin()->compile_model(conv_fc_model(), {ov::inference_num_threads(3)});
    auto request = compiled->create_sync_infer_request();
    request->set_tensor(compiled->inputs()[0], random_tensor({1, 3, 16, 16}, 9));
    request->infer();
    EXPECT_EQ(allocations_during([&] {
                  request->infer();
                  request->infer();
              }),
              0u);
}

TEST(CpuAllocations, SqueezeNetInferAllocatesNothingAfterTheFirstRun) {
    // Every SqueezeNet op but Softmax has an optimised kernel; Softmax's reference allocates nothing
    // for f32 either.
    auto compiled = make_plugin()->compile_model(read_model("squeezenet1.1-ir11/squeezenet1.1.xml"), {});
    auto request = compiled->create_sync_infer_request();
    request->infer();
    EXPECT_LE(allocations_during([&] { request->infer(); }), dnnl_allowance(compiled));
}

TEST(CpuAllocations, SharedModelsInferAllocateNothingAfterTheFirstRun) {
    // Ops without an optimised kernel run the kit's reference kernel (their evaluate(): PRelu in
    // landmarks, FakeQuantize in the INT8 gaze model); that must not allocate per inference either.
    for (const char* xml : {"vehicle-attributes-recognition-barrier-0039/vehicle-attributes-recognition-barrier-0039.xml",
                            "landmarks-regression-retail-0009/FP32/landmarks-regression-retail-0009.xml",
                            "landmarks-regression-retail-0009/FP16/landmarks-regression-retail-0009.xml",
                            "gaze-estimation-adas-0002/FP16-INT8/gaze-estimation-adas-0002.xml"}) {
        auto compiled = make_plugin()->compile_model(read_model(xml), {ov::inference_num_threads(2)});
        auto request = compiled->create_sync_infer_request();
        request->infer();
        EXPECT_LE(allocations_during([&] { request->infer(); }), dnnl_allowance(compiled)) << xml;
    }
}

TEST(CpuAllocations, ProfilingAllocatesNothingEither) {
    auto compiled = make_plugin()->compile_model(conv_fc_model(), {ov::enable_profiling(true)});
    auto request = compiled->create_sync_infer_request();
    request->infer();
    EXPECT_EQ(allocations_during([&] { request->infer(); }), 0u);
}

}  // namespace
