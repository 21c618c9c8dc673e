// SPDX-License-Identifier: Apache-2.0
// The kit's graph passes: identity removal and the precision policy (constant folding has its own tests
// in tests/ops_shape). Each rewritten graph is checked against the original's reference evaluation.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "common/test_utils.hpp"
#include "devmux/kit/passes.hpp"
#include "openvino/core/type/float16.hpp"
#include "openvino/op/add.hpp"
#include "openvino/op/constant.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/multiply.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/reshape.hpp"
#include "openvino/op/squeeze.hpp"
#include "openvino/runtime/properties.hpp"

namespace {

using devmux_test::param;
using devmux_test::random_f32;

size_t count_type(const ov::Model& model, const char* type) {
    size_t n = 0;
    for (const auto& node : model.get_ordered_ops())
        n += std::string(node->get_type_name()) == type;
    return n;
}

// Evaluates a single-input, single-output model op by op with the nodes' reference evaluate().
ov::Tensor evaluate(const ov::Model& model, const ov::Tensor& input) {
    std::map<const ov::Node*, ov::Tensor> values;
    values[model.get_parameters().at(0).get()] = input;
    for (const auto& node : model.get_ordered_ops()) {
        if (values.count(node.get()))
            continue;
        ov::TensorVector in;
        for (const auto& value : node->input_values())
            in.push_back(values.at(value.get_node()));
        if (ov::is_type<ov::op::v0::Result>(node)) {
            values[node.get()] = in.at(0);
            continue;
        }
        ov::TensorVector out{ov::Tensor(node->get_output_element_type(0), node->get_output_shape(0))};
        EXPECT_TRUE(node->evaluate(out, in)) << *node;
        values[node.get()] = out[0];
    }
    return values.at(model.get_results().at(0).get());
}

std::vector<float> as_floats(const ov::Tensor& t) {
    std::vector<float> out(t.get_size());
    for (size_t i = 0; i < out.size(); ++i) {
        if (t.get_element_type() == ov::element::f16)
            out[i] = static_cast<float>(t.data<ov::float16>()[i]);
        else if (t.get_element_type() == ov::element::bf16)
            out[i] = static_cast<float>(t.data<ov::bfloat16>()[i]);
        else
            out[i] = t.data<float>()[i];
    }
    return out;
}

TEST(RemoveIdentityOps, RemovesNoOpConvertAndReshapesAndKeepsTheResult) {
    auto input = param(ov::element::f32, ov::PartialShape{2, 3}, "input");
    auto relu = std::make_shared<ov::op::v0::Relu>(input);
    auto same_type = std::make_shared<ov::op::v0::Convert>(relu, ov::element::f32);
    same_type->output(0).get_tensor().set_names({"converted"});
    auto same_shape = std::make_shared<ov::op::v1::Reshape>(
        same_type, ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2}, std::vector<int64_t>{2, 3}), false);
    auto real_reshape = std::make_shared<ov::op::v1::Reshape>(
        same_shape, ov::op::v0::Constant::create(ov::element::i64, ov::Shape{2}, std::vector<int64_t>{3, 2}), false);
    auto squeeze = std::make_shared<ov::op::v0::Squeeze>(real_reshape);  // no axis of size 1: identity
    auto scale = std::make_shared<ov::op::v1::Multiply>(squeeze, ov::op::v0::Constant::create(
                                                                     ov::element::f32, ov::Shape{}, {2.0f}));
    auto model = std::make_shared<ov::Model>(ov::OutputVector{scale}, ov::ParameterVector{input}, "identities");
    const auto x = random_f32({2, 3}, 7, -1.0f, 1.0f);
    const auto before = devmux_test::values<float>(evaluate(*model, x));

    EXPECT_EQ(devmux::kit::remove_identity_ops(*model), 3u);
    EXPECT_EQ(count_type(*model, "Convert"), 0u);
    EXPECT_EQ(count_type(*model, "Squeeze"), 0u);
    EXPECT_EQ(count_type(*model, "Reshape"), 1u);  // the one that changes the shape stays
    // The removed Convert's tensor name now names the value it passed through.
    EXPECT_EQ(relu->output(0).get_names().count("converted"), 1u);
    EXPECT_EQ(devmux_test::values<float>(evaluate(*model, x)), before);
}

TEST(RemoveIdentityOps, KeepsAnIdentityBetweenAParameterAndAResult) {
    auto input = param(ov::element::f32, ov::PartialShape{4}, "input");
    auto convert = std::make_shared<ov::op::v0::Convert>(input, ov::element::f32);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{convert}, ov::ParameterVector{input}, "passthrough");
    EXPECT_EQ(devmux::kit::remove_identity_ops(*model), 0u);
    EXPECT_EQ(count_type(*model, "Convert"), 1u);
}

TEST(RemoveIdentityOps, KeepsConvertsThatConvert) {
    auto input = param(ov::element::f32, ov::PartialShape{4}, "input");
    auto convert = std::make_shared<ov::op::v0::Convert>(input, ov::element::f16);
    auto relu = std::make_shared<ov::op::v0::Relu>(convert);
    auto model = std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{input}, "narrowing");
    EXPECT_EQ(devmux::kit::remove_identity_ops(*model), 0u);
}

TEST(InferencePrecision, ChoosesFromCapabilitiesAndHint) {
    using devmux::kit::choose_inference_precision;
    namespace cap = ov::device::capability;
    const std::vector<std::string> fp32_only{cap::FP32, cap::EXPORT_IMPORT};
    const std::vector<std::string> gpu_like{cap::FP32, cap::FP16};
    const std::vector<std::string> half_only{cap::FP16};
    const std::vector<std::string> bf16_cpu{cap::FP32, cap::BF16};
    EXPECT_EQ(choose_inference_precision("D", fp32_only, ov::element::undefined), ov::element::f32);
    EXPECT_EQ(choose_inference_precision("D", fp32_only, ov::element::f16), ov::element::f32);
    EXPECT_EQ(choose_inference_precision("D", fp32_only, ov::element::bf16), ov::element::f32);
    EXPECT_EQ(choose_inference_precision("D", gpu_like, ov::element::f16), ov::element::f16);
    EXPECT_EQ(choose_inference_precision("D", gpu_like, ov::element::undefined), ov::element::f32);
    EXPECT_EQ(choose_inference_precision("D", gpu_like, ov::element::bf16), ov::element::f32);
    EXPECT_EQ(choose_inference_precision("D", half_only, ov::element::undefined), ov::element::f16);
    EXPECT_EQ(choose_inference_precision("D", half_only, ov::element::f32), ov::element::f16);
    EXPECT_EQ(choose_inference_precision("D", bf16_cpu, ov::element::bf16), ov::element::bf16);
    EXPECT_EQ(choose_inference_precision("D", {}, ov::element::undefined), ov::element::f32);
    devmux_test::expect_error([&] { choose_inference_precision("GPU.1", gpu_like, ov::element::i8); },
                              {"GPU.1", "i8", ov::hint::inference_precision.name(), "f32, f16, bf16"});
}

std::shared_ptr<ov::Model> half_model(const ov::element::Type& weights_type) {
    auto input = param(ov::element::f16, ov::PartialShape{2, 3}, "input");
    const auto weights = random_f32({2, 3}, 21, -2.0f, 2.0f);
    std::vector<float> w(weights.data<float>(), weights.data<float>() + weights.get_size());
    auto constant = ov::op::v0::Constant::create(weights_type, ov::Shape{2, 3}, w);
    constant->set_friendly_name("weights");
    auto widened = std::make_shared<ov::op::v0::Convert>(input, weights_type);
    auto mul = std::make_shared<ov::op::v1::Multiply>(widened, constant);
    auto narrowed = std::make_shared<ov::op::v0::Convert>(mul, ov::element::f16);
    return std::make_shared<ov::Model>(ov::OutputVector{narrowed}, ov::ParameterVector{input}, "half");
}

TEST(InferencePrecision, F32DecompressesWeightsOnceAndComputesTheSameValues) {
    auto model = half_model(ov::element::f16);
    const auto x16 = [] {
        const auto x = random_f32({2, 3}, 22, -1.0f, 1.0f);
        ov::Tensor t(ov::element::f16, {2, 3});
        for (size_t i = 0; i < 6; ++i)
            t.data<ov::float16>()[i] = ov::float16(x.data<float>()[i]);
        return t;
    }();
    const auto before = as_floats(evaluate(*model, x16));
    EXPECT_GT(devmux::kit::apply_inference_precision(*model, ov::element::f32), 0u);
    for (const auto& node : model->get_ordered_ops())
        for (size_t i = 0; i < node->get_output_size(); ++i)
            EXPECT_NE(node->get_output_element_type(i), ov::element::f16) << *node;
    ov::Tensor x32(ov::element::f32, {2, 3});
    for (size_t i = 0; i < 6; ++i)
        x32.data<float>()[i] = static_cast<float>(x16.data<ov::float16>()[i]);
    const auto after = as_floats(evaluate(*model, x32));
    ASSERT_EQ(after.size(), before.size());
    for (size_t i = 0; i < after.size(); ++i)
        EXPECT_NEAR(after[i], before[i], 2e-3f * (1.0f + std::fabs(before[i]))) << i;  // f16 rounding of the result
}

TEST(InferencePrecision, F16KeepsF16Weights) {
    auto model = half_model(ov::element::f16);
    EXPECT_EQ(devmux::kit::apply_inference_precision(*model, ov::element::f16), 0u);
    size_t f16_constants = 0;
    for (const auto& node : model->get_ordered_ops())
        f16_constants += ov::is_type<ov::op::v0::Constant>(node) && node->get_output_element_type(0) == ov::element::f16;
    EXPECT_EQ(f16_constants, 1u);
}

TEST(InferencePrecision, Bf16RetypesF32AndF16Values) {
    auto model = half_model(ov::element::f32);
    const auto original = devmux_test::values<float>(random_f32({2, 3}, 21, -2.0f, 2.0f));  // half_model's weights
    EXPECT_GT(devmux::kit::apply_inference_precision(*model, ov::element::bf16), 0u);
    for (const auto& node : model->get_ordered_ops()) {
        for (size_t i = 0; i < node->get_output_size(); ++i)
            EXPECT_EQ(node->get_output_element_type(i), ov::element::bf16) << *node;
        if (node->get_friendly_name() == "weights") {
            const auto constant = ov::as_type_ptr<ov::op::v0::Constant>(node);
            ASSERT_TRUE(constant);
            const auto* values = static_cast<const ov::bfloat16*>(constant->get_data_ptr());
            for (size_t k = 0; k < original.size(); ++k)
                EXPECT_NEAR(static_cast<float>(values[k]), original[k], 1e-2f * (1.0f + std::fabs(original[k]))) << k;
        }
    }
}

}  // namespace

namespace {

// convert_floats between f32 and f16 (the boundaries of every f16 inference; F16C instructions where the CPU
// has them) gives exactly ov::float16's values: rounding to nearest even, subnormals, overflow to infinity,
// infinities, NaN and signed zeros, over random bit patterns and sizes that leave a tail.
TEST(ConvertFloats, F32AndF16BothWaysMatchFloat16ElementByElement) {
    std::vector<float> values = {0.0f, -0.0f, 1.0f, -1.0f, 65504.0f, 65519.0f, 65520.0f, -70000.0f, 1e-8f,
                                 5.96e-8f, 6.1e-5f, 1.0f / 3.0f, 2049.0f, 2051.0f,
                                 std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                                 std::numeric_limits<float>::quiet_NaN()};
    std::mt19937 generator(std::random_device{}());
    for (int i = 0; i < 20000; ++i) {
        const uint32_t bits = generator();
        float value;
        std::memcpy(&value, &bits, sizeof(value));
        values.push_back(value);
        values.push_back(std::uniform_real_distribution<float>(-70000.0f, 70000.0f)(generator));
    }
    values.resize(values.size() - 3);  // not a multiple of 8: the tail loop runs too
    std::vector<ov::float16> halves(values.size());
    devmux::kit::convert_floats(values.data(), ov::element::f32, halves.data(), ov::element::f16, values.size());
    std::vector<float> back(values.size());
    devmux::kit::convert_floats(halves.data(), ov::element::f16, back.data(), ov::element::f32, values.size());
    size_t nans = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        const ov::float16 expected(values[i]);
        if (std::isnan(values[i])) {
            EXPECT_TRUE(std::isnan(static_cast<float>(halves[i]))) << i;
            EXPECT_TRUE(std::isnan(back[i])) << i;
            ++nans;
            continue;
        }
        ASSERT_EQ(halves[i].to_bits(), expected.to_bits()) << "f32 " << values[i] << " at " << i;
        const float widened = static_cast<float>(expected);
        ASSERT_TRUE(back[i] == widened && std::signbit(back[i]) == std::signbit(widened)) << i;
    }
    EXPECT_GT(nans, 0u);
}

}  // namespace
