// SPDX-License-Identifier: Apache-2.0
// EmbeddingBagOffsetsSum-3, EmbeddingBagPackedSum-3, EmbeddingSegmentsSum-3 (the specification's worked
// examples, random bags against loops written here) and ExtractImagePatches-3 (the specification's 10x10
// example, padded patches against a loop); shapes, errors and IR attributes.
#include <gtest/gtest.h>

#include <cmath>

#include "index_test_util.hpp"
#include "openvino/op/embedding_segments_sum.hpp"
#include "openvino/op/embeddingbag_offsets_sum.hpp"
#include "openvino/op/embeddingbag_packedsum.hpp"
#include "openvino/op/extractimagepatches.hpp"

using namespace index_test;
using ov::PartialShape;
using ov::Shape;

namespace {

const std::vector<double> spec_table{-0.2, -0.6, -0.1, -0.4, -1.9, -1.8, -1., 1.5, 0.8, -0.7};

void expect_close(const std::vector<double>& got, const std::vector<double>& want, double tol = 1e-6) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
        EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

}  // namespace

TEST(Embedding, SpecificationExamples) {
    const auto table = tensor(ov::element::f32, {5, 2}, spec_table);
    const auto half = tensor(ov::element::f32, {4}, {0.5, 0.5, 0.5, 0.5});
    auto offsets_op = std::make_shared<ov::op::v3::EmbeddingBagOffsetsSum>(
        param(ov::element::f32, {5, 2}), param(ov::element::i32, {4}), param(ov::element::i32, {3}),
        param(ov::element::i32, {}), param(ov::element::f32, {4}));
    EXPECT_EQ(offsets_op->get_output_partial_shape(0), (PartialShape{3, 2}));
    expect_close(doubles(run(*offsets_op, {table, tensor(ov::element::i32, {4}, {0, 2, 3, 4}),
                                           tensor(ov::element::i32, {3}, {0, 2, 2}), tensor(ov::element::i32, {}, {0}),
                                           half})[0]),
                 {-1.05, -1.2, -0.2, -0.6, -0.1, 0.4});

    auto packed = std::make_shared<ov::op::v3::EmbeddingBagPackedSum>(
        param(ov::element::f32, {5, 2}), param(ov::element::i32, {3, 2}), param(ov::element::f32, {3, 2}));
    EXPECT_EQ(packed->get_output_partial_shape(0), (PartialShape{3, 2}));
    expect_close(doubles(run(*packed, {table, tensor(ov::element::i32, {3, 2}, {0, 2, 1, 2, 3, 4}),
                                       tensor(ov::element::f32, {3, 2}, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5})})[0]),
                 {-1.05, -1.2, -1.0, -1.1, -0.1, 0.4});

    auto segments = std::make_shared<ov::op::v3::EmbeddingSegmentsSum>(
        param(ov::element::f32, {5, 2}), param(ov::element::i32, {4}), param(ov::element::i32, {4}), i64_scalar(3),
        param(ov::element::i32, {}), param(ov::element::f32, {4}));
    EXPECT_EQ(segments->get_output_partial_shape(0), (PartialShape{3, 2}));
    expect_close(doubles(run(*segments, {table, tensor(ov::element::i32, {4}, {0, 2, 3, 4}),
                                         tensor(ov::element::i32, {4}, {0, 0, 2, 2}), tensor(ov::element::i64, {}, {3}),
                                         tensor(ov::element::i32, {}, {0}), half})[0]),
                 {-1.05, -1.2, -0.2, -0.6, -0.1, 0.4});
}

TEST(Embedding, RandomBagsMatchLoops) {
    const Shape table_shape{6, 2, 3};
    const auto rows = random_values(36, 61);
    const auto table = tensor(ov::element::f32, table_shape, rows);
    const std::vector<double> indices{5, 0, 0, 3, 2, 1, 4};
    const auto weights = random_values(7, 62, 0.1, 2.0);
    auto row_of = [&](size_t r, size_t k) { return rows[r * 6 + k]; };
    // Offsets [0, 3, 3, 6]: bags {5, 0, 0}, {}, {3, 2, 1}, {4}; no default index, so the empty bag is zeros.
    auto offsets_op = std::make_shared<ov::op::v3::EmbeddingBagOffsetsSum>(
        param(ov::element::f32, table_shape), param(ov::element::i64, {7}), param(ov::element::i64, {4}),
        param(ov::element::i64, {}), param(ov::element::f32, {7}));
    const auto got = doubles(run(*offsets_op, {table, tensor(ov::element::i64, {7}, indices),
                                               tensor(ov::element::i64, {4}, {0, 3, 3, 6}),
                                               tensor(ov::element::i64, {}, {-1}), tensor(ov::element::f32, {7}, weights)})[0]);
    const std::vector<std::vector<size_t>> bags{{0, 1, 2}, {}, {3, 4, 5}, {6}};
    std::vector<double> want;
    for (const auto& bag : bags)
        for (size_t k = 0; k < 6; ++k) {
            double s = 0;
            for (size_t i : bag)
                s += row_of(static_cast<size_t>(indices[i]), k) * static_cast<float>(weights[i]);
            want.push_back(s);
        }
    expect_close(got, want, 1e-5);

    // Segments {1, 1, 3, 3, 3, 0, 0} of 5 segments, default row 2 for the empty segments 2 and 4; unweighted.
    const std::vector<double> segment_ids{1, 1, 3, 3, 3, 0, 0};
    auto seg = std::make_shared<ov::op::v3::EmbeddingSegmentsSum>(
        param(ov::element::f32, table_shape), param(ov::element::i32, {7}), param(ov::element::i32, {7}),
        param(ov::element::i32, {}), param(ov::element::i32, {}));
    EXPECT_EQ(seg->get_output_partial_shape(0), (PartialShape{-1, 2, 3}));
    const auto seg_got = doubles(run(*seg, {table, tensor(ov::element::i32, {7}, indices),
                                            tensor(ov::element::i32, {7}, segment_ids), tensor(ov::element::i32, {}, {5}),
                                            tensor(ov::element::i32, {}, {2})})[0]);
    std::vector<double> seg_want;
    for (size_t s = 0; s < 5; ++s) {
        bool empty = true;
        std::vector<double> acc(6, 0.0);
        for (size_t i = 0; i < indices.size(); ++i)
            if (static_cast<size_t>(segment_ids[i]) == s) {
                empty = false;
                for (size_t k = 0; k < 6; ++k)
                    acc[k] += row_of(static_cast<size_t>(indices[i]), k);
            }
        for (size_t k = 0; k < 6; ++k)
            seg_want.push_back(empty ? row_of(2, k) : acc[k]);
    }
    expect_close(seg_got, seg_want, 1e-5);

    auto packed = std::make_shared<ov::op::v3::EmbeddingBagPackedSum>(param(ov::element::f32, table_shape),
                                                                      param(ov::element::i32, {2, 3}));
    const std::vector<double> packed_idx{1, 1, 5, 0, 4, 3};
    const auto packed_got = doubles(run(*packed, {table, tensor(ov::element::i32, {2, 3}, packed_idx)})[0]);
    std::vector<double> packed_want;
    for (size_t b = 0; b < 2; ++b)
        for (size_t k = 0; k < 6; ++k) {
            double s = 0;
            for (size_t j = 0; j < 3; ++j)
                s += row_of(static_cast<size_t>(packed_idx[b * 3 + j]), k);
            packed_want.push_back(s);
        }
    expect_close(packed_got, packed_want, 1e-5);
}

TEST(Embedding, ErrorsAndIr) {
    auto op = std::make_shared<ov::op::v3::EmbeddingBagOffsetsSum>(param(ov::element::f32, {5, 2}),
                                                                    param(ov::element::i32, {4}),
                                                                    param(ov::element::i32, {2}));
    op->set_friendly_name("ebo");
    ov::TensorVector outputs;
    expect_error([&] { op->evaluate(outputs, {tensor(ov::element::f32, {5, 2}, spec_table),
                                              tensor(ov::element::i32, {4}, {0, 5, 1, 1}),
                                              tensor(ov::element::i32, {2}, {0, 2})}); },
                 {"EmbeddingBagOffsetsSum 'ebo'", "index 5", "out of range"});
    op->set_argument(1, param(ov::element::f32, {4}));
    expect_error([&] { op->validate_and_infer_types(); }, {"EmbeddingBagOffsetsSum 'ebo'", "indices"});
    auto seg = std::make_shared<ov::op::v3::EmbeddingSegmentsSum>(param(ov::element::f32, {5, 2}), param(ov::element::i32, {4}),
                                                                  param(ov::element::i32, {4}), i64_scalar(2));
    seg->set_friendly_name("ess");
    expect_error([&] { seg->evaluate(outputs, {tensor(ov::element::f32, {5, 2}, spec_table),
                                               tensor(ov::element::i32, {4}, {0, 1, 1, 1}),
                                               tensor(ov::element::i32, {4}, {0, 0, 1, 2}),
                                               tensor(ov::element::i64, {}, {2})}); },
                 {"EmbeddingSegmentsSum 'ess'", "segment id 2"});
    auto t = param(ov::element::f32, {5, 2});
    auto i = param(ov::element::i32, {3, 2});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v3::EmbeddingBagPackedSum>(t, i), {t, i}));
    auto t2 = param(ov::element::f32, {5, 2});
    auto i2 = param(ov::element::i32, {4});
    auto o2 = param(ov::element::i32, {2});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v3::EmbeddingBagOffsetsSum>(t2, i2, o2), {t2, i2, o2}));
    auto t3 = param(ov::element::f32, {5, 2});
    auto i3 = param(ov::element::i32, {4});
    auto s3 = param(ov::element::i32, {4});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v3::EmbeddingSegmentsSum>(t3, i3, s3, i64_scalar(3)), {t3, i3, s3}));
}

TEST(ExtractImagePatches, SpecificationExample) {
    std::vector<double> x(100);
    for (size_t i = 0; i < 100; ++i)
        x[i] = static_cast<double>(i + 1);
    auto op = std::make_shared<ov::op::v3::ExtractImagePatches>(param(ov::element::f32, {1, 1, 10, 10}), Shape{3, 3},
                                                                ov::Strides{5, 5}, Shape{1, 1}, ov::op::PadType::VALID);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{1, 9, 2, 2}));
    const auto got = doubles(run(*op, {tensor(ov::element::f32, {1, 1, 10, 10}, x)})[0]);
    // Hand-copied: the first patch channel holds 1, 6, 51, 56; the last 23, 28, 73, 78.
    EXPECT_EQ(std::vector<double>(got.begin(), got.begin() + 4), (std::vector<double>{1, 6, 51, 56}));
    EXPECT_EQ(std::vector<double>(got.end() - 4, got.end()), (std::vector<double>{23, 28, 73, 78}));
    // With rates 2 the patches span 5x5: the 10x10 image holds 2x2 of them at strides 5.
    auto dilated = std::make_shared<ov::op::v3::ExtractImagePatches>(param(ov::element::f32, {1, 1, 10, 10}), Shape{3, 3},
                                                                     ov::Strides{5, 5}, Shape{2, 2},
                                                                     ov::op::PadType::VALID);
    const auto dgot = doubles(run(*dilated, {tensor(ov::element::f32, {1, 1, 10, 10}, x)})[0]);
    EXPECT_EQ(std::vector<double>(dgot.begin(), dgot.begin() + 4), (std::vector<double>{1, 6, 51, 56}));
    EXPECT_EQ(std::vector<double>(dgot.end() - 4, dgot.end()), (std::vector<double>{45, 50, 95, 100}));
}

TEST(ExtractImagePatches, PaddedPatchesMatchLoop) {
    const Shape in_shape{2, 3, 5, 6};
    const auto x = random_values(ov::shape_size(in_shape), 88);
    for (auto pad : {ov::op::PadType::SAME_UPPER, ov::op::PadType::SAME_LOWER, ov::op::PadType::VALID}) {
        SCOPED_TRACE(::testing::Message() << pad);
        auto op = std::make_shared<ov::op::v3::ExtractImagePatches>(param(ov::element::f32, in_shape), Shape{2, 3},
                                                                    ov::Strides{2, 2}, Shape{1, 2}, pad);
        const auto in = tensor(ov::element::f32, in_shape, x);
        const auto out = run(*op, {in});
        const Shape out_shape = out[0].get_shape();
        EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(out_shape));
        // Effective patch 2 x 5; SAME: ceil(5/2) = 3 rows, ceil(6/2) = 3 cols; VALID: 2 rows, 1 col.
        const int64_t out_rows = pad == ov::op::PadType::VALID ? 2 : 3, out_cols = pad == ov::op::PadType::VALID ? 1 : 3;
        ASSERT_EQ(out_shape, (Shape{2, 18, static_cast<size_t>(out_rows), static_cast<size_t>(out_cols)}));
        const int64_t pad_rows = std::max<int64_t>(0, (out_rows - 1) * 2 + 2 - 5);
        const int64_t pad_cols = std::max<int64_t>(0, (out_cols - 1) * 2 + 5 - 6);
        const int64_t top = pad == ov::op::PadType::SAME_LOWER ? (pad_rows + 1) / 2 : pad_rows / 2;
        const int64_t left = pad == ov::op::PadType::SAME_LOWER ? (pad_cols + 1) / 2 : pad_cols / 2;
        const auto xs = doubles(in), got = doubles(out[0]);
        for (size_t i = 0; i < got.size(); ++i) {
            const auto c = unravel(i, out_shape);  // [n, depth, row, col]
            const size_t ch = c[1] % 3, pos = c[1] / 3;
            const int64_t kr = static_cast<int64_t>(pos / 3), kc = static_cast<int64_t>(pos % 3);
            const int64_t y = static_cast<int64_t>(c[2]) * 2 - top + kr;
            const int64_t xcol = static_cast<int64_t>(c[3]) * 2 - left + kc * 2;
            const double want = (y < 0 || y >= 5 || xcol < 0 || xcol >= 6)
                                    ? 0.0
                                    : xs[ravel({c[0], ch, static_cast<size_t>(y), static_cast<size_t>(xcol)}, in_shape)];
            EXPECT_EQ(got[i], want) << "element " << i;
        }
    }
}

TEST(ExtractImagePatches, ShapesErrorsAndIr) {
    auto op = std::make_shared<ov::op::v3::ExtractImagePatches>(param(ov::element::f32, {-1, 3, -1, 8}), Shape{3, 3},
                                                                ov::Strides{2, 2}, Shape{1, 1}, ov::op::PadType::SAME_UPPER);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 27, -1, 4}));
    op->set_friendly_name("eip");
    op->set_sizes(Shape{3});
    expect_error([&] { op->validate_and_infer_types(); }, {"ExtractImagePatches 'eip'", "sizes"});
    op->set_sizes(Shape{3, 3});
    op->set_argument(0, param(ov::element::f32, {1, 3, 8}));
    expect_error([&] { op->validate_and_infer_types(); }, {"ExtractImagePatches 'eip'", "rank 4"});
    auto p = param(ov::element::f32, {1, 2, 6, 6});
    auto read = ir_round_trip(std::make_shared<ov::op::v3::ExtractImagePatches>(p, Shape{2, 2}, ov::Strides{3, 1},
                                                                                Shape{1, 2}, ov::op::PadType::SAME_LOWER),
                              {p});
    ASSERT_TRUE(read);
    EXPECT_EQ(attributes_of(*read).at("sizes"), "2,2");
    EXPECT_EQ(attributes_of(*read).at("strides"), "3,1");
    EXPECT_EQ(attributes_of(*read).at("rates"), "1,2");
    EXPECT_EQ(attributes_of(*read).at("auto_pad"), "same_lower");
}
