// SPDX-License-Identifier: Apache-2.0
// Relu, Sigmoid, Tanh, Exp, Sqrt.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "openvino/op/exp.hpp"
#include "openvino/op/relu.hpp"
#include "openvino/op/sigmoid.hpp"
#include "openvino/op/sqrt.hpp"
#include "openvino/op/tanh.hpp"
#include "ops/op_registry.hpp"
#include "test_util.hpp"

using namespace ov;
using eltest::expect_error;
using eltest::param;

namespace {

template <typename OpT>
Tensor run(const Tensor& in) {
    auto op = std::make_shared<OpT>(param(in.get_element_type(), in.get_shape()));
    TensorVector outputs{Tensor(op->get_output_element_type(0), op->get_output_shape(0))};
    EXPECT_TRUE(op->evaluate(outputs, {in}));
    return outputs[0];
}

// Reference values in double, compared with a relative tolerance of 1e-6 for f32 (one rounding of a
// correctly rounded libm result) plus an absolute 1e-7 for results near zero.
template <typename OpT>
void expect_f32_matches(const Tensor& in, double (*reference)(double)) {
    const auto got = eltest::values<float>(run<OpT>(in));
    const auto x = eltest::values<float>(in);
    for (size_t i = 0; i < x.size(); ++i) {
        const double expected = reference(x[i]);
        ASSERT_NEAR(got[i], expected, 1e-6 * std::abs(expected) + 1e-7)
            << OpT::get_type_info_static().name << "(" << x[i] << ")";
    }
}

double relu_ref(double x) { return x > 0 ? x : 0; }
double sigmoid_ref(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double tanh_ref(double x) { return std::tanh(x); }
double exp_ref(double x) { return std::exp(x); }
double sqrt_ref(double x) { return std::sqrt(x); }

TEST(UnaryOps, TypeInfoMatchesOpenVINO) {
    EXPECT_STREQ(op::v0::Relu::get_type_info_static().name, "Relu");
    EXPECT_STREQ(op::v0::Sigmoid::get_type_info_static().name, "Sigmoid");
    EXPECT_STREQ(op::v0::Tanh::get_type_info_static().name, "Tanh");
    EXPECT_STREQ(op::v0::Exp::get_type_info_static().name, "Exp");
    EXPECT_STREQ(op::v0::Sqrt::get_type_info_static().name, "Sqrt");
    EXPECT_EQ(op::v0::Sqrt::get_type_info_static().get_version(), "opset1");
    auto relu = std::make_shared<op::v0::Relu>(param(element::f32, {2}));
    EXPECT_TRUE(is_type<op::util::UnaryElementwiseArithmetic>(relu));
}

TEST(UnaryOps, OutputKeepsTypeAndShape) {
    auto tanh = std::make_shared<op::v0::Tanh>(param(element::f16, {-1, 3, 4}));
    EXPECT_EQ(tanh->get_output_element_type(0), element::f16);
    EXPECT_EQ(tanh->get_output_partial_shape(0), (PartialShape{-1, 3, 4}));
}

TEST(UnaryOps, BooleanInputIsRejected) {
    auto exp = std::make_shared<op::v0::Exp>(param(element::f32, {2}));
    exp->set_friendly_name("e");
    exp->input(0).replace_source_output(param(element::boolean, {2}));
    expect_error([&] { exp->validate_and_infer_types(); }, {"Exp", "'e'", "boolean"});
}

TEST(UnaryOps, F32MatchesLibm) {
    std::mt19937 rng(2024);
    const Tensor x = eltest::random_real(element::f32, {2, 3, 5}, rng, -6.f, 6.f);
    expect_f32_matches<op::v0::Relu>(x, relu_ref);
    expect_f32_matches<op::v0::Sigmoid>(x, sigmoid_ref);
    expect_f32_matches<op::v0::Tanh>(x, tanh_ref);
    expect_f32_matches<op::v0::Exp>(x, exp_ref);
    const Tensor positive = eltest::random_real(element::f32, {17}, rng, 0.01f, 100.f);
    expect_f32_matches<op::v0::Sqrt>(positive, sqrt_ref);
}

TEST(UnaryOps, SigmoidSaturatesWithoutNaN) {
    Tensor x(element::f32, {2});
    x.data<float>()[0] = -200.f;
    x.data<float>()[1] = 200.f;
    EXPECT_EQ(eltest::values<float>(run<op::v0::Sigmoid>(x)), (std::vector<float>{0.f, 1.f}));
}

TEST(UnaryOps, SqrtOfNegativeIsNaN) {
    Tensor x(element::f32, {1});
    x.data<float>()[0] = -4.f;
    EXPECT_TRUE(std::isnan(eltest::values<float>(run<op::v0::Sqrt>(x))[0]));
}

// Tolerance for f16: computed in float, rounded once to f16 (relative step 2^-11), so 1e-3 relative.
TEST(UnaryOps, F16ComputesInFloat) {
    std::mt19937 rng(11);
    const Tensor x = eltest::random_real<float16>(element::f16, {1, 4, 3, 3}, rng, -3.f, 3.f);
    const auto in = eltest::as_floats_f16(x);
    const auto sig = eltest::as_floats_f16(run<op::v0::Sigmoid>(x));
    const auto relu = eltest::as_floats_f16(run<op::v0::Relu>(x));
    for (size_t i = 0; i < in.size(); ++i) {
        ASSERT_NEAR(sig[i], sigmoid_ref(in[i]), 1e-3 * sigmoid_ref(in[i])) << in[i];
        ASSERT_EQ(relu[i], in[i] > 0 ? in[i] : 0.f);
    }
}

TEST(UnaryOps, ReluOnIntegers) {
    Tensor x(element::i32, {4});
    const int32_t v[] = {-5, 0, 7, -1};
    std::copy(v, v + 4, x.data<int32_t>());
    EXPECT_EQ(eltest::values<int32_t>(run<op::v0::Relu>(x)), (std::vector<int32_t>{0, 0, 7, 0}));
}

TEST(UnaryOps, TranscendentalOpsDoNotEvaluateIntegers) {
    auto sig = std::make_shared<op::v0::Sigmoid>(param(element::i32, {2}));
    EXPECT_FALSE(sig->has_evaluate());
    TensorVector outputs;
    EXPECT_FALSE(sig->evaluate(outputs, {Tensor(element::i32, {2})}));
    EXPECT_TRUE(std::make_shared<op::v0::Relu>(param(element::i64, {2}))->has_evaluate());
}

TEST(UnaryOps, EvaluateRejectsMissingInput) {
    auto relu = std::make_shared<op::v0::Relu>(param(element::f32, {2}));
    relu->set_friendly_name("act");
    TensorVector outputs;
    expect_error([&] { relu->evaluate(outputs, {}); }, {"Relu", "'act'"});
    expect_error([&] { relu->evaluate(outputs, {Tensor()}); }, {"Relu", "'act'", "empty"});
}

TEST(UnaryOps, NoAttributesAndCloneWorks) {
    auto relu = std::make_shared<op::v0::Relu>(param(element::f32, {2}));
    eltest::RecordingVisitor visitor;
    EXPECT_TRUE(relu->visit_attributes(visitor));
    EXPECT_TRUE(visitor.values().empty());
    auto clone = relu->clone_with_new_inputs({param(element::f16, {3})});
    EXPECT_TRUE(is_type<op::v0::Relu>(clone));
    EXPECT_EQ(clone->get_output_partial_shape(0), (PartialShape{3}));
    EXPECT_THROW(relu->clone_with_new_inputs({}), Exception);
}

TEST(UnaryOps, RegisteredForTheIRReader) {
    for (const char* name : {"Relu", "Sigmoid", "Tanh", "Exp", "Sqrt"}) {
        auto node = devmux::OpRegistry::instance().create(name, "opset1");
        ASSERT_TRUE(node) << name;
        EXPECT_STREQ(node->get_type_name(), name);
    }
}

}  // namespace
