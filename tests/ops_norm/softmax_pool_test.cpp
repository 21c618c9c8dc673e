// SPDX-License-Identifier: Apache-2.0
// LogSoftmax-5, AdaptiveAvgPool-8 and AdaptiveMaxPool-8: hand-worked bins, evaluate() against the definitions
// computed here, shapes with dynamic dimensions, errors and IR attributes.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "norm_test_util.hpp"
#include "openvino/op/adaptive_avg_pool.hpp"
#include "openvino/op/adaptive_max_pool.hpp"
#include "openvino/op/log_softmax.hpp"

using namespace normtest;
using ov::PartialShape;
using ov::Shape;

TEST(LogSoftmax, MatchesTheFormula) {
    const Shape shape{2, 3, 4};
    std::mt19937 rng(41);
    for (int64_t axis : {0, 1, 2, -1, -3}) {
        for (auto type : {ov::element::f32, ov::element::f16}) {
            // Wide values: the subtraction of the maximum must keep exp() finite.
            const auto x = as_stored(type, shape, random_values(shape_size(shape), rng, -30.0, 30.0));
            auto op = std::make_shared<ov::op::v5::LogSoftmax>(param(type, shape), axis);
            const auto out = run(op, {make_tensor(type, shape, x)});
            const size_t a = static_cast<size_t>(axis < 0 ? axis + 3 : axis);
            std::vector<double> expected(x.size());
            for (size_t i = 0; i < x.size(); ++i) {
                const auto ci = unravel(i, shape);
                double top = -1e300;
                std::vector<double> row;
                for (size_t k = 0; k < shape[a]; ++k) {
                    auto cj = ci;
                    cj[a] = k;
                    row.push_back(x[ravel(cj, shape)]);
                    top = std::max(top, row.back());
                }
                double sum = 0;
                for (double v : row)
                    sum += std::exp(v - top);
                expected[i] = x[i] - top - std::log(sum);
            }
            if (type == ov::element::f16)
                expect_close(read_tensor(out[0]), expected, 2e-3, 2e-2);
            else
                expect_close(read_tensor(out[0]), expected, 1e-5, 1e-5);
        }
    }
    auto dynamic = std::make_shared<ov::op::v5::LogSoftmax>(param(ov::element::f32, PartialShape{-1, 4}), 1);
    EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape({-1, 4}));
    expect_error([] { std::make_shared<ov::op::v5::LogSoftmax>(param(ov::element::f32, Shape{2, 3}), 2); },
                 {"LogSoftmax", "axis 2"});
    auto data = param(ov::element::f32, Shape{2, 3});
    auto op = std::make_shared<ov::op::v5::LogSoftmax>(data, -1);
    auto back = ov::as_type_ptr<ov::op::v5::LogSoftmax>(ir_round_trip(op, {data}));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_axis(), -1);
}

TEST(AdaptivePool, HandWorkedBins1D) {
    // 7 inputs into 3 bins: [0, 3), [2, 5), [4, 7) (floor(i * 7 / 3), ceil((i + 1) * 7 / 3)).
    auto data = param(ov::element::f32, Shape{1, 1, 7});
    const ov::Tensor x = make_tensor(ov::element::f32, Shape{1, 1, 7}, {0, 1, 2, 3, 4, 5, 6});
    const ov::Tensor sizes = int_tensor(ov::element::i64, Shape{1}, {3});
    auto avg = std::make_shared<ov::op::v8::AdaptiveAvgPool>(data, i64s({3}));
    EXPECT_EQ(read_tensor(run(avg, {x, sizes})[0]), (std::vector<double>{1, 3, 5}));
    auto max = std::make_shared<ov::op::v8::AdaptiveMaxPool>(data, i64s({3}));
    const auto out = run(max, {x, sizes});
    EXPECT_EQ(read_tensor(out[0]), (std::vector<double>{2, 4, 6}));
    EXPECT_EQ(out[1].get_element_type(), ov::element::i64);
    EXPECT_EQ(read_tensor(out[1]), (std::vector<double>{2, 4, 6}));
}

namespace {

struct Bin {
    size_t begin, end;
};
Bin bin(size_t i, size_t in, size_t out) {
    return {static_cast<size_t>(std::floor(double(i) * in / out)),
            static_cast<size_t>(std::ceil(double(i + 1) * in / out))};
}

}  // namespace

TEST(AdaptivePool, MatchesTheDefinition2DAnd3D) {
    std::mt19937 rng(42);
    struct Case {
        Shape data;
        std::vector<int64_t> out;
    };
    const std::vector<Case> cases{{{2, 3, 7, 5}, {3, 2}}, {{1, 2, 5, 4}, {5, 7}}, {{1, 2, 4, 5, 3}, {3, 2, 2}}};
    for (const auto& c : cases) {
        for (auto type : {ov::element::f32, ov::element::f16}) {
            const auto x = as_stored(type, c.data, random_values(shape_size(c.data), rng, -5.0, 5.0));
            Shape out_shape{c.data[0], c.data[1]};
            for (auto v : c.out)
                out_shape.push_back(static_cast<size_t>(v));
            const size_t ns = c.out.size();
            std::vector<double> avg(shape_size(out_shape)), max(avg.size()), where(avg.size());
            const Shape spatial(c.data.begin() + 2, c.data.end());
            for (size_t o = 0; o < avg.size(); ++o) {
                const auto co = unravel(o, out_shape);
                double sum = 0, count = 0, best = -1e300;
                size_t best_at = 0;
                for (size_t s = 0; s < shape_size(spatial); ++s) {
                    const auto cs = unravel(s, spatial);
                    bool inside = true;
                    for (size_t a = 0; a < ns; ++a) {
                        const Bin b = bin(co[2 + a], spatial[a], out_shape[2 + a]);
                        inside = inside && cs[a] >= b.begin && cs[a] < b.end;
                    }
                    if (!inside)
                        continue;
                    const double v = x[(co[0] * c.data[1] + co[1]) * shape_size(spatial) + s];
                    sum += v;
                    ++count;
                    if (v > best) {
                        best = v;
                        best_at = s;
                    }
                }
                avg[o] = sum / count;
                max[o] = best;
                where[o] = double(best_at);
            }
            auto data = param(type, c.data);
            const ov::TensorVector inputs{make_tensor(type, c.data, x),
                                          int_tensor(ov::element::i32, Shape{ns}, c.out)};
            auto avg_op = std::make_shared<ov::op::v8::AdaptiveAvgPool>(data, i64s(c.out));
            EXPECT_EQ(avg_op->get_output_partial_shape(0), PartialShape(out_shape));
            const double tol = type == ov::element::f16 ? 5e-3 : 1e-5;
            expect_close(read_tensor(run(avg_op, inputs)[0]), avg, tol, tol);
            auto max_op = std::make_shared<ov::op::v8::AdaptiveMaxPool>(data, i64s(c.out), ov::element::i32);
            const auto out = run(max_op, inputs);
            expect_close(read_tensor(out[0]), max, 0, 0);
            EXPECT_EQ(out[1].get_element_type(), ov::element::i32);
            EXPECT_EQ(read_tensor(out[1]), where);
        }
    }
}

TEST(AdaptivePool, ShapesErrorsAndAttributes) {
    auto avg = std::make_shared<ov::op::v8::AdaptiveAvgPool>(param(ov::element::f32, PartialShape{-1, 3, -1, -1}),
                                                             i64s({2, 3}));
    EXPECT_EQ(avg->get_output_partial_shape(0), PartialShape({-1, 3, 2, 3}));
    auto runtime = std::make_shared<ov::op::v8::AdaptiveMaxPool>(param(ov::element::f32, PartialShape{1, 3, -1}),
                                                                 param(ov::element::i64, Shape{1}));
    EXPECT_EQ(runtime->get_output_partial_shape(0), PartialShape({1, 3, -1}));
    EXPECT_EQ(runtime->get_output_partial_shape(1), PartialShape({1, 3, -1}));
    auto unknown = std::make_shared<ov::op::v8::AdaptiveAvgPool>(param(ov::element::f32, PartialShape::dynamic()),
                                                                 i64s({4, 4, 4}));
    EXPECT_EQ(unknown->get_output_partial_shape(0), PartialShape({-1, -1, 4, 4, 4}));
    expect_error(
        [] { std::make_shared<ov::op::v8::AdaptiveAvgPool>(param(ov::element::f32, Shape{1, 3, 8, 8}), i64s({2})); },
        {"AdaptiveAvgPool", "output_shape"});
    expect_error(
        [] {
            std::make_shared<ov::op::v8::AdaptiveMaxPool>(param(ov::element::f32, Shape{1, 3, 8}), i64s({2}),
                                                          ov::element::f32);
        },
        {"AdaptiveMaxPool", "index_element_type"});
    auto data = param(ov::element::f32, Shape{1, 2, 6, 6});
    auto max = std::make_shared<ov::op::v8::AdaptiveMaxPool>(data, i64s({3, 2}), ov::element::i32);
    EXPECT_EQ(attributes_of(*max).at("index_element_type"), "i32");
    auto back = ov::as_type_ptr<ov::op::v8::AdaptiveMaxPool>(ir_round_trip(max, {data}));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_index_element_type(), ov::element::i32);
    EXPECT_EQ(back->get_output_partial_shape(1), PartialShape({1, 2, 3, 2}));
}
