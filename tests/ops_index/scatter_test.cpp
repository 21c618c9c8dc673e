// SPDX-License-Identifier: Apache-2.0
// ScatterUpdate-3, ScatterElementsUpdate-3/-12 and ScatterNDUpdate-3: worked examples of the OpenVINO/ONNX
// specifications, seeded random data against loops written here (every v12 reduction, with and without
// use_init_val), shapes, out-of-range indices and bad axes, IR attributes.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "index_test_util.hpp"
#include "openvino/op/scatter_elements_update.hpp"
#include "openvino/op/scatter_nd_update.hpp"
#include "openvino/op/scatter_update.hpp"

using namespace index_test;
using ov::PartialShape;
using ov::Shape;
using Reduction = ov::op::v12::ScatterElementsUpdate::Reduction;

TEST(ScatterUpdate, HandExampleAndShape) {
    std::vector<double> x{0, 1, 2, 3, 4, 5, 6, 7};
    auto op = std::make_shared<ov::op::v3::ScatterUpdate>(param(ov::element::f32, {4, 2}), param(ov::element::i32, {2}),
                                                          param(ov::element::f32, {2, 2}), i64_scalar(0));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{4, 2}));
    const auto out = run(*op, {tensor(ov::element::f32, {4, 2}, x), tensor(ov::element::i32, {2}, {2, 0}),
                               tensor(ov::element::f32, {2, 2}, {10, 11, 12, 13}), tensor(ov::element::i64, {}, {0})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{12, 13, 2, 3, 10, 11, 6, 7}));
}

TEST(ScatterUpdate, RandomMatchesLoop) {
    const Shape data_shape{3, 5, 4};
    const Shape index_shape{2, 2};
    const std::vector<double> idx{4, -1, 0, 2};  // -1 is the last position, 4
    const Shape updates_shape{3, 2, 2, 4};
    const auto x = random_values(ov::shape_size(data_shape), 1);
    const auto u = random_values(ov::shape_size(updates_shape), 2);
    for (const auto& type : {ov::element::f32, ov::element::i32, ov::element::u8}) {
        auto op = std::make_shared<ov::op::v3::ScatterUpdate>(param(type, data_shape), param(ov::element::i64, index_shape),
                                                              param(type, updates_shape), i64_scalar(-2));
        const auto xt = tensor(type, data_shape, x), ut = tensor(type, updates_shape, u);
        const auto out = doubles(run(*op, {xt, tensor(ov::element::i64, index_shape, idx), ut, tensor(ov::element::i64, {}, {-2})})[0]);
        auto want = doubles(xt);
        const auto us = doubles(ut);
        for (size_t i = 0; i < us.size(); ++i) {
            const auto c = unravel(i, updates_shape);  // [outer, j0, j1, inner]
            const auto v = static_cast<int64_t>(idx[c[1] * 2 + c[2]]);
            want[ravel({c[0], static_cast<size_t>(v < 0 ? v + 5 : v), c[3]}, data_shape)] = us[i];
        }
        EXPECT_EQ(out, want) << type;
    }
}

TEST(ScatterUpdate, ErrorsNameTheOp) {
    auto op = std::make_shared<ov::op::v3::ScatterUpdate>(param(ov::element::f32, {4, 2}), param(ov::element::i32, {2}),
                                                          param(ov::element::f32, {2, 2}), i64_scalar(0));
    op->set_friendly_name("su");
    ov::TensorVector outputs;
    expect_error([&] { op->evaluate(outputs, {tensor(ov::element::f32, {4, 2}, random_values(8, 4)),
                                              tensor(ov::element::i32, {2}, {4, 0}),
                                              tensor(ov::element::f32, {2, 2}, random_values(4, 5)),
                                              tensor(ov::element::i64, {}, {0})}); },
                 {"ScatterUpdate 'su'", "index 4", "out of range"});
    op->set_argument(3, i64_scalar(2));
    expect_error([&] { op->validate_and_infer_types(); }, {"ScatterUpdate 'su'", "axis 2"});
    op->set_argument(3, i64_scalar(1));
    expect_error([&] { op->validate_and_infer_types(); }, {"ScatterUpdate 'su'", "updates shape"});
    op->set_argument(3, i64_scalar(0));
    op->set_argument(2, param(ov::element::i32, {2, 2}));
    expect_error([&] { op->validate_and_infer_types(); }, {"ScatterUpdate 'su'", "element type"});
}

TEST(ScatterElementsUpdate, OnnxExamples) {
    auto op = std::make_shared<ov::op::v3::ScatterElementsUpdate>(param(ov::element::f32, {3, 3}),
                                                                  param(ov::element::i64, {2, 3}),
                                                                  param(ov::element::f32, {2, 3}), i64_scalar(0));
    auto out = run(*op, {tensor(ov::element::f32, {3, 3}, std::vector<double>(9, 0.0)),
                         tensor(ov::element::i64, {2, 3}, {1, 0, 2, 0, 2, 1}),
                         tensor(ov::element::f32, {2, 3}, {1.0, 1.1, 1.2, 2.0, 2.1, 2.2}), tensor(ov::element::i64, {}, {0})});
    const std::vector<double> want{2.0, 1.1, 0.0, 1.0, 0.0, 2.2, 0.0, 2.1, 1.2};
    const auto got = doubles(out[0]);
    for (size_t i = 0; i < want.size(); ++i)
        EXPECT_NEAR(got[i], want[i], 1e-6);
    // Along axis 1 with fewer updates than data, through v12 without reduction.
    auto op12 = std::make_shared<ov::op::v12::ScatterElementsUpdate>(param(ov::element::f32, {1, 5}),
                                                                     param(ov::element::i32, {1, 2}),
                                                                     param(ov::element::f32, {1, 2}), i64_scalar(1));
    out = run(*op12, {tensor(ov::element::f32, {1, 5}, {1, 2, 3, 4, 5}), tensor(ov::element::i32, {1, 2}, {1, 3}),
                      tensor(ov::element::f32, {1, 2}, {1.5, 2.5}), tensor(ov::element::i64, {}, {1})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{1, 1.5, 3, 2.5, 5}));
    // ONNX ScatterElements reduction examples (duplicate index 1): add and max.
    for (const auto& [reduction, expected] :
         std::vector<std::pair<Reduction, std::vector<double>>>{{Reduction::SUM, {1, 5.25, 3, 4, 5}},
                                                                {Reduction::MAX, {1, 2.25, 3, 4, 5}}}) {
        auto r = std::make_shared<ov::op::v12::ScatterElementsUpdate>(param(ov::element::f32, {1, 5}),
                                                                      param(ov::element::i32, {1, 2}),
                                                                      param(ov::element::f32, {1, 2}), i64_scalar(1),
                                                                      reduction);
        out = run(*r, {tensor(ov::element::f32, {1, 5}, {1, 2, 3, 4, 5}), tensor(ov::element::i32, {1, 2}, {1, 1}),
                       tensor(ov::element::f32, {1, 2}, {1.0, 2.25}), tensor(ov::element::i64, {}, {1})});
        EXPECT_EQ(doubles(out[0]), expected) << reduction;
    }
}

TEST(ScatterElementsUpdate, EveryReductionMatchesLoop) {
    const Shape data_shape{4, 3};
    const Shape index_shape{6, 3};  // more updates than rows: repeated indices
    std::mt19937 rng(321);
    std::uniform_int_distribution<int> pick(-4, 3);
    std::vector<double> idx(ov::shape_size(index_shape));
    for (auto& i : idx)
        i = pick(rng);
    const auto x = random_values(ov::shape_size(data_shape), 11, -3, 3);
    const auto u = random_values(ov::shape_size(index_shape), 12, -3, 3);
    for (auto reduction : {Reduction::NONE, Reduction::SUM, Reduction::PROD, Reduction::MIN, Reduction::MAX,
                           Reduction::MEAN}) {
        for (bool init : {true, false}) {
            SCOPED_TRACE(::testing::Message() << reduction << " use_init_val " << init);
            auto op = std::make_shared<ov::op::v12::ScatterElementsUpdate>(
                param(ov::element::f32, data_shape), param(ov::element::i32, index_shape),
                param(ov::element::f32, index_shape), i64_scalar(0), reduction, init);
            const auto xt = tensor(ov::element::f32, data_shape, x), ut = tensor(ov::element::f32, index_shape, u);
            const auto got = doubles(run(*op, {xt, tensor(ov::element::i32, index_shape, idx), ut,
                                               tensor(ov::element::i64, {}, {0})})[0]);
            // Each target's contributions in order, then folded.
            const auto xs = doubles(xt), us = doubles(ut);
            std::map<size_t, std::vector<double>> contributions;
            for (size_t i = 0; i < us.size(); ++i) {
                auto c = unravel(i, index_shape);
                const auto v = static_cast<int64_t>(idx[i]);
                c[0] = static_cast<size_t>(v < 0 ? v + 4 : v);
                contributions[ravel(c, data_shape)].push_back(us[i]);
            }
            auto want = xs;
            for (auto& [target, list] : contributions) {
                std::vector<double> all = list;
                if (init && reduction != Reduction::NONE)
                    all.insert(all.begin(), xs[target]);
                double r = all[0];
                for (size_t k = 1; k < all.size(); ++k) {
                    switch (reduction) {
                    case Reduction::NONE: r = all[k]; break;
                    case Reduction::SUM:
                    case Reduction::MEAN: r += all[k]; break;
                    case Reduction::PROD: r *= all[k]; break;
                    case Reduction::MIN: r = std::min(r, all[k]); break;
                    case Reduction::MAX: r = std::max(r, all[k]); break;
                    }
                }
                if (reduction == Reduction::MEAN)
                    r /= static_cast<double>(all.size());
                want[target] = r;
            }
            ASSERT_EQ(got.size(), want.size());
            for (size_t i = 0; i < got.size(); ++i)
                EXPECT_NEAR(got[i], want[i], 1e-5 * (1 + std::fabs(want[i]))) << "element " << i;
        }
    }
}

TEST(ScatterElementsUpdate, IntegerMeanRoundsDown) {
    auto op = std::make_shared<ov::op::v12::ScatterElementsUpdate>(param(ov::element::i32, {3}),
                                                                   param(ov::element::i32, {3}),
                                                                   param(ov::element::i32, {3}), i64_scalar(0),
                                                                   Reduction::MEAN, true);
    // target 0: (1 + 2 + 4) / 3 = 2.33 -> 2; target 2: (-3 + -4) / 2 = -3.5 -> -4.
    const auto out = run(*op, {tensor(ov::element::i32, {3}, {1, 5, -3}), tensor(ov::element::i32, {3}, {0, 0, 2}),
                               tensor(ov::element::i32, {3}, {2, 4, -4}), tensor(ov::element::i64, {}, {0})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{2, 5, -4}));
}

TEST(ScatterElementsUpdate, ShapesAndErrors) {
    auto op = std::make_shared<ov::op::v3::ScatterElementsUpdate>(param(ov::element::f32, {-1, 4}),
                                                                  param(ov::element::i64, {2, -1}),
                                                                  param(ov::element::f32, {-1, 3}), i64_scalar(1));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 4}));
    op->set_friendly_name("seu");
    op->set_argument(3, i64_scalar(-3));
    expect_error([&] { op->validate_and_infer_types(); }, {"ScatterElementsUpdate 'seu'", "axis -3"});
    op->set_argument(3, i64_scalar(1));
    op->set_argument(2, param(ov::element::f32, {3, 3}));
    expect_error([&] { op->validate_and_infer_types(); }, {"ScatterElementsUpdate 'seu'", "same shape"});
    op->set_argument(1, param(ov::element::i64, {2}));
    op->set_argument(2, param(ov::element::f32, {2}));
    expect_error([&] { op->validate_and_infer_types(); }, {"ScatterElementsUpdate 'seu'", "same rank"});
    op->set_argument(1, param(ov::element::i64, {1, 2}));
    op->set_argument(2, param(ov::element::f32, {1, 2}));
    op->validate_and_infer_types();
    ov::TensorVector outputs;
    expect_error([&] { op->evaluate(outputs, {tensor(ov::element::f32, {2, 4}, random_values(8, 9)),
                                              tensor(ov::element::i64, {1, 2}, {0, -5}),
                                              tensor(ov::element::f32, {1, 2}, {1, 2}),
                                              tensor(ov::element::i64, {}, {1})}); },
                 {"ScatterElementsUpdate 'seu'", "index -5", "out of range"});
    auto v12 = std::make_shared<ov::op::v12::ScatterElementsUpdate>(param(ov::element::boolean, {3}),
                                                                    param(ov::element::i32, {1}),
                                                                    param(ov::element::boolean, {1}), i64_scalar(0));
    v12->set_friendly_name("b");
    v12->set_reduction(Reduction::SUM);
    expect_error([&] { v12->validate_and_infer_types(); }, {"ScatterElementsUpdate 'b'", "sum", "boolean"});
}

TEST(ScatterNDUpdate, OnnxExamplesAndLoop) {
    auto op = std::make_shared<ov::op::v3::ScatterNDUpdate>(param(ov::element::f32, {8}), param(ov::element::i64, {4, 1}),
                                                            param(ov::element::f32, {4}));
    auto out = run(*op, {tensor(ov::element::f32, {8}, {1, 2, 3, 4, 5, 6, 7, 8}),
                         tensor(ov::element::i64, {4, 1}, {4, 3, 1, 7}), tensor(ov::element::f32, {4}, {9, 10, 11, 12})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{1, 11, 3, 10, 9, 6, 7, 12}));
    // Slices of a [4, 3, 2] tensor addressed by pairs, one negative.
    const Shape data_shape{4, 3, 2};
    const std::vector<double> idx{0, 1, 3, -1, 2, 0};
    const Shape updates_shape{3, 2};
    auto slices = std::make_shared<ov::op::v3::ScatterNDUpdate>(param(ov::element::i32, data_shape),
                                                                param(ov::element::i32, {3, 2}),
                                                                param(ov::element::i32, updates_shape));
    EXPECT_EQ(slices->get_output_partial_shape(0), PartialShape(data_shape));
    const auto x = random_values(24, 31, -50, 50);
    const auto u = random_values(6, 32, -50, 50);
    const auto xt = tensor(ov::element::i32, data_shape, x), ut = tensor(ov::element::i32, updates_shape, u);
    const auto got = doubles(run(*slices, {xt, tensor(ov::element::i32, {3, 2}, idx), ut})[0]);
    auto want = doubles(xt);
    const auto us = doubles(ut);
    for (size_t t = 0; t < 3; ++t) {
        const auto a = static_cast<size_t>(idx[2 * t]);
        const auto v = static_cast<int64_t>(idx[2 * t + 1]);
        const auto b = static_cast<size_t>(v < 0 ? v + 3 : v);
        for (size_t k = 0; k < 2; ++k)
            want[ravel({a, b, k}, data_shape)] = us[t * 2 + k];
    }
    EXPECT_EQ(got, want);
}

TEST(ScatterNDUpdate, ShapesAndErrors) {
    auto op = std::make_shared<ov::op::v3::ScatterNDUpdate>(param(ov::element::f32, {-1, 3, 2}),
                                                            param(ov::element::i64, {-1, 2}),
                                                            param(ov::element::f32, {-1, 2}));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 3, 2}));
    op->set_friendly_name("snd");
    op->set_argument(2, param(ov::element::f32, {5, 3}));
    expect_error([&] { op->validate_and_infer_types(); }, {"ScatterNDUpdate 'snd'", "updates shape"});
    op->set_argument(1, param(ov::element::i64, {5, 4}));
    expect_error([&] { op->validate_and_infer_types(); }, {"ScatterNDUpdate 'snd'", "last dimension of indices"});
    auto fixed = std::make_shared<ov::op::v3::ScatterNDUpdate>(param(ov::element::f32, {4}), param(ov::element::i64, {1, 1}),
                                                               param(ov::element::f32, {1}));
    fixed->set_friendly_name("snd");
    ov::TensorVector outputs;
    expect_error([&] { fixed->evaluate(outputs, {tensor(ov::element::f32, {4}, {1, 2, 3, 4}),
                                                 tensor(ov::element::i64, {1, 1}, {4}), tensor(ov::element::f32, {1}, {0})}); },
                 {"ScatterNDUpdate 'snd'", "index 4", "out of range"});
}

TEST(ScatterOps, AttributesThroughIr) {
    auto d = param(ov::element::f32, {4, 3});
    auto i = param(ov::element::i32, {2, 3});
    auto u = param(ov::element::f32, {2, 3});
    auto v12 = std::make_shared<ov::op::v12::ScatterElementsUpdate>(d, i, u, i64_scalar(0), Reduction::MEAN, false);
    auto read = ir_round_trip(v12, {d, i, u});
    ASSERT_TRUE(read);
    EXPECT_EQ(attributes_of(*read).at("reduction"), "mean");
    EXPECT_EQ(attributes_of(*read).at("use_init_val"), "false");
    auto r12 = std::dynamic_pointer_cast<ov::op::v12::ScatterElementsUpdate>(read);
    ASSERT_TRUE(r12);
    EXPECT_EQ(r12->get_reduction(), Reduction::MEAN);
    EXPECT_FALSE(r12->get_use_init_val());

    auto d3 = param(ov::element::f32, {4, 3});
    auto i3 = param(ov::element::i32, {2, 3});
    auto u3 = param(ov::element::f32, {2, 3});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v3::ScatterElementsUpdate>(d3, i3, u3, i64_scalar(1)), {d3, i3, u3}));
    auto ds = param(ov::element::f32, {4, 3});
    auto is = param(ov::element::i32, {2});
    auto us = param(ov::element::f32, {2, 3});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v3::ScatterUpdate>(ds, is, us, i64_scalar(0)), {ds, is, us}));
    auto dn = param(ov::element::f32, {4, 3});
    auto in = param(ov::element::i32, {2, 1});
    auto un = param(ov::element::f32, {2, 3});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v3::ScatterNDUpdate>(dn, in, un), {dn, in, un}));
}
