// SPDX-License-Identifier: Apache-2.0
// Conformance cases of the recurrent cells and sequences (data and states as inputs, weights as seeded
// Constants, sequence lengths as fixed Constants shorter than the longest), ScaledDotProductAttention and
// Einsum.
#include "case_builders.hpp"

namespace conformance {
namespace {

using namespace case_builders;
namespace v4 = ov::op::v4;
namespace v5 = ov::op::v5;
namespace v13 = ov::op::v13;
using Direction = ov::op::RecurrentSequenceDirection;

const std::vector<std::string> lstm_acts{"sigmoid", "tanh", "tanh"};
const std::vector<std::string> gru_acts{"sigmoid", "tanh"};

OpCase accumulating(OpCase c) {
    c.accumulates = true;
    return c;
}

std::shared_ptr<v0::Constant> lengths(const std::vector<int32_t>& values) {
    return v0::Constant::create(ov::element::i32, ov::Shape{values.size()}, values);
}

constexpr size_t batch = 2, input = 3, hidden = 4, seq = 3;

OpCase lstm_cell_v4(const std::string& name, std::vector<std::string> acts, float clip) {
    return accumulating({"LSTMCell4_" + name, "LSTMCell", reals, [=](const Type& t) {
                             auto x = par(t, {batch, input}), h = par(t, {batch, hidden}), c = par(t, {batch, hidden});
                             auto op = std::make_shared<v4::LSTMCell>(
                                 x, h, c, weights(t, {4 * hidden, input}, 801), weights(t, {4 * hidden, hidden}, 802),
                                 weights(t, {4 * hidden}, 803), hidden, acts, std::vector<float>{},
                                 std::vector<float>{}, clip);
                             return model_of(op, {x, h, c});
                         }});
}

OpCase lstm_cell_v0() {
    return accumulating({"LSTMCell1_ifco_peepholes", "LSTMCell", reals, [=](const Type& t) {
                             auto x = par(t, {batch, input}), h = par(t, {batch, hidden}), c = par(t, {batch, hidden});
                             auto op = std::make_shared<v0::LSTMCell>(
                                 x, h, c, weights(t, {4 * hidden, input}, 804), weights(t, {4 * hidden, hidden}, 805),
                                 weights(t, {4 * hidden}, 806), weights(t, {3 * hidden}, 807), hidden,
                                 ov::op::LSTMWeightsFormat::IFCO);
                             return model_of(op, {x, h, c});
                         }});
}

OpCase gru_cell(const std::string& name, bool linear_before_reset, float clip) {
    return accumulating({"GRUCell_" + name, "GRUCell", reals, [=](const Type& t) {
                             auto x = par(t, {batch, input}), h = par(t, {batch, hidden});
                             auto op = std::make_shared<v3::GRUCell>(
                                 x, h, weights(t, {3 * hidden, input}, 811), weights(t, {3 * hidden, hidden}, 812),
                                 weights(t, {(linear_before_reset ? 4 : 3) * hidden}, 813), hidden, gru_acts,
                                 std::vector<float>{}, std::vector<float>{}, clip, linear_before_reset);
                             return model_of(op, {x, h});
                         }});
}

OpCase rnn_cell(const std::string& name, const std::string& act, float clip) {
    return accumulating({"RNNCell_" + name, "RNNCell", reals, [=](const Type& t) {
                             auto x = par(t, {batch, input}), h = par(t, {batch, hidden});
                             auto op = std::make_shared<v0::RNNCell>(
                                 x, h, weights(t, {hidden, input}, 821), weights(t, {hidden, hidden}, 822),
                                 weights(t, {hidden}, 823), hidden, std::vector<std::string>{act},
                                 std::vector<float>{}, std::vector<float>{}, clip);
                             return model_of(op, {x, h});
                         }});
}

size_t dirs_of(Direction d) { return d == Direction::BIDIRECTIONAL ? 2 : 1; }

OpCase lstm_sequence_v5(const std::string& name, Direction d) {
    const size_t D = dirs_of(d);
    return accumulating({"LSTMSequence5_" + name, "LSTMSequence", reals, [=](const Type& t) {
                             auto x = par(t, {batch, seq, input}), h = par(t, {batch, D, hidden}),
                                  c = par(t, {batch, D, hidden});
                             auto op = std::make_shared<v5::LSTMSequence>(
                                 x, h, c, lengths({3, 2}), weights(t, {D, 4 * hidden, input}, 831),
                                 weights(t, {D, 4 * hidden, hidden}, 832), weights(t, {D, 4 * hidden}, 833), hidden, d);
                             return model_of(op, {x, h, c});
                         }});
}

OpCase lstm_sequence_v0() {
    return accumulating({"LSTMSequence1_reverse", "LSTMSequence", reals, [=](const Type& t) {
                             auto x = par(t, {batch, seq, input}), h = par(t, {batch, 1, hidden}),
                                  c = par(t, {batch, 1, hidden});
                             auto op = std::make_shared<v0::LSTMSequence>(
                                 x, h, c, lengths({2, 3}), weights(t, {1, 4 * hidden, input}, 834),
                                 weights(t, {1, 4 * hidden, hidden}, 835), weights(t, {1, 4 * hidden}, 836),
                                 weights(t, {1, 3 * hidden}, 837), hidden, Direction::REVERSE,
                                 ov::op::LSTMWeightsFormat::FICO);
                             return model_of(op, {x, h, c});
                         }});
}

OpCase gru_sequence(const std::string& name, Direction d, bool linear_before_reset) {
    const size_t D = dirs_of(d);
    return accumulating({"GRUSequence_" + name, "GRUSequence", reals, [=](const Type& t) {
                             auto x = par(t, {batch, seq, input}), h = par(t, {batch, D, hidden});
                             auto op = std::make_shared<v5::GRUSequence>(
                                 x, h, lengths({3, 1}), weights(t, {D, 3 * hidden, input}, 841),
                                 weights(t, {D, 3 * hidden, hidden}, 842),
                                 weights(t, {D, (linear_before_reset ? 4 : 3) * hidden}, 843), hidden, d, gru_acts,
                                 std::vector<float>{}, std::vector<float>{}, 0.f, linear_before_reset);
                             return model_of(op, {x, h});
                         }});
}

OpCase rnn_sequence(const std::string& name, Direction d, float clip) {
    const size_t D = dirs_of(d);
    return accumulating({"RNNSequence_" + name, "RNNSequence", reals, [=](const Type& t) {
                             auto x = par(t, {batch, seq, input}), h = par(t, {batch, D, hidden});
                             auto op = std::make_shared<v5::RNNSequence>(
                                 x, h, lengths({2, 3}), weights(t, {D, hidden, input}, 851),
                                 weights(t, {D, hidden, hidden}, 852), weights(t, {D, hidden}, 853), hidden, d,
                                 std::vector<std::string>{"tanh"}, std::vector<float>{}, std::vector<float>{}, clip);
                             return model_of(op, {x, h});
                         }});
}

OpCase sdpa(const std::string& name, const ov::Shape& q, const ov::Shape& k, const ov::Shape& v, bool causal,
            ov::Shape mask = {}, bool scale = false) {
    return accumulating({"ScaledDotProductAttention_" + name, "ScaledDotProductAttention", reals,
                         [=](const Type& t) {
                             auto qp = par(t, q), kp = par(t, k), vp = par(t, v);
                             ov::ParameterVector params{qp, kp, vp};
                             ov::OutputVector args{qp, kp, vp};
                             if (!mask.empty()) {
                                 auto m = par(t, mask);
                                 params.push_back(m);
                                 args.push_back(m);
                             }
                             if (scale) {
                                 if (mask.empty())
                                     args.push_back(v0::Constant::create(t, ov::Shape{}, {0.0f}));
                                 args.push_back(v0::Constant::create(t, ov::Shape{}, {0.3f}));
                             }
                             return model_of(std::make_shared<v13::ScaledDotProductAttention>(args, causal), params);
                         }});
}

OpCase einsum(const std::string& name, const std::string& equation, const std::vector<ov::Shape>& shapes,
              std::vector<Type> types = reals) {
    return accumulating({"Einsum_" + name, "Einsum", std::move(types), [=](const Type& t) {
                             ov::ParameterVector params;
                             ov::OutputVector args;
                             for (const auto& s : shapes) {
                                 params.push_back(par(t, s));
                                 args.push_back(params.back());
                             }
                             return model_of(std::make_shared<v7::Einsum>(args, equation), params);
                         }});
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    cases.push_back(lstm_cell_v4("default", lstm_acts, 0.f));
    cases.push_back(lstm_cell_v4("relu_clip", {"sigmoid", "relu", "tanh"}, 0.5f));
    cases.push_back(lstm_cell_v0());
    cases.push_back(gru_cell("reset_before", false, 0.f));
    cases.push_back(gru_cell("linear_before_reset_clip", true, 0.4f));
    cases.push_back(rnn_cell("tanh", "tanh", 0.f));
    cases.push_back(rnn_cell("relu_clip", "relu", 0.7f));
    cases.push_back(lstm_sequence_v5("forward", Direction::FORWARD));
    cases.push_back(lstm_sequence_v5("bidirectional", Direction::BIDIRECTIONAL));
    cases.push_back(lstm_sequence_v0());
    cases.push_back(gru_sequence("reverse", Direction::REVERSE, false));
    cases.push_back(gru_sequence("bidirectional_lbr", Direction::BIDIRECTIONAL, true));
    cases.push_back(rnn_sequence("forward", Direction::FORWARD, 0.f));
    cases.push_back(rnn_sequence("bidirectional_clip", Direction::BIDIRECTIONAL, 0.8f));
    cases.push_back(sdpa("plain", {1, 2, 4, 8}, {1, 2, 6, 8}, {1, 2, 6, 8}, false));
    cases.push_back(sdpa("causal", {2, 5, 4}, {2, 5, 4}, {2, 5, 3}, true));
    cases.push_back(sdpa("mask_scale", {1, 2, 3, 4}, {1, 2, 5, 4}, {1, 2, 5, 4}, false, {1, 1, 3, 5}, true));
    cases.push_back(einsum("matmul", "ij,jk->ik", {{3, 4}, {4, 5}}, numbers));
    cases.push_back(einsum("batch_matmul", "bij,bjk->bik", {{2, 3, 4}, {2, 4, 2}}));
    cases.push_back(einsum("transpose", "ijk->kji", {{2, 3, 4}}, numbers));
    cases.push_back(einsum("trace", "ii->", {{4, 4}}));
    cases.push_back(einsum("ellipsis_broadcast", "...ij,...jk->...ik", {{2, 1, 3, 4}, {5, 4, 2}}));
    cases.push_back(einsum("reduce_outer", "ij,k->ik", {{3, 4}, {2}}));
}

}  // namespace conformance
