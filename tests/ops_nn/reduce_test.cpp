// SPDX-License-Identifier: Apache-2.0
// ReduceSum/ReduceProd/ReduceMax/ReduceMean-1: output shapes (keep_dims, negative axes, non-constant
// axes), errors, the reduction-axes API, attributes, and evaluate() against a naive reduction written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <set>

#include "nn_test_util.hpp"
#include "openvino/op/reduce_max.hpp"
#include "openvino/op/reduce_mean.hpp"
#include "openvino/op/reduce_prod.hpp"
#include "openvino/op/reduce_sum.hpp"
#include "ops/op_registry.hpp"

using namespace nntest;
using ov::PartialShape;
using ov::Shape;

namespace {

enum class Kind { Sum, Prod, Max, Mean };

std::shared_ptr<ov::op::util::ArithmeticReductionKeepDims> make_reduce(Kind kind, const ov::Output<ov::Node>& data,
                                                                      const ov::Output<ov::Node>& axes, bool keep) {
    switch (kind) {
    case Kind::Sum: return std::make_shared<ov::op::v1::ReduceSum>(data, axes, keep);
    case Kind::Prod: return std::make_shared<ov::op::v1::ReduceProd>(data, axes, keep);
    case Kind::Max: return std::make_shared<ov::op::v1::ReduceMax>(data, axes, keep);
    case Kind::Mean: return std::make_shared<ov::op::v1::ReduceMean>(data, axes, keep);
    }
    return nullptr;
}

std::shared_ptr<ov::op::v0::Constant> axes_const(const std::vector<int64_t>& axes) {
    return ov::op::v0::Constant::create(ov::element::i64, Shape{axes.size()}, axes);
}

// Groups the input elements by their coordinates on the kept axes and folds each group.
std::vector<double> naive_reduce(Kind kind, const std::vector<double>& x, const std::vector<size_t>& xs,
                                 const std::set<size_t>& axes, bool integer) {
    std::vector<size_t> kept;
    for (size_t i = 0; i < xs.size(); ++i)
        if (!axes.count(i))
            kept.push_back(xs[i]);
    std::vector<std::vector<double>> groups(volume(kept));
    for (size_t i = 0; i < x.size(); ++i) {
        const auto c = unravel(i, xs);
        std::vector<size_t> kc;
        for (size_t a = 0; a < xs.size(); ++a)
            if (!axes.count(a))
                kc.push_back(c[a]);
        groups[ravel(kc, kept)].push_back(x[i]);
    }
    std::vector<double> out;
    for (const auto& g : groups) {
        double v = 0;
        switch (kind) {
        case Kind::Sum: for (double e : g) v += e; break;
        case Kind::Mean:
            for (double e : g) v += e;
            v = integer ? std::trunc(v / double(g.size())) : v / double(g.size());
            break;
        case Kind::Prod: v = 1; for (double e : g) v *= e; break;
        case Kind::Max: v = *std::max_element(g.begin(), g.end()); break;
        }
        out.push_back(v);
    }
    return out;
}

std::vector<size_t> reduced(const std::vector<size_t>& xs, const std::set<size_t>& axes, bool keep) {
    std::vector<size_t> out;
    for (size_t i = 0; i < xs.size(); ++i) {
        if (!axes.count(i))
            out.push_back(xs[i]);
        else if (keep)
            out.push_back(1);
    }
    return out;
}

void check_against_naive(Kind kind, ov::element::Type type, const std::vector<size_t>& xs,
                         const std::vector<int64_t>& axes, bool keep, unsigned seed) {
    std::mt19937 rng(seed);
    const bool integer = type == ov::element::i32 || type == ov::element::i64;
    // Products stay well inside every type's range with factors in [0.5, 1.5] (or small integers).
    const auto raw = kind == Kind::Prod ? (integer ? random_ints(volume(xs), rng, -2, 2)
                                                   : random_values(volume(xs), rng, 0.5, 1.5))
                                        : (integer ? random_ints(volume(xs), rng, -50, 50)
                                                   : random_values(volume(xs), rng, -2, 2));
    const auto x = as_stored(type, Shape(xs), raw);
    std::set<size_t> normalized;
    for (auto a : axes)
        normalized.insert(size_t(a < 0 ? a + int64_t(xs.size()) : a));
    auto op = make_reduce(kind, param(type, Shape(xs)), axes_const(axes), keep);
    const auto expected_shape = reduced(xs, normalized, keep);
    ASSERT_EQ(op->get_output_shape(0), Shape(expected_shape));
    ov::TensorVector outputs;
    ASSERT_TRUE(op->evaluate(outputs, {make_tensor(type, Shape(xs), x),
                                       make_tensor(ov::element::i64, Shape{axes.size()},
                                                   std::vector<double>(axes.begin(), axes.end()))}));
    ASSERT_EQ(outputs[0].get_shape(), Shape(expected_shape));
    EXPECT_EQ(outputs[0].get_element_type(), type);
    const auto expected = naive_reduce(kind, x, xs, normalized, integer);
    if (integer)
        EXPECT_EQ(read_tensor(outputs[0]), expected);
    else if (type == ov::element::f16)
        expect_close(read_tensor(outputs[0]), expected, 1e-3, 1e-3);  // output rounded to half precision
    else
        expect_close(read_tensor(outputs[0]), expected, 1e-6, 1e-6);  // accumulated in double, stored in f32
}

}  // namespace

TEST(Reduce, TypeInfoAndRegistry) {
    EXPECT_STREQ(ov::op::v1::ReduceMean::get_type_info_static().name, "ReduceMean");
    EXPECT_STREQ(ov::op::v1::ReduceMean::get_type_info_static().version_id, "opset1");
    auto op = make_reduce(Kind::Sum, param(ov::element::f32, Shape{2, 3}), axes_const({1}), false);
    EXPECT_TRUE(ov::is_type<ov::op::util::ArithmeticReductionKeepDims>(op));
    EXPECT_TRUE(ov::is_type<ov::op::util::ArithmeticReduction>(op));
    EXPECT_TRUE(ov::is_type<ov::op::util::ReductionBase>(op));
    for (const char* name : {"ReduceMean", "ReduceSum", "ReduceMax", "ReduceProd"}) {
        auto node = devmux::OpRegistry::instance().create(name, "opset1");
        ASSERT_TRUE(node) << name;
        EXPECT_STREQ(node->get_type_name(), name);
    }
}

TEST(Reduce, ShapesWithAndWithoutKeepDims) {
    auto data = param(ov::element::f32, Shape{2, 3, 4, 5});
    EXPECT_EQ(make_reduce(Kind::Mean, data, axes_const({2, 3}), true)->get_output_partial_shape(0),
              PartialShape({2, 3, 1, 1}));
    EXPECT_EQ(make_reduce(Kind::Mean, data, axes_const({2, 3}), false)->get_output_partial_shape(0),
              PartialShape({2, 3}));
    EXPECT_EQ(make_reduce(Kind::Sum, data, axes_const({-1, 0}), false)->get_output_partial_shape(0),
              PartialShape({3, 4}));
    auto scalar_axis = ov::op::v0::Constant::create(ov::element::i32, Shape{}, std::vector<int32_t>{1});
    EXPECT_EQ(make_reduce(Kind::Max, data, scalar_axis, false)->get_output_partial_shape(0), PartialShape({2, 4, 5}));
    EXPECT_EQ(make_reduce(Kind::Prod, data, axes_const({}), false)->get_output_partial_shape(0),
              PartialShape({2, 3, 4, 5}));
    EXPECT_EQ(make_reduce(Kind::Sum, data, axes_const({0, 1, 2, 3}), false)->get_output_partial_shape(0),
              PartialShape(std::vector<ov::Dimension>{}));
}

TEST(Reduce, DynamicDataKeepsKnownDims) {
    auto data = param(ov::element::f32, PartialShape{-1, 3, -1});
    EXPECT_EQ(make_reduce(Kind::Sum, data, axes_const({2}), true)->get_output_partial_shape(0),
              PartialShape({-1, 3, 1}));
    auto dyn = param(ov::element::f32, PartialShape::dynamic());
    EXPECT_EQ(make_reduce(Kind::Sum, dyn, axes_const({0}), true)->get_output_partial_shape(0),
              PartialShape::dynamic());
}

TEST(Reduce, NonConstantAxesGiveDynamicShape) {
    auto data = param(ov::element::f32, Shape{2, 3, 4});
    auto axes = param(ov::element::i64, Shape{1});
    auto keep = make_reduce(Kind::Sum, data, axes, true);
    EXPECT_EQ(keep->get_output_partial_shape(0), PartialShape({-1, -1, -1}));
    EXPECT_FALSE(keep->reduction_axes_constant());
    auto drop = make_reduce(Kind::Sum, data, axes, false);
    EXPECT_EQ(drop->get_output_partial_shape(0), PartialShape::dynamic());
    // ... but evaluate() reads the axes tensor.
    std::mt19937 rng(80);
    const auto x = as_stored(ov::element::f32, Shape{2, 3, 4}, random_values(24, rng));
    ov::TensorVector outputs;
    ASSERT_TRUE(drop->evaluate(outputs, {make_tensor(ov::element::f32, Shape{2, 3, 4}, x),
                                         make_tensor(ov::element::i64, Shape{1}, {-2})}));
    EXPECT_EQ(outputs[0].get_shape(), Shape({2, 4}));
    expect_close(read_tensor(outputs[0]), naive_reduce(Kind::Sum, x, {2, 3, 4}, {1}, false), 1e-6, 1e-6);
}

TEST(Reduce, ErrorsNameTheOp) {
    auto data = param(ov::element::f32, Shape{2, 3});
    auto op = make_reduce(Kind::Mean, data, axes_const({1}), false);
    op->set_friendly_name("gap");
    op->set_argument(1, axes_const({2}));
    expect_error([&] { op->validate_and_infer_types(); }, {"ReduceMean 'gap'", "axis 2", "out of range"});
    op->set_argument(1, axes_const({-3}));
    expect_error([&] { op->validate_and_infer_types(); }, {"ReduceMean 'gap'", "axis -3"});
    expect_error([&] { ov::op::v1::ReduceSum(data, param(ov::element::f32, Shape{1})); }, {"ReduceSum", "integer"});
    expect_error([&] { ov::op::v1::ReduceSum(data, param(ov::element::i64, Shape{1, 1})); },
                 {"ReduceSum", "1-D"});
    expect_error([&] { ov::op::v1::ReduceMax(param(ov::element::boolean, Shape{2}), axes_const({0})); },
                 {"ReduceMax", "numeric"});
    ov::TensorVector outputs;
    expect_error([&] {
        op->evaluate(outputs, {make_tensor(ov::element::f32, Shape{2, 3}, {1, 2, 3, 4, 5, 6}),
                               make_tensor(ov::element::i64, Shape{1}, {5})});
    }, {"ReduceMean 'gap'", "axis 5"});
}

TEST(Reduce, ReductionAxesApi) {
    auto data = param(ov::element::f32, Shape{2, 3, 4});
    auto op = make_reduce(Kind::Sum, data, axes_const({-1, 0}), false);
    EXPECT_TRUE(op->reduction_axes_constant());
    EXPECT_EQ(op->get_reduction_axes(), ov::AxisSet({0, 2}));
    op->set_reduction_axes(ov::AxisSet{1});
    EXPECT_EQ(op->get_reduction_axes(), ov::AxisSet({1}));
    op->validate_and_infer_types();
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({2, 4}));
    auto dynamic_axes = make_reduce(Kind::Sum, data, param(ov::element::i32, Shape{1}), false);
    expect_error([&] { dynamic_axes->get_reduction_axes(); }, {"ReduceSum", "Constant"});
}

TEST(Reduce, KeepDimsRoundTrip) {
    auto op = make_reduce(Kind::Mean, param(ov::element::f32, Shape{2, 3}), axes_const({1}), true);
    RecordingVisitor visitor;
    op->visit_attributes(visitor);
    EXPECT_EQ(visitor.values().at("keep_dims"), "true");
    auto fresh = std::make_shared<ov::op::v1::ReduceMean>();
    EXPECT_FALSE(fresh->get_keep_dims());
    visitor.start_replay();
    fresh->visit_attributes(visitor);
    EXPECT_TRUE(fresh->get_keep_dims());
    auto clone = op->clone_with_new_inputs({param(ov::element::f32, Shape{4, 5}), axes_const({0})});
    EXPECT_EQ(clone->get_output_partial_shape(0), PartialShape({1, 5}));
}

TEST(Reduce, EvaluateHandComputed) {
    const auto x = make_tensor(ov::element::f32, Shape{2, 3}, {1, 2, 3, 4, 5, 6});
    const auto run = [&](Kind kind, int64_t axis, bool keep) {
        auto op = make_reduce(kind, param(ov::element::f32, Shape{2, 3}), axes_const({axis}), keep);
        ov::TensorVector outputs;
        EXPECT_TRUE(op->evaluate(outputs, {x, make_tensor(ov::element::i64, Shape{1}, {double(axis)})}));
        return outputs[0];
    };
    EXPECT_EQ(read_tensor(run(Kind::Sum, 0, false)), std::vector<double>({5, 7, 9}));
    EXPECT_EQ(read_tensor(run(Kind::Mean, 1, false)), std::vector<double>({2, 5}));
    EXPECT_EQ(read_tensor(run(Kind::Max, -1, false)), std::vector<double>({3, 6}));
    EXPECT_EQ(read_tensor(run(Kind::Prod, 1, false)), std::vector<double>({6, 120}));
    EXPECT_EQ(run(Kind::Mean, 1, true).get_shape(), Shape({2, 1}));
}

TEST(Reduce, IntegerMeanTruncates) {
    auto op = make_reduce(Kind::Mean, param(ov::element::i32, Shape{2, 2}), axes_const({1}), false);
    ov::TensorVector outputs;
    ASSERT_TRUE(op->evaluate(outputs, {make_tensor(ov::element::i32, Shape{2, 2}, {1, 2, -1, -4}),
                                       make_tensor(ov::element::i64, Shape{1}, {1})}));
    EXPECT_EQ(read_tensor(outputs[0]), std::vector<double>({1, -2}));  // 1.5 -> 1, -2.5 -> -2
}

TEST(Reduce, EvaluateMatchesNaiveF32) {
    unsigned seed = 90;
    for (Kind kind : {Kind::Sum, Kind::Prod, Kind::Max, Kind::Mean}) {
        check_against_naive(kind, ov::element::f32, {3, 4, 5}, {1}, false, seed++);
        check_against_naive(kind, ov::element::f32, {3, 4, 5}, {0, 2}, true, seed++);
        check_against_naive(kind, ov::element::f32, {2, 3, 4, 5}, {-1, -3}, false, seed++);
        check_against_naive(kind, ov::element::f32, {6, 7}, {0, 1}, false, seed++);
        check_against_naive(kind, ov::element::f32, {1, 8, 3, 3}, {2, 3}, true, seed++);  // global average pool
    }
}

TEST(Reduce, EvaluateMatchesNaiveIntegersAndHalf) {
    unsigned seed = 120;
    for (Kind kind : {Kind::Sum, Kind::Prod, Kind::Max, Kind::Mean}) {
        check_against_naive(kind, ov::element::i32, {3, 4, 5}, {0, 2}, false, seed++);
        check_against_naive(kind, ov::element::i64, {2, 3, 4}, {1}, true, seed++);
        check_against_naive(kind, ov::element::f16, {4, 6}, {-1}, false, seed++);
    }
}
