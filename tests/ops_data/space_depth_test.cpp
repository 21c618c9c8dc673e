// SPDX-License-Identifier: Apache-2.0
// DepthToSpace, SpaceToDepth, BatchToSpace and SpaceToBatch against the specification's definitions as
// reshape -> transpose -> reshape (computed here with an independent transpose), plus shapes and errors.
#include <gtest/gtest.h>

#include "openvino/op/batch_to_space.hpp"
#include "openvino/op/depth_to_space.hpp"
#include "openvino/op/space_to_batch.hpp"
#include "openvino/op/space_to_depth.hpp"
#include "test_util.hpp"

using namespace ops_data_test;
using ov::PartialShape;
using ov::Shape;
using D2S = ov::op::v0::DepthToSpace;
using S2D = ov::op::v0::SpaceToDepth;

namespace {

std::vector<size_t> iota_axes(size_t from, size_t count, size_t step = 1) {
    std::vector<size_t> v;
    for (size_t i = 0; i < count; ++i)
        v.push_back(from + i * step);
    return v;
}

// DepthToSpace as the specification defines it, for K = rank - 2 spatial axes.
std::vector<float> depth_to_space_reference(const std::vector<float>& x, const Shape& shape, size_t bs,
                                            bool blocks_first) {
    const size_t k = shape.size() - 2;
    size_t blocks = 1;
    for (size_t i = 0; i < k; ++i)
        blocks *= bs;
    const size_t c = shape[1] / blocks;
    std::vector<size_t> reshaped{shape[0]};
    std::vector<size_t> perm{0};
    if (blocks_first) {
        // [N, bs, ..., bs, C, D1, ..., DK] -> [N, C, D1, bs, D2, bs, ...]
        for (size_t i = 0; i < k; ++i)
            reshaped.push_back(bs);
        reshaped.push_back(c);
        perm.push_back(k + 1);
        for (size_t i = 0; i < k; ++i) {
            perm.push_back(k + 2 + i);
            perm.push_back(1 + i);
        }
    } else {
        // [N, C, bs, ..., bs, D1, ..., DK] -> [N, C, D1, bs, D2, bs, ...]
        reshaped.push_back(c);
        for (size_t i = 0; i < k; ++i)
            reshaped.push_back(bs);
        perm.push_back(1);
        for (size_t i = 0; i < k; ++i) {
            perm.push_back(k + 2 + i);
            perm.push_back(2 + i);
        }
    }
    for (size_t i = 0; i < k; ++i)
        reshaped.push_back(shape[2 + i]);
    return transpose(x, reshaped, perm);
}

// SpaceToDepth as the specification defines it.
std::vector<float> space_to_depth_reference(const std::vector<float>& x, const Shape& shape, size_t bs,
                                            bool blocks_first) {
    const size_t k = shape.size() - 2;
    // [N, C, D1/bs, bs, D2/bs, bs, ...]
    std::vector<size_t> reshaped{shape[0], shape[1]};
    for (size_t i = 0; i < k; ++i) {
        reshaped.push_back(shape[2 + i] / bs);
        reshaped.push_back(bs);
    }
    std::vector<size_t> perm{0};
    const auto block_axes = iota_axes(3, k, 2);
    const auto space_axes = iota_axes(2, k, 2);
    if (blocks_first) {  // [N, bs, ..., bs, C, D1/bs, ...]
        perm.insert(perm.end(), block_axes.begin(), block_axes.end());
        perm.push_back(1);
    } else {  // [N, C, bs, ..., bs, D1/bs, ...]
        perm.push_back(1);
        perm.insert(perm.end(), block_axes.begin(), block_axes.end());
    }
    perm.insert(perm.end(), space_axes.begin(), space_axes.end());
    return transpose(x, reshaped, perm);
}

}  // namespace

TEST(DepthToSpace, MatchesTheSpecificationsDefinition) {
    for (bool blocks_first : {true, false}) {
        for (const Shape& shape : {Shape{2, 8, 3, 2}, Shape{1, 16, 2, 1, 3}, Shape{2, 12, 5}}) {
            const size_t bs = 2;
            const auto x = random_f32(shape, 61);
            const auto mode = blocks_first ? D2S::DepthToSpaceMode::BLOCKS_FIRST : D2S::DepthToSpaceMode::DEPTH_FIRST;
            auto op = std::make_shared<D2S>(param(ov::element::f32, shape), mode, bs);
            const auto out = run(op, {x});
            EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(out[0].get_shape()));
            EXPECT_EQ(values<float>(out[0]), depth_to_space_reference(values<float>(x), shape, bs, blocks_first))
                << shape << " blocks_first=" << blocks_first;
            // SpaceToDepth with the same mode undoes it.
            auto back = std::make_shared<S2D>(param(ov::element::f32, out[0].get_shape()),
                                              blocks_first ? S2D::SpaceToDepthMode::BLOCKS_FIRST
                                                           : S2D::SpaceToDepthMode::DEPTH_FIRST,
                                              bs);
            EXPECT_EQ(values<float>(run(back, {out[0]})[0]), values<float>(x));
        }
    }
}

TEST(DepthToSpace, SpecShapeAndStringMode) {
    // Spec example: [5, 28, 2, 3] with block_size 2 -> [5, 7, 4, 6].
    auto op = std::make_shared<D2S>(param(ov::element::f32, {5, 28, 2, 3}), "depth_first", 2);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{5, 7, 4, 6}));
    EXPECT_EQ(op->get_mode(), D2S::DepthToSpaceMode::DEPTH_FIRST);
    auto dyn = std::make_shared<D2S>(param(ov::element::f32, {-1, 12, -1, 3}), "blocks_first", 2);
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, 3, -1, 6}));
    expect_error([] { std::make_shared<D2S>(param(ov::element::f32, {1, 6, 2, 2}), "blocks_first", 2); },
                 {"DepthToSpace", "not divisible by block_size"});
    expect_error([] { std::make_shared<D2S>(param(ov::element::f32, {1, 6}), "blocks_first", 2); },
                 {"DepthToSpace", "rank 3 or more"});
    expect_error([] { std::make_shared<D2S>(param(ov::element::f32, {1, 8, 2}), "blocks_last", 2); },
                 {"blocks_last", "not a valid mode"});
}

TEST(SpaceToDepth, MatchesTheSpecificationsDefinition) {
    for (bool blocks_first : {true, false}) {
        for (const Shape& shape : {Shape{2, 3, 4, 6}, Shape{1, 2, 2, 4, 2}}) {
            const size_t bs = 2;
            const auto x = random_i32(shape, 62);
            std::vector<float> xf;
            for (auto v : values<int32_t>(x))
                xf.push_back(static_cast<float>(v));
            auto op = std::make_shared<S2D>(param(ov::element::i32, shape), blocks_first ? "blocks_first" : "depth_first",
                                            bs);
            const auto out = run(op, {x});
            EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(out[0].get_shape()));
            std::vector<float> got;
            for (auto v : values<int32_t>(out[0]))
                got.push_back(static_cast<float>(v));
            EXPECT_EQ(got, space_to_depth_reference(xf, shape, bs, blocks_first)) << shape;
        }
    }
    auto dyn = std::make_shared<S2D>(param(ov::element::f32, {2, -1, 4, -1}), "blocks_first", 2);
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{2, -1, 2, -1}));
    expect_error([] { std::make_shared<S2D>(param(ov::element::f32, {1, 2, 3, 4}), "blocks_first", 2); },
                 {"SpaceToDepth", "axis 2", "not divisible by block_size 2"});
}

// ---- SpaceToBatch / BatchToSpace ----

namespace {

// SpaceToBatch as the specification defines it: zero-pad, reshape [N, D1/B1, B1, ...], move the blocks in
// front of the batch, reshape.
std::vector<float> space_to_batch_reference(const std::vector<float>& x, const Shape& shape,
                                            const std::vector<size_t>& block, const std::vector<size_t>& pb,
                                            const std::vector<size_t>& pe, Shape& out_shape) {
    const size_t rank = shape.size();
    Shape padded(rank);
    for (size_t i = 0; i < rank; ++i)
        padded[i] = shape[i] + pb[i] + pe[i];
    std::vector<float> p(ov::shape_size(padded), 0.f);
    for (size_t flat = 0; flat < x.size(); ++flat) {
        auto c = unravel(flat, shape);
        for (size_t i = 0; i < rank; ++i)
            c[i] += pb[i];
        p[ravel(c, padded)] = x[flat];
    }
    std::vector<size_t> reshaped{padded[0]};
    for (size_t i = 1; i < rank; ++i) {
        reshaped.push_back(padded[i] / block[i]);
        reshaped.push_back(block[i]);
    }
    std::vector<size_t> perm;
    for (size_t i = 1; i < rank; ++i)
        perm.push_back(2 * i);
    perm.push_back(0);
    for (size_t i = 1; i < rank; ++i)
        perm.push_back(2 * i - 1);
    size_t blocks = 1;
    for (auto b : block)
        blocks *= b;
    out_shape = Shape{padded[0] * blocks};
    for (size_t i = 1; i < rank; ++i)
        out_shape.push_back(padded[i] / block[i]);
    return transpose(p, reshaped, perm);
}

std::vector<int64_t> as_i64(const std::vector<size_t>& v) { return std::vector<int64_t>(v.begin(), v.end()); }

}  // namespace

TEST(SpaceToBatch, MatchesTheSpecificationsDefinitionAndBatchToSpaceUndoesIt) {
    const Shape shape{2, 3, 4, 2};
    const std::vector<size_t> block{1, 2, 3, 2}, pb{0, 1, 1, 0}, pe{0, 0, 1, 2};
    const auto x = random_f32(shape, 71);
    Shape expected_shape;
    const auto expected = space_to_batch_reference(values<float>(x), shape, block, pb, pe, expected_shape);
    EXPECT_EQ(expected_shape, (Shape{24, 2, 2, 2}));
    auto s2b = std::make_shared<ov::op::v1::SpaceToBatch>(param(ov::element::f32, shape), i64s(as_i64(block)),
                                                          i64s(as_i64(pb)), i64s(as_i64(pe)));
    EXPECT_EQ(s2b->get_output_partial_shape(0), PartialShape(expected_shape));
    const ov::TensorVector knobs{i64_tensor({4}, as_i64(block)), i64_tensor({4}, as_i64(pb)), i64_tensor({4}, as_i64(pe))};
    const auto out = run(s2b, {x, knobs[0], knobs[1], knobs[2]});
    EXPECT_EQ(values<float>(out[0]), expected);

    // BatchToSpace with crops equal to the pads restores the data.
    auto b2s = std::make_shared<ov::op::v1::BatchToSpace>(param(ov::element::f32, expected_shape), i64s(as_i64(block)),
                                                          i64s(as_i64(pb)), i64s(as_i64(pe)));
    EXPECT_EQ(b2s->get_output_partial_shape(0), PartialShape(shape));
    EXPECT_EQ(values<float>(run(b2s, {out[0], knobs[0], knobs[1], knobs[2]})[0]), values<float>(x));
}

TEST(BatchToSpace, SpecShapeExampleAndErrors) {
    // Spec example: data [48, 3, 3, 1, 3], block_shape [1, 2, 4, 3, 1], crops_begin [0, 0, 1, 0, 0],
    // crops_end [0, 0, 1, 0, 0] -> [2, 6, 10, 3, 3].
    auto op = std::make_shared<ov::op::v1::BatchToSpace>(param(ov::element::f32, {48, 3, 3, 1, 3}),
                                                         i64s({1, 2, 4, 3, 1}), i64s({0, 0, 1, 0, 0}),
                                                         i64s({0, 0, 1, 0, 0}));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{2, 6, 10, 3, 3}));
    auto dyn = std::make_shared<ov::op::v1::BatchToSpace>(param(ov::element::f32, {-1, 3}), i64s({1, 2}), i64s({0, 1}),
                                                          i64s({0, 0}));
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, 5}));
    auto unknown = std::make_shared<ov::op::v1::BatchToSpace>(param(ov::element::f32, {4, 3}),
                                                              param(ov::element::i64, {2}), i64s({0, 1}), i64s({0, 0}));
    EXPECT_EQ(unknown->get_output_partial_shape(0), (PartialShape{-1, -1}));
    expect_error([] {
        std::make_shared<ov::op::v1::BatchToSpace>(param(ov::element::f32, {6, 3}), i64s({1, 4}), i64s({0, 0}),
                                                   i64s({0, 0}));
    },
                 {"BatchToSpace", "batch 6 is not divisible"});
    expect_error([] {
        std::make_shared<ov::op::v1::BatchToSpace>(param(ov::element::f32, {4, 3}), i64s({2, 2}), i64s({0, 0}),
                                                   i64s({0, 0}));
    },
                 {"BatchToSpace", "block_shape[0]"});
    expect_error([] {
        std::make_shared<ov::op::v1::SpaceToBatch>(param(ov::element::f32, {1, 3}), i64s({1, 2}), i64s({0, 0}),
                                                   i64s({0, 0}));
    },
                 {"SpaceToBatch", "padded extent 3", "not divisible"});
    expect_error([] {
        std::make_shared<ov::op::v1::SpaceToBatch>(param(ov::element::f32, {1, 4}), i64s({1, 2}), i64s({0, -2}),
                                                   i64s({0, 0}));
    },
                 {"SpaceToBatch", "non-negative"});
}
