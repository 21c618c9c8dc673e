// SPDX-License-Identifier: Apache-2.0
// FakeQuantize-1.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "openvino/op/fake_quantize.hpp"
#include "ops/op_registry.hpp"
#include "test_util.hpp"

using namespace ov;
using eltest::expect_error;
using eltest::param;

namespace {

Tensor scalar_like(element::Type type, const Shape& shape, float v) {
    if (type == element::f16)
        return eltest::make_tensor<float16>(type, shape, [v] { return v; });
    return eltest::make_tensor<float>(type, shape, [v] { return v; });
}

std::shared_ptr<op::v0::FakeQuantize> make_fq(const std::array<Shape, 5>& shapes, size_t levels,
                                              element::Type type = element::f32) {
    return std::make_shared<op::v0::FakeQuantize>(param(type, shapes[0]), param(type, shapes[1]),
                                                  param(type, shapes[2]), param(type, shapes[3]),
                                                  param(type, shapes[4]), levels);
}

Tensor run(const std::array<Tensor, 5>& in, size_t levels) {
    auto fq = make_fq({in[0].get_shape(), in[1].get_shape(), in[2].get_shape(), in[3].get_shape(), in[4].get_shape()},
                      levels, in[0].get_element_type());
    TensorVector outputs;
    EXPECT_TRUE(fq->evaluate(outputs, {in[0], in[1], in[2], in[3], in[4]}));
    return outputs.at(0);
}

// The specification's formula, written independently, in float.
float naive_fq(float x, float il, float ih, float ol, float oh, size_t levels) {
    const float l = static_cast<float>(levels - 1);
    if (x <= std::min(il, ih))
        return ol;
    if (x > std::max(il, ih))
        return oh;
    return std::nearbyint((x - il) / (ih - il) * l) / l * (oh - ol) + ol;
}

TEST(FakeQuantize, TypeInfoAndDefaults) {
    EXPECT_STREQ(op::v0::FakeQuantize::get_type_info_static().name, "FakeQuantize");
    EXPECT_EQ(op::v0::FakeQuantize::get_type_info_static().get_version(), "opset1");
    EXPECT_EQ(op::v0::FakeQuantize().get_auto_broadcast().m_type, op::AutoBroadcastType::NUMPY);
    EXPECT_TRUE(devmux::OpRegistry::instance().create("FakeQuantize", "opset1"));
}

TEST(FakeQuantize, OutputShapeIsTheBroadcastOfAllInputs) {
    auto fq = make_fq({Shape{1, 3, 4, 4}, Shape{1, 3, 1, 1}, Shape{1, 3, 1, 1}, Shape{}, Shape{1}}, 256);
    EXPECT_EQ(fq->get_output_partial_shape(0), (PartialShape{1, 3, 4, 4}));
    EXPECT_EQ(fq->get_output_element_type(0), element::f32);
    auto grown = make_fq({Shape{3}, Shape{2, 1}, Shape{1}, Shape{1}, Shape{1}}, 256);
    EXPECT_EQ(grown->get_output_partial_shape(0), (PartialShape{2, 3}));
}

// levels = 5 over [0, 4] -> [-2, 2]: steps of 1; 1.5 and 2.5 are ties and go to the even level.
TEST(FakeQuantize, HandComputedValuesRoundHalfToEven) {
    Tensor x(element::f32, {8});
    const float v[] = {-1.f, 0.f, 0.5f, 1.4f, 1.5f, 2.5f, 4.f, 5.f};
    std::copy(v, v + 8, x.data<float>());
    const auto got =
        eltest::values<float>(run({x, scalar_like(element::f32, {}, 0.f), scalar_like(element::f32, {}, 4.f),
                                   scalar_like(element::f32, {}, -2.f), scalar_like(element::f32, {}, 2.f)},
                                  5));
    EXPECT_EQ(got, (std::vector<float>{-2.f, -2.f, -2.f, -1.f, 0.f, 0.f, 2.f, 2.f}));
}

// Tolerance: the same float operations in the same order, so exact.
TEST(FakeQuantize, PerChannelLimitsMatchNaiveFormula) {
    std::mt19937 rng(41);
    const Shape data_shape{2, 3, 4, 4}, ch{1, 3, 1, 1};
    const Tensor x = eltest::random_real(element::f32, data_shape, rng, -3.f, 3.f);
    const Tensor il = eltest::random_real(element::f32, ch, rng, -2.f, -0.5f);
    const Tensor ih = eltest::random_real(element::f32, ch, rng, 0.5f, 2.f);
    const Tensor ol = eltest::random_real(element::f32, {1}, rng, -1.f, -0.2f);
    const Tensor oh = eltest::random_real(element::f32, {}, rng, 0.2f, 1.f);
    const auto got = eltest::values<float>(run({x, il, ih, ol, oh}, 256));
    const auto xs = eltest::values<float>(x);
    for (size_t i = 0; i < xs.size(); ++i) {
        const size_t c = eltest::unravel(i, data_shape)[1];
        const float expected =
            naive_fq(xs[i], il.data<float>()[c], ih.data<float>()[c], ol.data<float>()[0], oh.data<float>()[0], 256);
        ASSERT_EQ(got[i], expected) << i;
    }
}

TEST(FakeQuantize, EveryInputMayVaryPerElement) {
    std::mt19937 rng(42);
    const Shape s{2, 5};
    const Tensor x = eltest::random_real(element::f32, s, rng, -3.f, 3.f);
    const Tensor il = eltest::random_real(element::f32, s, rng, -2.f, -0.5f);
    const Tensor ih = eltest::random_real(element::f32, s, rng, 0.5f, 2.f);
    const Tensor ol = eltest::random_real(element::f32, {2, 1}, rng, -1.f, 0.f);
    const Tensor oh = eltest::random_real(element::f32, {5}, rng, 0.f, 1.f);
    const auto got = eltest::values<float>(run({x, il, ih, ol, oh}, 16));
    for (size_t i = 0; i < 10; ++i) {
        const auto c = eltest::unravel(i, s);
        const float expected = naive_fq(x.data<float>()[i], il.data<float>()[i], ih.data<float>()[i],
                                        ol.data<float>()[c[0]], oh.data<float>()[c[1]], 16);
        ASSERT_EQ(got[i], expected) << i;
    }
}

TEST(FakeQuantize, InvertedInputRangeFollowsTheFormula) {
    Tensor x(element::f32, {4});
    const float v[] = {-1.f, 1.f, 3.f, 5.f};
    std::copy(v, v + 4, x.data<float>());
    const float il = 4.f, ih = 0.f, ol = 0.f, oh = 8.f;
    const auto got =
        eltest::values<float>(run({x, scalar_like(element::f32, {1}, il), scalar_like(element::f32, {1}, ih),
                                   scalar_like(element::f32, {1}, ol), scalar_like(element::f32, {1}, oh)},
                                  3));
    for (size_t i = 0; i < 4; ++i)
        EXPECT_EQ(got[i], naive_fq(v[i], il, ih, ol, oh, 3)) << v[i];
    EXPECT_EQ(got[0], 0.f);  // below min(il, ih): output_low
    EXPECT_EQ(got[3], 8.f);  // above max(il, ih): output_high
}

// Tolerance for f16: computed in float, rounded once to f16: 1e-3 relative (plus 1e-3 absolute near 0).
TEST(FakeQuantize, F16AsInInt8Models) {
    std::mt19937 rng(43);
    const Tensor x = eltest::random_real<float16>(element::f16, {1, 3, 4, 4}, rng, -3.f, 3.f);
    const Tensor il = scalar_like(element::f16, {}, 0.f);  // scalars, as the IRs store them
    const Tensor ih = scalar_like(element::f16, {}, 2.5f);
    const auto got = eltest::as_floats_f16(run({x, il, ih, il, ih}, 256));
    const auto xs = eltest::as_floats_f16(x);
    for (size_t i = 0; i < xs.size(); ++i) {
        const float expected = naive_fq(xs[i], 0.f, 2.5f, 0.f, 2.5f, 256);
        ASSERT_NEAR(got[i], expected, 1e-3 * std::abs(expected) + 1e-3) << xs[i];
    }
}

TEST(FakeQuantize, LevelsBelowTwoNameTheOp) {
    expect_error([] { make_fq({Shape{2}, Shape{}, Shape{}, Shape{}, Shape{}}, 1); }, {"FakeQuantize", "levels"});
    auto fq = make_fq({Shape{2}, Shape{}, Shape{}, Shape{}, Shape{}}, 2);
    fq->set_friendly_name("fq1");
    fq->set_levels(0);
    expect_error([&] { fq->validate_and_infer_types(); }, {"FakeQuantize", "'fq1'", "levels"});
    TensorVector outputs;
    const Tensor t = scalar_like(element::f32, {2}, 1.f);
    const Tensor s = scalar_like(element::f32, {}, 1.f);
    expect_error([&] { fq->evaluate(outputs, {t, s, s, s, s}); }, {"'fq1'", "levels"});
}

TEST(FakeQuantize, BadInputsNameTheOp) {
    auto fq = make_fq({Shape{1, 3, 2, 2}, Shape{1, 3, 1, 1}, Shape{}, Shape{}, Shape{}}, 256);
    fq->set_friendly_name("fq2");
    fq->input(1).replace_source_output(param(element::f32, {1, 4, 1, 1}));
    expect_error([&] { fq->validate_and_infer_types(); }, {"FakeQuantize", "'fq2'", "[1,4,1,1]"});
    fq->input(1).replace_source_output(param(element::f16, {}));
    expect_error([&] { fq->validate_and_infer_types(); }, {"FakeQuantize", "'fq2'", "input_low", "f16"});
    expect_error(
        [] {
            make_fq({Shape{2}, Shape{}, Shape{}, Shape{}, Shape{}}, 256, element::i32);
        },
        {"FakeQuantize", "real"});
}

TEST(FakeQuantize, AttributesRoundTrip) {
    auto fq = std::make_shared<op::v0::FakeQuantize>(param(element::f32, {2}), param(element::f32, {2}),
                                                     param(element::f32, {2}), param(element::f32, {2}),
                                                     param(element::f32, {2}), 255, op::AutoBroadcastSpec::NONE);
    eltest::RecordingVisitor visitor;
    fq->visit_attributes(visitor);
    EXPECT_EQ(visitor.values(), (std::map<std::string, std::string>{{"levels", "255"}, {"auto_broadcast", "none"}}));
    visitor.start_replay();
    op::v0::FakeQuantize restored;
    restored.visit_attributes(visitor);
    EXPECT_EQ(restored.get_levels(), 255u);
    EXPECT_EQ(restored.get_auto_broadcast().m_type, op::AutoBroadcastType::NONE);
}

TEST(FakeQuantize, CloneKeepsAttributes) {
    auto fq = make_fq({Shape{2}, Shape{}, Shape{}, Shape{}, Shape{}}, 17);
    OutputVector args;
    for (int i = 0; i < 5; ++i)
        args.push_back(param(element::f32, i == 0 ? Shape{4} : Shape{}));
    auto clone = as_type_ptr<op::v0::FakeQuantize>(fq->clone_with_new_inputs(args));
    ASSERT_TRUE(clone);
    EXPECT_EQ(clone->get_levels(), 17u);
    EXPECT_EQ(clone->get_output_partial_shape(0), (PartialShape{4}));
}

}  // namespace
