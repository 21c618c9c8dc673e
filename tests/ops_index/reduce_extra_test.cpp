// SPDX-License-Identifier: Apache-2.0
// ReduceMin-1, ReduceL1-4, ReduceL2-4, ReduceLogicalAnd-1, ReduceLogicalOr-1: the specification's worked
// example, seeded random data against a grouping loop written here, shapes, errors and IR attributes.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>

#include "index_test_util.hpp"
#include "openvino/op/reduce_l1.hpp"
#include "openvino/op/reduce_l2.hpp"
#include "openvino/op/reduce_logical_and.hpp"
#include "openvino/op/reduce_logical_or.hpp"
#include "openvino/op/reduce_min.hpp"

using namespace index_test;
using ov::PartialShape;
using ov::Shape;

namespace {

// The data of the ReduceL1/L2/Min specification examples: 1..12 as [3, 2, 2].
const std::vector<double> spec_data{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};

// Groups the elements by their coordinates on the kept axes and folds each group with fold.
std::vector<double> grouped(const std::vector<double>& x, const Shape& shape, const std::set<size_t>& axes,
                            const std::function<double(const std::vector<double>&)>& fold) {
    std::vector<size_t> kept;
    for (size_t i = 0; i < shape.size(); ++i)
        if (!axes.count(i))
            kept.push_back(shape[i]);
    size_t count = 1;
    for (auto d : kept)
        count *= d;
    std::vector<std::vector<double>> groups(count);
    for (size_t i = 0; i < x.size(); ++i) {
        const auto c = unravel(i, shape);
        std::vector<size_t> kc;
        for (size_t a = 0; a < shape.size(); ++a)
            if (!axes.count(a))
                kc.push_back(c[a]);
        groups[ravel(kc, kept)].push_back(x[i]);
    }
    std::vector<double> out;
    for (const auto& g : groups)
        out.push_back(fold(g));
    return out;
}

double fold_min(const std::vector<double>& g) { return *std::min_element(g.begin(), g.end()); }
double fold_l1(const std::vector<double>& g) {
    double s = 0;
    for (double v : g)
        s += std::fabs(v);
    return s;
}
double fold_l2(const std::vector<double>& g) {
    double s = 0;
    for (double v : g)
        s += v * v;
    return std::sqrt(s);
}

void expect_near_all(const std::vector<double>& got, const std::vector<double>& want, double tol) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
        EXPECT_NEAR(got[i], want[i], tol * (1.0 + std::fabs(want[i]))) << "element " << i;
}

}  // namespace

TEST(ReduceExtra, SpecificationExamples) {
    const auto data = tensor(ov::element::f32, {3, 2, 2}, spec_data);
    const auto axes = tensor(ov::element::i64, {1}, {2});
    auto l2 = std::make_shared<ov::op::v4::ReduceL2>(param(ov::element::f32, {3, 2, 2}), i64s({2}), true);
    auto out = run(*l2, {data, axes});
    EXPECT_EQ(out[0].get_shape(), (Shape{3, 2, 1}));
    expect_near_all(doubles(out[0]), {2.23606798, 5.0, 7.81024968, 10.63014581, 13.45362405, 16.2788206}, 1e-6);
    auto l1 = std::make_shared<ov::op::v4::ReduceL1>(param(ov::element::f32, {3, 2, 2}), i64s({2}), true);
    EXPECT_EQ(doubles(run(*l1, {data, axes})[0]), (std::vector<double>{3, 7, 11, 15, 19, 23}));
    auto mn = std::make_shared<ov::op::v1::ReduceMin>(param(ov::element::f32, {3, 2, 2}), i64s({2}), true);
    EXPECT_EQ(doubles(run(*mn, {data, axes})[0]), (std::vector<double>{1, 3, 5, 7, 9, 11}));
    // Negative axis, no keep_dims: the same reduction.
    auto l1n = std::make_shared<ov::op::v4::ReduceL1>(param(ov::element::f32, {3, 2, 2}), i64s({-1}), false);
    out = run(*l1n, {data, tensor(ov::element::i64, {1}, {-1})});
    EXPECT_EQ(out[0].get_shape(), (Shape{3, 2}));
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{3, 7, 11, 15, 19, 23}));
}

TEST(ReduceExtra, RandomDataMatchesGroupingLoop) {
    const Shape shape{3, 4, 5};
    const std::vector<std::set<size_t>> axis_sets{{0}, {1}, {2}, {0, 2}, {0, 1, 2}};
    uint32_t seed = 500;
    for (const auto& type : {ov::element::f32, ov::element::f16, ov::element::i32}) {
        for (const auto& axes : axis_sets) {
            for (bool keep : {false, true}) {
                SCOPED_TRACE(::testing::Message() << type << " axes " << axes.size() << " keep " << keep);
                auto x = random_values(ov::shape_size(shape), ++seed, -6, 6);
                if (type == ov::element::i32)
                    for (auto& v : x)
                        v = std::round(v);
                const auto in = tensor(type, shape, x);
                const auto seen = doubles(in);  // as the op reads them (f16 rounded)
                std::vector<int64_t> axis_values(axes.begin(), axes.end());
                const auto axes_tensor = tensor(ov::element::i64, {axis_values.size()},
                                                std::vector<double>(axis_values.begin(), axis_values.end()));
                const double tol = type == ov::element::f16 ? 2e-3 : (type == ov::element::f32 ? 1e-6 : 0);
                auto p = param(type, shape);
                auto mn = std::make_shared<ov::op::v1::ReduceMin>(p, i64s(axis_values), keep);
                auto l1 = std::make_shared<ov::op::v4::ReduceL1>(p, i64s(axis_values), keep);
                auto l2 = std::make_shared<ov::op::v4::ReduceL2>(p, i64s(axis_values), keep);
                const auto out_min = run(*mn, {in, axes_tensor});
                EXPECT_EQ(out_min[0].get_shape(), mn->get_output_partial_shape(0).to_shape());
                expect_near_all(doubles(out_min[0]), grouped(seen, shape, axes, fold_min), 0);
                expect_near_all(doubles(run(*l1, {in, axes_tensor})[0]), grouped(seen, shape, axes, fold_l1), tol);
                auto want_l2 = grouped(seen, shape, axes, fold_l2);
                if (type == ov::element::i32)  // integer L2 truncates the root
                    for (auto& v : want_l2)
                        v = std::trunc(v);
                expect_near_all(doubles(run(*l2, {in, axes_tensor})[0]), want_l2, tol);
            }
        }
    }
}

TEST(ReduceExtra, LogicalReductions) {
    // [2, 3, 2] booleans, reduced over axis 1 and over axes {0, 2}.
    const std::vector<double> x{1, 1, 1, 0, 1, 1,   //
                                0, 0, 1, 0, 0, 0};
    const auto in = tensor(ov::element::boolean, {2, 3, 2}, x);
    auto p = param(ov::element::boolean, {2, 3, 2});
    auto all = std::make_shared<ov::op::v1::ReduceLogicalAnd>(p, i64s({1}), false);
    auto any = std::make_shared<ov::op::v1::ReduceLogicalOr>(p, i64s({1}), true);
    EXPECT_EQ(all->get_output_element_type(0), ov::element::boolean);
    EXPECT_EQ(any->get_output_partial_shape(0), (PartialShape{2, 1, 2}));
    EXPECT_EQ(doubles(run(*all, {in, tensor(ov::element::i64, {1}, {1})})[0]), (std::vector<double>{1, 0, 0, 0}));
    EXPECT_EQ(doubles(run(*any, {in, tensor(ov::element::i64, {1}, {1})})[0]), (std::vector<double>{1, 1, 1, 0}));
    auto all02 = std::make_shared<ov::op::v1::ReduceLogicalAnd>(p, i64s({0, -1}), false);
    auto any02 = std::make_shared<ov::op::v1::ReduceLogicalOr>(p, i64s({0, -1}), false);
    const auto axes = tensor(ov::element::i64, {2}, {0, -1});
    EXPECT_EQ(doubles(run(*all02, {in, axes})[0]), (std::vector<double>{0, 0, 0}));
    EXPECT_EQ(doubles(run(*any02, {in, axes})[0]), (std::vector<double>{1, 1, 1}));

    // Seeded random booleans against a loop.
    const Shape shape{4, 5, 3};
    std::mt19937 rng(8);
    std::bernoulli_distribution coin(0.8);
    std::vector<double> r(ov::shape_size(shape));
    for (auto& v : r)
        v = coin(rng) ? 1 : 0;
    auto rp = param(ov::element::boolean, shape);
    auto rall = std::make_shared<ov::op::v1::ReduceLogicalAnd>(rp, i64s({1}), false);
    auto rany = std::make_shared<ov::op::v1::ReduceLogicalOr>(rp, i64s({1}), false);
    const auto rin = tensor(ov::element::boolean, shape, r);
    const auto a1 = tensor(ov::element::i64, {1}, {1});
    EXPECT_EQ(doubles(run(*rall, {rin, a1})[0]),
              grouped(r, shape, {1}, [](const std::vector<double>& g) { return *std::min_element(g.begin(), g.end()); }));
    EXPECT_EQ(doubles(run(*rany, {rin, a1})[0]),
              grouped(r, shape, {1}, [](const std::vector<double>& g) { return *std::max_element(g.begin(), g.end()); }));
}

TEST(ReduceExtra, ShapesWithDynamicDimensions) {
    auto mn = std::make_shared<ov::op::v1::ReduceMin>(param(ov::element::f32, {-1, 4, 5}), i64s({1}), true);
    EXPECT_EQ(mn->get_output_partial_shape(0), (PartialShape{-1, 1, 5}));
    auto l2 = std::make_shared<ov::op::v4::ReduceL2>(param(ov::element::f32, {-1, 4, 5}), param(ov::element::i64, {1}),
                                                     true);
    EXPECT_EQ(l2->get_output_partial_shape(0), (PartialShape{-1, -1, -1}));
    auto l1 = std::make_shared<ov::op::v4::ReduceL1>(param(ov::element::f32, {-1, 4, 5}), param(ov::element::i64, {1}),
                                                     false);
    EXPECT_FALSE(l1->get_output_partial_shape(0).rank_is_static());
    auto any = std::make_shared<ov::op::v1::ReduceLogicalOr>(param(ov::element::boolean, PartialShape::dynamic()),
                                                             i64s({0}), false);
    EXPECT_FALSE(any->get_output_partial_shape(0).rank_is_static());
    EXPECT_EQ(any->get_output_element_type(0), ov::element::boolean);
}

TEST(ReduceExtra, ErrorsNameTheOp) {
    auto mn = std::make_shared<ov::op::v1::ReduceMin>(param(ov::element::f32, {2, 3}), i64s({1}), false);
    mn->set_friendly_name("rmin");
    mn->set_argument(1, i64s({2}));
    expect_error([&] { mn->validate_and_infer_types(); }, {"ReduceMin 'rmin'", "2"});
    auto all = std::make_shared<ov::op::v1::ReduceLogicalAnd>(param(ov::element::boolean, {2, 3}), i64s({1}), false);
    all->set_friendly_name("rand");
    all->set_argument(0, param(ov::element::f32, {2, 3}));
    expect_error([&] { all->validate_and_infer_types(); }, {"ReduceLogicalAnd 'rand'", "boolean"});
    auto l2 = std::make_shared<ov::op::v4::ReduceL2>(param(ov::element::f32, {2, 3}), i64s({1}), false);
    l2->set_friendly_name("rl2");
    l2->set_argument(0, param(ov::element::boolean, {2, 3}));
    expect_error([&] { l2->validate_and_infer_types(); }, {"ReduceL2 'rl2'", "boolean"});
    l2->set_argument(0, param(ov::element::f32, {2, 3}));
    ov::TensorVector outputs;
    expect_error([&] { l2->evaluate(outputs, {tensor(ov::element::f32, {2, 3}, random_values(6, 1)),
                                              tensor(ov::element::i64, {1}, {-3})}); },
                 {"ReduceL2 'rl2'", "-3"});
}

TEST(ReduceExtra, AttributesThroughIr) {
    auto p = param(ov::element::f32, {2, 3});
    auto l1 = std::make_shared<ov::op::v4::ReduceL1>(p, i64s({1}), true);
    ASSERT_TRUE(ir_round_trip(l1, {p}));
    EXPECT_EQ(attributes_of(*l1).at("keep_dims"), "true");
    auto p2 = param(ov::element::f32, {2, 3});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v4::ReduceL2>(p2, i64s({0}), false), {p2}));
    auto p3 = param(ov::element::i32, {2, 3});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v1::ReduceMin>(p3, i64s({0, 1}), true), {p3}));
    auto b = param(ov::element::boolean, {2, 3});
    auto all = std::make_shared<ov::op::v1::ReduceLogicalAnd>(b, i64s({1}), true);
    auto read = ir_round_trip(all, {b});
    ASSERT_TRUE(read);
    EXPECT_EQ(attributes_of(*read).at("keep_dims"), "true");
    auto b2 = param(ov::element::boolean, {2, 3});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v1::ReduceLogicalOr>(b2, i64s({0}), false), {b2}));
}
