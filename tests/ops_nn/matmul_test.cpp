// SPDX-License-Identifier: Apache-2.0
// MatMul-1: shape rules of the specification (1-D operands, transposes, batch broadcasting), errors,
// attributes, and evaluate() against a naive product written here.
#include <gtest/gtest.h>

#include <random>

#include "nn_test_util.hpp"
#include "openvino/op/matmul.hpp"
#include "ops/op_registry.hpp"

using namespace nntest;
using ov::PartialShape;
using ov::Shape;

namespace {

std::shared_ptr<ov::op::v0::MatMul> matmul(const PartialShape& a, const PartialShape& b, bool ta = false,
                                           bool tb = false, ov::element::Type type = ov::element::f32) {
    return std::make_shared<ov::op::v0::MatMul>(param(type, a), param(type, b), ta, tb);
}

// The product written from the specification's steps: 1-D operands become [1, K] / [K, 1], transposes swap
// the two innermost axes, batch axes broadcast from the right, and the inserted unit axes are dropped.
std::vector<double> naive_matmul(const std::vector<double>& a, std::vector<size_t> as, const std::vector<double>& b,
                                 std::vector<size_t> bs, bool ta, bool tb, std::vector<size_t>& out_shape) {
    const bool a_vec = as.size() == 1, b_vec = bs.size() == 1;
    if (a_vec) {
        as.insert(as.begin(), 1);
        ta = false;
    }
    if (b_vec) {
        bs.push_back(1);
        tb = false;
    }
    // Element (batch coordinate, row, col) of an operand before transposition.
    const auto at = [](const std::vector<double>& v, const std::vector<size_t>& shape,
                       const std::vector<size_t>& batch, size_t r, size_t c) {
        std::vector<size_t> coord;
        const size_t rank = shape.size();
        for (size_t i = 0; i + 2 < rank; ++i) {
            const size_t from_batch = batch.size() - (rank - 2) + i;
            coord.push_back(shape[i] == 1 ? 0 : batch[from_batch]);
        }
        coord.push_back(r);
        coord.push_back(c);
        return v[ravel(coord, shape)];
    };
    const size_t M = ta ? as.back() : as[as.size() - 2];
    const size_t K = ta ? as[as.size() - 2] : as.back();
    const size_t N = tb ? bs[bs.size() - 2] : bs.back();
    const size_t batch_rank = std::max(as.size(), bs.size()) - 2;
    std::vector<size_t> batch_shape(batch_rank, 1);
    for (size_t i = 0; i < batch_rank; ++i) {
        const size_t ia = i + as.size() - 2, ib = i + bs.size() - 2;  // index from the left, aligned right
        const size_t da = ia >= batch_rank ? as[ia - batch_rank] : 1;
        const size_t db = ib >= batch_rank ? bs[ib - batch_rank] : 1;
        batch_shape[i] = std::max(da, db);
    }
    out_shape = batch_shape;
    if (!a_vec)
        out_shape.push_back(M);
    if (!b_vec)
        out_shape.push_back(N);
    std::vector<double> out;
    for (size_t bi = 0; bi < volume(batch_shape); ++bi) {
        const auto batch = unravel(bi, batch_shape);
        for (size_t m = 0; m < M; ++m) {
            for (size_t n = 0; n < N; ++n) {
                double acc = 0;
                for (size_t k = 0; k < K; ++k)
                    acc += (ta ? at(a, as, batch, k, m) : at(a, as, batch, m, k)) *
                           (tb ? at(b, bs, batch, n, k) : at(b, bs, batch, k, n));
                out.push_back(acc);
            }
        }
    }
    return out;
}

void check_against_naive(const std::vector<size_t>& as, const std::vector<size_t>& bs, bool ta, bool tb,
                         unsigned seed, ov::element::Type type = ov::element::f32) {
    std::mt19937 rng(seed);
    const bool integer = type == ov::element::i32 || type == ov::element::i64;
    const auto a = as_stored(type, Shape(as), integer ? random_ints(volume(as), rng, -9, 9) : random_values(volume(as), rng));
    const auto b = as_stored(type, Shape(bs), integer ? random_ints(volume(bs), rng, -9, 9) : random_values(volume(bs), rng));
    auto op = matmul(Shape(as), Shape(bs), ta, tb, type);
    std::vector<size_t> expected_shape;
    const auto expected = naive_matmul(a, as, b, bs, ta, tb, expected_shape);
    ASSERT_EQ(op->get_output_shape(0), Shape(expected_shape));
    ov::TensorVector outputs;
    ASSERT_TRUE(op->evaluate(outputs, {make_tensor(type, Shape(as), a), make_tensor(type, Shape(bs), b)}));
    ASSERT_EQ(outputs[0].get_shape(), Shape(expected_shape));
    EXPECT_EQ(outputs[0].get_element_type(), type);
    if (integer)
        EXPECT_EQ(read_tensor(outputs[0]), expected);
    else if (type == ov::element::f16)
        expect_close(read_tensor(outputs[0]), expected, 2e-3, 2e-3);  // output rounded to half precision
    else
        expect_close(read_tensor(outputs[0]), expected, 1e-5, 1e-5);  // float sums of <= 16 products in [-1, 1]
}

}  // namespace

TEST(MatMul, TypeInfo) {
    EXPECT_STREQ(ov::op::v0::MatMul::get_type_info_static().name, "MatMul");
    EXPECT_STREQ(ov::op::v0::MatMul::get_type_info_static().version_id, "opset1");
    EXPECT_TRUE(ov::is_type<ov::op::v0::MatMul>(devmux::OpRegistry::instance().create("MatMul", "opset8")));
}

TEST(MatMul, SpecificationShapes) {
    EXPECT_EQ(matmul(Shape{1024}, Shape{1024, 1000})->get_output_partial_shape(0), PartialShape({1000}));
    EXPECT_EQ(matmul(Shape{1000, 1024}, Shape{1024})->get_output_partial_shape(0), PartialShape({1000}));
    EXPECT_EQ(matmul(Shape{1024}, Shape{1000, 1024}, false, true)->get_output_partial_shape(0), PartialShape({1000}));
    EXPECT_EQ(matmul(Shape{10, 1024}, Shape{1024, 1000})->get_output_partial_shape(0), PartialShape({10, 1000}));
    EXPECT_EQ(matmul(Shape{5, 10, 1024}, Shape{1024, 1000})->get_output_partial_shape(0),
              PartialShape({5, 10, 1000}));
    EXPECT_EQ(matmul(Shape{7}, Shape{7})->get_output_partial_shape(0), PartialShape(std::vector<ov::Dimension>{}));
}

TEST(MatMul, TransposeIgnoredFor1D) {
    EXPECT_EQ(matmul(Shape{4}, Shape{4, 3}, true, false)->get_output_partial_shape(0), PartialShape({3}));
    EXPECT_EQ(matmul(Shape{2, 4}, Shape{4}, false, true)->get_output_partial_shape(0), PartialShape({2}));
}

TEST(MatMul, BatchBroadcasting) {
    EXPECT_EQ(matmul(Shape{2, 1, 3, 4}, Shape{5, 4, 6})->get_output_partial_shape(0), PartialShape({2, 5, 3, 6}));
    EXPECT_EQ(matmul(Shape{3, 4, 2}, Shape{1, 6, 4}, true, true)->get_output_partial_shape(0),
              PartialShape({3, 2, 6}));
    EXPECT_EQ(matmul(Shape{2}, Shape{3, 2, 5})->get_output_partial_shape(0), PartialShape({3, 5}));
}

TEST(MatMul, DynamicShapes) {
    EXPECT_EQ(matmul(PartialShape{-1, 3, 4}, PartialShape{4, -1})->get_output_partial_shape(0),
              PartialShape({-1, 3, -1}));
    EXPECT_EQ(matmul(PartialShape::dynamic(), PartialShape{4, 5})->get_output_partial_shape(0),
              PartialShape::dynamic());
}

TEST(MatMul, ErrorsNameTheOp) {
    auto a = param(ov::element::f32, Shape{2, 3});
    auto b = param(ov::element::f32, Shape{4, 5});
    expect_error([&] { ov::op::v0::MatMul(a, b); }, {"MatMul", "inner dimensions", "[2,3]", "[4,5]"});
    expect_error([&] { ov::op::v0::MatMul(param(ov::element::f32, Shape{2, 3, 4}), param(ov::element::f32, Shape{5, 4, 6})); },
                 {"MatMul", "batch"});
    expect_error([&] { ov::op::v0::MatMul(param(ov::element::f32, Shape{2, 3}), param(ov::element::i32, Shape{3, 2})); },
                 {"MatMul", "f32", "i32"});
    expect_error([&] { ov::op::v0::MatMul(param(ov::element::f32, Shape{}), param(ov::element::f32, Shape{3})); },
                 {"MatMul", "rank"});

    auto op = matmul(Shape{2, 3}, Shape{3, 4});
    op->set_friendly_name("fc1");
    op->set_transpose_b(true);
    expect_error([&] { op->validate_and_infer_types(); }, {"MatMul 'fc1'", "inner dimensions"});
}

TEST(MatMul, AttributesRoundTrip) {
    auto op = matmul(Shape{3, 2}, Shape{4, 3}, true, true);
    RecordingVisitor visitor;
    op->visit_attributes(visitor);
    EXPECT_EQ(visitor.values().at("transpose_a"), "true");
    EXPECT_EQ(visitor.values().at("transpose_b"), "true");
    visitor.values()["transpose_a"] = "False";  // the IR's spelling in the head-pose model
    auto fresh = std::make_shared<ov::op::v0::MatMul>();
    visitor.start_replay();
    fresh->visit_attributes(visitor);
    EXPECT_FALSE(fresh->get_transpose_a());
    EXPECT_TRUE(fresh->get_transpose_b());
    auto clone = op->clone_with_new_inputs({param(ov::element::f32, Shape{3, 2}), param(ov::element::f32, Shape{4, 3})});
    EXPECT_EQ(clone->get_output_partial_shape(0), PartialShape({2, 4}));
}

TEST(MatMul, EvaluateHandComputed) {
    auto op = matmul(Shape{2, 2}, Shape{2, 2});
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{2, 2})};
    ASSERT_TRUE(op->evaluate(outputs, {make_tensor(ov::element::f32, Shape{2, 2}, {1, 2, 3, 4}),
                                       make_tensor(ov::element::f32, Shape{2, 2}, {5, 6, 7, 8})}));
    EXPECT_EQ(read_tensor(outputs[0]), std::vector<double>({19, 22, 43, 50}));
    auto dot = matmul(Shape{3}, Shape{3});
    ov::TensorVector scalar;
    ASSERT_TRUE(dot->evaluate(scalar, {make_tensor(ov::element::f32, Shape{3}, {1, 2, 3}),
                                       make_tensor(ov::element::f32, Shape{3}, {4, -5, 6})}));
    EXPECT_EQ(scalar[0].get_shape(), Shape{});
    EXPECT_EQ(read_tensor(scalar[0]), std::vector<double>({12}));
}

TEST(MatMul, EvaluateMatricesAllTransposes) {
    unsigned seed = 40;
    for (bool ta : {false, true})
        for (bool tb : {false, true})
            check_against_naive(ta ? std::vector<size_t>{5, 3} : std::vector<size_t>{3, 5},
                                tb ? std::vector<size_t>{4, 5} : std::vector<size_t>{5, 4}, ta, tb, seed++);
}

TEST(MatMul, EvaluateVectors) {
    check_against_naive({6}, {6, 3}, false, false, 50);
    check_against_naive({6}, {3, 6}, true, true, 51);
    check_against_naive({4, 6}, {6}, false, false, 52);
    check_against_naive({6, 4}, {6}, true, true, 53);
    check_against_naive({6}, {6}, false, false, 54);
    check_against_naive({6}, {2, 6, 3}, false, false, 55);
}

TEST(MatMul, EvaluateBroadcastBatches) {
    check_against_naive({2, 1, 3, 4}, {5, 4, 6}, false, false, 60);
    check_against_naive({3, 4, 2}, {1, 6, 4}, true, true, 61);
    check_against_naive({2, 3, 4}, {4, 5}, false, false, 62);
    check_against_naive({3, 5}, {2, 2, 5, 3}, false, false, 63);
}

TEST(MatMul, EvaluateIntegerAndHalf) {
    check_against_naive({2, 3, 4}, {4, 5}, false, false, 70, ov::element::i32);
    check_against_naive({3, 4}, {2, 5, 4}, false, true, 71, ov::element::i64);
    check_against_naive({2, 3, 8}, {8, 5}, false, false, 72, ov::element::f16);
}
