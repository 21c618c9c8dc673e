// SPDX-License-Identifier: Apache-2.0
// Conformance cases of the transposed convolutions, the normalisations, LogSoftmax, the adaptive poolings and
// the CTC family (lengths, masks and labels as fixed Constants, scores as inputs).
#include <type_traits>

#include "case_builders.hpp"

namespace conformance {
namespace {

using namespace case_builders;
namespace v4 = ov::op::v4;
namespace v5 = ov::op::v5;
namespace v12 = ov::op::v12;
using ov::CoordinateDiff;
using ov::Strides;
using ov::op::PadType;

OpCase deconv(const std::string& name, const ov::Shape& in, const ov::Shape& filter, const Strides& strides,
              const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
              const CoordinateDiff& output_padding, PadType pad = PadType::EXPLICIT,
              std::vector<int64_t> output_shape = {}) {
    OpCase c{"ConvolutionBackpropData_" + name, "ConvolutionBackpropData", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 std::shared_ptr<ov::Node> op;
                 if (output_shape.empty())
                     op = std::make_shared<v1::ConvolutionBackpropData>(x, weights(t, filter, 61), strides, pads_begin,
                                                                        pads_end, dilations, pad, output_padding);
                 else
                     op = std::make_shared<v1::ConvolutionBackpropData>(x, weights(t, filter, 61), i64s(output_shape),
                                                                        strides, pads_begin, pads_end, dilations, pad,
                                                                        output_padding);
                 return model_of(op, {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase group_deconv(const std::string& name, const ov::Shape& in, const ov::Shape& filter, const Strides& strides,
                    const CoordinateDiff& pads, const CoordinateDiff& output_padding) {
    OpCase c{"GroupConvolutionBackpropData_" + name, "GroupConvolutionBackpropData", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 auto op = std::make_shared<v1::GroupConvolutionBackpropData>(
                     x, weights(t, filter, 62), strides, pads, pads, Strides(strides.size(), 1), PadType::EXPLICIT,
                     output_padding);
                 return model_of(op, {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase mvn6(const std::string& name, const ov::Shape& in, std::vector<int64_t> axes, bool normalize_variance,
            float eps, ov::op::MVNEpsMode mode) {
    OpCase c{"MVN6_" + name, "MVN", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<v6::MVN>(x, i64s(axes), normalize_variance, eps, mode), {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase mvn1(const std::string& name, const ov::Shape& in, bool across_channels, bool normalize_variance, double eps) {
    OpCase c{"MVN1_" + name, "MVN", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<v0::MVN>(x, across_channels, normalize_variance, eps), {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase normalize_l2(const std::string& name, const ov::Shape& in, std::vector<int64_t> axes, float eps,
                    ov::op::EpsMode mode) {
    OpCase c{"NormalizeL2_" + name, "NormalizeL2", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<v0::NormalizeL2>(x, i64s(axes), eps, mode), {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase lrn(const std::string& name, const ov::Shape& in, std::vector<int64_t> axes, size_t size) {
    OpCase c{"LRN_" + name, "LRN", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<v0::LRN>(x, i64s(axes), 1e-2, 0.75, 1.0, size), {x});
             }};
    c.accumulates = true;
    return c;
}

template <typename BatchNorm>
OpCase batch_norm(const std::string& name, const ov::Shape& in, double eps) {
    const ov::Shape channels{in[1]};
    return {name, "BatchNormInference", reals, [=](const Type& t) {
                auto x = par(t, in);
                return model_of(std::make_shared<BatchNorm>(x, weights(t, channels, 63, 0.5, 1.5),
                                                            weights(t, channels, 64), weights(t, channels, 65),
                                                            weights(t, channels, 66, 0.2, 2.0), eps),
                                {x});
            }};
}

OpCase group_norm(const std::string& name, const ov::Shape& in, int64_t groups) {
    const ov::Shape channels{in[1]};
    OpCase c{"GroupNormalization_" + name, "GroupNormalization", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<v12::GroupNormalization>(
                                     x, weights(t, channels, 67, 0.5, 1.5), weights(t, channels, 68), groups, 1e-5),
                                 {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase log_softmax(const std::string& name, const ov::Shape& in, int64_t axis) {
    OpCase c{"LogSoftmax_" + name, "LogSoftmax", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<v5::LogSoftmax>(x, axis), {x});
             }};
    c.accumulates = true;
    return c;
}

template <typename Pool>
OpCase adaptive_pool(const std::string& type_name, const std::string& name, const ov::Shape& in,
                     std::vector<int64_t> out) {
    OpCase c{type_name + "_" + name, type_name, reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<Pool>(x, i64s(out)), {x});
             }};
    c.accumulates = std::is_same<Pool, v8::AdaptiveAvgPool>::value;
    return c;
}

// [T, N] sequence mask of T = 8 steps, N = 3: full, 5 steps, empty.
std::shared_ptr<v0::Constant> sequence_mask(const Type& t) {
    std::vector<float> mask(8 * 3, 0.0f);
    for (size_t step = 0; step < 8; ++step) {
        mask[step * 3 + 0] = 1.0f;
        mask[step * 3 + 1] = step < 5 ? 1.0f : 0.0f;
    }
    return v0::Constant::create(t, {8, 3}, mask);
}

OpCase ctc_greedy(const std::string& name, bool merge) {
    return {"CTCGreedyDecoder_" + name, "CTCGreedyDecoder", reals, [=](const Type& t) {
                auto x = par(t, {8, 3, 5});
                return model_of(std::make_shared<v0::CTCGreedyDecoder>(x, sequence_mask(t), merge), {x});
            }};
}

OpCase ctc_greedy_seq_len(const std::string& name, bool merge, int64_t blank, const Type& index_type) {
    return {"CTCGreedyDecoderSeqLen_" + name, "CTCGreedyDecoderSeqLen", reals, [=](const Type& t) {
                auto x = par(t, {3, 8, 5});
                auto lengths = v0::Constant::create(ov::element::i32, {3}, {8, 5, 1});
                std::shared_ptr<ov::Node> op;
                if (blank < 0)
                    op = std::make_shared<v6::CTCGreedyDecoderSeqLen>(x, lengths, merge, index_type, index_type);
                else
                    op = std::make_shared<v6::CTCGreedyDecoderSeqLen>(
                        x, lengths, v0::Constant::create(ov::element::i32, {}, {blank}), merge, index_type,
                        index_type);
                return model_of(op, {x});
            }};
}

OpCase ctc_loss(const std::string& name, bool collapse, bool merge, bool unique, bool blank_input) {
    OpCase c{"CTCLoss_" + name, "CTCLoss", reals, [=](const Type& t) {
                 auto logits = par(t, {2, 6, 4});
                 auto logit_length = v0::Constant::create(ov::element::i32, {2}, {6, 5});
                 auto labels = v0::Constant::create(ov::element::i32, {2, 6}, {1, 1, 2, 0, 0, 0, 2, 0, 2, 1, 1, 1});
                 auto label_length = v0::Constant::create(ov::element::i32, {2}, {3, 3});
                 std::shared_ptr<ov::Node> op;
                 if (blank_input)
                     op = std::make_shared<v4::CTCLoss>(logits, logit_length, labels, label_length,
                                                        v0::Constant::create(ov::element::i32, {}, {3}), collapse,
                                                        merge, unique);
                 else
                     op = std::make_shared<v4::CTCLoss>(logits, logit_length, labels, label_length, collapse, merge,
                                                        unique);
                 return model_of(op, {logits});
             }};
    c.accumulates = true;
    return c;
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    const auto eps_inside = ov::op::MVNEpsMode::INSIDE_SQRT, eps_outside = ov::op::MVNEpsMode::OUTSIDE_SQRT;
    cases.push_back(deconv("2d_k3_s2_p1_op1", {1, 3, 5, 5}, {3, 4, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1}));
    cases.push_back(deconv("2d_k3_s3", {2, 4, 4, 6}, {4, 2, 3, 3}, {3, 3}, {0, 0}, {0, 0}, {1, 1}, {0, 0}));
    cases.push_back(deconv("1d_k4_s2_d2", {1, 2, 7}, {2, 3, 4}, {2}, {2}, {1}, {2}, {0}));
    cases.push_back(deconv("3d_k2_s2", {1, 2, 3, 3, 3}, {2, 2, 2, 2, 2}, {2, 2, 2}, {0, 0, 0}, {0, 0, 0}, {1, 1, 1},
                           {0, 0, 0}));
    cases.push_back(deconv("same_upper_out8x8", {1, 2, 4, 4}, {2, 3, 3, 3}, {2, 2}, {0, 0}, {0, 0}, {1, 1}, {0, 0},
                           PadType::SAME_UPPER, {8, 8}));
    cases.push_back(deconv("same_lower_out7x9", {1, 2, 4, 4}, {2, 3, 3, 3}, {2, 2}, {0, 0}, {0, 0}, {1, 1}, {0, 0},
                           PadType::SAME_LOWER, {7, 9}));
    cases.push_back(group_deconv("g2_k3_s2", {1, 4, 4, 4}, {2, 2, 3, 3, 3}, {2, 2}, {1, 1}, {1, 1}));
    cases.push_back(group_deconv("depthwise_1d", {2, 3, 6}, {3, 1, 1, 3}, {1}, {0}, {0}));

    cases.push_back(mvn6("spatial_inside", {2, 3, 4, 5}, {2, 3}, true, 1e-5f, eps_inside));
    cases.push_back(mvn6("chw_outside", {2, 3, 4, 5}, {1, 2, 3}, true, 1e-3f, eps_outside));
    cases.push_back(mvn6("last_mean_only", {3, 16}, {-1}, false, 1e-9f, eps_inside));
    cases.push_back(mvn1("across_channels", {2, 3, 4, 4}, true, true, 1e-9));
    cases.push_back(mvn1("per_channel", {2, 3, 4, 4}, false, true, 1e-5));

    cases.push_back(normalize_l2("channels_add", {2, 6, 3, 3}, {1}, 1e-6f, ov::op::EpsMode::ADD));
    cases.push_back(normalize_l2("chw_max", {2, 6, 3, 3}, {1, 2, 3}, 1e-6f, ov::op::EpsMode::MAX));
    cases.push_back(lrn("across_channels_5", {1, 8, 4, 4}, {1}, 5));
    cases.push_back(lrn("spatial_3", {1, 3, 5, 5}, {2, 3}, 3));
    cases.push_back({"GRN_bias1", "GRN", reals, [](const Type& t) {
                         auto x = par(t, {2, 5, 3, 3});
                         return model_of(std::make_shared<v0::GRN>(x, 1.0f), {x});
                     }});

    cases.push_back(batch_norm<v5::BatchNormInference>("BatchNormInference5_4d", {2, 3, 4, 4}, 1e-5));
    cases.push_back(batch_norm<v5::BatchNormInference>("BatchNormInference5_2d", {4, 6}, 1e-3));
    cases.push_back(batch_norm<v0::BatchNormInference>("BatchNormInference1_4d", {2, 3, 4, 4}, 1e-5));
    cases.push_back(group_norm("g2", {2, 4, 3, 3}, 2));
    cases.push_back(group_norm("g3_3d", {1, 6, 10}, 3));

    cases.push_back(log_softmax("axis1", {2, 5, 3}, 1));
    cases.push_back(log_softmax("axis_m1", {4, 10}, -1));

    cases.push_back(adaptive_pool<v8::AdaptiveAvgPool>("AdaptiveAvgPool", "2d_7x5_to_3x2", {2, 3, 7, 5}, {3, 2}));
    cases.push_back(adaptive_pool<v8::AdaptiveAvgPool>("AdaptiveAvgPool", "1d_up_9_to_12", {1, 2, 9}, {12}));
    cases.push_back(adaptive_pool<v8::AdaptiveMaxPool>("AdaptiveMaxPool", "2d_8x8_to_3x3", {1, 3, 8, 8}, {3, 3}));
    cases.push_back(adaptive_pool<v8::AdaptiveMaxPool>("AdaptiveMaxPool", "3d", {1, 2, 4, 5, 6}, {2, 3, 4}));

    cases.push_back(ctc_greedy("merge", true));
    cases.push_back(ctc_greedy("no_merge", false));
    cases.push_back(ctc_greedy_seq_len("merge_i32", true, -1, i32));
    cases.push_back(ctc_greedy_seq_len("no_merge_blank0_i64", false, 0, ov::element::i64));
    cases.push_back(ctc_loss("default", false, true, false, false));
    cases.push_back(ctc_loss("collapse_blank3", true, true, false, true));
    cases.push_back(ctc_loss("no_merge_unique", false, false, true, false));
}

}  // namespace conformance
