// SPDX-License-Identifier: Apache-2.0
// Clamp and PRelu.
#include <gtest/gtest.h>

#include <random>

#include "openvino/op/clamp.hpp"
#include "openvino/op/prelu.hpp"
#include "ops/op_registry.hpp"
#include "test_util.hpp"

using namespace ov;
using eltest::expect_error;
using eltest::param;

namespace {

Tensor clamp(const Tensor& in, double min, double max) {
    auto op = std::make_shared<op::v0::Clamp>(param(in.get_element_type(), in.get_shape()), min, max);
    TensorVector outputs;
    EXPECT_TRUE(op->evaluate(outputs, {in}));
    return outputs.at(0);
}

TEST(Clamp, TypeInfoAndShape) {
    EXPECT_STREQ(op::v0::Clamp::get_type_info_static().name, "Clamp");
    EXPECT_EQ(op::v0::Clamp::get_type_info_static().get_version(), "opset1");
    auto c = std::make_shared<op::v0::Clamp>(param(element::f16, {-1, 7}), -1.0, 2.0);
    EXPECT_EQ(c->get_output_element_type(0), element::f16);
    EXPECT_EQ(c->get_output_partial_shape(0), (PartialShape{-1, 7}));
    EXPECT_EQ(c->get_min(), -1.0);
    EXPECT_EQ(c->get_max(), 2.0);
}

TEST(Clamp, MinAboveMaxNamesTheOp) {
    expect_error([] { std::make_shared<op::v0::Clamp>(param(element::f32, {2}), 3.0, 1.0); },
                 {"Clamp", "'min'", "'max'"});
    auto c = std::make_shared<op::v0::Clamp>(param(element::f32, {2}), 0.0, 1.0);
    c->set_friendly_name("limit");
    c->set_min(5.0);
    expect_error([&] { c->validate_and_infer_types(); }, {"Clamp", "'limit'", "5"});
}

// Exact: clamping selects one of three representable values.
TEST(Clamp, F32MatchesNaiveLoop) {
    std::mt19937 rng(8);
    const Tensor x = eltest::random_real(element::f32, {3, 4, 5}, rng, -4.f, 4.f);
    const auto got = eltest::values<float>(clamp(x, -1.5, 2.25));
    const auto in = eltest::values<float>(x);
    for (size_t i = 0; i < in.size(); ++i)
        ASSERT_EQ(got[i], in[i] < -1.5f ? -1.5f : (in[i] > 2.25f ? 2.25f : in[i])) << in[i];
}

TEST(Clamp, F16UsesBoundsRoundedToF16) {
    Tensor x(element::f16, {3});
    x.data<float16>()[0] = float16(-10.f);
    x.data<float16>()[1] = float16(0.5f);
    x.data<float16>()[2] = float16(10.f);
    EXPECT_EQ(eltest::as_floats_f16(clamp(x, -0.1, 6.0)),
              (std::vector<float>{static_cast<float>(float16(-0.1f)), 0.5f, 6.f}));
}

TEST(Clamp, IntegerBoundsRoundInwards) {
    Tensor x(element::i32, {6});
    const int32_t v[] = {-5, -3, -2, 0, 3, 4};
    std::copy(v, v + 6, x.data<int32_t>());
    // ceil(-2.5) = -2, floor(3.7) = 3.
    EXPECT_EQ(eltest::values<int32_t>(clamp(x, -2.5, 3.7)), (std::vector<int32_t>{-2, -2, -2, 0, 3, 3}));
}

TEST(Clamp, IntegerBoundsSaturateToTheTypeRange) {
    Tensor x(element::u8, {3});
    x.data<uint8_t>()[0] = 0, x.data<uint8_t>()[1] = 100, x.data<uint8_t>()[2] = 255;
    EXPECT_EQ(eltest::values<uint8_t>(clamp(x, -1e10, 1e10)), (std::vector<uint8_t>{0, 100, 255}));
    EXPECT_EQ(eltest::values<uint8_t>(clamp(x, -3.0, 99.5)), (std::vector<uint8_t>{0, 99, 99}));
}

TEST(Clamp, AttributesRoundTrip) {
    auto c = std::make_shared<op::v0::Clamp>(param(element::f32, {2}), -0.1, 3.7);
    eltest::RecordingVisitor visitor;
    c->visit_attributes(visitor);
    ASSERT_EQ(visitor.values().size(), 2u);
    EXPECT_TRUE(visitor.values().count("min"));
    EXPECT_TRUE(visitor.values().count("max"));
    visitor.start_replay();
    op::v0::Clamp restored;
    restored.visit_attributes(visitor);
    EXPECT_EQ(restored.get_min(), -0.1);
    EXPECT_EQ(restored.get_max(), 3.7);
}

TEST(Clamp, CloneAndRegistry) {
    auto c = std::make_shared<op::v0::Clamp>(param(element::f32, {2}), -1.0, 1.0);
    auto clone = as_type_ptr<op::v0::Clamp>(c->clone_with_new_inputs({param(element::f32, {4})}));
    ASSERT_TRUE(clone);
    EXPECT_EQ(clone->get_min(), -1.0);
    EXPECT_EQ(clone->get_max(), 1.0);
    EXPECT_TRUE(devmux::OpRegistry::instance().create("Clamp", "opset1"));
}

// ---- PRelu ----

Tensor prelu(const Tensor& data, const Tensor& slope) {
    auto op = std::make_shared<op::v0::PRelu>(param(data.get_element_type(), data.get_shape()),
                                              param(slope.get_element_type(), slope.get_shape()));
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(data.get_shape()));
    TensorVector outputs;
    EXPECT_TRUE(op->evaluate(outputs, {data, slope}));
    return outputs.at(0);
}

// Expected values with the slope picked by a caller-supplied rule from the output coordinate.
std::vector<float> naive_prelu(const Tensor& data, const Tensor& slope,
                               const std::function<size_t(const std::vector<size_t>&)>& slope_index) {
    const auto x = eltest::values<float>(data);
    const auto s = eltest::values<float>(slope);
    std::vector<float> out(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        out[i] = x[i] < 0 ? x[i] * s[slope_index(eltest::unravel(i, data.get_shape()))] : x[i];
    return out;
}

TEST(PRelu, TypeInfo) {
    EXPECT_STREQ(op::v0::PRelu::get_type_info_static().name, "PRelu");
    EXPECT_EQ(op::v0::PRelu::get_type_info_static().get_version(), "opset1");
    EXPECT_TRUE(devmux::OpRegistry::instance().create("PRelu", "opset1"));
}

// The landmarks-regression-retail-0009 layout: data [1,C,H,W], slope of shape [1].
TEST(PRelu, SingleSlopeAsInLandmarksModel) {
    std::mt19937 rng(16);
    const Tensor x = eltest::random_real(element::f32, {1, 16, 6, 6}, rng, -3.f, 3.f);
    const Tensor s = eltest::random_real(element::f32, {1}, rng, 0.05f, 0.5f);
    EXPECT_EQ(eltest::values<float>(prelu(x, s)), naive_prelu(x, s, [](const std::vector<size_t>&) { return 0; }));
}

TEST(PRelu, OneDimensionalSlopeOfChannelLengthAppliesPerChannel) {
    std::mt19937 rng(17);
    // Channel axis 1 has 4 entries, as does the last axis: OpenVINO reads the slope per channel.
    const Tensor x = eltest::random_real(element::f32, {2, 4, 4}, rng, -3.f, 3.f);
    const Tensor s = eltest::random_real(element::f32, {4}, rng, 0.05f, 0.9f);
    EXPECT_EQ(eltest::values<float>(prelu(x, s)), naive_prelu(x, s, [](const std::vector<size_t>& c) { return c[1]; }));
}

TEST(PRelu, OtherSlopesBroadcastWithNumpyRules) {
    std::mt19937 rng(18);
    // Last axis 5 differs from the 3 channels: plain numpy broadcasting along the last axis.
    const Tensor x = eltest::random_real(element::f32, {2, 3, 5}, rng, -3.f, 3.f);
    const Tensor s = eltest::random_real(element::f32, {5}, rng, 0.05f, 0.9f);
    EXPECT_EQ(eltest::values<float>(prelu(x, s)), naive_prelu(x, s, [](const std::vector<size_t>& c) { return c[2]; }));
    const Tensor s2 = eltest::random_real(element::f32, {3, 1}, rng, 0.05f, 0.9f);
    EXPECT_EQ(eltest::values<float>(prelu(x, s2)),
              naive_prelu(x, s2, [](const std::vector<size_t>& c) { return c[1]; }));
}

TEST(PRelu, OneDimensionalData) {
    std::mt19937 rng(19);
    const Tensor x = eltest::random_real(element::f32, {6}, rng, -3.f, 3.f);
    const Tensor s = eltest::random_real(element::f32, {6}, rng, 0.05f, 0.9f);
    EXPECT_EQ(eltest::values<float>(prelu(x, s)), naive_prelu(x, s, [](const std::vector<size_t>& c) { return c[0]; }));
}

// Tolerance for f16: one product rounded to f16, relative 1e-3.
TEST(PRelu, F16) {
    std::mt19937 rng(20);
    const Tensor x = eltest::random_real<float16>(element::f16, {1, 3, 2, 2}, rng, -3.f, 3.f);
    const Tensor s = eltest::random_real<float16>(element::f16, {3}, rng, 0.05f, 0.9f);
    const auto got = eltest::as_floats_f16(prelu(x, s));
    const auto xs = eltest::as_floats_f16(x);
    const auto ss = eltest::as_floats_f16(s);
    for (size_t i = 0; i < xs.size(); ++i) {
        const float expected = xs[i] < 0 ? xs[i] * ss[eltest::unravel(i, {1, 3, 2, 2})[1]] : xs[i];
        ASSERT_NEAR(got[i], expected, 1e-3 * std::abs(expected)) << i;
    }
}

TEST(PRelu, IncompatibleSlopeNamesTheOp) {
    expect_error(
        [] {
            std::make_shared<op::v0::PRelu>(param(element::f32, {1, 3, 4, 4}), param(element::f32, {5}));
        },
        {"PRelu", "[5]", "[1,3,4,4]"});
    auto p = std::make_shared<op::v0::PRelu>(param(element::f32, {3}), param(element::f32, {1}));
    p->set_friendly_name("act");
    // A slope that would enlarge the data is rejected too: the output has the data's shape.
    p->input(1).replace_source_output(param(element::f32, {2, 3}));
    expect_error([&] { p->validate_and_infer_types(); }, {"PRelu", "'act'", "[2,3]"});
}

// The FP16 landmarks IRs pair f16 data with an f32 slope: the output follows the data.
// Tolerance: one product rounded to f16, 1e-3 relative.
TEST(PRelu, SlopeOfAnotherTypeFollowsTheData) {
    std::mt19937 rng(21);
    const Tensor x = eltest::random_real<float16>(element::f16, {1, 4, 3, 3}, rng, -3.f, 3.f);
    const Tensor s = eltest::random_real(element::f32, {1}, rng, 0.05f, 0.5f);
    auto p = std::make_shared<op::v0::PRelu>(param(element::f16, x.get_shape()), param(element::f32, {1}));
    EXPECT_EQ(p->get_output_element_type(0), element::f16);
    EXPECT_TRUE(p->has_evaluate());
    TensorVector outputs;
    ASSERT_TRUE(p->evaluate(outputs, {x, s}));
    ASSERT_EQ(outputs[0].get_element_type(), element::f16);
    const auto got = eltest::as_floats_f16(outputs[0]);
    const auto xs = eltest::as_floats_f16(x);
    const float slope = s.data<float>()[0];
    for (size_t i = 0; i < xs.size(); ++i) {
        const float expected = xs[i] < 0 ? xs[i] * slope : xs[i];
        ASSERT_NEAR(got[i], expected, 1e-3 * std::abs(expected)) << i;
    }
}

TEST(PRelu, BooleanInputsNameTheOp) {
    auto p = std::make_shared<op::v0::PRelu>(param(element::f32, {3}), param(element::f32, {1}));
    p->set_friendly_name("act");
    p->input(1).replace_source_output(param(element::boolean, {1}));
    expect_error([&] { p->validate_and_infer_types(); }, {"PRelu", "'act'", "boolean"});
}

TEST(PRelu, CloneAndNoAttributes) {
    auto p = std::make_shared<op::v0::PRelu>(param(element::f32, {3}), param(element::f32, {1}));
    eltest::RecordingVisitor visitor;
    EXPECT_TRUE(p->visit_attributes(visitor));
    EXPECT_TRUE(visitor.values().empty());
    EXPECT_TRUE(is_type<op::v0::PRelu>(p->clone_with_new_inputs({param(element::f32, {3}), param(element::f32, {3})})));
}

}  // namespace
