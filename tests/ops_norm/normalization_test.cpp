// SPDX-License-Identifier: Apache-2.0
// MVN-1, MVN-6, NormalizeL2-1, LRN-1, GRN-1, BatchNormInference-1/-5 and GroupNormalization-12: evaluate()
// against the definitions computed here in double precision (groups found by comparing coordinates, not by the
// runtime's index arithmetic), shapes with dynamic dimensions, errors naming the op, and IR attributes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "norm_test_util.hpp"
#include "openvino/op/batch_norm.hpp"
#include "openvino/op/grn.hpp"
#include "openvino/op/group_normalization.hpp"
#include "openvino/op/lrn.hpp"
#include "openvino/op/mvn.hpp"
#include "openvino/op/normalize_l2.hpp"

using namespace normtest;
using ov::PartialShape;
using ov::Shape;

namespace {

// The flat indices of the elements that share element i's coordinates on every axis outside `axes`.
std::vector<size_t> peers(size_t i, const Shape& shape, const std::set<size_t>& axes) {
    const auto ci = unravel(i, shape);
    std::vector<size_t> out;
    for (size_t j = 0; j < shape_size(shape); ++j) {
        const auto cj = unravel(j, shape);
        bool same = true;
        for (size_t a = 0; a < shape.size(); ++a)
            same = same && (axes.count(a) || ci[a] == cj[a]);
        if (same)
            out.push_back(j);
    }
    return out;
}

std::vector<double> mvn_formula(const std::vector<double>& x, const Shape& shape, const std::set<size_t>& axes,
                                bool normalize_variance, double eps, bool inside) {
    std::vector<double> y(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        const auto group = peers(i, shape, axes);
        double mean = 0;
        for (size_t j : group)
            mean += x[j];
        mean /= group.size();
        double var = 0;
        for (size_t j : group)
            var += (x[j] - mean) * (x[j] - mean);
        var /= group.size();
        y[i] = x[i] - mean;
        if (normalize_variance)
            y[i] /= inside ? std::sqrt(var + eps) : std::sqrt(var) + eps;
    }
    return y;
}

void expect_values(const ov::Tensor& actual, const std::vector<double>& expected) {
    if (actual.get_element_type() == ov::element::f16)
        expect_close(read_tensor(actual), expected, 2e-3, 2e-3);
    else
        expect_close(read_tensor(actual), expected, 1e-5, 1e-5);
}

}  // namespace

TEST(MVN6, MatchesTheFormula) {
    const Shape shape{2, 3, 4, 5};
    struct Case {
        std::vector<int64_t> axes;
        std::set<size_t> normalized;
        bool normalize_variance;
        float eps;
        ov::op::MVNEpsMode mode;
    };
    const std::vector<Case> cases{
        {{2, 3}, {2, 3}, true, 1e-3f, ov::op::MVNEpsMode::INSIDE_SQRT},
        {{-1}, {3}, true, 0.1f, ov::op::MVNEpsMode::OUTSIDE_SQRT},
        {{1, 2, 3}, {1, 2, 3}, false, 1e-9f, ov::op::MVNEpsMode::INSIDE_SQRT},
        {{0, 2}, {0, 2}, true, 0.5f, ov::op::MVNEpsMode::INSIDE_SQRT},
    };
    std::mt19937 rng(31);
    for (const auto& c : cases) {
        for (auto type : {ov::element::f32, ov::element::f16}) {
            const auto x = as_stored(type, shape, random_values(shape_size(shape), rng, -2.0, 3.0));
            auto op = std::make_shared<ov::op::v6::MVN>(param(type, shape), i64s(c.axes), c.normalize_variance,
                                                        c.eps, c.mode);
            const auto out = run(op, {make_tensor(type, shape, x), int_tensor(ov::element::i64, Shape{c.axes.size()},
                                                                              c.axes)});
            expect_values(out[0], mvn_formula(x, shape, c.normalized, c.normalize_variance, c.eps,
                                              c.mode == ov::op::MVNEpsMode::INSIDE_SQRT));
        }
    }
}

TEST(MVN1, AcrossChannelsOrNotAndExplicitAxes) {
    const Shape shape{2, 3, 3, 4};
    std::mt19937 rng(32);
    const auto x = random_values(shape_size(shape), rng, -1.0, 2.0);
    const auto input = make_tensor(ov::element::f32, shape, x);
    auto across = std::make_shared<ov::op::v0::MVN>(param(ov::element::f32, shape), true, true, 1e-4);
    expect_values(run(across, {input})[0], mvn_formula(x, shape, {1, 2, 3}, true, 1e-4, true));
    EXPECT_EQ(across->get_reduction_axes(), ov::AxisSet({1, 2, 3}));
    auto per_channel = std::make_shared<ov::op::v0::MVN>(param(ov::element::f32, shape), false, true, 1e-4);
    expect_values(run(per_channel, {input})[0], mvn_formula(x, shape, {2, 3}, true, 1e-4, true));
    auto mean_only = std::make_shared<ov::op::v0::MVN>(param(ov::element::f32, shape), false, false);
    expect_values(run(mean_only, {input})[0], mvn_formula(x, shape, {2, 3}, false, 0, true));
    auto axes = std::make_shared<ov::op::v0::MVN>(param(ov::element::f32, shape), ov::AxisSet{0, 3}, true, 1e-2);
    EXPECT_FALSE(axes->get_across_channels());
    expect_values(run(axes, {input})[0], mvn_formula(x, shape, {0, 3}, true, 1e-2, true));
}

TEST(MVN, ShapesAndErrors) {
    auto v6 = std::make_shared<ov::op::v6::MVN>(param(ov::element::f32, PartialShape{-1, 3, -1}), i64s({2}), true,
                                                1e-5f, ov::op::MVNEpsMode::INSIDE_SQRT);
    EXPECT_EQ(v6->get_output_partial_shape(0), PartialShape({-1, 3, -1}));
    auto runtime_axes = std::make_shared<ov::op::v6::MVN>(param(ov::element::f32, PartialShape::dynamic()),
                                                          param(ov::element::i32, Shape{2}), true, 1e-5f,
                                                          ov::op::MVNEpsMode::OUTSIDE_SQRT);
    EXPECT_EQ(runtime_axes->get_output_partial_shape(0), PartialShape::dynamic());
    expect_error(
        [] {
            std::make_shared<ov::op::v6::MVN>(param(ov::element::f32, Shape{2, 3}), i64s({2}), true, 1e-5f,
                                              ov::op::MVNEpsMode::INSIDE_SQRT);
        },
        {"MVN", "axes 2"});
    expect_error(
        [] {
            std::make_shared<ov::op::v6::MVN>(param(ov::element::f32, Shape{2, 3}), i64s({1, -1}), true, 1e-5f,
                                              ov::op::MVNEpsMode::INSIDE_SQRT);
        },
        {"MVN", "repeated"});
    expect_error(
        [] {
            std::make_shared<ov::op::v6::MVN>(param(ov::element::i32, Shape{2, 3}), i64s({1}), true, 1e-5f,
                                              ov::op::MVNEpsMode::INSIDE_SQRT);
        },
        {"MVN", "real"});
}

TEST(NormalizeL2, MatchesTheFormula) {
    const Shape shape{2, 3, 4};
    struct Case {
        std::vector<int64_t> axes;
        std::set<size_t> normalized;
        float eps;
        ov::op::EpsMode mode;
    };
    const std::vector<Case> cases{
        {{1}, {1}, 1e-6f, ov::op::EpsMode::ADD},
        {{1, 2}, {1, 2}, 1e-6f, ov::op::EpsMode::MAX},
        // A large eps with MAX replaces the small sums of squares, with ADD it shifts every one.
        {{-1}, {2}, 0.5f, ov::op::EpsMode::MAX},
        {{-1}, {2}, 0.5f, ov::op::EpsMode::ADD},
        // No axes: each element is divided by its own magnitude.
        {{}, {}, 0.25f, ov::op::EpsMode::ADD},
    };
    std::mt19937 rng(33);
    for (const auto& c : cases) {
        for (auto type : {ov::element::f32, ov::element::f16}) {
            const auto x = as_stored(type, shape, random_values(shape_size(shape), rng, -1.0, 1.0));
            auto op = std::make_shared<ov::op::v0::NormalizeL2>(param(type, shape), i64s(c.axes), c.eps, c.mode);
            EXPECT_EQ(op->get_reduction_axes(), ov::AxisSet(c.normalized));
            const auto out =
                run(op, {make_tensor(type, shape, x), int_tensor(ov::element::i64, Shape{c.axes.size()}, c.axes)});
            std::vector<double> expected(x.size());
            for (size_t i = 0; i < x.size(); ++i) {
                double sum = 0;
                for (size_t j : peers(i, shape, c.normalized))
                    sum += x[j] * x[j];
                const double eps = c.eps;
                expected[i] = x[i] / std::sqrt(c.mode == ov::op::EpsMode::ADD ? sum + eps : std::max(sum, eps));
            }
            expect_values(out[0], expected);
        }
    }
    expect_error(
        [] {
            std::make_shared<ov::op::v0::NormalizeL2>(param(ov::element::f32, Shape{2, 3}), i64s({0, 0}), 1e-6f,
                                                      ov::op::EpsMode::ADD);
        },
        {"NormalizeL2", "repeated"});
    auto dynamic = std::make_shared<ov::op::v0::NormalizeL2>(param(ov::element::f32, PartialShape{-1, 3}), i64s({1}),
                                                             1e-6f, ov::op::EpsMode::ADD);
    EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape({-1, 3}));
}

TEST(LRN, MatchesTheFormula) {
    const Shape shape{2, 5, 3, 3};
    std::mt19937 rng(34);
    struct Case {
        std::vector<int64_t> axes;
        size_t size;
    };
    for (const auto& c : std::vector<Case>{{{1}, 3}, {{2, 3}, 3}, {{1}, 5}, {{1, 2, 3}, 1}}) {
        const auto x = random_values(shape_size(shape), rng, -2.0, 2.0);
        const double alpha = 0.3, beta = 0.75, bias = 1.5;
        auto op = std::make_shared<ov::op::v0::LRN>(param(ov::element::f32, shape), i64s(c.axes), alpha, beta, bias,
                                                    c.size);
        const auto out = run(op, {make_tensor(ov::element::f32, shape, x),
                                  int_tensor(ov::element::i64, Shape{c.axes.size()}, c.axes)});
        const int64_t half = (static_cast<int64_t>(c.size) - 1) / 2;
        std::vector<double> expected(x.size());
        for (size_t i = 0; i < x.size(); ++i) {
            const auto ci = unravel(i, shape);
            double sum = 0;
            for (size_t j = 0; j < x.size(); ++j) {
                const auto cj = unravel(j, shape);
                bool inside = true;
                for (size_t a = 0; a < shape.size(); ++a) {
                    const bool windowed = std::find(c.axes.begin(), c.axes.end(), int64_t(a)) != c.axes.end();
                    const int64_t d = int64_t(cj[a]) - int64_t(ci[a]);
                    inside = inside && (windowed ? (d >= -half && d <= half) : d == 0);
                }
                if (inside)
                    sum += x[j] * x[j];
            }
            expected[i] = x[i] / std::pow(bias + alpha / std::pow(double(c.size), double(c.axes.size())) * sum, beta);
        }
        expect_values(out[0], expected);
    }
    auto channels = std::make_shared<ov::op::v0::LRN>(param(ov::element::f32, shape), 0.1, 0.75, 1.0, 3);
    EXPECT_EQ(channels->get_reduction_axes(), ov::AxisSet({1}));
    expect_error([&] { std::make_shared<ov::op::v0::LRN>(param(ov::element::f32, shape), 0.1, 0.75, 1.0, 0); },
                 {"LRN", "size"});
}

TEST(GRN, MatchesTheFormula) {
    std::mt19937 rng(35);
    for (const Shape& shape : {Shape{2, 3}, Shape{2, 3, 4}, Shape{1, 4, 2, 3}}) {
        const auto x = random_values(shape_size(shape), rng, -1.0, 1.0);
        auto op = std::make_shared<ov::op::v0::GRN>(param(ov::element::f32, shape), 0.5f);
        const auto out = run(op, {make_tensor(ov::element::f32, shape, x)});
        std::vector<double> expected(x.size());
        for (size_t i = 0; i < x.size(); ++i) {
            double sum = 0;
            for (size_t j : peers(i, shape, {1}))
                sum += x[j] * x[j];
            expected[i] = x[i] / std::sqrt(0.5 + sum);
        }
        expect_values(out[0], expected);
    }
    expect_error([] { std::make_shared<ov::op::v0::GRN>(param(ov::element::f32, Shape{1, 2, 3, 4, 5}), 1.0f); },
                 {"GRN", "rank"});
}

TEST(BatchNormInference, BothVersionsMatchTheFormula) {
    const Shape shape{2, 3, 2, 2};
    std::mt19937 rng(36);
    const auto x = random_values(shape_size(shape), rng, -2.0, 2.0);
    const auto gamma = random_values(3, rng, 0.5, 1.5), beta = random_values(3, rng),
               mean = random_values(3, rng), variance = random_values(3, rng, 0.1, 2.0);
    const double eps = 1e-3;
    std::vector<double> expected(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        const size_t c = unravel(i, shape)[1];
        expected[i] = gamma[c] * (x[i] - mean[c]) / std::sqrt(variance[c] + eps) + beta[c];
    }
    for (auto type : {ov::element::f32, ov::element::f16}) {
        const Shape cs{3};
        const auto xs = as_stored(type, shape, x);
        auto v5 = std::make_shared<ov::op::v5::BatchNormInference>(param(type, shape), param(type, cs),
                                                                   param(type, cs), param(type, cs),
                                                                   param(type, cs), eps);
        const ov::Tensor tx = make_tensor(type, shape, x), tg = make_tensor(type, cs, gamma),
                         tb = make_tensor(type, cs, beta), tm = make_tensor(type, cs, mean),
                         tv = make_tensor(type, cs, variance);
        expect_values(run(v5, {tx, tg, tb, tm, tv})[0], expected);
        // Version 1 takes the data third: gamma, beta, data, mean, variance.
        auto v0 = std::make_shared<ov::op::v0::BatchNormInference>(param(type, shape), param(type, cs),
                                                                   param(type, cs), param(type, cs),
                                                                   param(type, cs), eps);
        EXPECT_EQ(v0->get_input_partial_shape(2), PartialShape(shape));
        EXPECT_EQ(v0->get_output_partial_shape(0), PartialShape(shape));
        expect_values(run(v0, {tg, tb, tx, tm, tv})[0], expected);
    }
}

TEST(BatchNormInference, ShapesAndErrors) {
    auto op = std::make_shared<ov::op::v5::BatchNormInference>(
        param(ov::element::f32, PartialShape{-1, -1, 4}), param(ov::element::f32, Shape{3}),
        param(ov::element::f32, PartialShape{-1}), param(ov::element::f32, PartialShape::dynamic()),
        param(ov::element::f32, Shape{3}), 1e-5);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({-1, 3, 4}));
    expect_error(
        [] {
            std::make_shared<ov::op::v5::BatchNormInference>(
                param(ov::element::f32, Shape{2, 3, 4}), param(ov::element::f32, Shape{4}),
                param(ov::element::f32, Shape{3}), param(ov::element::f32, Shape{3}), param(ov::element::f32, Shape{3}),
                1e-5);
        },
        {"BatchNormInference", "gamma"});
    expect_error(
        [] {
            std::make_shared<ov::op::v0::BatchNormInference>(
                param(ov::element::f32, Shape{2, 3, 4}), param(ov::element::f32, Shape{3}),
                param(ov::element::f32, Shape{3}), param(ov::element::f32, Shape{3}), param(ov::element::f16, Shape{3}),
                1e-5);
        },
        {"BatchNormInference", "element types"});
    expect_error(
        [] {
            std::make_shared<ov::op::v5::BatchNormInference>(
                param(ov::element::f32, Shape{2, 3}), param(ov::element::f32, Shape{3}),
                param(ov::element::f32, Shape{3}), param(ov::element::f32, Shape{3}), param(ov::element::f32, Shape{3}),
                -1.0);
        },
        {"BatchNormInference", "epsilon"});
}

TEST(GroupNormalization, MatchesTheFormula) {
    const Shape shape{2, 6, 3, 2};
    std::mt19937 rng(37);
    for (int64_t groups : {1, 2, 3, 6}) {
        for (auto type : {ov::element::f32, ov::element::f16}) {
            const auto x = as_stored(type, shape, random_values(shape_size(shape), rng, -1.0, 3.0));
            const auto scale = as_stored(type, Shape{6}, random_values(6, rng, 0.5, 2.0));
            const auto bias = as_stored(type, Shape{6}, random_values(6, rng));
            const double eps = 1e-4;
            auto op = std::make_shared<ov::op::v12::GroupNormalization>(
                param(type, shape), param(type, Shape{6}), param(type, Shape{6}), groups, eps);
            const auto out = run(op, {make_tensor(type, shape, x), make_tensor(type, Shape{6}, scale),
                                      make_tensor(type, Shape{6}, bias)});
            std::vector<double> expected(x.size());
            const size_t per_group = 6 / static_cast<size_t>(groups);
            for (size_t i = 0; i < x.size(); ++i) {
                const auto ci = unravel(i, shape);
                double sum = 0, count = 0;
                std::vector<double> members;
                for (size_t j = 0; j < x.size(); ++j) {
                    const auto cj = unravel(j, shape);
                    if (cj[0] == ci[0] && cj[1] / per_group == ci[1] / per_group)
                        members.push_back(x[j]);
                }
                for (double v : members) {
                    sum += v;
                    ++count;
                }
                const double mean = sum / count;
                double var = 0;
                for (double v : members)
                    var += (v - mean) * (v - mean);
                var /= count;
                expected[i] = (x[i] - mean) / std::sqrt(var + eps) * scale[ci[1]] + bias[ci[1]];
            }
            if (type == ov::element::f16)
                expect_close(read_tensor(out[0]), expected, 4e-3, 4e-3);
            else
                expect_values(out[0], expected);
        }
    }
    auto dynamic = std::make_shared<ov::op::v12::GroupNormalization>(
        param(ov::element::f32, PartialShape{-1, -1, 5}), param(ov::element::f32, Shape{4}),
        param(ov::element::f32, PartialShape{-1}), 2, 1e-5);
    EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape({-1, 4, 5}));
    expect_error(
        [] {
            std::make_shared<ov::op::v12::GroupNormalization>(param(ov::element::f32, Shape{1, 5, 2}),
                                                              param(ov::element::f32, Shape{5}),
                                                              param(ov::element::f32, Shape{5}), 2, 1e-5);
        },
        {"GroupNormalization", "num_groups 2"});
    expect_error(
        [] {
            std::make_shared<ov::op::v12::GroupNormalization>(param(ov::element::f32, Shape{1, 4, 2}),
                                                              param(ov::element::f32, Shape{3}),
                                                              param(ov::element::f32, Shape{4}), 2, 1e-5);
        },
        {"GroupNormalization", "scale"});
}

TEST(NormalizationFamily, AttributesSurviveAnIrRoundTrip) {
    auto data = param(ov::element::f32, Shape{2, 3, 4});
    {
        auto op = std::make_shared<ov::op::v0::MVN>(data, false, false, 0.25);
        const auto attrs = attributes_of(*op);
        EXPECT_EQ(attrs.at("across_channels"), "false");
        EXPECT_EQ(attrs.at("normalize_variance"), "false");
        auto back = ov::as_type_ptr<ov::op::v0::MVN>(ir_round_trip(op, {data}));
        ASSERT_TRUE(back);
        EXPECT_FALSE(back->get_across_channels());
        EXPECT_FALSE(back->get_normalize_variance());
        EXPECT_DOUBLE_EQ(back->get_eps(), 0.25);
        EXPECT_EQ(back->get_reduction_axes(), ov::AxisSet({2}));
        // Explicit axes travel as "reduction_axes".
        auto explicit_axes = std::make_shared<ov::op::v0::MVN>(data, ov::AxisSet{0, 2}, true, 1e-3);
        EXPECT_EQ(attributes_of(*explicit_axes).at("reduction_axes"), "0,2");
        auto explicit_back = ov::as_type_ptr<ov::op::v0::MVN>(ir_round_trip(explicit_axes, {data}));
        ASSERT_TRUE(explicit_back);
        EXPECT_EQ(explicit_back->get_reduction_axes(), ov::AxisSet({0, 2}));
        EXPECT_FALSE(explicit_back->get_across_channels());
    }
    {
        auto op = std::make_shared<ov::op::v6::MVN>(data, i64s({1, 2}), true, 0.125f, ov::op::MVNEpsMode::OUTSIDE_SQRT);
        EXPECT_EQ(attributes_of(*op).at("eps_mode"), "outside_sqrt");
        auto back = ov::as_type_ptr<ov::op::v6::MVN>(ir_round_trip(op, {data}));
        ASSERT_TRUE(back);
        EXPECT_EQ(back->get_eps_mode(), ov::op::MVNEpsMode::OUTSIDE_SQRT);
        EXPECT_FLOAT_EQ(back->get_eps(), 0.125f);
        EXPECT_TRUE(back->get_normalize_variance());
    }
    {
        auto op = std::make_shared<ov::op::v0::NormalizeL2>(data, i64s({2}), 1e-3f, ov::op::EpsMode::MAX);
        EXPECT_EQ(attributes_of(*op).at("eps_mode"), "max");
        auto back = ov::as_type_ptr<ov::op::v0::NormalizeL2>(ir_round_trip(op, {data}));
        ASSERT_TRUE(back);
        EXPECT_EQ(back->get_eps_mode(), ov::op::EpsMode::MAX);
        EXPECT_FLOAT_EQ(back->get_eps(), 1e-3f);
        EXPECT_EQ(back->get_reduction_axes(), ov::AxisSet({2}));
    }
    {
        auto op = std::make_shared<ov::op::v0::LRN>(data, i64s({1}), 1e-4, 0.75, 2.0, 5);
        auto back = ov::as_type_ptr<ov::op::v0::LRN>(ir_round_trip(op, {data}));
        ASSERT_TRUE(back);
        EXPECT_DOUBLE_EQ(back->get_alpha(), 1e-4);
        EXPECT_DOUBLE_EQ(back->get_beta(), 0.75);
        EXPECT_DOUBLE_EQ(back->get_bias(), 2.0);
        EXPECT_EQ(back->get_nsize(), 5u);
    }
    {
        auto op = std::make_shared<ov::op::v0::GRN>(data, 0.75f);
        auto back = ov::as_type_ptr<ov::op::v0::GRN>(ir_round_trip(op, {data}));
        ASSERT_TRUE(back);
        EXPECT_FLOAT_EQ(back->get_bias(), 0.75f);
    }
    {
        // Version 1's input order (gamma, beta, data, ...) must survive the IR.
        auto c = [] { return ov::op::v0::Constant::create(ov::element::f32, Shape{3}, {1.0f, 2.0f, 3.0f}); };
        auto op = std::make_shared<ov::op::v0::BatchNormInference>(data, c(), c(), c(), c(), 1e-3);
        auto back = ov::as_type_ptr<ov::op::v0::BatchNormInference>(ir_round_trip(op, {data}));
        ASSERT_TRUE(back);
        EXPECT_DOUBLE_EQ(back->get_eps_value(), 1e-3);
        EXPECT_EQ(back->input_value(2).get_node_shared_ptr()->get_type_name(), std::string("Parameter"));
        auto op5 = std::make_shared<ov::op::v5::BatchNormInference>(data, c(), c(), c(), c(), 2e-3);
        auto back5 = ov::as_type_ptr<ov::op::v5::BatchNormInference>(ir_round_trip(op5, {data}));
        ASSERT_TRUE(back5);
        EXPECT_EQ(back5->input_value(0).get_node_shared_ptr()->get_type_name(), std::string("Parameter"));
    }
    {
        auto c = [] { return ov::op::v0::Constant::create(ov::element::f32, Shape{3}, {1.0f, 2.0f, 3.0f}); };
        auto op = std::make_shared<ov::op::v12::GroupNormalization>(data, c(), c(), 3, 1e-6);
        auto back = ov::as_type_ptr<ov::op::v12::GroupNormalization>(ir_round_trip(op, {data}));
        ASSERT_TRUE(back);
        EXPECT_EQ(back->get_num_groups(), 3);
        EXPECT_DOUBLE_EQ(back->get_epsilon(), 1e-6);
    }
}
