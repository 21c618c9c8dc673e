// SPDX-License-Identifier: Apache-2.0
// Bucketize-3 and GatherTree-1: worked examples (TensorFlow's bucketize and gather_tree examples, hand
// checked), seeded random data against loops written here, shapes, errors and IR attributes.
#include <gtest/gtest.h>

#include "index_test_util.hpp"
#include "openvino/op/bucketize.hpp"
#include "openvino/op/gather_tree.hpp"

using namespace index_test;
using ov::PartialShape;
using ov::Shape;

TEST(Bucketize, WorkedExampleBothBounds) {
    const auto data = tensor(ov::element::f32, {3, 2}, {-5, 10000, 150, 10, 5, 100});
    const auto buckets = tensor(ov::element::f32, {3}, {0, 10, 100});
    auto right = std::make_shared<ov::op::v3::Bucketize>(param(ov::element::f32, {3, 2}), param(ov::element::f32, {3}));
    EXPECT_EQ(right->get_output_element_type(0), ov::element::i64);
    EXPECT_EQ(doubles(run(*right, {data, buckets})[0]), (std::vector<double>{0, 3, 3, 1, 1, 2}));
    auto left = std::make_shared<ov::op::v3::Bucketize>(param(ov::element::f32, {3, 2}), param(ov::element::f32, {3}),
                                                        ov::element::i32, false);
    const auto out = run(*left, {data, buckets});
    EXPECT_EQ(out[0].get_element_type(), ov::element::i32);
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{0, 3, 3, 2, 1, 3}));
}

TEST(Bucketize, RandomMatchesCountingLoop) {
    const std::vector<double> bounds{-3, -1, -1, 0.5, 2, 3.25};
    for (const auto& type : {ov::element::f32, ov::element::i32}) {
        for (bool right_bound : {true, false}) {
            auto x = random_values(40, right_bound ? 3 : 4, -5, 5);
            if (type == ov::element::i32)
                for (auto& v : x)
                    v = std::round(v);
            const auto bt = tensor(type == ov::element::i32 ? ov::element::i64 : ov::element::f32, {bounds.size()}, bounds);
            auto op = std::make_shared<ov::op::v3::Bucketize>(param(type, {40}), param(bt.get_element_type(), {6}),
                                                              ov::element::i64, right_bound);
            const auto in = tensor(type, {40}, x);
            const auto got = doubles(run(*op, {in, bt})[0]);
            const auto xs = doubles(in), bs = doubles(bt);
            for (size_t i = 0; i < xs.size(); ++i) {
                // The bucket is the number of boundaries below x (or at x, for a left-closed bucket).
                double want = 0;
                for (double b : bs)
                    want += right_bound ? (b < xs[i]) : (b <= xs[i]);
                EXPECT_EQ(got[i], want) << type << " x=" << xs[i] << " right " << right_bound;
            }
        }
    }
}

TEST(Bucketize, ShapesErrorsAndIr) {
    auto op = std::make_shared<ov::op::v3::Bucketize>(param(ov::element::f16, {-1, 4}), param(ov::element::f32, {-1}),
                                                      ov::element::i32, false);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 4}));
    op->set_friendly_name("bk");
    op->set_argument(1, param(ov::element::f32, {2, 2}));
    expect_error([&] { op->validate_and_infer_types(); }, {"Bucketize 'bk'", "buckets must be 1-D"});
    op->set_argument(1, param(ov::element::f32, {3}));
    op->set_output_type(ov::element::f32);
    expect_error([&] { op->validate_and_infer_types(); }, {"Bucketize 'bk'", "output_type"});
    auto d = param(ov::element::f32, {2, 3});
    auto b = param(ov::element::f32, {4});
    auto read = ir_round_trip(std::make_shared<ov::op::v3::Bucketize>(d, b, ov::element::i32, false), {d, b});
    ASSERT_TRUE(read);
    EXPECT_EQ(attributes_of(*read).at("output_type"), "i32");
    EXPECT_EQ(attributes_of(*read).at("with_right_bound"), "false");
}

TEST(GatherTree, WorkedExample) {
    // max_time 3, batch 1, beam 3.
    auto op = std::make_shared<ov::op::v1::GatherTree>(param(ov::element::i32, {3, 1, 3}), param(ov::element::i32, {3, 1, 3}),
                                                       param(ov::element::i32, {1}), param(ov::element::i32, {}));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{3, 1, 3}));
    auto out = run(*op, {tensor(ov::element::i32, {3, 1, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}),
                         tensor(ov::element::i32, {3, 1, 3}, {0, 0, 0, 0, 1, 1, 2, 1, 2}),
                         tensor(ov::element::i32, {1}, {3}), tensor(ov::element::i32, {}, {10})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{2, 2, 2, 6, 5, 6, 7, 8, 9}));
    // A length of 2 ends every beam at step 2; an end token met on the way ends the beam there.
    out = run(*op, {tensor(ov::element::i32, {3, 1, 3}, {1, 10, 3, 4, 5, 6, 7, 8, 9}),
                    tensor(ov::element::i32, {3, 1, 3}, {0, 0, 0, 1, 1, 0, 0, 0, 0}),
                    tensor(ov::element::i32, {1}, {2}), tensor(ov::element::i32, {}, {10})});
    // beam 0: step 1 id 4 from parent 1 (id 10 at step 0) -> [10, end]; beam 1: 5 from 1 -> [10, end];
    // beam 2: 6 from 0 -> [1, 6]; step 2 is past the length.
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{10, 10, 1, 10, 10, 6, 10, 10, 10}));
}

TEST(GatherTree, RandomMatchesBacktrackLoop) {
    const size_t T = 5, B = 3, W = 4;
    std::mt19937 rng(55);
    std::uniform_int_distribution<int> id(0, 6), parent(0, static_cast<int>(W) - 1);
    std::vector<double> steps(T * B * W), parents(T * B * W);
    for (auto& s : steps)
        s = id(rng);
    for (auto& p : parents)
        p = parent(rng);
    const std::vector<double> lengths{5, 3, 0};
    const double end = 6;
    auto op = std::make_shared<ov::op::v1::GatherTree>(param(ov::element::f32, {T, B, W}), param(ov::element::f32, {T, B, W}),
                                                       param(ov::element::f32, {B}), param(ov::element::f32, {}));
    const auto got = doubles(run(*op, {tensor(ov::element::f32, {T, B, W}, steps), tensor(ov::element::f32, {T, B, W}, parents),
                                       tensor(ov::element::f32, {B}, lengths), tensor(ov::element::f32, {}, {end})})[0]);
    for (size_t b = 0; b < B; ++b)
        for (size_t w = 0; w < W; ++w) {
            const auto len = static_cast<size_t>(lengths[b]);
            std::vector<double> seq(T, end);
            size_t beam = w;
            for (size_t t = len; t > 0; --t) {
                seq[t - 1] = steps[((t - 1) * B + b) * W + beam];
                beam = static_cast<size_t>(parents[((t - 1) * B + b) * W + beam]);
            }
            auto first_end = std::find(seq.begin(), seq.begin() + static_cast<std::ptrdiff_t>(len), end);
            if (first_end != seq.begin() + static_cast<std::ptrdiff_t>(len))
                std::fill(first_end + 1, seq.end(), end);
            for (size_t t = 0; t < T; ++t)
                EXPECT_EQ(got[(t * B + b) * W + w], seq[t]) << "t " << t << " b " << b << " w " << w;
        }
}

TEST(GatherTree, ShapesErrorsAndIr) {
    auto op = std::make_shared<ov::op::v1::GatherTree>(param(ov::element::i64, {-1, 2, 3}), param(ov::element::i64, {5, -1, 3}),
                                                       param(ov::element::i64, {-1}), param(ov::element::i64, {}));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{5, 2, 3}));
    op->set_friendly_name("gt");
    op->set_argument(2, param(ov::element::i64, {4}));
    expect_error([&] { op->validate_and_infer_types(); }, {"GatherTree 'gt'", "max_seq_len"});
    op->set_argument(2, param(ov::element::i64, {2}));
    op->set_argument(3, param(ov::element::i32, {}));
    expect_error([&] { op->validate_and_infer_types(); }, {"GatherTree 'gt'", "end_token", "same type"});
    op->set_argument(3, param(ov::element::i64, {}));
    ov::TensorVector outputs;
    expect_error([&] { op->evaluate(outputs, {tensor(ov::element::i64, {2, 1, 2}, {1, 2, 3, 4}),
                                              tensor(ov::element::i64, {2, 1, 2}, {0, 0, 0, 5}),
                                              tensor(ov::element::i64, {1}, {2}), tensor(ov::element::i64, {}, {9})}); },
                 {"GatherTree 'gt'", "parent index 5"});
    auto s = param(ov::element::f32, {4, 2, 3});
    auto p = param(ov::element::f32, {4, 2, 3});
    auto l = param(ov::element::f32, {2});
    auto e = param(ov::element::f32, {});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v1::GatherTree>(s, p, l, e), {s, p, l, e}));
}
