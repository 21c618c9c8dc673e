// SPDX-License-Identifier: Apache-2.0
// Softmax-1 and Softmax-8.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "openvino/op/softmax.hpp"
#include "ops/op_registry.hpp"
#include "test_util.hpp"

using namespace ov;
using eltest::expect_error;
using eltest::param;

namespace {

// Straight from the definition, in double, over all positions sharing the non-axis coordinates.
std::vector<double> naive_softmax(const std::vector<float>& x, const Shape& shape, size_t axis) {
    std::vector<double> out(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        auto c = eltest::unravel(i, shape);
        double sum = 0;
        for (size_t k = 0; k < shape[axis]; ++k) {
            auto ck = c;
            ck[axis] = k;
            size_t flat = 0;
            for (size_t d = 0; d < shape.size(); ++d)
                flat = flat * shape[d] + ck[d];
            sum += std::exp(static_cast<double>(x[flat]));
        }
        out[i] = std::exp(static_cast<double>(x[i])) / sum;
    }
    return out;
}

template <typename OpT, typename Axis>
Tensor softmax(const Tensor& in, Axis axis) {
    auto op = std::make_shared<OpT>(param(in.get_element_type(), in.get_shape()), axis);
    TensorVector outputs;
    EXPECT_TRUE(op->evaluate(outputs, {in}));
    return outputs.at(0);
}

TEST(Softmax, TypeInfo) {
    EXPECT_STREQ(op::v1::Softmax::get_type_info_static().name, "Softmax");
    EXPECT_EQ(op::v1::Softmax::get_type_info_static().get_version(), "opset1");
    EXPECT_STREQ(op::v8::Softmax::get_type_info_static().name, "Softmax");
    EXPECT_EQ(op::v8::Softmax::get_type_info_static().get_version(), "opset8");
}

TEST(Softmax, OutputKeepsTypeAndShape) {
    auto s = std::make_shared<op::v8::Softmax>(param(element::f16, {1, 1000, -1}), -2);
    EXPECT_EQ(s->get_output_element_type(0), element::f16);
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{1, 1000, -1}));
}

// Tolerance: 1e-6 absolute on probabilities in [0, 1] for f32.
TEST(Softmax, V1MatchesDefinitionOnEveryAxis) {
    std::mt19937 rng(31);
    const Shape shape{2, 3, 4};
    const Tensor x = eltest::random_real(element::f32, shape, rng, -4.f, 4.f);
    for (size_t axis = 0; axis < 3; ++axis) {
        const auto got = eltest::values<float>(softmax<op::v1::Softmax>(x, axis));
        const auto expected = naive_softmax(eltest::values<float>(x), shape, axis);
        for (size_t i = 0; i < got.size(); ++i)
            ASSERT_NEAR(got[i], expected[i], 1e-6) << "axis " << axis << " at " << i;
    }
}

TEST(Softmax, V8NegativeAxisCountsFromTheEnd) {
    std::mt19937 rng(32);
    const Shape shape{2, 5, 3};
    const Tensor x = eltest::random_real(element::f32, shape, rng, -4.f, 4.f);
    const auto got = eltest::values<float>(softmax<op::v8::Softmax>(x, int64_t{-2}));
    const auto expected = naive_softmax(eltest::values<float>(x), shape, 1);
    for (size_t i = 0; i < got.size(); ++i)
        ASSERT_NEAR(got[i], expected[i], 1e-6) << i;
    EXPECT_EQ(eltest::values<float>(softmax<op::v8::Softmax>(x, int64_t{1})), got);
}

TEST(Softmax, LargeInputsDoNotOverflow) {
    Tensor x(element::f32, {1, 2});
    x.data<float>()[0] = 1000.f;
    x.data<float>()[1] = 1001.f;
    const auto got = eltest::values<float>(softmax<op::v1::Softmax>(x, size_t{1}));
    EXPECT_NEAR(got[0], 1.0 / (1.0 + std::exp(1.0)), 1e-6);
    EXPECT_NEAR(got[1], 1.0 / (1.0 + std::exp(-1.0)), 1e-6);
}

// Tolerance for f16 output: 1e-3 absolute (f16 spacing near 1 is 2^-11 .. 2^-10).
TEST(Softmax, F16AsInSqueezenetIR10) {
    std::mt19937 rng(33);
    const Shape shape{1, 10, 1, 1};
    const Tensor x = eltest::random_real<float16>(element::f16, shape, rng, -5.f, 5.f);
    const auto got = eltest::as_floats_f16(softmax<op::v1::Softmax>(x, size_t{1}));
    const auto expected = naive_softmax(eltest::as_floats_f16(x), shape, 1);
    for (size_t i = 0; i < got.size(); ++i)
        ASSERT_NEAR(got[i], expected[i], 1e-3) << i;
}

TEST(Softmax, AxisOutOfRangeNamesTheOp) {
    expect_error([] { std::make_shared<op::v1::Softmax>(param(element::f32, {2, 3, 4}), 3); }, {"Softmax", "3"});
    expect_error([] { std::make_shared<op::v8::Softmax>(param(element::f32, {2, 3, 4}), -4); }, {"Softmax", "-4"});
    auto s = std::make_shared<op::v8::Softmax>(param(element::f32, {2, 3}), 1);
    s->set_friendly_name("prob");
    s->set_axis(2);
    expect_error([&] { s->validate_and_infer_types(); }, {"Softmax", "'prob'", "2"});
}

TEST(Softmax, IntegerInputIsRejected) {
    auto s = std::make_shared<op::v1::Softmax>(param(element::f32, {2, 3}), 1);
    s->set_friendly_name("prob");
    s->input(0).replace_source_output(param(element::i32, {2, 3}));
    expect_error([&] { s->validate_and_infer_types(); }, {"Softmax", "'prob'", "i32"});
}

TEST(Softmax, AttributesRoundTrip) {
    auto v1 = std::make_shared<op::v1::Softmax>(param(element::f32, {2, 3, 4}), 2);
    eltest::RecordingVisitor r1;
    v1->visit_attributes(r1);
    EXPECT_EQ(r1.values(), (std::map<std::string, std::string>{{"axis", "2"}}));
    r1.start_replay();
    op::v1::Softmax restored1;
    restored1.visit_attributes(r1);
    EXPECT_EQ(restored1.get_axis(), 2u);

    auto v8 = std::make_shared<op::v8::Softmax>(param(element::f32, {2, 3, 4}), -1);
    eltest::RecordingVisitor r8;
    v8->visit_attributes(r8);
    EXPECT_EQ(r8.values(), (std::map<std::string, std::string>{{"axis", "-1"}}));
    r8.start_replay();
    op::v8::Softmax restored8;
    restored8.visit_attributes(r8);
    EXPECT_EQ(restored8.get_axis(), -1);
}

TEST(Softmax, RegistryPicksTheVersionByOpset) {
    auto& registry = devmux::OpRegistry::instance();
    EXPECT_TRUE(is_type<op::v1::Softmax>(registry.create("Softmax", "opset1")));
    EXPECT_TRUE(is_type<op::v1::Softmax>(registry.create("Softmax", "opset7")));
    EXPECT_TRUE(is_type<op::v8::Softmax>(registry.create("Softmax", "opset8")));
    EXPECT_TRUE(is_type<op::v8::Softmax>(registry.create("Softmax", "opset11")));
}

TEST(Softmax, CloneKeepsAxis) {
    auto s = std::make_shared<op::v8::Softmax>(param(element::f32, {2, 3}), -1);
    auto clone = as_type_ptr<op::v8::Softmax>(s->clone_with_new_inputs({param(element::f32, {4, 5})}));
    ASSERT_TRUE(clone);
    EXPECT_EQ(clone->get_axis(), -1);
}

}  // namespace
