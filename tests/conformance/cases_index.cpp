// SPDX-License-Identifier: Apache-2.0
// Conformance cases of the index / gather / scatter / sort / reduction family: TopK, the extra reductions,
// GatherElements, GatherND, the Scatter ops and CumSum. Index inputs are fixed, valid Constants so every
// device sees the same well-defined case.
#include "case_builders.hpp"
#include "openvino/op/bucketize.hpp"
#include "openvino/op/convert.hpp"
#include "openvino/op/cum_sum.hpp"
#include "openvino/op/embedding_segments_sum.hpp"
#include "openvino/op/embeddingbag_offsets_sum.hpp"
#include "openvino/op/embeddingbag_packedsum.hpp"
#include "openvino/op/extractimagepatches.hpp"
#include "openvino/op/gather_elements.hpp"
#include "openvino/op/gather_nd.hpp"
#include "openvino/op/gather_tree.hpp"
#include "openvino/op/reduce_l1.hpp"
#include "openvino/op/reduce_l2.hpp"
#include "openvino/op/reduce_logical_and.hpp"
#include "openvino/op/reduce_logical_or.hpp"
#include "openvino/op/reduce_min.hpp"
#include "openvino/op/scatter_elements_update.hpp"
#include "openvino/op/scatter_nd_update.hpp"
#include "openvino/op/scatter_update.hpp"
#include "openvino/op/topk.hpp"
#include "openvino/op/unique.hpp"

namespace {

using namespace conformance;
using namespace conformance::case_builders;
namespace v4 = ov::op::v4;
namespace v5 = ov::op::v5;
namespace v10 = ov::op::v10;
namespace v11 = ov::op::v11;
namespace v12 = ov::op::v12;

std::shared_ptr<v0::Constant> indices_i32(const ov::Shape& shape, const std::vector<int32_t>& values) {
    return v0::Constant::create(ov::element::i32, shape, values);
}

std::shared_ptr<v0::Constant> indices_i64(const ov::Shape& shape, const std::vector<int64_t>& values) {
    return v0::Constant::create(ov::element::i64, shape, values);
}

std::shared_ptr<v0::Constant> scalar_i64(int64_t value) {
    return v0::Constant::create(ov::element::i64, ov::Shape{}, std::vector<int64_t>{value});
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    // ---- TopK: values and indices; inputs from a wide range so ties are rare (and broken alike anyway).
    struct TopKCase {
        std::string name;
        int version;
        ov::Shape shape;
        int64_t axis, k;
        ov::op::TopKMode mode;
        ov::op::TopKSortType sort;
        Type index_type;
    };
    using ov::op::TopKMode;
    using ov::op::TopKSortType;
    for (const auto& c : std::vector<TopKCase>{
             {"TopK1_max_value_axis1_k3", 1, {2, 6, 3}, 1, 3, TopKMode::MAX, TopKSortType::SORT_VALUES, i32},
             {"TopK1_min_index_axis_m1_k2", 1, {3, 5}, -1, 2, TopKMode::MIN, TopKSortType::SORT_INDICES, i32},
             {"TopK3_max_index_i64_axis0_k2", 3, {4, 3, 2}, 0, 2, TopKMode::MAX, TopKSortType::SORT_INDICES,
              ov::element::i64},
             {"TopK3_min_value_k_above_axis", 3, {2, 3}, 1, 5, TopKMode::MIN, TopKSortType::SORT_VALUES, i32},
             {"TopK11_max_value_stable_k4", 11, {2, 8}, 1, 4, TopKMode::MAX, TopKSortType::SORT_VALUES, i32},
             {"TopK11_min_value_stable_i64_axis2", 11, {2, 3, 7}, 2, 3, TopKMode::MIN, TopKSortType::SORT_VALUES,
              ov::element::i64}}) {
        cases.push_back({c.name, "TopK", numbers,
                         [c](const Type& t) {
                             auto x = par(t, c.shape);
                             std::shared_ptr<ov::Node> op;
                             if (c.version == 1)
                                 op = std::make_shared<v1::TopK>(x, scalar_i64(c.k), c.axis, c.mode, c.sort,
                                                                 c.index_type);
                             else if (c.version == 3)
                                 op = std::make_shared<v3::TopK>(x, scalar_i64(c.k), c.axis, c.mode, c.sort,
                                                                 c.index_type);
                             else
                                 op = std::make_shared<v11::TopK>(x, scalar_i64(c.k), c.axis, c.mode, c.sort,
                                                                  c.index_type, true);
                             return model_of(op, {x});
                         },
                         {{-1000, 1000}}});
    }

    // ---- Reductions
    for (const auto& [name, axes, keep] : std::vector<std::tuple<std::string, std::vector<int64_t>, bool>>{
             {"axis1_keep", {1}, true}, {"axes0_2", {0, 2}, false}, {"axis_m1", {-1}, false}}) {
        const std::vector<int64_t> axes_copy = axes;
        const bool keep_copy = keep;
        cases.push_back({"ReduceMin_" + name, "ReduceMin", numbers, [axes_copy, keep_copy](const Type& t) {
                             auto x = par(t, {3, 4, 5});
                             return model_of(std::make_shared<v1::ReduceMin>(x, i64s(axes_copy), keep_copy), {x});
                         }});
        OpCase l1{"ReduceL1_" + name, "ReduceL1", numbers, [axes_copy, keep_copy](const Type& t) {
                      auto x = par(t, {3, 4, 5});
                      return model_of(std::make_shared<v4::ReduceL1>(x, i64s(axes_copy), keep_copy), {x});
                  }};
        l1.accumulates = true;
        cases.push_back(l1);
        OpCase l2{"ReduceL2_" + name, "ReduceL2", reals, [axes_copy, keep_copy](const Type& t) {
                      auto x = par(t, {3, 4, 5});
                      return model_of(std::make_shared<v4::ReduceL2>(x, i64s(axes_copy), keep_copy), {x});
                  }};
        l2.accumulates = true;
        cases.push_back(l2);
        // Logical reductions: random 0/1 integers made boolean, the result made i32 again for comparison.
        for (bool is_and : {true, false}) {
            cases.push_back({std::string(is_and ? "ReduceLogicalAnd_" : "ReduceLogicalOr_") + name,
                             is_and ? "ReduceLogicalAnd" : "ReduceLogicalOr",
                             {i32},
                             [axes_copy, keep_copy, is_and](const Type& t) {
                                 auto x = par(t, {3, 4, 5});
                                 auto b = std::make_shared<v0::Convert>(x, ov::element::boolean);
                                 std::shared_ptr<ov::Node> r;
                                 if (is_and)
                                     r = std::make_shared<v1::ReduceLogicalAnd>(b, i64s(axes_copy), keep_copy);
                                 else
                                     r = std::make_shared<v1::ReduceLogicalOr>(b, i64s(axes_copy), keep_copy);
                                 return model_of(std::make_shared<v0::Convert>(r, ov::element::i32), {x});
                             },
                             {{0, 1}}});
        }
    }

    // ---- GatherElements
    cases.push_back({"GatherElements_axis0", "GatherElements", numbers, [](const Type& t) {
                         auto x = par(t, {3, 3});
                         return model_of(std::make_shared<v6::GatherElements>(
                                             x, indices_i32({2, 3}, {1, 2, 0, 2, 0, 0}), 0),
                                         {x});
                     }});
    cases.push_back({"GatherElements_axis_m1_longer_negative", "GatherElements", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 4});
                         std::vector<int64_t> idx;
                         for (int64_t i = 0; i < 2 * 3 * 6; ++i)
                             idx.push_back((i * 5) % 8 - 4);  // in [-4, 3]
                         return model_of(std::make_shared<v6::GatherElements>(x, indices_i64({2, 3, 6}, idx), -1),
                                         {x});
                     }});

    // ---- GatherND
    cases.push_back({"GatherND8_pairs", "GatherND", numbers, [](const Type& t) {
                         auto x = par(t, {4, 3, 2});
                         return model_of(std::make_shared<v8::GatherND>(
                                             x, indices_i32({3, 2}, {0, 1, 3, 2, -1, 0})),
                                         {x});
                     }});
    cases.push_back({"GatherND8_batch_dims1", "GatherND", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 4});
                         return model_of(std::make_shared<v8::GatherND>(x, indices_i64({2, 2, 1}, {1, 0, 2, 2}), 1),
                                         {x});
                     }});
    cases.push_back({"GatherND5_batch_dims2_folded", "GatherND", numbers, [](const Type& t) {
                         auto x = par(t, {2, 3, 4, 2});
                         std::vector<int32_t> idx;
                         for (int32_t i = 0; i < 2 * 3 * 2; ++i)
                             idx.push_back(i % 4);
                         return model_of(std::make_shared<v5::GatherND>(x, indices_i32({2, 3, 2, 1}, idx), 2), {x});
                     }});

    // ---- ScatterUpdate
    cases.push_back({"ScatterUpdate_axis0", "ScatterUpdate", numbers, [](const Type& t) {
                         auto x = par(t, {5, 3}), u = par(t, {2, 3});
                         return model_of(std::make_shared<v3::ScatterUpdate>(x, indices_i32({2}, {3, 0}), u,
                                                                             scalar_i64(0)),
                                         {x, u});
                     }});
    cases.push_back({"ScatterUpdate_axis1_2d_indices", "ScatterUpdate", numbers, [](const Type& t) {
                         auto x = par(t, {2, 6, 2}), u = par(t, {2, 2, 2, 2});
                         return model_of(std::make_shared<v3::ScatterUpdate>(x, indices_i64({2, 2}, {5, 1, -2, 0}), u,
                                                                             scalar_i64(1)),
                                         {x, u});
                     }});

    // ---- ScatterElementsUpdate
    cases.push_back({"ScatterElementsUpdate3_axis1", "ScatterElementsUpdate", numbers, [](const Type& t) {
                         auto x = par(t, {3, 5}), u = par(t, {3, 2});
                         return model_of(std::make_shared<v3::ScatterElementsUpdate>(
                                             x, indices_i32({3, 2}, {0, 4, 2, 1, -1, 3}), u, scalar_i64(1)),
                                         {x, u});
                     }});
    using Reduction = v12::ScatterElementsUpdate::Reduction;
    for (const auto& [name, reduction, init] : std::vector<std::tuple<std::string, Reduction, bool>>{
             {"sum", Reduction::SUM, true},
             {"prod_no_init", Reduction::PROD, false},
             {"min", Reduction::MIN, true},
             {"max_no_init", Reduction::MAX, false},
             {"mean", Reduction::MEAN, true},
             {"none", Reduction::NONE, true}}) {
        const Reduction r = reduction;
        const bool use_init = init;
        // Repeated indices (0 and 2 twice along axis 0) so the reductions combine several updates. Integer
        // means round, so MEAN runs on the real types only.
        OpCase c{"ScatterElementsUpdate12_" + name, "ScatterElementsUpdate",
                 r == Reduction::MEAN ? reals : numbers,
                 [r, use_init](const Type& t) {
                     auto x = par(t, {3, 4}), u = par(t, {4, 4});
                     auto indices = indices_i32({4, 4}, {0, 2, 1, 0, 2, 0, 2, 2, 0, 1, 0, 2, 1, 1, 2, 0});
                     return model_of(std::make_shared<v12::ScatterElementsUpdate>(x, indices, u, scalar_i64(0), r,
                                                                                  use_init),
                                     {x, u});
                 },
                 {{-2, 2}, {-2, 2}}};
        c.accumulates = r == Reduction::SUM || r == Reduction::PROD || r == Reduction::MEAN;
        cases.push_back(c);
    }

    // ---- ScatterNDUpdate
    cases.push_back({"ScatterNDUpdate_elements", "ScatterNDUpdate", numbers, [](const Type& t) {
                         auto x = par(t, {8}), u = par(t, {4});
                         return model_of(std::make_shared<v3::ScatterNDUpdate>(x, indices_i64({4, 1}, {4, 3, 1, 7}), u),
                                         {x, u});
                     }});
    cases.push_back({"ScatterNDUpdate_slices", "ScatterNDUpdate", numbers, [](const Type& t) {
                         auto x = par(t, {4, 3, 2}), u = par(t, {3, 2});
                         return model_of(std::make_shared<v3::ScatterNDUpdate>(
                                             x, indices_i32({3, 2}, {0, 1, 3, -1, 2, 0}), u),
                                         {x, u});
                     }});

    // ---- CumSum
    for (const auto& [name, axis, exclusive, reverse] : std::vector<std::tuple<std::string, int64_t, bool, bool>>{
             {"axis0", 0, false, false},
             {"axis1_exclusive", 1, true, false},
             {"axis_m1_reverse", -1, false, true},
             {"axis1_exclusive_reverse", 1, true, true}}) {
        const int64_t a = axis;
        const bool ex = exclusive, rev = reverse;
        OpCase c{"CumSum_" + name, "CumSum", numbers, [a, ex, rev](const Type& t) {
                     auto x = par(t, {3, 5, 4});
                     return model_of(std::make_shared<v0::CumSum>(x, scalar_i64(a), ex, rev), {x});
                 }};
        c.accumulates = true;
        cases.push_back(c);
    }

    // ---- Bucketize: boundaries inside the input range, one repeated; both closures and index types.
    for (const auto& [name, right, out_type] : std::vector<std::tuple<std::string, bool, Type>>{
             {"right_bound_i64", true, ov::element::i64}, {"left_bound_i32", false, i32}}) {
        const bool r = right;
        const Type o = out_type;
        cases.push_back({"Bucketize_" + name, "Bucketize", numbers, [r, o](const Type& t) {
                             auto x = par(t, {3, 7});
                             auto buckets = v0::Constant::create(t, {5}, std::vector<float>{-6, -2, 0, 0, 5});
                             return model_of(std::make_shared<v3::Bucketize>(x, buckets, o, r), {x});
                         }, {{-10, 10}}});
    }

    // ---- GatherTree: random step ids, fixed valid parents and lengths (one shorter than max_time).
    cases.push_back({"GatherTree_t4_b2_w3", "GatherTree", numbers, [](const Type& t) {
                         auto steps = par(t, {4, 2, 3});
                         auto parents = v0::Constant::create(
                             t, {4, 2, 3}, std::vector<float>{0, 0, 0, 0, 0, 0, 2, 1, 0, 1, 1, 2,
                                                              0, 2, 1, 2, 0, 0, 1, 1, 2, 0, 2, 1});
                         auto lengths = v0::Constant::create(t, {2}, std::vector<float>{4, 3});
                         auto end = v0::Constant::create(t, {}, std::vector<float>{2});
                         return model_of(std::make_shared<v1::GatherTree>(steps, parents, lengths, end), {steps});
                     }, {{0, 4}}});

    // ---- Embedding bags: random table, fixed valid indices (an empty bag / segment included).
    cases.push_back({"EmbeddingBagOffsetsSum_weighted_default", "EmbeddingBagOffsetsSum", numbers, [](const Type& t) {
                         auto table = par(t, {6, 4});
                         auto weights = par(t, {5});
                         auto op = std::make_shared<v3::EmbeddingBagOffsetsSum>(
                             table, indices_i32({5}, {0, 5, 2, 2, 4}), indices_i32({4}, {0, 2, 2, 4}),
                             v0::Constant::create(ov::element::i32, ov::Shape{}, std::vector<int32_t>{1}), weights);
                         return model_of(op, {table, weights});
                     }, {{-2, 2}, {0, 2}}, true});
    cases.push_back({"EmbeddingBagOffsetsSum_plain", "EmbeddingBagOffsetsSum", numbers, [](const Type& t) {
                         auto table = par(t, {5, 2, 3});
                         auto op = std::make_shared<v3::EmbeddingBagOffsetsSum>(
                             table, indices_i64({6}, {4, 3, 1, 1, 0, 2}), indices_i64({3}, {0, 1, 4}));
                         return model_of(op, {table});
                     }, {}, true});
    cases.push_back({"EmbeddingBagPackedSum_plain", "EmbeddingBagPackedSum", numbers, [](const Type& t) {
                         auto table = par(t, {5, 3});
                         auto op = std::make_shared<v3::EmbeddingBagPackedSum>(
                             table, indices_i32({3, 2}, {0, 4, 2, 2, 1, 3}));
                         return model_of(op, {table});
                     }, {}, true});
    cases.push_back({"EmbeddingBagPackedSum_weighted", "EmbeddingBagPackedSum", numbers, [](const Type& t) {
                         auto table = par(t, {5, 3});
                         auto weights = par(t, {2, 3});
                         auto op = std::make_shared<v3::EmbeddingBagPackedSum>(
                             table, indices_i64({2, 3}, {4, 0, 4, 1, 2, 3}), weights);
                         return model_of(op, {table, weights});
                     }, {{-2, 2}, {0, 2}}, true});
    cases.push_back({"EmbeddingSegmentsSum_default_weighted", "EmbeddingSegmentsSum", numbers, [](const Type& t) {
                         auto table = par(t, {6, 4});
                         auto weights = par(t, {5});
                         auto op = std::make_shared<v3::EmbeddingSegmentsSum>(
                             table, indices_i32({5}, {1, 5, 0, 3, 3}), indices_i32({5}, {0, 0, 2, 2, 3}),
                             v0::Constant::create(ov::element::i32, ov::Shape{}, std::vector<int32_t>{5}),
                             v0::Constant::create(ov::element::i32, ov::Shape{}, std::vector<int32_t>{4}), weights);
                         return model_of(op, {table, weights});
                     }, {{-2, 2}, {0, 2}}, true});
    cases.push_back({"EmbeddingSegmentsSum_plain", "EmbeddingSegmentsSum", numbers, [](const Type& t) {
                         auto table = par(t, {4, 3});
                         auto op = std::make_shared<v3::EmbeddingSegmentsSum>(
                             table, indices_i64({4}, {3, 0, 2, 2}), indices_i64({4}, {0, 1, 1, 1}),
                             v0::Constant::create(ov::element::i64, ov::Shape{}, std::vector<int64_t>{2}));
                         return model_of(op, {table});
                     }, {}, true});

    // ---- ExtractImagePatches: valid, and same_upper / same_lower with dilation.
    for (const auto& [name, sizes, strides, rates, pad] :
         std::vector<std::tuple<std::string, ov::Shape, ov::Strides, ov::Shape, ov::op::PadType>>{
             {"k3_s2_valid", {3, 3}, {2, 2}, {1, 1}, ov::op::PadType::VALID},
             {"k2x3_s2_r1x2_same_upper", {2, 3}, {2, 2}, {1, 2}, ov::op::PadType::SAME_UPPER},
             {"k2_s3x1_same_lower", {2, 2}, {3, 1}, {1, 1}, ov::op::PadType::SAME_LOWER}}) {
        const ov::Shape sz = sizes, rt = rates;
        const ov::Strides st = strides;
        const ov::op::PadType p = pad;
        cases.push_back({"ExtractImagePatches_" + name, "ExtractImagePatches", numbers, [sz, st, rt, p](const Type& t) {
                             auto x = par(t, {2, 3, 7, 8});
                             return model_of(std::make_shared<v3::ExtractImagePatches>(x, sz, st, rt, p), {x});
                         }});
    }
}

// Unique's output sizes depend on the values: its cases are in a family of their own so that a device
// without data-dependent shapes can list them as expected failures by name.
DEVMUX_CONFORMANCE_CASES(cases) {
    for (const auto& [name, sorted, with_axis] : std::vector<std::tuple<std::string, bool, bool>>{
             {"sorted_flat", true, false}, {"unsorted_flat", false, false}, {"sorted_axis1", true, true}}) {
        const bool s = sorted, a = with_axis;
        // Small integer values so that repeats occur.
        cases.push_back({"Unique_" + name, "Unique", numbers, [s, a](const Type& t) {
                             auto x = par(t, {4, 5});
                             std::shared_ptr<ov::Node> op;
                             if (a)
                                 op = std::make_shared<v10::Unique>(x, scalar_i64(1), s);
                             else
                                 op = std::make_shared<v10::Unique>(x, s);
                             return model_of(op, {x});
                         }, {{0, 3}}});
    }
}
