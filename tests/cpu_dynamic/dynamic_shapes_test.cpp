// SPDX-License-Identifier: Apache-2.0
// The CPU plugin on models whose shapes are not all static (kit::DynamicReferencePlan): dynamic input
// dimensions and data-dependent output shapes, reached through ov::Core as an application does; the plans
// compiled per input shape (and per value of an input that decides an If, as in Silero VAD). Each
// result is checked against a computation in the test or against the static compile of the same model
// with its shapes fixed.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

#include <dlfcn.h>

#include "openvino/op/assign.hpp"
#include "openvino/op/equal.hpp"
#include "openvino/op/if.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/interpolate.hpp"
#include "openvino/op/non_zero.hpp"
#include "openvino/op/parameter.hpp"
#include "openvino/op/range.hpp"
#include "openvino/op/read_value.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/result.hpp"
#include "openvino/op/topk.hpp"
#include "openvino/op/add.hpp"
#include "devmux/kit/dynamic_executor.hpp"
#include "openvino/op/util/variable.hpp"
#include "openvino/openvino.hpp"

namespace {

using ::testing::HasSubstr;

std::vector<float> random_floats(size_t count, unsigned seed, float lo = -1.0f, float hi = 1.0f) {
    std::mt19937 engine(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    std::vector<float> values(count);
    for (auto& v : values)
        v = dist(engine);
    return values;
}

ov::Tensor f32_tensor(const ov::Shape& shape, const std::vector<float>& values) {
    ov::Tensor tensor(ov::element::f32, shape);
    EXPECT_EQ(values.size(), tensor.get_size());
    std::copy(values.begin(), values.end(), tensor.data<float>());
    return tensor;
}

ov::Tensor random_tensor(const ov::Shape& shape, unsigned seed) {
    return f32_tensor(shape, random_floats(ov::shape_size(shape), seed));
}

template <typename T>
ov::Tensor scalar_or_vector(const ov::element::Type& type, const ov::Shape& shape, const std::vector<T>& values) {
    ov::Tensor tensor(type, shape);
    std::copy(values.begin(), values.end(), tensor.data<T>());
    return tensor;
}

std::vector<float> floats_of(const ov::Tensor& tensor) {
    const float* data = tensor.data<float>();
    return std::vector<float>(data, data + tensor.get_size());
}

template <typename T>
std::vector<T> values_of(const ov::Tensor& tensor) {
    const T* data = tensor.data<T>();
    return std::vector<T>(data, data + tensor.get_size());
}

void expect_close(const std::vector<float>& actual, const std::vector<float>& expected, float tolerance = 1e-4f) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
        ASSERT_NEAR(actual[i], expected[i], tolerance * std::max(1.0f, std::fabs(expected[i]))) << "element " << i;
}

std::string error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "(no exception)";
}

std::shared_ptr<ov::op::v0::Parameter> parameter(const ov::element::Type& type, const ov::PartialShape& shape,
                                                 const std::string& name) {
    auto node = std::make_shared<ov::op::v0::Parameter>(type, shape);
    node->set_friendly_name(name);
    node->output(0).set_names({name});
    return node;
}

// Convolution (3x3, pad 1, 3 -> 4 channels) + Relu on an input of shape `shape`.
std::shared_ptr<ov::Model> conv_relu_model(const ov::PartialShape& shape) {
    auto input = parameter(ov::element::f32, shape, "input");
    auto weights = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{4, 3, 3, 3}, random_floats(108, 11));
    auto conv = std::make_shared<ov::op::v1::Convolution>(input, weights, ov::Strides{1, 1}, ov::CoordinateDiff{1, 1},
                                                          ov::CoordinateDiff{1, 1}, ov::Strides{1, 1});
    conv->set_friendly_name("conv");
    auto relu = std::make_shared<ov::op::v0::Relu>(conv);
    relu->set_friendly_name("relu");
    auto result = std::make_shared<ov::op::v0::Result>(relu);
    return std::make_shared<ov::Model>(ov::ResultVector{result}, ov::ParameterVector{input}, "conv_relu");
}

TEST(CpuDynamicShapes, DynamicBatchConvolutionMatchesTheStaticCompile) {
    ov::Core core;
    auto compiled = core.compile_model(conv_relu_model(ov::PartialShape{-1, 3, -1, -1}), "CPU");
    EXPECT_TRUE(compiled.output().get_partial_shape().is_dynamic());
    auto request = compiled.create_infer_request();
    unsigned seed = 100;
    for (const ov::Shape& shape : {ov::Shape{1, 3, 8, 8}, ov::Shape{3, 3, 6, 10}, ov::Shape{2, 3, 8, 8}}) {
        const auto input = random_tensor(shape, ++seed);
        request.set_input_tensor(input);
        request.infer();
        const auto output = request.get_output_tensor();
        EXPECT_EQ(output.get_shape(), (ov::Shape{shape[0], 4, shape[2], shape[3]}));

        auto fixed = core.compile_model(conv_relu_model(shape), "CPU");
        auto fixed_request = fixed.create_infer_request();
        fixed_request.set_input_tensor(input);
        fixed_request.infer();
        expect_close(floats_of(output), floats_of(fixed_request.get_output_tensor()));
    }
}

TEST(CpuDynamicShapes, RequestsOnSeveralThreadsAtDifferentBatches) {
    ov::Core core;
    auto compiled = core.compile_model(conv_relu_model(ov::PartialShape{-1, 3, 5, 5}), "CPU");
    auto fixed1 = core.compile_model(conv_relu_model(ov::PartialShape{1, 3, 5, 5}), "CPU");
    auto fixed4 = core.compile_model(conv_relu_model(ov::PartialShape{4, 3, 5, 5}), "CPU");
    std::vector<std::string> failures(2);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < 2; ++t)
        threads.emplace_back([&, t] {
            const size_t batch = t == 0 ? 1 : 4;
            auto request = compiled.create_infer_request();
            auto fixed = (t == 0 ? fixed1 : fixed4).create_infer_request();
            for (unsigned run = 0; run < 5; ++run) {
                const auto input = random_tensor({batch, 3, 5, 5}, 300 + 10 * t + run);
                request.set_input_tensor(input);
                fixed.set_input_tensor(input);
                request.infer();
                fixed.infer();
                const auto a = floats_of(request.get_output_tensor());
                const auto b = floats_of(fixed.get_output_tensor());
                for (size_t i = 0; i < a.size(); ++i)
                    if (a.size() != b.size() || std::fabs(a[i] - b[i]) > 1e-4f * std::max(1.0f, std::fabs(b[i])))
                        failures[t] = "thread " + std::to_string(t) + " run " + std::to_string(run) + " differs";
            }
        });
    for (auto& thread : threads)
        thread.join();
    EXPECT_EQ(failures[0], "");
    EXPECT_EQ(failures[1], "");
}

TEST(CpuDynamicShapes, ReshapeToARuntimeShape) {
    auto data = parameter(ov::element::f32, ov::PartialShape{2, 3, 4}, "data");
    auto target = parameter(ov::element::i64, ov::PartialShape{2}, "target");
    auto reshape = std::make_shared<ov::op::v1::Reshape>(data, target, true);
    reshape->set_friendly_name("reshape");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{reshape}, ov::ParameterVector{data, target}, "reshape");
    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    const auto input = random_tensor({2, 3, 4}, 21);
    request.set_tensor("data", input);
    for (const auto& shape : std::vector<std::vector<int64_t>>{{4, 6}, {-1, 2}, {24, 0}}) {
        request.set_tensor("target", scalar_or_vector<int64_t>(ov::element::i64, {2}, shape));
        if (shape[1] == 0) {
            // 0 copies the input's dimension 1 (special_zero): [24, 3] cannot hold 24 elements.
            EXPECT_THAT(error_of([&] { request.infer(); }), HasSubstr("reshape"));
            continue;
        }
        request.infer();
        const auto output = request.get_output_tensor();
        const size_t rows = shape[0] == -1 ? 24 / shape[1] : shape[0];
        EXPECT_EQ(output.get_shape(), (ov::Shape{rows, static_cast<size_t>(shape[1])}));
        EXPECT_EQ(floats_of(output), floats_of(input));
    }
}

TEST(CpuDynamicShapes, NonZeroGivesTheCoordinatesOfTheNonZeros) {
    auto data = parameter(ov::element::f32, ov::PartialShape{3, 5}, "data");
    auto nonzero = std::make_shared<ov::op::v3::NonZero>(data, ov::element::i64);
    nonzero->set_friendly_name("nonzero");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{nonzero}, ov::ParameterVector{data}, "nonzero");
    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    for (unsigned seed : {31u, 32u}) {
        auto values = random_floats(15, seed);
        for (auto& v : values)
            if (v < 0.2f)
                v = 0.0f;  // about half the elements
        request.set_input_tensor(f32_tensor({3, 5}, values));
        request.infer();
        std::vector<int64_t> rows, cols;
        for (size_t i = 0; i < values.size(); ++i)
            if (values[i] != 0.0f) {
                rows.push_back(static_cast<int64_t>(i / 5));
                cols.push_back(static_cast<int64_t>(i % 5));
            }
        const auto output = request.get_output_tensor();
        ASSERT_EQ(output.get_shape(), (ov::Shape{2, rows.size()}));
        auto expected = rows;
        expected.insert(expected.end(), cols.begin(), cols.end());
        EXPECT_EQ(values_of<int64_t>(output), expected);
    }
}

TEST(CpuDynamicShapes, RangeWithRuntimeBounds) {
    auto start = parameter(ov::element::f32, ov::PartialShape{}, "start");
    auto stop = parameter(ov::element::f32, ov::PartialShape{}, "stop");
    auto step = parameter(ov::element::f32, ov::PartialShape{}, "step");
    auto range = std::make_shared<ov::op::v4::Range>(start, stop, step, ov::element::f32);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{range}, ov::ParameterVector{start, stop, step}, "range");
    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    for (const auto& bounds : std::vector<std::array<float, 3>>{{-1.5f, 4.0f, 0.5f}, {10.0f, 2.0f, -3.0f}}) {
        request.set_tensor("start", scalar_or_vector<float>(ov::element::f32, {}, {bounds[0]}));
        request.set_tensor("stop", scalar_or_vector<float>(ov::element::f32, {}, {bounds[1]}));
        request.set_tensor("step", scalar_or_vector<float>(ov::element::f32, {}, {bounds[2]}));
        request.infer();
        std::vector<float> expected;
        for (float v = bounds[0]; bounds[2] > 0 ? v < bounds[1] : v > bounds[1]; v += bounds[2])
            expected.push_back(v);
        const auto output = request.get_output_tensor();
        EXPECT_EQ(output.get_shape(), (ov::Shape{expected.size()}));
        expect_close(floats_of(output), expected);
    }
}

TEST(CpuDynamicShapes, TopKWithRuntimeK) {
    auto data = parameter(ov::element::f32, ov::PartialShape{2, 10}, "data");
    auto k = parameter(ov::element::i64, ov::PartialShape{}, "k");
    auto topk = std::make_shared<ov::op::v11::TopK>(data, k, 1, "max", "value", ov::element::i32);
    auto model =
        std::make_shared<ov::Model>(ov::OutputVector{topk->output(0), topk->output(1)}, ov::ParameterVector{data, k}, "topk");
    ov::Core core;
    auto compiled = core.compile_model(model, "CPU");
    auto request = compiled.create_infer_request();
    const auto values = random_floats(20, 41);
    request.set_tensor("data", f32_tensor({2, 10}, values));
    for (int64_t count : {3, 7}) {
        request.set_tensor("k", scalar_or_vector<int64_t>(ov::element::i64, {}, {count}));
        request.infer();
        const auto top = request.get_output_tensor(0);
        const auto index = request.get_output_tensor(1);
        ASSERT_EQ(top.get_shape(), (ov::Shape{2, static_cast<size_t>(count)}));
        ASSERT_EQ(index.get_shape(), (ov::Shape{2, static_cast<size_t>(count)}));
        std::vector<float> expected_top;
        std::vector<int32_t> expected_index;
        for (size_t row = 0; row < 2; ++row) {
            std::vector<int32_t> order(10);
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(),
                             [&](int32_t a, int32_t b) { return values[row * 10 + a] > values[row * 10 + b]; });
            for (int64_t i = 0; i < count; ++i) {
                expected_index.push_back(order[i]);
                expected_top.push_back(values[row * 10 + order[i]]);
            }
        }
        EXPECT_EQ(floats_of(top), expected_top);
        EXPECT_EQ(values_of<int32_t>(index), expected_index);
    }
}

std::shared_ptr<ov::Model> interpolate_model(const ov::PartialShape& shape, const ov::Output<ov::Node>& scales,
                                             const ov::ParameterVector& extra) {
    auto data = parameter(ov::element::f32, shape, "data");
    auto axes = ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2}, {2, 3});
    ov::op::v11::Interpolate::InterpolateAttrs attrs;
    attrs.mode = ov::op::v11::Interpolate::InterpolateMode::LINEAR_ONNX;
    attrs.shape_calculation_mode = ov::op::v11::Interpolate::ShapeCalcMode::SCALES;
    attrs.pads_begin = {0, 0, 0, 0};
    attrs.pads_end = {0, 0, 0, 0};
    auto resize = std::make_shared<ov::op::v11::Interpolate>(data, scales, axes, attrs);
    resize->set_friendly_name("resize");
    ov::ParameterVector parameters{data};
    parameters.insert(parameters.end(), extra.begin(), extra.end());
    return std::make_shared<ov::Model>(ov::OutputVector{resize}, parameters, "interpolate");
}

TEST(CpuDynamicShapes, InterpolateOfADynamicInputWithRuntimeScales) {
    auto scales = parameter(ov::element::f32, ov::PartialShape{2}, "scales");
    ov::Core core;
    auto compiled = core.compile_model(interpolate_model(ov::PartialShape{1, 2, -1, -1}, scales, {scales}), "CPU");
    auto request = compiled.create_infer_request();
    unsigned seed = 50;
    for (const auto& run : std::vector<std::pair<ov::Shape, std::vector<float>>>{{{1, 2, 4, 5}, {2.0f, 1.5f}},
                                                                                   {{1, 2, 6, 3}, {0.5f, 3.0f}}}) {
        const auto input = random_tensor(run.first, ++seed);
        request.set_tensor("data", input);
        request.set_tensor("scales", scalar_or_vector<float>(ov::element::f32, {2}, run.second));
        request.infer();
        const auto output = request.get_output_tensor();

        // The same resize with the shape fixed and the scales a Constant: a static compile.
        auto fixed_scales = ov::op::v0::Constant::create(ov::element::f32, ov::Shape{2}, run.second);
        auto fixed = core.compile_model(interpolate_model(run.first, fixed_scales, {}), "CPU").create_infer_request();
        fixed.set_tensor("data", input);
        fixed.infer();
        const auto expected = fixed.get_output_tensor();
        EXPECT_EQ(output.get_shape(), expected.get_shape());
        expect_close(floats_of(output), floats_of(expected));
    }
}

TEST(CpuDynamicShapes, AUserOutputTensorOfTheRightShapeIsWrittenInto) {
    ov::Core core;
    auto compiled = core.compile_model(conv_relu_model(ov::PartialShape{-1, 3, 4, 4}), "CPU");
    auto request = compiled.create_infer_request();
    EXPECT_FALSE(static_cast<bool>(request.get_output_tensor()));  // a dynamic output has no tensor before the first run
    ov::Tensor mine(ov::element::f32, {2, 4, 4, 4});
    request.set_output_tensor(mine);
    request.set_input_tensor(random_tensor({2, 3, 4, 4}, 61));
    request.infer();
    EXPECT_EQ(request.get_output_tensor().data(), mine.data());
    EXPECT_EQ(mine.get_shape(), (ov::Shape{2, 4, 4, 4}));
    const auto written = floats_of(mine);
    EXPECT_TRUE(std::any_of(written.begin(), written.end(), [](float v) { return v > 0.0f; }));
}

// Shapes that can be made static run a plan compiled for them: its records are the CPU kernels'.
TEST(CpuDynamicShapes, ProfilingReportsThePlanThatRan) {
    ov::Core core;
    auto model = conv_relu_model(ov::PartialShape{-1, 3, 4, 4});
    auto compiled = core.compile_model(model, "CPU", ov::enable_profiling(true));
    auto request = compiled.create_infer_request();
    request.set_input_tensor(random_tensor({1, 3, 4, 4}, 71));
    request.infer();
    bool saw_conv = false;
    for (const auto& record : request.get_profiling_info()) {
        EXPECT_NE(record.exec_type, "ref_dynamic") << record.node_name;
        if (record.node_name == "conv" && record.status == ov::ProfilingInfo::Status::EXECUTED)
            saw_conv = true;
    }
    EXPECT_TRUE(saw_conv);
}

// ---- per-shape plans: a shape (and the value of an input that decides an If) compiled once ----

// A count the CPU plugin keeps for tests, read from the plugin library the Core loaded (dlopen of the same
// path gives the same instance).
size_t cpu_plugin_count(const char* symbol) {
    void* library = dlopen(DEVMUX_BUILD_LIB_DIR "/libdevmux_cpu_plugin.so", RTLD_NOW | RTLD_NOLOAD);
    EXPECT_NE(library, nullptr) << "the CPU plugin is not loaded";
    if (!library)
        return 0;
    using Count = size_t (*)();
    auto count = reinterpret_cast<Count>(dlsym(library, symbol));
    EXPECT_NE(count, nullptr) << symbol;
    const size_t value = count ? count() : 0;
    dlclose(library);
    return value;
}

// The specialised plans the CPU plugin has compiled in this process, and those of them still alive.
size_t specialised_plans_built() { return cpu_plugin_count("devmux_cpu_specialised_plans_built"); }
size_t specialised_plans_alive() { return cpu_plugin_count("devmux_cpu_specialised_plans_alive"); }

// Silero VAD's structure in small: an If on `sr == 16000` (sr an i64 scalar input) around the whole network;
// then: relu(x * w) over a [1, n] signal, else: x + 1. The else body also reshapes nothing, so both hold.
std::shared_ptr<ov::Model> rate_switch_model(const ov::PartialShape& shape) {
    auto x = parameter(ov::element::f32, shape, "x");
    auto sr = parameter(ov::element::i64, ov::PartialShape{}, "sr");
    auto is_16k = std::make_shared<ov::op::v1::Equal>(sr, ov::op::v0::Constant::create(ov::element::i64, {}, {16000}));
    auto tx = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, shape);
    auto scaled = std::make_shared<ov::op::v1::Multiply>(tx, ov::op::v0::Constant::create(ov::element::f32, {}, {1.5f}));
    scaled->set_friendly_name("then_scale");
    auto then_result = std::make_shared<ov::op::v0::Result>(std::make_shared<ov::op::v0::Relu>(scaled));
    auto ex = std::make_shared<ov::op::v0::Parameter>(ov::element::f32, shape);
    auto else_result = std::make_shared<ov::op::v0::Result>(
        std::make_shared<ov::op::v1::Add>(ex, ov::op::v0::Constant::create(ov::element::f32, {}, {1.0f})));
    auto choice = std::make_shared<ov::op::v8::If>(is_16k);
    choice->set_friendly_name("rate_if");
    choice->set_then_body(std::make_shared<ov::Model>(ov::ResultVector{then_result}, ov::ParameterVector{tx}));
    choice->set_else_body(std::make_shared<ov::Model>(ov::ResultVector{else_result}, ov::ParameterVector{ex}));
    choice->set_input(x, tx, ex);
    auto out = choice->set_output(then_result, else_result);
    out.set_names({"y"});
    return std::make_shared<ov::Model>(ov::OutputVector{out}, ov::ParameterVector{x, sr}, "rate_switch");
}

void expect_rate_switch(ov::InferRequest& request, size_t n, int64_t rate, unsigned seed) {
    const auto x = random_floats(n, seed);
    request.set_tensor("x", f32_tensor({1, n}, x));
    request.set_tensor("sr", scalar_or_vector<int64_t>(ov::element::i64, {}, {rate}));
    request.infer();
    const auto output = request.get_tensor("y");
    ASSERT_EQ(output.get_shape(), (ov::Shape{1, n}));
    std::vector<float> expected(n);
    for (size_t i = 0; i < n; ++i)
        expected[i] = rate == 16000 ? std::max(0.0f, 1.5f * x[i]) : x[i] + 1.0f;
    expect_close(floats_of(output), expected, 1e-6f);
}

// A static model whose If an input decides runs one plan per value of that input, with the branch inlined
// (compiled with the CPU's kernels, no If left to run through its reference evaluate), shared by requests.
TEST(CpuDynamicShapes, AnIfDecidedByAnInputRunsThePlanOfItsValue) {
    ov::Core core;
    auto compiled = core.compile_model(rate_switch_model(ov::PartialShape{1, 512}), "CPU", ov::enable_profiling(true));
    auto first = compiled.create_infer_request();
    auto second = compiled.create_infer_request();
    const size_t before = specialised_plans_built();
    for (unsigned round = 0; round < 3; ++round) {
        expect_rate_switch(first, 512, 16000, 400 + round);
        expect_rate_switch(second, 512, 16000, 410 + round);
    }
    EXPECT_EQ(specialised_plans_built() - before, 1u) << "one plan for sr = 16000, shared by both requests";
    for (const auto& record : first.get_profiling_info()) {
        EXPECT_NE(record.node_type, "If") << record.node_name;
        EXPECT_NE(record.exec_type, "ref_dynamic") << record.node_name;
    }
    expect_rate_switch(first, 512, 8000, 420);
    expect_rate_switch(first, 512, 16000, 421);
    expect_rate_switch(second, 512, 8000, 422);
    EXPECT_EQ(specialised_plans_built() - before, 2u) << "and one for sr = 8000";
}

// Dynamic dimensions: each shape is compiled once; further shapes beyond the bound run on the reference path,
// still right.
TEST(CpuDynamicShapes, EachShapeIsCompiledOnceUpToABound) {
    ov::Core core;
    auto compiled = core.compile_model(rate_switch_model(ov::PartialShape{1, -1}), "CPU");
    auto request = compiled.create_infer_request();
    const size_t before = specialised_plans_built();
    for (unsigned round = 0; round < 2; ++round)
        for (size_t n : {64, 96, 64, 128})
            expect_rate_switch(request, n, 16000, static_cast<unsigned>(500 + n + round));
    EXPECT_EQ(specialised_plans_built() - before, 3u);
    const size_t bound = 8;  // max_specialised_plans
    for (size_t n = 1; n <= bound + 3; ++n)
        expect_rate_switch(request, n, 16000, static_cast<unsigned>(600 + n));
    EXPECT_EQ(specialised_plans_built() - before, bound);
}

// The per-shape plans belong to their compiled model: a second compiled model of the same model (here with
// other settings) makes its own for a key the first has, and a compiled model's plans go with it.
TEST(CpuDynamicShapes, EachCompiledModelOwnsItsPlans) {
    ov::Core core;
    auto model = rate_switch_model(ov::PartialShape{1, -1});
    std::optional<ov::CompiledModel> one = core.compile_model(model, "CPU");
    std::optional<ov::CompiledModel> two = core.compile_model(model, "CPU", ov::inference_num_threads(1));
    // Read once the plugin is loaded; compiling makes no per-shape plan (the first inference with a key does).
    const size_t built = specialised_plans_built(), alive = specialised_plans_alive();
    {
        auto first = one->create_infer_request();
        auto second = two->create_infer_request();
        expect_rate_switch(first, 64, 16000, 700);
        expect_rate_switch(first, 96, 16000, 701);
        EXPECT_EQ(specialised_plans_built() - built, 2u);
        expect_rate_switch(second, 64, 16000, 702);
        EXPECT_EQ(specialised_plans_built() - built, 3u) << "the second compiled model makes its own plan for [1,64]";
        expect_rate_switch(second, 64, 16000, 703);
        EXPECT_EQ(specialised_plans_built() - built, 3u) << "and runs it again";
        EXPECT_EQ(specialised_plans_alive() - alive, 3u);
    }
    one.reset();
    EXPECT_EQ(specialised_plans_alive() - alive, 1u) << "the first compiled model's two plans went with it";
    auto again = two->create_infer_request();
    expect_rate_switch(again, 64, 16000, 704);
    EXPECT_EQ(specialised_plans_built() - built, 3u) << "a new request of the second finds its plan";
    again = ov::InferRequest();
    two.reset();
    EXPECT_EQ(specialised_plans_alive(), alive);
}

// A data-dependent shape cannot be made static: that model runs every op's reference evaluate(), one
// profiling record per op.
TEST(CpuDynamicShapes, ADataDependentShapeRunsTheReferencePathWithOneRecordPerOp) {
    auto data = parameter(ov::element::f32, ov::PartialShape{3, 5}, "data");
    auto nonzero = std::make_shared<ov::op::v3::NonZero>(data, ov::element::i64);
    nonzero->set_friendly_name("nonzero");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{nonzero}, ov::ParameterVector{data}, "nonzero");
    ov::Core core;
    auto request = core.compile_model(model, "CPU", ov::enable_profiling(true)).create_infer_request();
    request.set_input_tensor(random_tensor({3, 5}, 73));
    request.infer();
    const auto records = request.get_profiling_info();
    EXPECT_EQ(records.size(), model->get_ordered_ops().size());
    bool saw_nonzero = false;
    for (const auto& record : records) {
        EXPECT_EQ(record.exec_type, "ref_dynamic");
        saw_nonzero = saw_nonzero || (record.node_name == "nonzero" && record.status == ov::ProfilingInfo::Status::EXECUTED);
    }
    EXPECT_TRUE(saw_nonzero);
}

TEST(CpuDynamicShapes, VariablesOfDynamicShapeKeepTheirState) {
    auto x = parameter(ov::element::f32, ov::PartialShape{-1, 2}, "x");
    auto variable = std::make_shared<ov::op::util::Variable>(
        ov::op::util::VariableInfo{ov::PartialShape{-1, 2}, ov::element::f32, "sum"});
    auto read = std::make_shared<ov::op::v6::ReadValue>(x, variable);
    auto add = std::make_shared<ov::op::v1::Add>(read, x);
    auto assign = std::make_shared<ov::op::v6::Assign>(add, variable);
    auto result = std::make_shared<ov::op::v0::Result>(add);
    auto model = std::make_shared<ov::Model>(ov::ResultVector{result}, ov::SinkVector{assign}, ov::ParameterVector{x},
                                             "stateful");
    ov::Core core;
    auto request = core.compile_model(model, "CPU").create_infer_request();
    const auto values = random_floats(6, 81);
    request.set_input_tensor(f32_tensor({3, 2}, values));
    request.infer();  // the initial value is x: 2x
    request.infer();  // then 3x
    std::vector<float> expected;
    for (float v : values)
        expected.push_back(3.0f * v);
    expect_close(floats_of(request.get_output_tensor()), expected);
    ASSERT_EQ(request.query_state().size(), 1u);
    request.reset_state();
    request.infer();
    expected.clear();
    for (float v : values)
        expected.push_back(2.0f * v);
    expect_close(floats_of(request.get_output_tensor()), expected);
}

TEST(CpuDynamicShapes, F16PortsKeepTheirTypeOnTheDynamicPath) {
    // The CPU computes in f32; the user's f16 ports are converted at the boundary.
    auto input = parameter(ov::element::f16, ov::PartialShape{-1, 3}, "input");
    auto relu = std::make_shared<ov::op::v0::Relu>(input);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{input}, "f16_relu");
    ov::Core core;
    auto compiled = core.compile_model(model, "CPU");
    EXPECT_EQ(compiled.output().get_element_type(), ov::element::f16);
    auto request = compiled.create_infer_request();
    const auto values = random_floats(12, 95);
    ov::Tensor in(ov::element::f16, {4, 3});
    for (size_t i = 0; i < values.size(); ++i)
        in.data<ov::float16>()[i] = ov::float16(values[i]);
    request.set_input_tensor(in);
    request.infer();
    const auto out = request.get_output_tensor();
    ASSERT_EQ(out.get_element_type(), ov::element::f16);
    ASSERT_EQ(out.get_shape(), (ov::Shape{4, 3}));
    for (size_t i = 0; i < values.size(); ++i)
        EXPECT_EQ(static_cast<float>(out.data<ov::float16>()[i]),
                  std::max(0.0f, static_cast<float>(in.data<ov::float16>()[i])))
            << "element " << i;
}

TEST(CpuDynamicShapes, ExportAndImportKeepTheDynamicShapes) {
    ov::Core core;
    auto compiled = core.compile_model(conv_relu_model(ov::PartialShape{-1, 3, 4, 4}), "CPU");
    std::stringstream blob;
    compiled.export_model(blob);
    auto imported = core.import_model(blob, "CPU");
    EXPECT_TRUE(imported.input().get_partial_shape().is_dynamic());
    const auto input = random_tensor({3, 3, 4, 4}, 97);
    auto a = compiled.create_infer_request();
    auto b = imported.create_infer_request();
    a.set_input_tensor(input);
    b.set_input_tensor(input);
    a.infer();
    b.infer();
    EXPECT_EQ(b.get_output_tensor().get_shape(), (ov::Shape{3, 4, 4, 4}));
    EXPECT_EQ(floats_of(a.get_output_tensor()), floats_of(b.get_output_tensor()));
}

// An op of an extension with no evaluate(): nothing on the CPU runs it.
class NoEvaluateOp : public ov::op::Op {
public:
    OPENVINO_OP("NoEvaluateOp", "extension", ov::op::Op);
    NoEvaluateOp() = default;
    explicit NoEvaluateOp(const ov::Output<ov::Node>& arg) : ov::op::Op({arg}) { constructor_validate_and_infer_types(); }
    void validate_and_infer_types() override {
        set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
    }
    std::shared_ptr<ov::Node> clone_with_new_inputs(const ov::OutputVector& args) const override {
        return std::make_shared<NoEvaluateOp>(args.at(0));
    }
};

TEST(CpuDynamicShapes, QueryAndCompileAgreeAndNameTheOpWithoutEvaluate) {
    auto input = parameter(ov::element::f32, ov::PartialShape{-1, 3}, "input");
    auto relu = std::make_shared<ov::op::v0::Relu>(input);
    relu->set_friendly_name("relu");
    auto mystery = std::make_shared<NoEvaluateOp>(relu);
    mystery->set_friendly_name("mystery");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{mystery}, ov::ParameterVector{input}, "mystery_model");
    ov::Core core;
    const auto supported = core.query_model(model, "CPU");
    EXPECT_EQ(supported.count("input"), 1u);
    EXPECT_EQ(supported.count("relu"), 1u);
    EXPECT_EQ(supported.count("mystery"), 0u);
    const auto message = error_of([&] { core.compile_model(model, "CPU"); });
    EXPECT_THAT(message, HasSubstr("'mystery'"));
    EXPECT_THAT(message, HasSubstr("NoEvaluateOp"));

    auto fine = conv_relu_model(ov::PartialShape{-1, 3, -1, -1});
    EXPECT_EQ(core.query_model(fine, "CPU").size(), fine->get_ordered_ops().size());
}

TEST(CpuDynamicShapes, AnInputOfTheWrongShapeIsRefused) {
    ov::Core core;
    auto request = core.compile_model(conv_relu_model(ov::PartialShape{-1, 3, 4, 4}), "CPU").create_infer_request();
    EXPECT_THAT(error_of([&] { request.set_input_tensor(random_tensor({1, 2, 4, 4}, 91)); }), HasSubstr("input"));
    EXPECT_THAT(error_of([&] { request.infer(); }), HasSubstr("input"));  // no input tensor set yet
}

// ---- the kit's executor on its own, as another plugin would use it ----

TEST(KitDynamicExecutor, RunsAModelAndNamesTheDeviceAndOpOnFailure) {
    auto data = parameter(ov::element::f32, ov::PartialShape{-1}, "data");
    auto target = parameter(ov::element::i64, ov::PartialShape{2}, "target");
    auto reshape = std::make_shared<ov::op::v1::Reshape>(data, target, false);
    reshape->set_friendly_name("fold");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{reshape}, ov::ParameterVector{data, target}, "kit");
    EXPECT_TRUE(devmux::kit::has_dynamic_shapes(*model));
    auto plan = std::make_shared<const devmux::kit::DynamicReferencePlan>(model, "MYDEV");
    devmux::kit::DynamicReferenceExecutor executor(plan);
    const auto input = random_tensor({6}, 111);
    std::vector<ov::Tensor> outputs(1);
    executor.run({input, scalar_or_vector<int64_t>(ov::element::i64, {2}, {2, 3})}, outputs, true);
    ASSERT_TRUE(static_cast<bool>(outputs[0]));
    EXPECT_EQ(outputs[0].get_shape(), (ov::Shape{2, 3}));
    EXPECT_EQ(floats_of(outputs[0]), floats_of(input));
    EXPECT_EQ(executor.profiling_info().size(), model->get_ordered_ops().size());

    const auto message = error_of([&] {
        executor.run({input, scalar_or_vector<int64_t>(ov::element::i64, {2}, {4, 4})}, outputs, false);
    });
    EXPECT_THAT(message, HasSubstr("MYDEV"));
    EXPECT_THAT(message, HasSubstr("'fold'"));
}

TEST(KitDynamicExecutor, RefusesAnOpWithoutEvaluateAtConstruction) {
    auto input = parameter(ov::element::f32, ov::PartialShape{-1}, "input");
    auto mystery = std::make_shared<NoEvaluateOp>(input);
    mystery->set_friendly_name("mystery");
    auto model = std::make_shared<ov::Model>(ov::OutputVector{mystery}, ov::ParameterVector{input}, "kit");
    const auto message = error_of([&] { devmux::kit::DynamicReferencePlan plan(model, "MYDEV"); });
    EXPECT_THAT(message, HasSubstr("MYDEV"));
    EXPECT_THAT(message, HasSubstr("'mystery'"));
}

}  // namespace
