// SPDX-License-Identifier: Apache-2.0
// ScaledDotProductAttention-13 against a naive softmax(Q K^T * scale + bias) V written here in double (the
// specification's pseudo-code: causal masks key positions s > l, a boolean mask's false masks out, a real
// mask is added), with broadcast batch axes; shape inference with dynamic dims; errors; IR round trip.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "openvino/op/scaled_dot_product_attention.hpp"
#include "recurrent_test_util.hpp"

namespace {

using namespace rectest;
using ov::Shape;
using ov::element::Type;
using SDPA = ov::op::v13::ScaledDotProductAttention;

double tolerance(const Type& type) { return type == ov::element::f16 ? 4e-3 : 2e-5; }

// Index of the element that numpy broadcasting sends to `coord` (right-aligned).
size_t source(const std::vector<size_t>& coord, const Shape& in) {
    size_t flat = 0;
    const size_t offset = coord.size() - in.size();
    for (size_t i = 0; i < in.size(); ++i)
        flat = flat * in[i] + (in[i] == 1 ? 0 : coord[offset + i]);
    return flat;
}

enum class MaskKind { none, real, boolean };

// softmax(Q K^T * scale + bias) V for output shape batch + [L, Ev].
std::vector<double> naive_attention(const std::vector<double>& q, const Shape& qs, const std::vector<double>& k,
                                    const Shape& ks, const std::vector<double>& v, const Shape& vs, const Shape& batch,
                                    MaskKind mask_kind, const std::vector<double>& mask, const Shape& ms, double scale,
                                    bool causal) {
    const size_t L = qs[qs.size() - 2], E = qs.back(), S = ks[ks.size() - 2], Ev = vs.back();
    std::vector<double> out;
    for (size_t bi = 0; bi < ov::shape_size(batch); ++bi) {
        const auto b = unravel(bi, batch);
        for (size_t l = 0; l < L; ++l) {
            std::vector<double> w(S);
            for (size_t s = 0; s < S; ++s) {
                double dot = 0;
                for (size_t e = 0; e < E; ++e) {
                    auto qc = b, kc = b;
                    qc.insert(qc.end(), {l, e});
                    kc.insert(kc.end(), {s, e});
                    dot += q[source(qc, qs)] * k[source(kc, ks)];
                }
                double bias = 0;
                auto mc = b;
                mc.insert(mc.end(), {l, s});
                if (causal)
                    bias = s > l ? -std::numeric_limits<double>::infinity() : 0.0;
                else if (mask_kind == MaskKind::real)
                    bias = mask[source(mc, ms)];
                else if (mask_kind == MaskKind::boolean)
                    bias = mask[source(mc, ms)] != 0 ? 0.0 : -std::numeric_limits<double>::infinity();
                w[s] = dot * scale + bias;
            }
            double total = 0;
            for (double& x : w)
                total += (x = std::exp(x));
            for (size_t e = 0; e < Ev; ++e) {
                double acc = 0;
                for (size_t s = 0; s < S; ++s) {
                    auto vc = b;
                    vc.insert(vc.end(), {s, e});
                    acc += w[s] / total * v[source(vc, vs)];
                }
                out.push_back(acc);
            }
        }
    }
    return out;
}

struct AttentionCase {
    std::string name;
    Shape q, k, v;
    MaskKind mask = MaskKind::none;
    Shape mask_shape{};
    bool explicit_scale = false;
    bool causal = false;
    Shape batch;
};

class AttentionTest : public ::testing::TestWithParam<std::tuple<Type, AttentionCase>> {};

TEST_P(AttentionTest, MatchesNaiveSoftmaxAttention) {
    const Type type = std::get<0>(GetParam());
    const AttentionCase c = std::get<1>(GetParam());
    std::mt19937 rng(601);
    const auto q = random_values(ov::shape_size(c.q), rng, -2, 2), k = random_values(ov::shape_size(c.k), rng, -2, 2),
               v = random_values(ov::shape_size(c.v), rng);
    std::vector<double> mask;
    if (c.mask == MaskKind::real)
        mask = random_values(ov::shape_size(c.mask_shape), rng, -3, 1);
    if (c.mask == MaskKind::boolean) {
        // Every row keeps its first key, so no row is masked out entirely.
        std::uniform_int_distribution<int> coin(0, 1);
        for (size_t i = 0; i < ov::shape_size(c.mask_shape); ++i)
            mask.push_back(i % c.mask_shape.back() == 0 ? 1 : coin(rng));
    }
    const double scale = c.explicit_scale ? 0.37 : 1.0 / std::sqrt(double(c.q.back()));

    ov::OutputVector args{param(type, c.q), param(type, c.k), param(type, c.v)};
    ov::TensorVector tensors{make_tensor(type, c.q, q), make_tensor(type, c.k, k), make_tensor(type, c.v, v)};
    if (c.mask != MaskKind::none || c.explicit_scale) {
        const Type mt = c.mask == MaskKind::boolean ? ov::element::boolean : type;
        const Shape ms = c.mask == MaskKind::none ? Shape{} : c.mask_shape;
        const auto mv = c.mask == MaskKind::none ? std::vector<double>{0.0} : mask;
        args.push_back(param(mt, ms));
        if (mt == ov::element::boolean) {
            ov::Tensor bools(mt, ms);
            for (size_t i = 0; i < mv.size(); ++i)
                static_cast<char*>(bools.data())[i] = mv[i] != 0 ? 1 : 0;
            tensors.push_back(bools);
        } else {
            tensors.push_back(make_tensor(mt, ms, mv));
        }
    }
    if (c.explicit_scale) {
        args.push_back(param(type, Shape{}));
        tensors.push_back(make_tensor(type, Shape{}, {scale}));
    }
    auto op = std::make_shared<SDPA>(args, c.causal);
    Shape out_shape = c.batch;
    out_shape.push_back(c.q[c.q.size() - 2]);
    out_shape.push_back(c.v.back());
    EXPECT_EQ(op->get_output_partial_shape(0), ov::PartialShape(out_shape));
    const auto out = run(op, tensors);
    const auto expected =
        naive_attention(as_stored(type, c.q, q), c.q, as_stored(type, c.k, k), c.k, as_stored(type, c.v, v), c.v,
                        c.batch, c.mask, c.mask == MaskKind::real ? as_stored(type, c.mask_shape, mask) : mask,
                        c.mask_shape, as_stored(type, Shape{}, {scale})[0], c.causal);
    ASSERT_EQ(out[0].get_shape(), out_shape);
    expect_close(read_tensor(out[0]), expected, tolerance(type), tolerance(type));
}

const std::vector<AttentionCase> attention_cases{
    {"plain", {2, 3, 4, 5}, {2, 3, 6, 5}, {2, 3, 6, 7}, MaskKind::none, {}, false, false, {2, 3}},
    {"real_mask_broadcast", {2, 3, 4, 5}, {2, 3, 6, 5}, {2, 3, 6, 7}, MaskKind::real, {2, 1, 4, 6}, false, false, {2, 3}},
    {"boolean_mask_2d", {2, 4, 5}, {2, 6, 5}, {2, 6, 3}, MaskKind::boolean, {4, 6}, false, false, {2}},
    {"explicit_scale", {1, 2, 3, 4}, {1, 2, 5, 4}, {1, 2, 5, 4}, MaskKind::none, {}, true, false, {1, 2}},
    {"causal_square", {2, 2, 5, 4}, {2, 2, 5, 4}, {2, 2, 5, 3}, MaskKind::none, {}, false, true, {2, 2}},
    {"causal_ignores_mask", {1, 4, 6, 4}, {1, 4, 6, 4}, {1, 4, 6, 4}, MaskKind::real, {6, 6}, true, true, {1, 4}},
    {"causal_wide", {2, 3, 4}, {2, 6, 4}, {2, 6, 2}, MaskKind::none, {}, false, true, {2}},
    {"broadcast_key_value_batch", {2, 3, 4, 5}, {1, 3, 6, 5}, {2, 1, 6, 7}, MaskKind::none, {}, false, false, {2, 3}},
};

INSTANTIATE_TEST_SUITE_P(Cases, AttentionTest,
                         ::testing::Combine(::testing::Values(ov::element::f32, ov::element::f16),
                                            ::testing::ValuesIn(attention_cases)),
                         [](const ::testing::TestParamInfo<std::tuple<Type, AttentionCase>>& info) {
                             return std::string(std::get<0>(info.param).get_type_name()) + "_" +
                                    std::get<1>(info.param).name;
                         });

TEST(AttentionShapes, DynamicDims) {
    const Type t = ov::element::f32;
    auto op = std::make_shared<SDPA>(param(t, {-1, 3, -1, 8}), param(t, {-1, 3, -1, 8}), param(t, {-1, 3, -1, 16}),
                                     false);
    EXPECT_EQ(op->get_output_partial_shape(0), (ov::PartialShape{-1, 3, -1, 16}));
    auto masked = std::make_shared<SDPA>(param(t, {-1, 3, 4, 8}), param(t, {-1, 3, -1, 8}), param(t, {-1, 3, -1, 16}),
                                         param(t, {2, 1, 4, -1}), false);
    EXPECT_EQ(masked->get_output_partial_shape(0), (ov::PartialShape{2, 3, 4, 16}));
    auto unknown = std::make_shared<SDPA>(param(t, ov::PartialShape::dynamic()), param(t, {2, 6, 8}),
                                          param(t, {2, 6, 8}), true);
    EXPECT_TRUE(unknown->get_output_partial_shape(0).rank().is_dynamic());
}

TEST(AttentionErrors, BadShapesNameTheOp) {
    const Type t = ov::element::f32;
    expect_error([&] { std::make_shared<SDPA>(param(t, {2, 4, 8}), param(t, {2, 6, 7}), param(t, {2, 6, 3}), false); },
                 {"ScaledDotProductAttention", "key"});
    expect_error([&] { std::make_shared<SDPA>(param(t, {2, 4, 8}), param(t, {2, 6, 8}), param(t, {2, 5, 3}), false); },
                 {"ScaledDotProductAttention", "value"});
    expect_error([&] { std::make_shared<SDPA>(param(t, {4, 8}), param(t, {6, 8}), param(t, {6, 3}), false); },
                 {"ScaledDotProductAttention", "rank"});
    expect_error([&] { std::make_shared<SDPA>(param(t, {2, 4, 8}), param(t, {3, 6, 8}), param(t, {2, 6, 3}), false); },
                 {"ScaledDotProductAttention", "key", "broadcast"});
    expect_error([&] { std::make_shared<SDPA>(param(t, {2, 4, 8}), param(t, {2, 6, 8}), param(t, {2, 6, 3}), param(t, {4, 5}), false); },
                 {"ScaledDotProductAttention", "attention_mask"});
    expect_error([&] { std::make_shared<SDPA>(param(t, {2, 4, 8}), param(t, {2, 6, 8}), param(t, {2, 6, 3}), param(t, {4, 6}), param(t, {2}), false); },
                 {"ScaledDotProductAttention", "scale"});
    expect_error([&] { std::make_shared<SDPA>(param(ov::element::i32, {2, 4, 8}), param(t, {2, 6, 8}), param(t, {2, 6, 3}), false); },
                 {"ScaledDotProductAttention", "query", "real"});
}

TEST(AttentionIr, CausalRoundTrips) {
    const Type t = ov::element::f32;
    auto Q = param(t, {1, 2, 4, 8}), K = param(t, {1, 2, 4, 8}), V = param(t, {1, 2, 4, 8});
    auto op = std::make_shared<SDPA>(Q, K, V, true);
    EXPECT_EQ(attributes_of(*op).at("causal"), "true");
    auto back = std::dynamic_pointer_cast<SDPA>(ir_round_trip(op, {Q, K, V}));
    ASSERT_TRUE(back);
    EXPECT_TRUE(back->get_causal());
    EXPECT_EQ(back->get_output_partial_shape(0), (ov::PartialShape{1, 2, 4, 8}));
}

}  // namespace
