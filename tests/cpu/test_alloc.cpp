// SPDX-License-Identifier: Apache-2.0
// A test executable of its own, because it replaces the global operator new to count allocations:
// after its first run, an inference allocates nothing (kernels get pre-bound tensors and scratch).
// The one exception is inside oneDNN: its primitive execute (the C API too) builds a map of the
// arguments per call, a handful of small allocations the public API cannot avoid. Models whose steps run
// on oneDNN are allowed that many per oneDNN step, and no more; the models below that run only
// hand-written kernels are held to zero.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <new>

#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "openvino/op/matmul.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "common/counting_new.hpp"
#include "compiled_model.hpp"
#include "test_utils.hpp"


namespace {

using namespace cpu_test;

using devmux_test::allocations_during;

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

// Stores each pointer where the compiler must assume it is read, so that no new/delete pair is elided.
void* volatile g_escaped = nullptr;
template <typename T>
T* escape(T* p) {
    g_escaped = p;
    return p;
}

TEST(CpuAllocations, EveryFormOfNewIsCountedAndFreedByItsOwnDelete) {
    // Each form is replaced: under AddressSanitizer a form left to the sanitizer would allocate in its
    // heap and be freed by the replaced delete (alloc-dealloc-mismatch), and it would go uncounted.
    struct alignas(64) Wide {
        float lanes[16];
    };
    std::uintptr_t misaligned = 0;
    EXPECT_EQ(allocations_during([&] {
                  delete escape(new int(1));
                  delete[] escape(new int[3]);
                  delete escape(new (std::nothrow) int(2));
                  delete[] escape(new (std::nothrow) int[4]);
                  ::operator delete(escape(::operator new(8, std::nothrow)), std::nothrow);
                  ::operator delete[](escape(::operator new[](8, std::nothrow)), std::nothrow);
                  Wide* wide = escape(new Wide());
                  misaligned |= reinterpret_cast<std::uintptr_t>(wide) % 64;
                  delete wide;
                  delete[] escape(new Wide[2]);
                  delete escape(new (std::nothrow) Wide());
                  ::operator delete(escape(::operator new(100, std::align_val_t{128})), std::align_val_t{128});
              }),
              10u);
    EXPECT_EQ(misaligned, 0u);
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

// A model of dynamic shapes given the shapes of the inference before runs the plan made for them and
// allocates nothing either: not its key (the shapes it looks the plan up by), not its outputs.
TEST(CpuAllocations, ADynamicModelAtUnchangedShapesAllocatesNothing) {
    auto input = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, ov::PartialShape{1, -1});
    auto scale = std::make_shared<ov::op::v0::Constant>(random_tensor({1, 1}, 4));
    auto relu = std::make_shared<ov::op::v0::Relu>(std::make_shared<ov::op::v1::Multiply>(input, scale));
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{input}, "dynamic_scale");
    auto compiled = make_plugin()->compile_model(model, {ov::inference_num_threads(2)});
    ASSERT_TRUE(std::dynamic_pointer_cast<devmux::cpu::CompiledModel>(compiled)->dynamic_plan());
    auto request = compiled->create_sync_infer_request();
    request->set_tensor(compiled->inputs()[0], random_tensor({1, 64}, 5));
    request->infer();
    EXPECT_EQ(allocations_during([&] {
                  request->infer();
                  request->infer();
              }),
              0u);
}

TEST(CpuAllocations, ProfilingAllocatesNothingEither) {
    auto compiled = make_plugin()->compile_model(conv_fc_model(), {ov::enable_profiling(true)});
    auto request = compiled->create_sync_infer_request();
    request->infer();
    EXPECT_EQ(allocations_during([&] { request->infer(); }), 0u);
}

}  // namespace
