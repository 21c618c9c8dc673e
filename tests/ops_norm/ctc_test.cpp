// SPDX-License-Identifier: Apache-2.0
// CTCGreedyDecoder-1, CTCGreedyDecoderSeqLen-6 and CTCLoss-4: decoders against hand-worked sequences (blanks,
// repeats, merging on and off, masks and lengths, blank index), the loss against a brute-force sum over every
// alignment, shapes with dynamic dimensions, errors and IR attributes.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "norm_test_util.hpp"
#include "openvino/op/ctc_greedy_decoder.hpp"
#include "openvino/op/ctc_greedy_decoder_seq_len.hpp"
#include "openvino/op/ctc_loss.hpp"

using namespace normtest;
using ov::PartialShape;
using ov::Shape;

namespace {

std::vector<int64_t> read_ints(const ov::Tensor& t) {
    const auto v = read_tensor(t);
    return std::vector<int64_t>(v.begin(), v.end());
}

}  // namespace

TEST(CTCGreedyDecoder, HandWorkedSequences) {
    // T = 6, N = 2, C = 4 (blank 3). Item 0 runs all 6 steps with best classes 0 0 3 0 1 1; item 1 runs 4
    // steps (mask 1 1 1 1 0 0) with best classes 2 3 2 2 (then 1 0, masked out).
    const size_t T = 6, N = 2, C = 4;
    std::mt19937 rng(5);
    std::vector<double> data = random_values(T * N * C, rng, 0.0, 0.3);
    const int best0[] = {0, 0, 3, 0, 1, 1}, best1[] = {2, 3, 2, 2, 1, 0};
    for (size_t t = 0; t < T; ++t) {
        data[(t * N + 0) * C + best0[t]] += 1.0;
        data[(t * N + 1) * C + best1[t]] += 1.0;
    }
    const std::vector<double> mask{1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0};  // [T, N]
    for (auto type : {ov::element::f32, ov::element::f16}) {
        for (bool merge : {true, false}) {
            auto op = std::make_shared<ov::op::v0::CTCGreedyDecoder>(param(type, Shape{T, N, C}),
                                                                     param(type, Shape{T, N}), merge);
            EXPECT_EQ(op->get_output_element_type(0), type);
            EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({2, 6, 1, 1}));
            const auto out = run(op, {make_tensor(type, Shape{T, N, C}, data), make_tensor(type, Shape{T, N}, mask)});
            ASSERT_EQ(out[0].get_shape(), Shape({2, 6, 1, 1}));
            // Merged: 0 (0 merged) blank 0 1 (1 merged) -> 0 0 1; the blank keeps the two 0s apart.
            // Item 1: 2 blank 2 (2 merged) -> 2 2.
            const std::vector<double> expected =
                merge ? std::vector<double>{0, 0, 1, -1, -1, -1, 2, 2, -1, -1, -1, -1}
                      : std::vector<double>{0, 0, 0, 1, 1, -1, 2, 2, 2, -1, -1, -1};
            EXPECT_EQ(read_tensor(out[0]), expected) << "merge " << merge << " type " << type;
        }
    }
}

TEST(CTCGreedyDecoder, ShapesAndErrors) {
    auto op = std::make_shared<ov::op::v0::CTCGreedyDecoder>(param(ov::element::f32, PartialShape{-1, 2, 5}),
                                                             param(ov::element::f32, PartialShape{6, -1}), true);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({2, 6, 1, 1}));
    auto dynamic = std::make_shared<ov::op::v0::CTCGreedyDecoder>(param(ov::element::f32, PartialShape::dynamic()),
                                                                  param(ov::element::f32, PartialShape::dynamic()),
                                                                  false);
    EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape({-1, -1, 1, 1}));
    expect_error(
        [] {
            std::make_shared<ov::op::v0::CTCGreedyDecoder>(param(ov::element::f32, Shape{5, 2, 4}),
                                                           param(ov::element::f32, Shape{6, 2}), true);
        },
        {"CTCGreedyDecoder", "time steps"});
    expect_error(
        [] {
            std::make_shared<ov::op::v0::CTCGreedyDecoder>(param(ov::element::f32, Shape{5, 4}),
                                                           param(ov::element::f32, Shape{5, 2}), true);
        },
        {"CTCGreedyDecoder", "data"});
}

TEST(CTCGreedyDecoderSeqLen, HandWorkedSequencesWithAndWithoutBlankIndex) {
    // N = 2, T = 6, C = 4. Item 0: best 1 1 0 2 2 0, length 6. Item 1: best 3 1 3 1 1 2, length 4.
    const size_t N = 2, T = 6, C = 4;
    std::mt19937 rng(9);
    std::vector<double> data = random_values(N * T * C, rng, 0.0, 0.3);
    const int best[2][6] = {{1, 1, 0, 2, 2, 0}, {3, 1, 3, 1, 1, 2}};
    for (size_t n = 0; n < N; ++n)
        for (size_t t = 0; t < T; ++t)
            data[(n * T + t) * C + best[n][t]] += 1.0;
    struct Expect {
        bool merge;
        int64_t blank;  // -1: no blank input (default C - 1 = 3)
        std::vector<int64_t> classes, lengths;
    };
    const std::vector<Expect> cases{
        // Blank 3: item 0 keeps 0s and merges repeats; item 1's blank keeps its two 1s apart.
        {true, -1, {1, 0, 2, 0, -1, -1, 1, 1, -1, -1, -1, -1}, {4, 2}},
        {false, -1, {1, 1, 0, 2, 2, 0, 1, 1, -1, -1, -1, -1}, {6, 2}},
        // Blank 0: item 0 loses its 0s; item 1 has no blank in its first 4 steps.
        {true, 0, {1, 2, -1, -1, -1, -1, 3, 1, 3, 1, -1, -1}, {2, 4}},
        {false, 0, {1, 1, 2, 2, -1, -1, 3, 1, 3, 1, -1, -1}, {4, 4}},
        // An explicit blank index equal to the default.
        {true, 3, {1, 0, 2, 0, -1, -1, 1, 1, -1, -1, -1, -1}, {4, 2}},
    };
    for (const auto& c : cases) {
        for (auto index_type : {ov::element::i32, ov::element::i64}) {
            auto data_param = param(ov::element::f32, Shape{N, T, C});
            auto lengths_param = param(index_type, Shape{N});
            std::shared_ptr<ov::Node> op;
            ov::TensorVector inputs{make_tensor(ov::element::f32, Shape{N, T, C}, data),
                                    int_tensor(index_type, Shape{N}, {6, 4})};
            if (c.blank < 0) {
                op = std::make_shared<ov::op::v6::CTCGreedyDecoderSeqLen>(data_param, lengths_param, c.merge,
                                                                          index_type, ov::element::i32);
            } else {
                op = std::make_shared<ov::op::v6::CTCGreedyDecoderSeqLen>(
                    data_param, lengths_param, param(ov::element::i64, Shape{}), c.merge, index_type,
                    ov::element::i32);
                inputs.push_back(int_tensor(ov::element::i64, Shape{}, {c.blank}));
            }
            EXPECT_EQ(op->get_output_element_type(0), index_type);
            EXPECT_EQ(op->get_output_element_type(1), ov::element::i32);
            const auto out = run(op, inputs);
            EXPECT_EQ(read_ints(out[0]), c.classes) << "merge " << c.merge << " blank " << c.blank;
            EXPECT_EQ(read_ints(out[1]), c.lengths) << "merge " << c.merge << " blank " << c.blank;
        }
    }
}

TEST(CTCGreedyDecoderSeqLen, ShapesAndErrors) {
    auto op = std::make_shared<ov::op::v6::CTCGreedyDecoderSeqLen>(param(ov::element::f16, PartialShape{-1, -1, 5}),
                                                                   param(ov::element::i32, PartialShape{3}), true,
                                                                   ov::element::i64, ov::element::i64);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({3, -1}));
    EXPECT_EQ(op->get_output_partial_shape(1), PartialShape({3}));
    EXPECT_EQ(op->get_output_element_type(1), ov::element::i64);
    expect_error(
        [] {
            std::make_shared<ov::op::v6::CTCGreedyDecoderSeqLen>(param(ov::element::f32, Shape{2, 4, 5}),
                                                                 param(ov::element::i32, Shape{2}), true,
                                                                 ov::element::f32, ov::element::i32);
        },
        {"CTCGreedyDecoderSeqLen", "classes_index_type"});
    expect_error(
        [] {
            std::make_shared<ov::op::v6::CTCGreedyDecoderSeqLen>(param(ov::element::f32, Shape{2, 4, 5}),
                                                                 param(ov::element::i32, Shape{3}));
        },
        {"CTCGreedyDecoderSeqLen", "batch"});
    auto runtime = std::make_shared<ov::op::v6::CTCGreedyDecoderSeqLen>(param(ov::element::f32, Shape{1, 2, 3}),
                                                                        param(ov::element::i32, Shape{1}));
    const auto bad_length = [&] {
        ov::TensorVector outputs;
        runtime->evaluate(outputs, {make_tensor(ov::element::f32, Shape{1, 2, 3}, {0, 1, 2, 3, 4, 5}),
                                    int_tensor(ov::element::i32, Shape{1}, {3})});
    };
    expect_error(bad_length, {"CTCGreedyDecoderSeqLen", "sequence length 3"});
}

namespace {

// The CTC loss by brute force: -log of the sum, over every class sequence of `steps` steps whose
// decoding (merge repeats when merge_repeated, then drop blanks) is target, of the product of the softmax
// probabilities.
double brute_force_ctc_loss(const std::vector<double>& logits, size_t steps, size_t classes,
                            const std::vector<int64_t>& target, int64_t blank, bool merge_repeated) {
    std::vector<std::vector<double>> p(steps, std::vector<double>(classes));
    for (size_t t = 0; t < steps; ++t) {
        double sum = 0;
        for (size_t c = 0; c < classes; ++c)
            sum += std::exp(logits[t * classes + c]);
        for (size_t c = 0; c < classes; ++c)
            p[t][c] = std::exp(logits[t * classes + c]) / sum;
    }
    double total = 0;
    std::vector<size_t> path(steps, 0);
    size_t count = 1;
    for (size_t t = 0; t < steps; ++t)
        count *= classes;
    for (size_t k = 0; k < count; ++k) {
        size_t rest = k;
        for (size_t t = 0; t < steps; ++t) {
            path[t] = rest % classes;
            rest /= classes;
        }
        std::vector<int64_t> decoded;
        for (size_t t = 0; t < steps; ++t) {
            const auto c = static_cast<int64_t>(path[t]);
            if (merge_repeated && t > 0 && path[t] == path[t - 1])
                continue;
            if (c != blank)
                decoded.push_back(c);
        }
        if (decoded != target)
            continue;
        double prob = 1;
        for (size_t t = 0; t < steps; ++t)
            prob *= p[t][path[t]];
        total += prob;
    }
    return -std::log(total);
}

}  // namespace

TEST(CTCLoss, MatchesBruteForceOverAlignments) {
    // N = 3, T = 5, C = 4. The targets are processed by hand here: collapse [1 1 2] -> [1 2]; unique
    // [2 0 2 1] -> [2 0 1].
    const size_t N = 3, T = 5, C = 4;
    std::mt19937 rng(21);
    const auto logits = random_values(N * T * C, rng, -2.0, 2.0);
    const std::vector<int64_t> logit_length{5, 4, 5}, label_length{3, 2, 4};
    const std::vector<int64_t> labels{1, 1, 2, 0, 0,  //
                                      0, 2, 0, 0, 0,  //
                                      2, 0, 2, 1, 0};
    struct Flags {
        bool collapse, merge, unique;
        int64_t blank;  // -1: no blank input (C - 1)
        std::vector<std::vector<int64_t>> targets;
    };
    const std::vector<Flags> cases{
        {false, true, false, -1, {{1, 1, 2}, {0, 2}, {2, 0, 2, 1}}},
        {true, true, false, -1, {{1, 2}, {0, 2}, {2, 0, 2, 1}}},
        {false, false, false, -1, {{1, 1, 2}, {0, 2}, {2, 0, 2, 1}}},
        {false, true, true, -1, {{1, 2}, {0, 2}, {2, 0, 1}}},
        {true, false, true, -1, {{1, 2}, {0, 2}, {2, 0, 1}}},
    };
    for (const auto& c : cases) {
        for (auto type : {ov::element::f32, ov::element::f64}) {
            auto op = std::make_shared<ov::op::v4::CTCLoss>(
                param(type, Shape{N, T, C}), param(ov::element::i32, Shape{N}), param(ov::element::i32, Shape{N, T}),
                param(ov::element::i32, Shape{N}), c.collapse, c.merge, c.unique);
            EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({3}));
            const auto out = run(op, {make_tensor(type, Shape{N, T, C}, logits),
                                      int_tensor(ov::element::i32, Shape{N}, logit_length),
                                      int_tensor(ov::element::i32, Shape{N, T}, labels),
                                      int_tensor(ov::element::i32, Shape{N}, label_length)});
            std::vector<double> expected;
            for (size_t n = 0; n < N; ++n) {
                const std::vector<double> item(logits.begin() + static_cast<std::ptrdiff_t>(n * T * C),
                                               logits.begin() + static_cast<std::ptrdiff_t>(n * T * C + T * C));
                expected.push_back(brute_force_ctc_loss(item, static_cast<size_t>(logit_length[n]), C,
                                                        c.targets[n], C - 1, c.merge));
            }
            expect_close(read_tensor(out[0]), expected, 1e-5, 1e-5);
        }
    }
}

TEST(CTCLoss, BlankIndexInput) {
    const size_t N = 2, T = 4, C = 3;
    std::mt19937 rng(22);
    const auto logits = random_values(N * T * C, rng, -1.0, 1.0);
    // Blank 0: labels are 1 and 2.
    const std::vector<int64_t> labels{1, 2, 0, 0, 2, 2, 0, 0}, label_length{2, 2}, logit_length{4, 3};
    auto op = std::make_shared<ov::op::v4::CTCLoss>(
        param(ov::element::f32, Shape{N, T, C}), param(ov::element::i64, Shape{N}),
        param(ov::element::i64, Shape{N, T}), param(ov::element::i64, Shape{N}), param(ov::element::i64, Shape{}));
    const auto out = run(op, {make_tensor(ov::element::f32, Shape{N, T, C}, logits),
                              int_tensor(ov::element::i64, Shape{N}, logit_length),
                              int_tensor(ov::element::i64, Shape{N, T}, labels),
                              int_tensor(ov::element::i64, Shape{N}, label_length),
                              int_tensor(ov::element::i64, Shape{}, {0})});
    const std::vector<double> first(logits.begin(), logits.begin() + T * C);
    const std::vector<double> second(logits.begin() + T * C, logits.end());
    expect_close(read_tensor(out[0]),
                 {brute_force_ctc_loss(first, 4, C, {1, 2}, 0, true),
                  brute_force_ctc_loss(second, 3, C, {2, 2}, 0, true)},
                 1e-5, 1e-5);
}

TEST(CTCLoss, ShapesAndErrors) {
    auto op = std::make_shared<ov::op::v4::CTCLoss>(
        param(ov::element::f32, PartialShape::dynamic()), param(ov::element::i32, PartialShape{4}),
        param(ov::element::i32, PartialShape{-1, 7}), param(ov::element::i32, PartialShape::dynamic()));
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({4}));
    expect_error(
        [] {
            std::make_shared<ov::op::v4::CTCLoss>(param(ov::element::f32, Shape{2, 5, 3}),
                                                  param(ov::element::i32, Shape{3}),
                                                  param(ov::element::i32, Shape{2, 5}),
                                                  param(ov::element::i32, Shape{2}));
        },
        {"CTCLoss", "batch"});
    expect_error(
        [] {
            std::make_shared<ov::op::v4::CTCLoss>(param(ov::element::f32, Shape{2, 5, 3}),
                                                  param(ov::element::f32, Shape{2}),
                                                  param(ov::element::i32, Shape{2, 5}),
                                                  param(ov::element::i32, Shape{2}));
        },
        {"CTCLoss", "logit_length"});
    auto runtime = std::make_shared<ov::op::v4::CTCLoss>(
        param(ov::element::f32, Shape{1, 3, 3}), param(ov::element::i32, Shape{1}),
        param(ov::element::i32, Shape{1, 3}), param(ov::element::i32, Shape{1}));
    expect_error(
        [&] {
            ov::TensorVector outputs;
            runtime->evaluate(outputs, {make_tensor(ov::element::f32, Shape{1, 3, 3}, std::vector<double>(9, 0.5)),
                                        int_tensor(ov::element::i32, Shape{1}, {2}),
                                        int_tensor(ov::element::i32, Shape{1, 3}, {0, 1, 0}),
                                        int_tensor(ov::element::i32, Shape{1}, {3})});
        },
        {"CTCLoss", "label_length 3"});
}

TEST(CTCFamily, AttributesSurviveAnIrRoundTrip) {
    auto data = param(ov::element::f32, Shape{6, 1, 5});
    auto mask = param(ov::element::f32, Shape{6, 1});
    auto decoder = std::make_shared<ov::op::v0::CTCGreedyDecoder>(data, mask, false);
    EXPECT_EQ(attributes_of(*decoder).at("ctc_merge_repeated"), "false");
    auto decoder_back = ov::as_type_ptr<ov::op::v0::CTCGreedyDecoder>(ir_round_trip(decoder, {data, mask}));
    ASSERT_TRUE(decoder_back);
    EXPECT_FALSE(decoder_back->get_ctc_merge_repeated());

    auto seq_data = param(ov::element::f32, Shape{2, 6, 5});
    auto seq_len = param(ov::element::i32, Shape{2});
    auto seq = std::make_shared<ov::op::v6::CTCGreedyDecoderSeqLen>(
        seq_data, seq_len, ov::op::v0::Constant::create(ov::element::i32, Shape{}, {1}), false, ov::element::i64,
        ov::element::i64);
    const auto attrs = attributes_of(*seq);
    EXPECT_EQ(attrs.at("classes_index_type"), "i64");
    EXPECT_EQ(attrs.at("merge_repeated"), "false");
    auto seq_back = ov::as_type_ptr<ov::op::v6::CTCGreedyDecoderSeqLen>(ir_round_trip(seq, {seq_data, seq_len}));
    ASSERT_TRUE(seq_back);
    EXPECT_FALSE(seq_back->get_merge_repeated());
    EXPECT_EQ(seq_back->get_classes_index_type(), ov::element::i64);
    EXPECT_EQ(seq_back->get_sequence_length_type(), ov::element::i64);
    EXPECT_EQ(seq_back->get_input_size(), 3u);

    auto logits = param(ov::element::f32, Shape{2, 4, 3});
    auto lengths = param(ov::element::i32, Shape{2});
    auto labels = param(ov::element::i32, Shape{2, 4});
    auto label_lengths = param(ov::element::i32, Shape{2});
    auto loss = std::make_shared<ov::op::v4::CTCLoss>(logits, lengths, labels, label_lengths, true, false, true);
    auto loss_back =
        ov::as_type_ptr<ov::op::v4::CTCLoss>(ir_round_trip(loss, {logits, lengths, labels, label_lengths}));
    ASSERT_TRUE(loss_back);
    EXPECT_TRUE(loss_back->get_preprocess_collapse_repeated());
    EXPECT_FALSE(loss_back->get_ctc_merge_repeated());
    EXPECT_TRUE(loss_back->get_unique());
}
