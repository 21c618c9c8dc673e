// SPDX-License-Identifier: Apache-2.0
// CumSum-3: the specification's examples (exclusive, reverse), seeded random data along every axis against
// a loop written here, shapes, errors and IR attributes.
#include <gtest/gtest.h>

#include <cmath>

#include "index_test_util.hpp"
#include "openvino/op/cum_sum.hpp"

using namespace index_test;
using ov::PartialShape;
using ov::Shape;

TEST(CumSum, SpecificationExamples) {
    const auto x = tensor(ov::element::f32, {5}, {1, 2, 3, 4, 5});
    const auto axis = tensor(ov::element::i64, {}, {0});
    const std::vector<std::pair<std::pair<bool, bool>, std::vector<double>>> cases{
        {{false, false}, {1, 3, 6, 10, 15}},
        {{true, false}, {0, 1, 3, 6, 10}},
        {{false, true}, {15, 14, 12, 9, 5}},
        {{true, true}, {14, 12, 9, 5, 0}}};
    for (const auto& [flags, want] : cases) {
        auto op = std::make_shared<ov::op::v0::CumSum>(param(ov::element::f32, {5}), i64_scalar(0), flags.first,
                                                       flags.second);
        EXPECT_EQ(doubles(run(*op, {x, axis})[0]), want) << "exclusive " << flags.first << " reverse " << flags.second;
    }
    // Without the axis input: axis 0.
    auto no_axis = std::make_shared<ov::op::v0::CumSum>(param(ov::element::f32, {5}), false, true);
    EXPECT_EQ(doubles(run(*no_axis, {x, axis})[0]), (std::vector<double>{15, 14, 12, 9, 5}));
}

TEST(CumSum, RandomMatchesLoop) {
    const Shape shape{3, 4, 5};
    uint32_t seed = 90;
    for (const auto& type : {ov::element::f32, ov::element::f16, ov::element::i32}) {
        for (int64_t axis : {0, 1, 2, -1}) {
            for (bool exclusive : {false, true}) {
                for (bool reverse : {false, true}) {
                    SCOPED_TRACE(::testing::Message() << type << " axis " << axis << " exclusive " << exclusive
                                                      << " reverse " << reverse);
                    auto x = random_values(ov::shape_size(shape), ++seed, -2, 2);
                    if (type == ov::element::i32)
                        for (auto& v : x)
                            v = std::round(v * 10);
                    const auto in = tensor(type, shape, x);
                    const auto xs = doubles(in);
                    auto op = std::make_shared<ov::op::v0::CumSum>(param(type, shape), i64_scalar(axis), exclusive,
                                                                   reverse);
                    const auto got = doubles(run(*op, {in, tensor(ov::element::i32, {}, {static_cast<double>(axis)})})[0]);
                    const size_t a = static_cast<size_t>(axis < 0 ? axis + 3 : axis);
                    ASSERT_EQ(got.size(), xs.size());
                    for (size_t i = 0; i < xs.size(); ++i) {
                        const auto c = unravel(i, shape);
                        double want = 0;
                        for (size_t k = 0; k < shape[a]; ++k) {
                            const bool before = reverse ? k > c[a] : k < c[a];
                            if (before || (!exclusive && k == c[a])) {
                                auto ck = c;
                                ck[a] = k;
                                want += xs[ravel(ck, shape)];
                            }
                        }
                        const double tol = type == ov::element::f16 ? 1e-2 : 1e-5;
                        EXPECT_NEAR(got[i], want, tol * (1 + std::fabs(want))) << "element " << i;
                    }
                }
            }
        }
    }
}

TEST(CumSum, ShapesAndErrors) {
    auto op = std::make_shared<ov::op::v0::CumSum>(param(ov::element::f32, {-1, 3}), param(ov::element::i32, {}));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 3}));
    auto dynamic = std::make_shared<ov::op::v0::CumSum>(param(ov::element::i64, PartialShape::dynamic()), i64_scalar(5));
    EXPECT_FALSE(dynamic->get_output_partial_shape(0).rank_is_static());
    op->set_friendly_name("cs");
    op->set_argument(1, i64_scalar(2));
    expect_error([&] { op->validate_and_infer_types(); }, {"CumSum 'cs'", "axis 2"});
    op->set_argument(1, i64s({0}));
    expect_error([&] { op->validate_and_infer_types(); }, {"CumSum 'cs'", "scalar"});
    op->set_argument(1, i64_scalar(0));
    op->set_argument(0, param(ov::element::boolean, {2}));
    expect_error([&] { op->validate_and_infer_types(); }, {"CumSum 'cs'", "boolean"});
}

TEST(CumSum, AttributesThroughIr) {
    auto p = param(ov::element::f32, {2, 3});
    auto op = std::make_shared<ov::op::v0::CumSum>(p, i64_scalar(1), true, false);
    auto read = ir_round_trip(op, {p});
    ASSERT_TRUE(read);
    EXPECT_EQ(attributes_of(*read).at("exclusive"), "true");
    EXPECT_EQ(attributes_of(*read).at("reverse"), "false");
}
