// SPDX-License-Identifier: Apache-2.0
// LSTMCell-1/4, GRUCell-3 and RNNCell-1 against the gate equations of recurrent_test_util.hpp (double
// precision, seeded random inputs), their shape inference with a dynamic batch, errors on bad shapes and
// attributes, and the IR round trip of their attributes.
#include <gtest/gtest.h>

#include <random>

#include "openvino/op/gru_cell.hpp"
#include "openvino/op/lstm_cell.hpp"
#include "openvino/op/rnn_cell.hpp"
#include "recurrent_test_util.hpp"

namespace {

using namespace rectest;
using ov::element::Type;
using ov::Shape;

constexpr size_t batch = 3, input = 4, hidden = 5;

// f32 results are the double reference rounded once; f16 ones also carry half-precision inputs and output.
double tolerance(const Type& type) { return type == ov::element::f16 ? 4e-3 : 2e-5; }

struct Operand {
    Shape shape;
    std::vector<double> values;
};

// Parameters for every operand, the op made from them, and its outputs on the operands' values.
ov::TensorVector run_on(const Type& type, const std::vector<Operand>& operands,
                        const std::function<std::shared_ptr<ov::Node>(const ov::OutputVector&)>& make) {
    ov::OutputVector args;
    ov::TensorVector tensors;
    for (const auto& o : operands) {
        args.push_back(param(type, o.shape));
        tensors.push_back(make_tensor(type, o.shape, o.values));
    }
    return run(make(args), tensors);
}

// The operands as the op sees them after conversion to `type`.
std::vector<double> stored(const Type& type, const Operand& o) { return as_stored(type, o.shape, o.values); }

class LstmCellTest : public ::testing::TestWithParam<Type> {};

TEST_P(LstmCellTest, V4MatchesGateEquationsInFicoOrder) {
    const Type type = GetParam();
    std::mt19937 rng(101);
    const Operand x{{batch, input}, random_values(batch * input, rng)}, h{{batch, hidden}, random_values(batch * hidden, rng)},
        c{{batch, hidden}, random_values(batch * hidden, rng)}, w{{4 * hidden, input}, random_values(4 * hidden * input, rng)},
        r{{4 * hidden, hidden}, random_values(4 * hidden * hidden, rng)}, b{{4 * hidden}, random_values(4 * hidden, rng)};
    const auto out = run_on(type, {x, h, c, w, r, b}, [](const ov::OutputVector& a) {
        return std::make_shared<ov::op::v4::LSTMCell>(a[0], a[1], a[2], a[3], a[4], a[5], hidden);
    });
    ASSERT_EQ(out.size(), 2u);
    const auto xs = stored(type, x), W = stored(type, w), R = stored(type, r), B = stored(type, b);
    std::vector<double> eh, ec;
    for (size_t n = 0; n < batch; ++n) {
        std::vector<double> hn = part(stored(type, h), n, hidden), cn = part(stored(type, c), n, hidden);
        lstm_step(xs.data() + n * input, input, hn, cn, W, R, B, {});
        eh.insert(eh.end(), hn.begin(), hn.end());
        ec.insert(ec.end(), cn.begin(), cn.end());
    }
    EXPECT_EQ(out[0].get_shape(), (Shape{batch, hidden}));
    expect_close(read_tensor(out[0]), eh, tolerance(type), tolerance(type));
    expect_close(read_tensor(out[1]), ec, tolerance(type), tolerance(type));
}

TEST_P(LstmCellTest, V4ClipAndActivationList) {
    const Type type = GetParam();
    std::mt19937 rng(102);
    // Inputs up to 3 in magnitude so that a clip of 0.7 changes many gate inputs.
    const Operand x{{batch, input}, random_values(batch * input, rng, -3, 3)},
        h{{batch, hidden}, random_values(batch * hidden, rng)}, c{{batch, hidden}, random_values(batch * hidden, rng)},
        w{{4 * hidden, input}, random_values(4 * hidden * input, rng)},
        r{{4 * hidden, hidden}, random_values(4 * hidden * hidden, rng)}, b{{4 * hidden}, random_values(4 * hidden, rng)};
    const auto out = run_on(type, {x, h, c, w, r, b}, [](const ov::OutputVector& a) {
        return std::make_shared<ov::op::v4::LSTMCell>(a[0], a[1], a[2], a[3], a[4], a[5], hidden,
                                                      std::vector<std::string>{"sigmoid", "relu", "tanh"},
                                                      std::vector<float>{}, std::vector<float>{}, 0.7f);
    });
    LstmOptions o;
    o.g = relu;
    o.clip = 0.7;
    const auto xs = stored(type, x), W = stored(type, w), R = stored(type, r), B = stored(type, b);
    std::vector<double> eh, ec;
    for (size_t n = 0; n < batch; ++n) {
        std::vector<double> hn = part(stored(type, h), n, hidden), cn = part(stored(type, c), n, hidden);
        lstm_step(xs.data() + n * input, input, hn, cn, W, R, B, o);
        eh.insert(eh.end(), hn.begin(), hn.end());
        ec.insert(ec.end(), cn.begin(), cn.end());
    }
    expect_close(read_tensor(out[0]), eh, tolerance(type), tolerance(type));
    expect_close(read_tensor(out[1]), ec, tolerance(type), tolerance(type));
}

INSTANTIATE_TEST_SUITE_P(Types, LstmCellTest, ::testing::Values(ov::element::f32, ov::element::f16),
                         [](const ::testing::TestParamInfo<Type>& info) { return info.param.get_type_name(); });

// Reorders the four gate blocks (each `block` long) from f, i, c, o into i, f, c, o.
std::vector<double> fico_to_ifco(const std::vector<double>& v, size_t block) {
    std::vector<double> out;
    for (size_t gate : {1, 0, 2, 3})
        out.insert(out.end(), v.begin() + gate * block, v.begin() + (gate + 1) * block);
    return out;
}

TEST(LstmCellV0, IfcoWeightsPeepholesAndInputForget) {
    std::mt19937 rng(103);
    const auto x = random_values(batch * input, rng), h = random_values(batch * hidden, rng),
               c = random_values(batch * hidden, rng), w = random_values(4 * hidden * input, rng),
               r = random_values(4 * hidden * hidden, rng), b = random_values(4 * hidden, rng),
               p = random_values(3 * hidden, rng);
    for (bool input_forget : {false, true}) {
        const auto out = run_on(ov::element::f32,
                                {{{batch, input}, x},
                                 {{batch, hidden}, h},
                                 {{batch, hidden}, c},
                                 {{4 * hidden, input}, fico_to_ifco(w, hidden * input)},
                                 {{4 * hidden, hidden}, fico_to_ifco(r, hidden * hidden)},
                                 {{4 * hidden}, fico_to_ifco(b, hidden)},
                                 {{3 * hidden}, p}},
                                [&](const ov::OutputVector& a) {
                                    return std::make_shared<ov::op::v0::LSTMCell>(
                                        a[0], a[1], a[2], a[3], a[4], a[5], a[6], hidden,
                                        ov::op::LSTMWeightsFormat::IFCO,
                                        std::vector<std::string>{"sigmoid", "tanh", "tanh"}, std::vector<float>{},
                                        std::vector<float>{}, 0.f, input_forget);
                                });
        const auto xs = as_stored(ov::element::f32, {batch, input}, x);
        const auto W = as_stored(ov::element::f32, {4 * hidden, input}, w);
        const auto R = as_stored(ov::element::f32, {4 * hidden, hidden}, r);
        const auto B = as_stored(ov::element::f32, {4 * hidden}, b);
        const auto P = as_stored(ov::element::f32, {3 * hidden}, p);
        LstmOptions o;
        o.peepholes = &P;
        o.input_forget = input_forget;
        std::vector<double> eh, ec;
        for (size_t n = 0; n < batch; ++n) {
            auto hn = part(as_stored(ov::element::f32, {batch, hidden}, h), n, hidden);
            auto cn = part(as_stored(ov::element::f32, {batch, hidden}, c), n, hidden);
            lstm_step(xs.data() + n * input, input, hn, cn, W, R, B, o);
            eh.insert(eh.end(), hn.begin(), hn.end());
            ec.insert(ec.end(), cn.begin(), cn.end());
        }
        SCOPED_TRACE(input_forget ? "input_forget" : "separate gates");
        expect_close(read_tensor(out[0]), eh, 2e-5, 2e-5);
        expect_close(read_tensor(out[1]), ec, 2e-5, 2e-5);
    }
}

TEST(LstmCellV0, LeftOutBiasAndPeepholesAreZero) {
    auto X = param(ov::element::f32, {batch, input}), H = param(ov::element::f32, {batch, hidden}),
         C = param(ov::element::f32, {batch, hidden}), W = param(ov::element::f32, {4 * hidden, input}),
         R = param(ov::element::f32, {4 * hidden, hidden});
    auto cell = std::make_shared<ov::op::v0::LSTMCell>(X, H, C, W, R, hidden);
    EXPECT_EQ(cell->get_input_size(), 7u);
    EXPECT_EQ(cell->get_weights_format(), ov::op::LSTMWeightsFormat::IFCO);
    EXPECT_EQ(cell->get_output_partial_shape(1), (ov::PartialShape{batch, hidden}));
}

class GruCellTest : public ::testing::TestWithParam<std::tuple<Type, bool>> {};

TEST_P(GruCellTest, MatchesGateEquations) {
    const Type type = std::get<0>(GetParam());
    const bool lbr = std::get<1>(GetParam());
    std::mt19937 rng(lbr ? 201 : 202);
    const size_t bias_rows = (lbr ? 4 : 3) * hidden;
    const Operand x{{batch, input}, random_values(batch * input, rng, -2, 2)},
        h{{batch, hidden}, random_values(batch * hidden, rng)},
        w{{3 * hidden, input}, random_values(3 * hidden * input, rng)},
        r{{3 * hidden, hidden}, random_values(3 * hidden * hidden, rng)}, b{{bias_rows}, random_values(bias_rows, rng)};
    const double clip = lbr ? 0.8 : 0.0;
    const auto out = run_on(type, {x, h, w, r, b}, [&](const ov::OutputVector& a) {
        return std::make_shared<ov::op::v3::GRUCell>(a[0], a[1], a[2], a[3], a[4], hidden,
                                                     std::vector<std::string>{"sigmoid", "tanh"}, std::vector<float>{},
                                                     std::vector<float>{}, static_cast<float>(clip), lbr);
    });
    ASSERT_EQ(out.size(), 1u);
    GruOptions o;
    o.linear_before_reset = lbr;
    o.clip = clip;
    const auto xs = stored(type, x), W = stored(type, w), R = stored(type, r), B = stored(type, b);
    std::vector<double> eh;
    for (size_t n = 0; n < batch; ++n) {
        auto hn = part(stored(type, h), n, hidden);
        gru_step(xs.data() + n * input, input, hn, W, R, B, o);
        eh.insert(eh.end(), hn.begin(), hn.end());
    }
    expect_close(read_tensor(out[0]), eh, tolerance(type), tolerance(type));
}

INSTANTIATE_TEST_SUITE_P(TypesAndResetModes, GruCellTest,
                         ::testing::Combine(::testing::Values(ov::element::f32, ov::element::f16),
                                            ::testing::Bool()),
                         [](const ::testing::TestParamInfo<std::tuple<Type, bool>>& info) {
                             return std::string(std::get<0>(info.param).get_type_name()) +
                                    (std::get<1>(info.param) ? "_linear_before_reset" : "_reset_before");
                         });

TEST(RnnCell, MatchesEquationWithReluAndClip) {
    for (const Type& type : {ov::element::f32, ov::element::f16}) {
        std::mt19937 rng(301);
        const Operand x{{batch, input}, random_values(batch * input, rng, -2, 2)},
            h{{batch, hidden}, random_values(batch * hidden, rng)}, w{{hidden, input}, random_values(hidden * input, rng)},
            r{{hidden, hidden}, random_values(hidden * hidden, rng)}, b{{hidden}, random_values(hidden, rng)};
        for (const std::string act : {"tanh", "relu"}) {
            const auto out = run_on(type, {x, h, w, r, b}, [&](const ov::OutputVector& a) {
                return std::make_shared<ov::op::v0::RNNCell>(a[0], a[1], a[2], a[3], a[4], hidden,
                                                             std::vector<std::string>{act}, std::vector<float>{},
                                                             std::vector<float>{}, 0.9f);
            });
            const auto xs = stored(type, x), W = stored(type, w), R = stored(type, r), B = stored(type, b);
            std::vector<double> eh;
            for (size_t n = 0; n < batch; ++n) {
                auto hn = part(stored(type, h), n, hidden);
                rnn_step(xs.data() + n * input, input, hn, W, R, B, by_name(act), 0.9);
                eh.insert(eh.end(), hn.begin(), hn.end());
            }
            SCOPED_TRACE(act + " " + type.get_type_name());
            expect_close(read_tensor(out[0]), eh, tolerance(type), tolerance(type));
        }
    }
}

TEST(RecurrentCellShapes, DynamicBatchAndInputSize) {
    auto X = param(ov::element::f32, {-1, -1}), H = param(ov::element::f32, {-1, hidden}),
         C = param(ov::element::f32, ov::PartialShape::dynamic()), W = param(ov::element::f32, {4 * hidden, input}),
         R = param(ov::element::f32, {4 * hidden, hidden}), B = param(ov::element::f32, {4 * hidden});
    auto lstm = std::make_shared<ov::op::v4::LSTMCell>(X, H, C, W, R, B, hidden);
    EXPECT_EQ(lstm->get_output_partial_shape(0), (ov::PartialShape{-1, hidden}));
    EXPECT_EQ(lstm->get_output_partial_shape(1), (ov::PartialShape{-1, hidden}));
    EXPECT_EQ(lstm->get_output_element_type(0), ov::element::f32);

    // The batch comes from whichever input knows it.
    auto H2 = param(ov::element::f32, {7, hidden});
    auto gru = std::make_shared<ov::op::v3::GRUCell>(X, H2, param(ov::element::f32, {3 * hidden, input}),
                                                     param(ov::element::f32, {3 * hidden, hidden}), hidden);
    EXPECT_EQ(gru->get_output_partial_shape(0), (ov::PartialShape{7, hidden}));

    // Evaluation with concrete shapes behind the dynamic ones.
    std::mt19937 rng(401);
    const auto x = random_values(2 * input, rng), h = random_values(2 * hidden, rng), c = random_values(2 * hidden, rng),
               w = random_values(4 * hidden * input, rng), r = random_values(4 * hidden * hidden, rng),
               b = random_values(4 * hidden, rng);
    const auto out = run(lstm, {make_tensor(ov::element::f32, {2, input}, x), make_tensor(ov::element::f32, {2, hidden}, h),
                                make_tensor(ov::element::f32, {2, hidden}, c),
                                make_tensor(ov::element::f32, {4 * hidden, input}, w),
                                make_tensor(ov::element::f32, {4 * hidden, hidden}, r),
                                make_tensor(ov::element::f32, {4 * hidden}, b)});
    EXPECT_EQ(out[0].get_shape(), (Shape{2, hidden}));
}

TEST(RecurrentCellErrors, BadShapesAndAttributesNameTheOp) {
    auto X = param(ov::element::f32, {batch, input}), H = param(ov::element::f32, {batch, hidden}),
         C = param(ov::element::f32, {batch, hidden});
    auto W = param(ov::element::f32, {4 * hidden, input}), R = param(ov::element::f32, {4 * hidden, hidden});
    // W with three gates' rows.
    expect_error([&] { std::make_shared<ov::op::v4::LSTMCell>(X, H, C, param(ov::element::f32, {3 * hidden, input}), R, hidden); },
                 {"LSTMCell", "W", "gate size"});
    // Input size of W differs from X.
    expect_error([&] { std::make_shared<ov::op::v4::LSTMCell>(X, H, C, param(ov::element::f32, {4 * hidden, input + 1}), R, hidden); },
                 {"LSTMCell", "input size"});
    // Batch of H differs from X.
    expect_error([&] { std::make_shared<ov::op::v4::LSTMCell>(X, param(ov::element::f32, {batch + 1, hidden}), C, W, R, hidden); },
                 {"LSTMCell", "batch size", "initial_hidden_state"});
    // X of rank 3.
    expect_error([&] { std::make_shared<ov::op::v0::RNNCell>(param(ov::element::f32, {1, batch, input}), H, param(ov::element::f32, {hidden, input}), param(ov::element::f32, {hidden, hidden}), hidden); },
                 {"RNNCell", "X", "rank 2"});
    // Unknown activation, too few activations, negative clip.
    expect_error([&] { std::make_shared<ov::op::v4::LSTMCell>(X, H, C, W, R, hidden, std::vector<std::string>{"sigmoid", "swish", "tanh"}); },
                 {"LSTMCell", "swish"});
    expect_error([&] { std::make_shared<ov::op::v3::GRUCell>(X, H, param(ov::element::f32, {3 * hidden, input}), param(ov::element::f32, {3 * hidden, hidden}), param(ov::element::f32, {3 * hidden}), hidden, std::vector<std::string>{"tanh"}); },
                 {"GRUCell", "activations"});
    expect_error([&] { std::make_shared<ov::op::v0::RNNCell>(X, H, param(ov::element::f32, {hidden, input}), param(ov::element::f32, {hidden, hidden}), hidden, std::vector<std::string>{"tanh"}, std::vector<float>{}, std::vector<float>{}, -1.f); },
                 {"RNNCell", "clip"});
    // GRU bias of 3 blocks while linear_before_reset needs 4.
    expect_error([&] { std::make_shared<ov::op::v3::GRUCell>(X, H, param(ov::element::f32, {3 * hidden, input}), param(ov::element::f32, {3 * hidden, hidden}), param(ov::element::f32, {3 * hidden}), hidden, std::vector<std::string>{"sigmoid", "tanh"}, std::vector<float>{}, std::vector<float>{}, 0.f, true); },
                 {"GRUCell", "B"});
    // Integer data.
    expect_error([&] { std::make_shared<ov::op::v0::RNNCell>(param(ov::element::i32, {batch, input}), H, param(ov::element::f32, {hidden, input}), param(ov::element::f32, {hidden, hidden}), hidden); },
                 {"RNNCell", "X", "real"});
}

TEST(RecurrentCellIr, AttributesRoundTrip) {
    auto X = param(ov::element::f32, {batch, input}), H = param(ov::element::f32, {batch, hidden}),
         C = param(ov::element::f32, {batch, hidden});
    {
        auto W = param(ov::element::f32, {4 * hidden, input}), R = param(ov::element::f32, {4 * hidden, hidden}),
             B = param(ov::element::f32, {4 * hidden});
        auto op = std::make_shared<ov::op::v4::LSTMCell>(X, H, C, W, R, B, hidden,
                                                         std::vector<std::string>{"relu", "sigmoid", "tanh"},
                                                         std::vector<float>{0.5f, 1.f, 2.f},
                                                         std::vector<float>{0.25f, 0.f, 1.f}, 3.5f);
        auto back = std::dynamic_pointer_cast<ov::op::v4::LSTMCell>(ir_round_trip(op, {X, H, C, W, R, B}));
        ASSERT_TRUE(back);
        EXPECT_EQ(back->get_hidden_size(), hidden);
        EXPECT_EQ(back->get_activations(), (std::vector<std::string>{"relu", "sigmoid", "tanh"}));
        EXPECT_EQ(back->get_activations_alpha(), (std::vector<float>{0.5f, 1.f, 2.f}));
        EXPECT_EQ(back->get_activations_beta(), (std::vector<float>{0.25f, 0.f, 1.f}));
        EXPECT_FLOAT_EQ(back->get_clip(), 3.5f);
    }
    {
        auto W = param(ov::element::f32, {4 * hidden, input}), R = param(ov::element::f32, {4 * hidden, hidden}),
             B = param(ov::element::f32, {4 * hidden}), P = param(ov::element::f32, {3 * hidden});
        auto op = std::make_shared<ov::op::v0::LSTMCell>(X, H, C, W, R, B, P, hidden, ov::op::LSTMWeightsFormat::IOFC,
                                                         std::vector<std::string>{"sigmoid", "tanh", "tanh"},
                                                         std::vector<float>{}, std::vector<float>{}, 0.f, true);
        EXPECT_EQ(attributes_of(*op).at("weights_format"), "iofc");
        auto back = std::dynamic_pointer_cast<ov::op::v0::LSTMCell>(ir_round_trip(op, {X, H, C, W, R, B, P}));
        ASSERT_TRUE(back);
        EXPECT_EQ(back->get_weights_format(), ov::op::LSTMWeightsFormat::IOFC);
        EXPECT_TRUE(back->get_input_forget());
    }
    {
        auto W = param(ov::element::f32, {3 * hidden, input}), R = param(ov::element::f32, {3 * hidden, hidden}),
             B = param(ov::element::f32, {4 * hidden});
        auto op = std::make_shared<ov::op::v3::GRUCell>(X, H, W, R, B, hidden, std::vector<std::string>{"sigmoid", "relu"},
                                                        std::vector<float>{}, std::vector<float>{}, 1.5f, true);
        EXPECT_EQ(attributes_of(*op).at("activations"), "sigmoid,relu");
        auto back = std::dynamic_pointer_cast<ov::op::v3::GRUCell>(ir_round_trip(op, {X, H, W, R, B}));
        ASSERT_TRUE(back);
        EXPECT_TRUE(back->get_linear_before_reset());
        EXPECT_EQ(back->get_activations(), (std::vector<std::string>{"sigmoid", "relu"}));
        EXPECT_FLOAT_EQ(back->get_clip(), 1.5f);
    }
    {
        auto W = param(ov::element::f32, {hidden, input}), R = param(ov::element::f32, {hidden, hidden});
        auto op = std::make_shared<ov::op::v0::RNNCell>(X, H, W, R, hidden, std::vector<std::string>{"relu"});
        auto back = std::dynamic_pointer_cast<ov::op::v0::RNNCell>(ir_round_trip(op, {X, H, W, R}));
        ASSERT_TRUE(back);
        EXPECT_EQ(back->get_activations(), (std::vector<std::string>{"relu"}));
        EXPECT_EQ(back->get_output_partial_shape(0), (ov::PartialShape{batch, hidden}));
    }
}

}  // namespace
