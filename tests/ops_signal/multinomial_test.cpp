// SPDX-License-Identifier: Apache-2.0
// Multinomial-13: the specification's algorithm written here (CDF search over RandomUniform-8's numbers with
// the same seeds), the outcome of its worked example 2 (the second row, whose probability mass is all in class
// 0), sampling frequencies, sampling without replacement, shape inference, errors and the IR round trip.
#include <gtest/gtest.h>

#include <set>

#include "openvino/op/multinomial.hpp"
#include "openvino/op/random_uniform.hpp"
#include "signal_test_util.hpp"

using namespace sigtest;
using ov::PartialShape;
using ov::Shape;
using Multi = ov::op::v13::Multinomial;

namespace {

std::vector<double> sample(const Shape& shape, const std::vector<double>& probs, int64_t n, bool replace, bool log,
                           uint64_t global_seed, uint64_t op_seed, ov::element::Type type = ov::element::f32,
                           ov::element::Type_t convert = ov::element::Type_t::i64) {
    auto op =
        std::make_shared<Multi>(param(type, shape), i64_constant({n}), convert, replace, log, global_seed, op_seed);
    const auto out = run(op, {make_tensor(type, shape, probs), i64_tensor({n})});
    EXPECT_EQ(out.get_element_type(), ov::element::Type(convert));
    return read_tensor(out);
}

// RandomUniform-8 [0, 1) numbers for these seeds, as the op draws them.
std::vector<double> uniforms(size_t count, uint64_t global_seed, uint64_t op_seed) {
    auto ru = std::make_shared<ov::op::v8::RandomUniform>(
        i64_constant({int64_t(count)}), ov::op::v0::Constant::create(ov::element::f32, Shape{}, {0.0f}),
        ov::op::v0::Constant::create(ov::element::f32, Shape{}, {1.0f}), ov::element::f32, global_seed, op_seed);
    return read_tensor(run(ru, {i64_tensor({int64_t(count)}), make_tensor(ov::element::f32, {}, {0}),
                                make_tensor(ov::element::f32, {}, {1})}));
}

TEST(Multinomial, MatchesTheSpecificationAlgorithm) {
    std::mt19937 rng(7701);
    for (bool replace : {true, false}) {
        for (bool log : {false, true}) {
            const size_t batch = 3, classes = 6;
            const int64_t n = replace ? 9 : 5;
            const auto probs =
                as_stored(ov::element::f32, random_values(batch * classes, rng, log ? -2.0 : 0.01, log ? 2.0 : 1.0));
            const auto u = uniforms(batch * n, 99, 7);
            std::vector<double> expected;
            for (size_t b = 0; b < batch; ++b) {
                std::vector<double> w(classes);
                for (size_t c = 0; c < classes; ++c)
                    w[c] = log ? std::exp(probs[b * classes + c]) : probs[b * classes + c];
                for (int64_t s = 0; s < n; ++s) {
                    double total = 0;
                    for (double x : w)
                        total += x;
                    double cdf = 0;
                    size_t chosen = 0;
                    for (size_t c = 0; c < classes; ++c) {
                        cdf += w[c];
                        if (w[c] > 0 && u[b * n + s] <= cdf / total) {
                            chosen = c;
                            break;
                        }
                    }
                    expected.push_back(double(chosen));
                    if (!replace)
                        w[chosen] = 0;
                }
            }
            EXPECT_EQ(sample({batch, classes}, probs, n, replace, log, 99, 7), expected)
                << "replace " << replace << " log " << log;
        }
    }
}

TEST(Multinomial, WorkedExampleLogProbsSecondRowIsClassZero) {
    const auto out = sample({2, 3}, {-1, 1, 2, 50, 1, 21}, 10, true, true, 234, 148);
    ASSERT_EQ(out.size(), 20u);
    for (size_t i = 10; i < 20; ++i)
        EXPECT_EQ(out[i], 0.0);
    for (size_t i = 0; i < 10; ++i)
        EXPECT_TRUE(out[i] >= 0 && out[i] <= 2);
}

TEST(Multinomial, FrequenciesFollowTheProbabilities) {
    const auto out = sample({3}, {0.1, 0.5, 0.4}, 20000, true, false, 5, 6, ov::element::f32, ov::element::Type_t::i32);
    std::vector<double> freq(3, 0.0);
    for (double c : out)
        freq[size_t(c)] += 1.0 / 20000;
    EXPECT_NEAR(freq[0], 0.1, 0.015);
    EXPECT_NEAR(freq[1], 0.5, 0.015);
    EXPECT_NEAR(freq[2], 0.4, 0.015);
}

TEST(Multinomial, WithoutReplacementDrawsEachClassOnce) {
    const auto out = sample({2, 5}, {0.3, 0.1, 0.2, 0.25, 0.15, 1, 1, 1, 1, 1}, 5, false, false, 11, 12);
    for (size_t b = 0; b < 2; ++b) {
        std::set<double> seen(out.begin() + b * 5, out.begin() + b * 5 + 5);
        EXPECT_EQ(seen.size(), 5u);
    }
}

TEST(Multinomial, ShapeInferenceAndErrors) {
    const auto f32 = ov::element::f32;
    EXPECT_EQ(std::make_shared<Multi>(param(f32, PartialShape{-1, 7}), i64_constant({4}), ov::element::Type_t::i32,
                                      true, false)
                  ->get_output_partial_shape(0),
              (PartialShape{-1, 4}));
    auto unknown = std::make_shared<Multi>(param(f32, PartialShape{2, 7}), param(ov::element::i32, PartialShape{}),
                                           ov::element::Type_t::i64, true, false);
    EXPECT_EQ(unknown->get_output_partial_shape(0), (PartialShape{2, -1}));
    EXPECT_EQ(unknown->get_output_element_type(0), ov::element::i64);
    expect_error(
        [&] {
            std::make_shared<Multi>(param(f32, Shape{2, 3}), i64_constant({4}), ov::element::Type_t::i64, false, false);
        },
        {"Multinomial", "exceeds the class count"});
    expect_error(
        [&] {
            std::make_shared<Multi>(param(f32, Shape{2, 3}), i64_constant({2}), ov::element::Type_t::f32, true, false);
        },
        {"Multinomial", "convert_type"});
    expect_error(
        [&] {
            std::make_shared<Multi>(param(ov::element::i32, Shape{2, 3}), i64_constant({2}), ov::element::Type_t::i32,
                                    true, false);
        },
        {"Multinomial", "floating-point"});
    expect_error(
        [&] {
            std::make_shared<Multi>(param(f32, Shape{2, 3, 4}), i64_constant({2}), ov::element::Type_t::i32, true,
                                    false);
        },
        {"Multinomial", "1-D or 2-D"});
}

TEST(Multinomial, IrRoundTripKeepsAttributes) {
    auto probs = param(ov::element::f32, Shape{2, 5});
    auto op = std::make_shared<Multi>(probs, i64_constant({3}), ov::element::Type_t::i32, false, true, 234, 148);
    const auto xml = expect_round_trip(op, {probs});
    EXPECT_NE(xml.find("convert_type=\"i32\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("with_replacement=\"false\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("log_probs=\"true\""), std::string::npos) << xml;
}

}  // namespace
