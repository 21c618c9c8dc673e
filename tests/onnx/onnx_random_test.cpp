// SPDX-License-Identifier: Apache-2.0
// The random ops (frontends/onnx/ops/random.cpp): Bernoulli, RandomUniform(Like) and RandomNormal(Like) on CPU.
// Their values cannot be compared with another runtime's (ONNX leaves the generator open; the backend cases'
// expected data are one numpy draw), so these tests check the distributions and the seeds:
// - Bernoulli: every value 0 or 1; p = 0 gives only 0 and p = 1 only 1; over M = 20000 draws per probability
//   the mean is within 5 standard deviations (sqrt(p (1 - p) / M), at most 0.018) of p.
// - RandomUniform: every value in [low, high) ([low, high] in f16, whose rounding can reach high); the mean
//   within 5 standard deviations ((high - low) / sqrt(12 M)).
// - RandomNormal: the mean within 5 standard deviations (scale / sqrt(M)), the variance within 5 of its standard
//   deviations (scale^2 sqrt(2 / M)), and the share within one scale of the mean within 5 binomial standard
//   deviations of 0.6827.
// - Seeds: the same seed gives the same values in two compiled models and two inferences; another seed other
//   values; no seed different values at each inference.
// With a seed the draws are fixed, so these statistical bounds either always hold or always fail: no flakiness.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "common/test_utils.hpp"
#include "onnx_graph_builder.hpp"
#include "openvino/runtime/core.hpp"

namespace {
using devmux_test::error_of;
using ::testing::HasSubstr;
using namespace onnx_test;

void set_float(onnx::NodeProto& node, const std::string& name, float value) {
    add_attribute(node, name, onnx::AttributeProto::FLOAT)->set_f(value);
}

std::vector<double> doubles_of(const ov::Tensor& t) {
    std::vector<double> values(t.get_size());
    for (size_t i = 0; i < values.size(); ++i) {
        const auto type = t.get_element_type();
        if (type == ov::element::f32)
            values[i] = t.data<float>()[i];
        else if (type == ov::element::f64)
            values[i] = t.data<double>()[i];
        else if (type == ov::element::f16)
            values[i] = static_cast<float>(t.data<ov::float16>()[i]);
        else if (type == ov::element::i32)
            values[i] = t.data<int32_t>()[i];
        else if (type == ov::element::boolean)
            values[i] = t.data<bool>()[i] ? 1.0 : 0.0;
        else
            throw std::runtime_error("no reader for " + type.get_type_name());
    }
    return values;
}

// One Bernoulli node over a [rows, draws] input of `input_type`, `dtype` if given, `seed` if given.
onnx::ModelProto bernoulli_model(size_t rows, size_t draws, int32_t input_type, std::optional<int32_t> dtype,
                                 std::optional<float> seed) {
    auto model = model_of_opset(15);
    auto& graph = *model.mutable_graph();
    graph.set_name("bernoulli");
    add_input(graph, "p", {static_cast<int64_t>(rows), static_cast<int64_t>(draws)}, input_type);
    auto* node = add_node(graph, "Bernoulli", {"p"}, {"y"}, "coin");
    if (dtype)
        set_int(*node, "dtype", *dtype);
    if (seed)
        set_float(*node, "seed", *seed);
    add_output(graph, "y", dtype ? *dtype : input_type);
    return model;
}

ov::Tensor probabilities(const std::vector<double>& per_row, size_t draws, const ov::element::Type& type) {
    ov::Tensor t(type, {per_row.size(), draws});
    for (size_t r = 0; r < per_row.size(); ++r)
        for (size_t i = 0; i < draws; ++i) {
            if (type == ov::element::f64)
                t.data<double>()[r * draws + i] = per_row[r];
            else
                t.data<float>()[r * draws + i] = static_cast<float>(per_row[r]);
        }
    return t;
}

ov::Tensor infer_once(ov::CompiledModel& compiled, const std::optional<ov::Tensor>& input) {
    auto request = compiled.create_infer_request();
    if (input)
        request.set_input_tensor(*input);
    request.infer();
    const auto out = request.get_output_tensor();
    ov::Tensor copy(out.get_element_type(), out.get_shape());
    out.copy_to(copy);
    return copy;
}

const std::vector<double> bernoulli_rows = {0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0};

TEST(OnnxRandomOps, BernoulliDrawsOnesWithTheInputsProbability) {
    ov::Core core;
    const size_t draws = 20000;
    struct Variant {
        int32_t input_type;
        std::optional<int32_t> dtype;
        ov::element::Type input_element, output_element;
    };
    using T = onnx::TensorProto;
    for (const auto& v : {Variant{T::FLOAT, std::nullopt, ov::element::f32, ov::element::f32},
                          Variant{T::DOUBLE, T::FLOAT, ov::element::f64, ov::element::f32},
                          Variant{T::FLOAT, T::INT32, ov::element::f32, ov::element::i32},
                          Variant{T::FLOAT, T::BOOL, ov::element::f32, ov::element::boolean}}) {
        auto compiled = core.compile_model(
            read(core, bernoulli_model(bernoulli_rows.size(), draws, v.input_type, v.dtype, 3.0f)), "CPU");
        const auto y = infer_once(compiled, probabilities(bernoulli_rows, draws, v.input_element));
        ASSERT_EQ(y.get_element_type(), v.output_element);
        ASSERT_EQ(y.get_shape(), ov::Shape({bernoulli_rows.size(), draws}));
        const auto values = doubles_of(y);
        for (size_t r = 0; r < bernoulli_rows.size(); ++r) {
            const double p = bernoulli_rows[r];
            double sum = 0.0;
            for (size_t i = 0; i < draws; ++i) {
                const double value = values[r * draws + i];
                ASSERT_TRUE(value == 0.0 || value == 1.0) << "row " << r << " element " << i << " is " << value;
                sum += value;
            }
            const double mean = sum / static_cast<double>(draws);
            if (p == 0.0 || p == 1.0) {
                EXPECT_EQ(mean, p) << "p = " << p << " is certain";
            } else {
                const double sigma = std::sqrt(p * (1.0 - p) / static_cast<double>(draws));
                EXPECT_NEAR(mean, p, 5.0 * sigma) << "p = " << p << ", output " << v.output_element;
            }
        }
    }
}

// On the GPU alias of the software deployment: no GPU backend draws (RandomUniform stays on CPU), the comparison
// and the Convert may run on a backend; the same statistics hold.
TEST(OnnxRandomOps, BernoulliOnTheGpuAlias) {
    ov::Core core("plugins-software-gpu.xml");
    const auto devices = core.get_available_devices();
    if (std::find(devices.begin(), devices.end(), "GPU") == devices.end())
        GTEST_SKIP() << "no GPU device in plugins-software-gpu.xml: neither the OpenCL nor the Vulkan backend was built";
    const size_t draws = 20000;
    auto compiled = core.compile_model(
        read(core, bernoulli_model(bernoulli_rows.size(), draws, onnx::TensorProto::FLOAT, {}, 4.0f)), "GPU");
    const auto values = doubles_of(infer_once(compiled, probabilities(bernoulli_rows, draws, ov::element::f32)));
    for (size_t r = 0; r < bernoulli_rows.size(); ++r) {
        const double p = bernoulli_rows[r];
        double sum = 0.0;
        for (size_t i = 0; i < draws; ++i) {
            ASSERT_TRUE(values[r * draws + i] == 0.0 || values[r * draws + i] == 1.0) << "row " << r;
            sum += values[r * draws + i];
        }
        const double sigma = std::sqrt(p * (1.0 - p) / static_cast<double>(draws));
        if (p == 0.0 || p == 1.0)
            EXPECT_EQ(sum / static_cast<double>(draws), p);
        else
            EXPECT_NEAR(sum / static_cast<double>(draws), p, 5.0 * sigma) << "p = " << p;
    }
}

TEST(OnnxRandomOps, BernoulliSeedsRepeatAndDiffer) {
    ov::Core core;
    const size_t draws = 4096;
    const auto p = probabilities({0.5}, draws, ov::element::f32);
    auto seeded = core.compile_model(read(core, bernoulli_model(1, draws, onnx::TensorProto::FLOAT, {}, 0.0f)), "CPU");
    auto again = core.compile_model(read(core, bernoulli_model(1, draws, onnx::TensorProto::FLOAT, {}, 0.0f)), "CPU");
    auto other = core.compile_model(read(core, bernoulli_model(1, draws, onnx::TensorProto::FLOAT, {}, 7.0f)), "CPU");
    auto unseeded = core.compile_model(read(core, bernoulli_model(1, draws, onnx::TensorProto::FLOAT, {}, {})), "CPU");
    const auto first = doubles_of(infer_once(seeded, p));
    EXPECT_EQ(first, doubles_of(infer_once(seeded, p))) << "a seed gives the same draws at every inference";
    EXPECT_EQ(first, doubles_of(infer_once(again, p))) << "a seed (0.0 included) gives the same draws in another model";
    EXPECT_NE(first, doubles_of(infer_once(other, p))) << "another seed gives other draws";
    // Without a seed: fresh draws each time (4096 fair coins agree by chance with probability 2^-4096).
    EXPECT_NE(doubles_of(infer_once(unseeded, p)), doubles_of(infer_once(unseeded, p)));
}

onnx::ModelProto generator_model(const std::string& op, const std::vector<int64_t>& shape, int32_t dtype,
                                 const std::vector<std::pair<std::string, float>>& floats) {
    auto model = model_of_opset(15);
    auto& graph = *model.mutable_graph();
    graph.set_name("generator");
    auto* node = add_node(graph, op, {}, {"y"}, "draw");
    set_ints(*node, "shape", shape);
    set_int(*node, "dtype", dtype);
    for (const auto& [name, value] : floats)
        set_float(*node, name, value);
    add_output(graph, "y", dtype);
    return model;
}

TEST(OnnxRandomOps, RandomUniformStaysInItsRangeWithTheRightMean) {
    ov::Core core;
    const double low = -2.0, high = 3.0;
    for (const auto& [dtype, element] : {std::pair{onnx::TensorProto::FLOAT, ov::element::f32},
                                         std::pair{onnx::TensorProto::DOUBLE, ov::element::f64},
                                         std::pair{onnx::TensorProto::FLOAT16, ov::element::f16}}) {
        auto compiled = core.compile_model(
            read(core, generator_model("RandomUniform", {200, 100}, dtype,
                                       {{"low", static_cast<float>(low)},
                                        {"high", static_cast<float>(high)},
                                        {"seed", 1.0f}})),
            "CPU");
        const auto y = infer_once(compiled, std::nullopt);
        ASSERT_EQ(y.get_element_type(), element);
        ASSERT_EQ(y.get_shape(), ov::Shape({200, 100}));
        const auto values = doubles_of(y);
        double sum = 0.0;
        for (const double value : values) {
            ASSERT_GE(value, low) << element;
            // f16 has 11 bits: low + u (high - low) with u just below 1 rounds to high.
            if (element == ov::element::f16)
                ASSERT_LE(value, high) << element;
            else
                ASSERT_LT(value, high) << element;
            sum += value;
        }
        const double m = static_cast<double>(values.size());
        EXPECT_NEAR(sum / m, (low + high) / 2, 5.0 * (high - low) / std::sqrt(12.0 * m)) << element;
    }
}

TEST(OnnxRandomOps, RandomNormalHasItsMeanAndScale) {
    ov::Core core;
    const double mean = 1.5, scale = 2.0;
    const size_t count = 100000;
    for (const auto& [dtype, element] : {std::pair{onnx::TensorProto::FLOAT, ov::element::f32},
                                         std::pair{onnx::TensorProto::DOUBLE, ov::element::f64}}) {
        auto compiled = core.compile_model(
            read(core, generator_model("RandomNormal", {static_cast<int64_t>(count)}, dtype,
                                       {{"mean", static_cast<float>(mean)},
                                        {"scale", static_cast<float>(scale)},
                                        {"seed", 5.0f}})),
            "CPU");
        const auto y = infer_once(compiled, std::nullopt);
        ASSERT_EQ(y.get_element_type(), element);
        const auto values = doubles_of(y);
        ASSERT_EQ(values.size(), count);
        double sum = 0.0, squares = 0.0, within = 0.0;
        for (const double value : values) {
            ASSERT_TRUE(std::isfinite(value));
            sum += value;
            squares += (value - mean) * (value - mean);
            within += std::fabs(value - mean) <= scale ? 1.0 : 0.0;
        }
        const double m = static_cast<double>(count);
        EXPECT_NEAR(sum / m, mean, 5.0 * scale / std::sqrt(m)) << element;
        EXPECT_NEAR(squares / m, scale * scale, 5.0 * scale * scale * std::sqrt(2.0 / m)) << element;
        const double share = 0.682689;
        EXPECT_NEAR(within / m, share, 5.0 * std::sqrt(share * (1 - share) / m)) << element;
    }
}

// The *Like ops take the input's shape, and its type unless dtype says otherwise; an integer input needs dtype.
TEST(OnnxRandomOps, LikeOpsTakeTheInputsShapeAndType) {
    ov::Core core;
    for (const std::string op : {"RandomUniformLike", "RandomNormalLike"}) {
        for (const bool with_dtype : {false, true}) {
            auto model = model_of_opset(15);
            auto& graph = *model.mutable_graph();
            graph.set_name("like");
            add_input(graph, "x", {3, 5, 7}, onnx::TensorProto::DOUBLE);
            auto* node = add_node(graph, op, {"x"}, {"y"}, "like");
            if (with_dtype)
                set_int(*node, "dtype", onnx::TensorProto::FLOAT);
            set_float(*node, "seed", 2.0f);
            add_output(graph, "y", with_dtype ? onnx::TensorProto::FLOAT : onnx::TensorProto::DOUBLE);
            auto compiled = core.compile_model(read(core, model), "CPU");
            ov::Tensor x(ov::element::f64, {3, 5, 7});
            std::fill_n(x.data<double>(), x.get_size(), 0.25);
            const auto y = infer_once(compiled, x);
            EXPECT_EQ(y.get_element_type(), with_dtype ? ov::element::f32 : ov::element::f64) << op;
            EXPECT_EQ(y.get_shape(), ov::Shape({3, 5, 7})) << op;
            const auto values = doubles_of(y);
            EXPECT_GT(std::set<double>(values.begin(), values.end()).size(), values.size() / 2) << op << " draws vary";
        }
        auto model = model_of_opset(15);
        auto& graph = *model.mutable_graph();
        graph.set_name("like_int");
        add_input(graph, "x", {4}, onnx::TensorProto::INT64);
        add_node(graph, op, {"x"}, {"y"}, "integer_like");
        add_output(graph, "y", onnx::TensorProto::INT64);
        const auto error = error_of([&] { read(core, model); });
        EXPECT_THAT(error, HasSubstr("integer_like"));
        EXPECT_THAT(error, HasSubstr("floating-point"));
    }
}

}  // namespace
