// SPDX-License-Identifier: Apache-2.0
// Unique-10: hand-worked examples (flattened, sorted and in order of first occurrence, along an axis),
// seeded random data against a map-based loop written here, shapes, errors and IR attributes.
#include <gtest/gtest.h>

#include <map>

#include "index_test_util.hpp"
#include "openvino/op/unique.hpp"

using namespace index_test;
using ov::PartialShape;
using ov::Shape;

TEST(Unique, FlattenedSortedAndUnsorted) {
    const auto x = tensor(ov::element::f32, {2, 3}, {5, 2, 5, 7, 2, 2});
    auto sorted = std::make_shared<ov::op::v10::Unique>(param(ov::element::f32, {2, 3}));
    EXPECT_EQ(sorted->get_output_size(), 4u);
    EXPECT_EQ(sorted->get_output_partial_shape(0), (PartialShape{ov::Dimension(1, 6)}));
    EXPECT_EQ(sorted->get_output_partial_shape(2), (PartialShape{6}));
    auto out = run(*sorted, {x});
    ASSERT_EQ(out.size(), 4u);
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{2, 5, 7}));
    EXPECT_EQ(doubles(out[1]), (std::vector<double>{1, 0, 3}));
    EXPECT_EQ(doubles(out[2]), (std::vector<double>{1, 0, 1, 2, 0, 0}));
    EXPECT_EQ(doubles(out[3]), (std::vector<double>{3, 2, 1}));
    auto unsorted = std::make_shared<ov::op::v10::Unique>(param(ov::element::f32, {2, 3}), false, ov::element::i32,
                                                          ov::element::i32);
    out = run(*unsorted, {x});
    EXPECT_EQ(out[1].get_element_type(), ov::element::i32);
    EXPECT_EQ(out[3].get_element_type(), ov::element::i32);
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{5, 2, 7}));
    EXPECT_EQ(doubles(out[1]), (std::vector<double>{0, 1, 3}));
    EXPECT_EQ(doubles(out[2]), (std::vector<double>{0, 1, 0, 2, 1, 1}));
    EXPECT_EQ(doubles(out[3]), (std::vector<double>{2, 3, 1}));
}

TEST(Unique, AlongAnAxis) {
    // Rows [1, 2], [1, 2], [0, 3] along axis 0; columns [1, 2], [3, 0], [1, 2] of the second tensor along axis 1.
    auto rows = std::make_shared<ov::op::v10::Unique>(param(ov::element::i32, {3, 2}), i64_scalar(0));
    EXPECT_EQ(rows->get_output_partial_shape(0), (PartialShape{ov::Dimension(1, 3), 2}));
    auto out = run(*rows, {tensor(ov::element::i32, {3, 2}, {1, 2, 1, 2, 0, 3}), tensor(ov::element::i64, {}, {0})});
    EXPECT_EQ(out[0].get_shape(), (Shape{2, 2}));
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{0, 3, 1, 2}));
    EXPECT_EQ(doubles(out[1]), (std::vector<double>{2, 0}));
    EXPECT_EQ(doubles(out[2]), (std::vector<double>{1, 1, 0}));
    EXPECT_EQ(doubles(out[3]), (std::vector<double>{1, 2}));
    auto cols = std::make_shared<ov::op::v10::Unique>(param(ov::element::i32, {2, 3}), i64_scalar(-1));
    out = run(*cols, {tensor(ov::element::i32, {2, 3}, {1, 3, 1, 2, 0, 2}), tensor(ov::element::i64, {}, {-1})});
    EXPECT_EQ(out[0].get_shape(), (Shape{2, 2}));
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{1, 3, 2, 0}));
    EXPECT_EQ(doubles(out[1]), (std::vector<double>{0, 1}));
    EXPECT_EQ(doubles(out[2]), (std::vector<double>{0, 1, 0}));
    EXPECT_EQ(doubles(out[3]), (std::vector<double>{2, 1}));
}

TEST(Unique, RandomMatchesMapLoop) {
    std::mt19937 rng(2024);
    std::uniform_int_distribution<int> pick(-4, 4);
    std::vector<double> x(50);
    for (auto& v : x)
        v = pick(rng) * 0.5;
    for (bool sorted : {true, false}) {
        auto op = std::make_shared<ov::op::v10::Unique>(param(ov::element::f32, {5, 10}), sorted);
        const auto out = run(*op, {tensor(ov::element::f32, {5, 10}, x)});
        // First occurrences in input order, then (if sorted) ordered by value.
        std::vector<double> order;
        std::map<double, size_t> first, count;
        for (size_t i = 0; i < x.size(); ++i) {
            if (!first.count(x[i])) {
                first[x[i]] = i;
                order.push_back(x[i]);
            }
            ++count[x[i]];
        }
        if (sorted)
            std::sort(order.begin(), order.end());
        std::vector<double> want_first, want_count, want_rev;
        for (double v : order) {
            want_first.push_back(static_cast<double>(first[v]));
            want_count.push_back(static_cast<double>(count[v]));
        }
        for (double v : x)
            want_rev.push_back(static_cast<double>(std::find(order.begin(), order.end(), v) - order.begin()));
        EXPECT_EQ(doubles(out[0]), order);
        EXPECT_EQ(doubles(out[1]), want_first);
        EXPECT_EQ(doubles(out[2]), want_rev);
        EXPECT_EQ(doubles(out[3]), want_count);
    }
}

TEST(Unique, ShapesErrorsAndIr) {
    auto dyn = std::make_shared<ov::op::v10::Unique>(param(ov::element::f32, {-1, 3}));
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1}));
    auto unknown_axis = std::make_shared<ov::op::v10::Unique>(param(ov::element::f32, {4, 3}), param(ov::element::i32, {}));
    EXPECT_EQ(unknown_axis->get_output_partial_shape(0), (PartialShape{-1, -1}));
    auto op = std::make_shared<ov::op::v10::Unique>(param(ov::element::f32, {4, 3}), i64_scalar(1));
    op->set_friendly_name("u");
    op->set_argument(1, i64_scalar(2));
    expect_error([&] { op->validate_and_infer_types(); }, {"Unique 'u'", "axis 2"});
    op->set_argument(1, i64_scalar(1));
    op->set_index_element_type(ov::element::f32);
    expect_error([&] { op->validate_and_infer_types(); }, {"Unique 'u'", "index_element_type"});
    auto d = param(ov::element::f32, {4, 3});
    auto read = ir_round_trip(std::make_shared<ov::op::v10::Unique>(d, i64_scalar(0), false, ov::element::i32, ov::element::i64), {d});
    ASSERT_TRUE(read);
    EXPECT_EQ(attributes_of(*read).at("sorted"), "false");
    EXPECT_EQ(attributes_of(*read).at("index_element_type"), "i32");
    EXPECT_EQ(attributes_of(*read).at("count_element_type"), "i64");
}
