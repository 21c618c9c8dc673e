// SPDX-License-Identifier: Apache-2.0
// TopK-1/-3/-11: shapes (constant and unknown k, k above the axis, dynamic dimensions), errors naming the
// op, attributes through IR, and values/indices against a selection loop written here.
#include <gtest/gtest.h>

#include "index_test_util.hpp"
#include "openvino/op/topk.hpp"

using namespace index_test;
using ov::PartialShape;
using ov::Shape;
using ov::op::TopKMode;
using ov::op::TopKSortType;

namespace {

struct Expected {
    std::vector<double> values;
    std::vector<int64_t> indices;
};

// Picks, k times, the best element not yet picked (ties: the lower index), then orders the picks by index
// when asked. Written as plainly as possible: O(n^2) per slice.
Expected naive_topk(const std::vector<double>& x, const Shape& shape, size_t axis, size_t k, bool max,
                    bool sort_by_index) {
    Shape out_shape = shape;
    out_shape[axis] = k;
    Expected e{std::vector<double>(ov::shape_size(out_shape)), std::vector<int64_t>(ov::shape_size(out_shape))};
    for (size_t flat = 0; flat < e.values.size(); ++flat) {
        auto c = unravel(flat, out_shape);
        if (c[axis] != 0)
            continue;
        std::vector<bool> taken(shape[axis], false);
        std::vector<size_t> picks;
        for (size_t j = 0; j < k; ++j) {
            size_t best = shape[axis];
            for (size_t i = 0; i < shape[axis]; ++i) {
                if (taken[i])
                    continue;
                auto ci = c;
                ci[axis] = i;
                const double v = x[ravel(ci, shape)];
                if (best == shape[axis]) {
                    best = i;
                    continue;
                }
                auto cb = c;
                cb[axis] = best;
                const double b = x[ravel(cb, shape)];
                if (max ? v > b : v < b)
                    best = i;
            }
            taken[best] = true;
            picks.push_back(best);
        }
        if (sort_by_index)
            std::sort(picks.begin(), picks.end());
        for (size_t j = 0; j < k; ++j) {
            auto co = c;
            co[axis] = j;
            auto ci = c;
            ci[axis] = picks[j];
            e.values[ravel(co, out_shape)] = x[ravel(ci, shape)];
            e.indices[ravel(co, out_shape)] = static_cast<int64_t>(picks[j]);
        }
    }
    return e;
}

std::vector<int64_t> as_i64(const ov::Tensor& t) {
    std::vector<int64_t> out;
    for (double d : doubles(t))
        out.push_back(static_cast<int64_t>(d));
    return out;
}

}  // namespace

TEST(TopK, ShapeWithConstantK) {
    auto op = std::make_shared<ov::op::v1::TopK>(param(ov::element::f32, {2, 7, 3}), i64_scalar(4), 1, "max", "value");
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{2, 4, 3}));
    EXPECT_EQ(op->get_output_partial_shape(1), (PartialShape{2, 4, 3}));
    EXPECT_EQ(op->get_output_element_type(1), ov::element::i32);
    EXPECT_EQ(op->get_k(), 4u);
    EXPECT_EQ(op->get_axis(), 1u);
}

TEST(TopK, NegativeAxisAndI64Indices) {
    auto op = std::make_shared<ov::op::v3::TopK>(param(ov::element::f16, {5, 6}), i64_scalar(2), -1, TopKMode::MIN,
                                                 TopKSortType::SORT_INDICES, ov::element::i64);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{5, 2}));
    EXPECT_EQ(op->get_output_element_type(0), ov::element::f16);
    EXPECT_EQ(op->get_output_element_type(1), ov::element::i64);
    EXPECT_EQ(op->get_axis(), 1u);
    EXPECT_EQ(op->get_provided_axis(), -1);
}

TEST(TopK, KAboveTheAxisKeepsTheAxis) {
    auto op = std::make_shared<ov::op::v11::TopK>(param(ov::element::f32, {3, 4}), i64_scalar(9), 1, "min", "value");
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{3, 4}));
    const auto out = run(*op, {tensor(ov::element::f32, {3, 4}, distinct_values(12, 5)), tensor(ov::element::i64, {}, {9})});
    EXPECT_EQ(out[0].get_shape(), (Shape{3, 4}));
}

TEST(TopK, DynamicDimensionsAndUnknownK) {
    auto k = param(ov::element::i32, PartialShape{});
    auto op = std::make_shared<ov::op::v3::TopK>(param(ov::element::f32, {-1, 8, -1}), k, 1, "max", "value");
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{ov::Dimension::dynamic(), ov::Dimension(0, 8),
                                                             ov::Dimension::dynamic()}));
    EXPECT_EQ(op->get_k(), 0u);
    auto const_k = std::make_shared<ov::op::v1::TopK>(param(ov::element::f32, {-1, 8, -1}), i64_scalar(3), 2, "max",
                                                      "value");
    EXPECT_EQ(const_k->get_output_partial_shape(0), (PartialShape{-1, 8, ov::Dimension(0, 3)}));
    auto dynamic_rank = std::make_shared<ov::op::v11::TopK>(param(ov::element::f32, PartialShape::dynamic()),
                                                            i64_scalar(3), 2, "max", "value");
    EXPECT_FALSE(dynamic_rank->get_output_partial_shape(0).rank_is_static());
}

TEST(TopK, ErrorsNameTheOp) {
    auto op = std::make_shared<ov::op::v1::TopK>(param(ov::element::f32, {3, 4}), i64_scalar(2), 1, "max", "value");
    op->set_friendly_name("top");
    op->set_axis(-1);
    op->set_argument(0, param(ov::element::f32, {3}));
    op->validate_and_infer_types();  // -1 is valid for rank 1
    expect_error([&] { op->set_axis(3); }, {"TopK 'top'", "axis 3"});
    op->set_axis(0);
    op->set_argument(1, i64_scalar(-2));
    expect_error([&] { op->validate_and_infer_types(); }, {"TopK 'top'", "k", "-2"});
    op->set_argument(1, i64s({1, 2}));
    expect_error([&] { op->validate_and_infer_types(); }, {"TopK 'top'", "k must be a scalar"});
    op->set_argument(1, i64_scalar(1));
    op->set_index_element_type(ov::element::f32);
    expect_error([&] { op->validate_and_infer_types(); }, {"TopK 'top'", "index_element_type"});
    expect_error([&] { ov::op::v3::TopK(param(ov::element::f32, {3}), i64_scalar(1), 0, "biggest", "value"); },
                 {"TopK", "biggest"});
    expect_error([&] { ov::op::v3::TopK(param(ov::element::f32, {3, 2}), i64_scalar(1), 2, "max", "value"); },
                 {"TopK", "axis 2"});
}

TEST(TopK, EvaluateMatchesSelectionLoopForDistinctValues) {
    const Shape shape{3, 7, 4};
    const auto x = distinct_values(ov::shape_size(shape), 1234);
    struct Case {
        size_t axis;
        size_t k;
        TopKMode mode;
        TopKSortType sort;
        ov::element::Type type;
        ov::element::Type index_type;
    };
    const std::vector<Case> cases{{1, 3, TopKMode::MAX, TopKSortType::SORT_VALUES, ov::element::f32, ov::element::i32},
                                  {1, 5, TopKMode::MIN, TopKSortType::SORT_VALUES, ov::element::f32, ov::element::i64},
                                  {2, 2, TopKMode::MAX, TopKSortType::SORT_INDICES, ov::element::f32, ov::element::i32},
                                  {0, 2, TopKMode::MIN, TopKSortType::SORT_INDICES, ov::element::f16, ov::element::i64},
                                  {2, 4, TopKMode::MAX, TopKSortType::SORT_VALUES, ov::element::f32, ov::element::i32},
                                  {1, 0, TopKMode::MAX, TopKSortType::SORT_VALUES, ov::element::f32, ov::element::i32}};
    for (const auto& c : cases) {
        SCOPED_TRACE(::testing::Message() << "axis " << c.axis << " k " << c.k << " mode " << c.mode << " sort "
                                          << c.sort << " type " << c.type);
        auto op = std::make_shared<ov::op::v3::TopK>(param(c.type, shape), i64_scalar(static_cast<int64_t>(c.k)),
                                                     static_cast<int64_t>(c.axis), c.mode, c.sort, c.index_type);
        const auto in = tensor(c.type, shape, x);
        const auto out = run(*op, {in, tensor(ov::element::i32, {}, {static_cast<double>(c.k)})});
        ASSERT_EQ(out.size(), 2u);
        EXPECT_EQ(out[1].get_element_type(), c.index_type);
        // The values as the op saw them (f16 rounds) drive the expectation.
        const auto e = naive_topk(doubles(in), shape, c.axis, c.k, c.mode == TopKMode::MAX,
                                  c.sort == TopKSortType::SORT_INDICES);
        EXPECT_EQ(doubles(out[0]), e.values);
        EXPECT_EQ(as_i64(out[1]), e.indices);
    }
}

TEST(TopK, IntegerDataAndSortNoneHoldsTheSameSet) {
    const Shape shape{4, 9};
    const auto x = distinct_values(ov::shape_size(shape), 77, 1.0, -18.0);
    auto op = std::make_shared<ov::op::v1::TopK>(param(ov::element::i32, shape), i64_scalar(4), 1, "max", "none");
    const auto out = run(*op, {tensor(ov::element::i32, shape, x), tensor(ov::element::i64, {}, {4})});
    const auto e = naive_topk(x, shape, 1, 4, true, false);
    // "none" leaves the order free: compare each row as a set of (value, index) pairs.
    const auto v = doubles(out[0]);
    const auto idx = as_i64(out[1]);
    for (size_t row = 0; row < 4; ++row) {
        std::vector<std::pair<double, int64_t>> got, want;
        for (size_t j = 0; j < 4; ++j) {
            got.emplace_back(v[row * 4 + j], idx[row * 4 + j]);
            want.emplace_back(e.values[row * 4 + j], e.indices[row * 4 + j]);
        }
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        EXPECT_EQ(got, want) << "row " << row;
    }
}

TEST(TopK, StableKeepsInputOrderOfTies) {
    // Hand-made ties: 3 appears at 1, 4, 6; 5 at 2 and 7.
    const std::vector<double> x{1, 3, 5, 0, 3, 2, 3, 5};
    auto op = std::make_shared<ov::op::v11::TopK>(param(ov::element::f32, {8}), i64_scalar(5), 0, TopKMode::MAX,
                                                  TopKSortType::SORT_VALUES, ov::element::i32, true);
    EXPECT_TRUE(op->get_stable());
    auto out = run(*op, {tensor(ov::element::f32, {8}, x), tensor(ov::element::i64, {}, {5})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{5, 5, 3, 3, 3}));
    EXPECT_EQ(as_i64(out[1]), (std::vector<int64_t>{2, 7, 1, 4, 6}));
    auto min_op = std::make_shared<ov::op::v11::TopK>(param(ov::element::f32, {8}), i64_scalar(4), 0, TopKMode::MIN,
                                                      TopKSortType::SORT_VALUES, ov::element::i64, true);
    out = run(*min_op, {tensor(ov::element::f32, {8}, x), tensor(ov::element::i64, {}, {4})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{0, 1, 2, 3}));
    EXPECT_EQ(as_i64(out[1]), (std::vector<int64_t>{3, 0, 5, 1}));
    // Random ties: small integer values, many repeats, against the selection loop (which takes the lower
    // index first among equals).
    std::mt19937 rng(99);
    std::uniform_int_distribution<int> dist(0, 3);
    std::vector<double> ties(5 * 12);
    for (auto& t : ties)
        t = dist(rng);
    auto tie_op = std::make_shared<ov::op::v11::TopK>(param(ov::element::f32, {5, 12}), i64_scalar(6), 1,
                                                      TopKMode::MIN, TopKSortType::SORT_VALUES, ov::element::i32, true);
    out = run(*tie_op, {tensor(ov::element::f32, {5, 12}, ties), tensor(ov::element::i64, {}, {6})});
    const auto e = naive_topk(ties, {5, 12}, 1, 6, false, false);
    EXPECT_EQ(doubles(out[0]), e.values);
    EXPECT_EQ(as_i64(out[1]), e.indices);
}

TEST(TopK, EvaluateRejectsNegativeK) {
    auto op = std::make_shared<ov::op::v3::TopK>(param(ov::element::f32, {4}), param(ov::element::i64, {}), 0, "max",
                                                 "value");
    op->set_friendly_name("tk");
    ov::TensorVector outputs;
    expect_error([&] { op->evaluate(outputs, {tensor(ov::element::f32, {4}, {1, 2, 3, 4}), tensor(ov::element::i64, {}, {-1})}); },
                 {"TopK 'tk'", "k must not be negative"});
}

TEST(TopK, AttributesThroughIr) {
    auto data = param(ov::element::f32, {2, 6});
    auto v1 = std::make_shared<ov::op::v1::TopK>(data, i64_scalar(3), -1, "min", "index", ov::element::i64);
    auto read1 = ir_round_trip(v1, {data});
    ASSERT_TRUE(read1);
    EXPECT_EQ(attributes_of(*v1).at("mode"), "min");
    EXPECT_EQ(attributes_of(*v1).at("sort"), "index");
    EXPECT_EQ(attributes_of(*v1).at("index_element_type"), "i64");
    EXPECT_EQ(attributes_of(*v1).at("axis"), "-1");

    auto data3 = param(ov::element::f32, {2, 6});
    auto v3 = std::make_shared<ov::op::v3::TopK>(data3, i64_scalar(2), 1, "max", "none");
    ASSERT_TRUE(ir_round_trip(v3, {data3}));

    auto data11 = param(ov::element::f32, {2, 6});
    auto v11 = std::make_shared<ov::op::v11::TopK>(data11, i64_scalar(2), 0, "max", "value", ov::element::i32, true);
    auto read11 = ir_round_trip(v11, {data11});
    ASSERT_TRUE(read11);
    EXPECT_EQ(attributes_of(*read11).at("stable"), "true");
    EXPECT_TRUE(std::dynamic_pointer_cast<ov::op::v11::TopK>(read11)->get_stable());
}
