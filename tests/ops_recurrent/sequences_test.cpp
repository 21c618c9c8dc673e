// SPDX-License-Identifier: Apache-2.0
// LSTMSequence-1/5, GRUSequence-5 and RNNSequence-5 against the test's own cell equations stepped over time
// (recurrent_test_util.hpp): forward, reverse and bidirectional, with sequence lengths shorter than the
// longest (Y is zero past a batch's length, and Ho/Co are the states at its length), clip; shape inference
// with dynamic batch and sequence length; errors; the IR round trip of direction and activations.
#include <gtest/gtest.h>

#include <random>
#include <tuple>

#include "openvino/op/gru_sequence.hpp"
#include "openvino/op/lstm_sequence.hpp"
#include "openvino/op/rnn_sequence.hpp"
#include "recurrent_test_util.hpp"

namespace {

using namespace rectest;
using ov::Shape;
using ov::element::Type;
using Direction = ov::op::RecurrentSequenceDirection;

constexpr size_t batch = 3, seq = 4, input = 3, hidden = 4;
const std::vector<int64_t> lengths{4, 2, 3};

double tolerance(const Type& type) { return type == ov::element::f16 ? 5e-3 : 2e-5; }

size_t dirs_of(Direction d) { return d == Direction::BIDIRECTIONAL ? 2 : 1; }

std::string direction_name(Direction d) {
    return d == Direction::FORWARD ? "forward" : d == Direction::REVERSE ? "reverse" : "bidirectional";
}

// Seeded operands of a sequence op with `gates` gate blocks and `bias_gates` bias blocks.
struct SequenceOperands {
    std::vector<double> x, h0, c0, w, r, b;
    SequenceOperands(size_t dirs, size_t gates, size_t bias_gates, uint32_t seed) {
        std::mt19937 rng(seed);
        x = random_values(batch * seq * input, rng, -2, 2);
        h0 = random_values(batch * dirs * hidden, rng);
        c0 = random_values(batch * dirs * hidden, rng);
        w = random_values(dirs * gates * hidden * input, rng);
        r = random_values(dirs * gates * hidden * hidden, rng);
        b = random_values(dirs * bias_gates * hidden, rng);
    }
};

void expect_outputs(const ov::TensorVector& out, const SequenceResult& expected, size_t dirs, const Type& type,
                    bool with_cell) {
    ASSERT_EQ(out.size(), with_cell ? 3u : 2u);
    EXPECT_EQ(out[0].get_shape(), (Shape{batch, dirs, seq, hidden}));
    EXPECT_EQ(out[1].get_shape(), (Shape{batch, dirs, hidden}));
    expect_close(read_tensor(out[0]), expected.y, tolerance(type), tolerance(type));
    expect_close(read_tensor(out[1]), expected.ho, tolerance(type), tolerance(type));
    if (with_cell)
        expect_close(read_tensor(out[2]), expected.co, tolerance(type), tolerance(type));
}

ov::Tensor lengths_tensor() { return int_tensor(ov::element::i32, {batch}, lengths); }

class SequenceTest : public ::testing::TestWithParam<std::tuple<Type, Direction>> {
protected:
    Type type() const { return std::get<0>(GetParam()); }
    Direction direction() const { return std::get<1>(GetParam()); }
    size_t dirs() const { return dirs_of(direction()); }
    std::vector<double> st(const Shape& shape, const std::vector<double>& v) const { return as_stored(type(), shape, v); }
};

TEST_P(SequenceTest, LstmV5MatchesSteppedCells) {
    const size_t D = dirs();
    SequenceOperands v(D, 4, 4, 501);
    const Shape xs{batch, seq, input}, hs{batch, D, hidden}, ws{D, 4 * hidden, input}, rs{D, 4 * hidden, hidden},
        bs{D, 4 * hidden};
    auto X = param(type(), xs), H = param(type(), hs), C = param(type(), hs), L = param(ov::element::i32, {batch}),
         W = param(type(), ws), R = param(type(), rs), B = param(type(), bs);
    auto op = std::make_shared<ov::op::v5::LSTMSequence>(X, H, C, L, W, R, B, hidden, direction());
    const auto out = run(op, {make_tensor(type(), xs, v.x), make_tensor(type(), hs, v.h0), make_tensor(type(), hs, v.c0),
                              lengths_tensor(), make_tensor(type(), ws, v.w), make_tensor(type(), rs, v.r),
                              make_tensor(type(), bs, v.b)});
    const auto w = st(ws, v.w), r = st(rs, v.r), b = st(bs, v.b);
    const auto expected =
        run_sequence(st(xs, v.x), batch, seq, input, hidden, D, direction() == Direction::REVERSE, st(hs, v.h0),
                     st(hs, v.c0), lengths, [&](size_t d, const double* x, std::vector<double>& h, std::vector<double>& c) {
                         lstm_step(x, input, h, c, part(w, d, 4 * hidden * input), part(r, d, 4 * hidden * hidden),
                                   part(b, d, 4 * hidden), {});
                     });
    expect_outputs(out, expected, D, type(), true);
}

TEST_P(SequenceTest, GruV5MatchesSteppedCells) {
    const size_t D = dirs();
    for (bool lbr : {false, true}) {
        const size_t bias_gates = lbr ? 4 : 3;
        SequenceOperands v(D, 3, bias_gates, lbr ? 511 : 512);
        const Shape xs{batch, seq, input}, hs{batch, D, hidden}, ws{D, 3 * hidden, input}, rs{D, 3 * hidden, hidden},
            bs{D, bias_gates * hidden};
        auto X = param(type(), xs), H = param(type(), hs), L = param(ov::element::i32, {batch}), W = param(type(), ws),
             R = param(type(), rs), B = param(type(), bs);
        auto op = std::make_shared<ov::op::v5::GRUSequence>(X, H, L, W, R, B, hidden, direction(),
                                                            std::vector<std::string>{"sigmoid", "tanh"},
                                                            std::vector<float>{}, std::vector<float>{}, 1.2f, lbr);
        const auto out = run(op, {make_tensor(type(), xs, v.x), make_tensor(type(), hs, v.h0), lengths_tensor(),
                                  make_tensor(type(), ws, v.w), make_tensor(type(), rs, v.r),
                                  make_tensor(type(), bs, v.b)});
        GruOptions o;
        o.linear_before_reset = lbr;
        o.clip = 1.2;
        const auto w = st(ws, v.w), r = st(rs, v.r), b = st(bs, v.b);
        const auto expected = run_sequence(
            st(xs, v.x), batch, seq, input, hidden, D, direction() == Direction::REVERSE, st(hs, v.h0), {}, lengths,
            [&](size_t d, const double* x, std::vector<double>& h, std::vector<double>&) {
                gru_step(x, input, h, part(w, d, 3 * hidden * input), part(r, d, 3 * hidden * hidden),
                         part(b, d, bias_gates * hidden), o);
            });
        SCOPED_TRACE(lbr ? "linear_before_reset" : "reset before");
        expect_outputs(out, expected, D, type(), false);
    }
}

TEST_P(SequenceTest, RnnV5MatchesSteppedCellsWithClip) {
    const size_t D = dirs();
    SequenceOperands v(D, 1, 1, 521);
    const Shape xs{batch, seq, input}, hs{batch, D, hidden}, ws{D, hidden, input}, rs{D, hidden, hidden}, bs{D, hidden};
    auto X = param(type(), xs), H = param(type(), hs), L = param(ov::element::i64, {batch}), W = param(type(), ws),
         R = param(type(), rs), B = param(type(), bs);
    auto op = std::make_shared<ov::op::v5::RNNSequence>(X, H, L, W, R, B, hidden, direction(),
                                                        std::vector<std::string>{"relu"}, std::vector<float>{},
                                                        std::vector<float>{}, 0.6f);
    const auto out = run(op, {make_tensor(type(), xs, v.x), make_tensor(type(), hs, v.h0),
                              int_tensor(ov::element::i64, {batch}, lengths), make_tensor(type(), ws, v.w),
                              make_tensor(type(), rs, v.r), make_tensor(type(), bs, v.b)});
    const auto w = st(ws, v.w), r = st(rs, v.r), b = st(bs, v.b);
    const auto expected = run_sequence(
        st(xs, v.x), batch, seq, input, hidden, D, direction() == Direction::REVERSE, st(hs, v.h0), {}, lengths,
        [&](size_t d, const double* x, std::vector<double>& h, std::vector<double>&) {
            rnn_step(x, input, h, part(w, d, hidden * input), part(r, d, hidden * hidden), part(b, d, hidden), relu, 0.6);
        });
    expect_outputs(out, expected, D, type(), false);
}

INSTANTIATE_TEST_SUITE_P(TypesAndDirections, SequenceTest,
                         ::testing::Combine(::testing::Values(ov::element::f32, ov::element::f16),
                                            ::testing::Values(Direction::FORWARD, Direction::REVERSE,
                                                              Direction::BIDIRECTIONAL)),
                         [](const ::testing::TestParamInfo<std::tuple<Type, Direction>>& info) {
                             return std::string(std::get<0>(info.param).get_type_name()) + "_" +
                                    direction_name(std::get<1>(info.param));
                         });

// Reorders the four gate blocks of each direction (each `block` long) from f, i, c, o into i, f, c, o.
std::vector<double> fico_to_ifco(const std::vector<double>& v, size_t dirs, size_t block) {
    std::vector<double> out;
    for (size_t d = 0; d < dirs; ++d)
        for (size_t gate : {1, 0, 2, 3})
            out.insert(out.end(), v.begin() + (d * 4 + gate) * block, v.begin() + (d * 4 + gate + 1) * block);
    return out;
}

TEST(LstmSequenceV0, BidirectionalIfcoWithPeepholes) {
    const size_t D = 2;
    SequenceOperands v(D, 4, 4, 531);
    std::mt19937 rng(532);
    const auto p = random_values(D * 3 * hidden, rng);
    const Type t = ov::element::f32;
    const Shape xs{batch, seq, input}, hs{batch, D, hidden}, ws{D, 4 * hidden, input}, rs{D, 4 * hidden, hidden},
        bs{D, 4 * hidden}, ps{D, 3 * hidden};
    auto X = param(t, xs), H = param(t, hs), C = param(t, hs), L = param(ov::element::i32, {batch}), W = param(t, ws),
         R = param(t, rs), B = param(t, bs), P = param(t, ps);
    auto op = std::make_shared<ov::op::v0::LSTMSequence>(X, H, C, L, W, R, B, P, hidden, Direction::BIDIRECTIONAL,
                                                         ov::op::LSTMWeightsFormat::IFCO);
    const auto out = run(op, {make_tensor(t, xs, v.x), make_tensor(t, hs, v.h0), make_tensor(t, hs, v.c0),
                              lengths_tensor(), make_tensor(t, ws, fico_to_ifco(v.w, D, hidden * input)),
                              make_tensor(t, rs, fico_to_ifco(v.r, D, hidden * hidden)),
                              make_tensor(t, bs, fico_to_ifco(v.b, D, hidden)), make_tensor(t, ps, p)});
    const auto w = as_stored(t, ws, v.w), r = as_stored(t, rs, v.r), b = as_stored(t, bs, v.b), ph = as_stored(t, ps, p);
    const auto expected = run_sequence(
        as_stored(t, xs, v.x), batch, seq, input, hidden, D, false, as_stored(t, hs, v.h0), as_stored(t, hs, v.c0),
        lengths, [&](size_t d, const double* x, std::vector<double>& h, std::vector<double>& c) {
            const auto pd = part(ph, d, 3 * hidden);
            LstmOptions o;
            o.peepholes = &pd;
            lstm_step(x, input, h, c, part(w, d, 4 * hidden * input), part(r, d, 4 * hidden * hidden),
                      part(b, d, 4 * hidden), o);
        });
    expect_outputs(out, expected, D, t, true);
}

TEST(RecurrentSequenceShapes, DynamicBatchAndSequenceLength) {
    const Type t = ov::element::f32;
    auto X = param(t, {-1, -1, input}), H = param(t, {-1, 2, hidden}), C = param(t, {-1, 2, hidden}),
         L = param(ov::element::i32, {-1}), W = param(t, {2, 4 * hidden, input}), R = param(t, {2, 4 * hidden, hidden}),
         B = param(t, {2, 4 * hidden});
    auto lstm = std::make_shared<ov::op::v5::LSTMSequence>(X, H, C, L, W, R, B, hidden, Direction::BIDIRECTIONAL);
    EXPECT_EQ(lstm->get_output_partial_shape(0), (ov::PartialShape{-1, 2, -1, hidden}));
    EXPECT_EQ(lstm->get_output_partial_shape(1), (ov::PartialShape{-1, 2, hidden}));
    EXPECT_EQ(lstm->get_output_partial_shape(2), (ov::PartialShape{-1, 2, hidden}));

    // Batch known only from sequence_lengths; everything else of dynamic rank but W.
    auto gru = std::make_shared<ov::op::v5::GRUSequence>(
        param(t, ov::PartialShape::dynamic()), param(t, ov::PartialShape::dynamic()), param(ov::element::i64, {5}),
        param(t, {1, 3 * hidden, input}), param(t, ov::PartialShape::dynamic()), param(t, {1, 3 * hidden}), hidden,
        Direction::FORWARD);
    EXPECT_EQ(gru->get_output_partial_shape(0), (ov::PartialShape{5, 1, -1, hidden}));
    EXPECT_EQ(gru->get_output_partial_shape(1), (ov::PartialShape{5, 1, hidden}));

    // Evaluates with the run-time shapes.
    SequenceOperands v(2, 4, 4, 541);
    const auto out = run(lstm, {make_tensor(t, {batch, seq, input}, v.x), make_tensor(t, {batch, 2, hidden}, v.h0),
                                make_tensor(t, {batch, 2, hidden}, v.c0), lengths_tensor(),
                                make_tensor(t, {2, 4 * hidden, input}, v.w), make_tensor(t, {2, 4 * hidden, hidden}, v.r),
                                make_tensor(t, {2, 4 * hidden}, v.b)});
    EXPECT_EQ(out[0].get_shape(), (Shape{batch, 2, seq, hidden}));
    // Past a batch's length Y is zero: batch 1 has length 2.
    const auto y = read_tensor(out[0]);
    for (size_t d = 0; d < 2; ++d)
        for (size_t t2 = 2; t2 < seq; ++t2)
            for (size_t j = 0; j < hidden; ++j)
                EXPECT_EQ(y[((1 * 2 + d) * seq + t2) * hidden + j], 0.0);
}

TEST(RecurrentSequenceErrors, BadShapesNameTheOp) {
    const Type t = ov::element::f32;
    auto X = param(t, {batch, seq, input}), H = param(t, {batch, 1, hidden}), C = param(t, {batch, 1, hidden}),
         L = param(ov::element::i32, {batch}), W = param(t, {1, 4 * hidden, input}), R = param(t, {1, 4 * hidden, hidden}),
         B = param(t, {1, 4 * hidden});
    // One direction's weights for a bidirectional op.
    expect_error([&] { std::make_shared<ov::op::v5::LSTMSequence>(X, H, C, L, W, R, B, hidden, Direction::BIDIRECTIONAL); },
                 {"LSTMSequence", "num_directions"});
    // Real sequence lengths.
    expect_error([&] { std::make_shared<ov::op::v5::LSTMSequence>(X, H, C, param(t, {batch}), W, R, B, hidden, Direction::FORWARD); },
                 {"LSTMSequence", "sequence_lengths", "integer"});
    // Batch of sequence_lengths differs.
    expect_error([&] { std::make_shared<ov::op::v5::RNNSequence>(X, H, param(ov::element::i32, {batch + 2}), param(t, {1, hidden, input}), param(t, {1, hidden, hidden}), param(t, {1, hidden}), hidden, Direction::FORWARD); },
                 {"RNNSequence", "batch size", "sequence_lengths"});
    // X of rank 2.
    expect_error([&] { std::make_shared<ov::op::v5::GRUSequence>(param(t, {batch, input}), H, L, param(t, {1, 3 * hidden, input}), param(t, {1, 3 * hidden, hidden}), param(t, {1, 3 * hidden}), hidden, Direction::FORWARD); },
                 {"GRUSequence", "X", "rank 3"});
    // A sequence length past the sequence, found at run time.
    auto op = std::make_shared<ov::op::v5::RNNSequence>(X, H, L, param(t, {1, hidden, input}), param(t, {1, hidden, hidden}),
                                                        param(t, {1, hidden}), hidden, Direction::FORWARD);
    std::mt19937 rng(551);
    ov::TensorVector outputs;
    expect_error([&] {
        op->evaluate(outputs, {make_tensor(t, {batch, seq, input}, random_values(batch * seq * input, rng)),
                               make_tensor(t, {batch, 1, hidden}, random_values(batch * hidden, rng)),
                               int_tensor(ov::element::i32, {batch}, {1, 9, 2}),
                               make_tensor(t, {1, hidden, input}, random_values(hidden * input, rng)),
                               make_tensor(t, {1, hidden, hidden}, random_values(hidden * hidden, rng)),
                               make_tensor(t, {1, hidden}, random_values(hidden, rng))});
    }, {"RNNSequence", "sequence_lengths"});
}

TEST(RecurrentSequenceIr, DirectionAndActivationsRoundTrip) {
    const Type t = ov::element::f32;
    auto X = param(t, {batch, seq, input}), H = param(t, {batch, 2, hidden}), C = param(t, {batch, 2, hidden}),
         L = param(ov::element::i32, {batch});
    {
        auto W = param(t, {2, 4 * hidden, input}), R = param(t, {2, 4 * hidden, hidden}), B = param(t, {2, 4 * hidden});
        auto op = std::make_shared<ov::op::v5::LSTMSequence>(X, H, C, L, W, R, B, hidden, Direction::BIDIRECTIONAL,
                                                             std::vector<float>{0.1f, 0.2f, 0.3f},
                                                             std::vector<float>{}, std::vector<std::string>{"sigmoid", "tanh", "relu"},
                                                             2.5f);
        EXPECT_EQ(attributes_of(*op).at("direction"), "bidirectional");
        auto back = std::dynamic_pointer_cast<ov::op::v5::LSTMSequence>(ir_round_trip(op, {X, H, C, L, W, R, B}));
        ASSERT_TRUE(back);
        EXPECT_EQ(back->get_direction(), Direction::BIDIRECTIONAL);
        EXPECT_EQ(back->get_activations(), (std::vector<std::string>{"sigmoid", "tanh", "relu"}));
        EXPECT_EQ(back->get_activations_alpha(), (std::vector<float>{0.1f, 0.2f, 0.3f}));
        EXPECT_FLOAT_EQ(back->get_clip(), 2.5f);
        EXPECT_EQ(back->get_output_partial_shape(0), (ov::PartialShape{batch, 2, seq, hidden}));
    }
    {
        auto H1 = param(t, {batch, 1, hidden});
        auto W = param(t, {1, 3 * hidden, input}), R = param(t, {1, 3 * hidden, hidden}), B = param(t, {1, 4 * hidden});
        auto op = std::make_shared<ov::op::v5::GRUSequence>(X, H1, L, W, R, B, hidden, Direction::REVERSE,
                                                            std::vector<std::string>{"sigmoid", "tanh"},
                                                            std::vector<float>{}, std::vector<float>{}, 0.f, true);
        auto back = std::dynamic_pointer_cast<ov::op::v5::GRUSequence>(ir_round_trip(op, {X, H1, L, W, R, B}));
        ASSERT_TRUE(back);
        EXPECT_EQ(back->get_direction(), Direction::REVERSE);
        EXPECT_TRUE(back->get_linear_before_reset());
    }
    {
        auto W = param(t, {2, hidden, input}), R = param(t, {2, hidden, hidden}), B = param(t, {2, hidden});
        auto op = std::make_shared<ov::op::v5::RNNSequence>(X, H, L, W, R, B, hidden, Direction::BIDIRECTIONAL,
                                                            std::vector<std::string>{"relu"});
        auto back = std::dynamic_pointer_cast<ov::op::v5::RNNSequence>(ir_round_trip(op, {X, H, L, W, R, B}));
        ASSERT_TRUE(back);
        EXPECT_EQ(back->get_activations(), (std::vector<std::string>{"relu"}));
        EXPECT_EQ(back->get_direction(), Direction::BIDIRECTIONAL);
    }
    // A direction the IR cannot name is refused by the reader's visitor.
    devmux_test::RecordingVisitor visitor;
    ov::op::v5::RNNSequence blank;
    blank.visit_attributes(visitor);
    visitor.values()["direction"] = "sideways";
    visitor.start_replay();
    expect_error([&] { blank.visit_attributes(visitor); }, {"direction", "sideways"});
}

}  // namespace
