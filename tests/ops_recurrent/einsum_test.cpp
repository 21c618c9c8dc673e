// SPDX-License-Identifier: Apache-2.0
// Einsum-7 on the common equation forms (matmul, batch matmul, transpose, trace and diagonal, reductions,
// outer and element-wise products, ellipsis broadcasting, implicit output) against explicit loops written
// here; shape inference with dynamic dims; errors; the equation's IR round trip.
#include <gtest/gtest.h>

#include <random>

#include "openvino/op/einsum.hpp"
#include "recurrent_test_util.hpp"

namespace {

using namespace rectest;
using ov::Shape;
using ov::element::Type;
using Einsum = ov::op::v7::Einsum;

struct Operands {
    std::vector<Shape> shapes;
    std::vector<std::vector<double>> values;
};

// Integers in [-3, 3] so that i32 results are exact; the reals use the same values.
Operands operands(const std::vector<Shape>& shapes, uint32_t seed) {
    std::mt19937 rng(seed);
    Operands o{shapes, {}};
    for (const auto& s : shapes)
        o.values.push_back(random_ints(ov::shape_size(s), rng, -3, 3));
    return o;
}

ov::TensorVector run_einsum(const Type& type, const std::string& equation, const Operands& o) {
    ov::OutputVector args;
    ov::TensorVector tensors;
    for (size_t i = 0; i < o.shapes.size(); ++i) {
        args.push_back(param(type, o.shapes[i]));
        tensors.push_back(make_tensor(type, o.shapes[i], o.values[i]));
    }
    return run(std::make_shared<Einsum>(args, equation), tensors);
}

class EinsumTest : public ::testing::TestWithParam<Type> {
protected:
    void check(const std::string& equation, const Operands& o, const Shape& expected_shape,
               const std::vector<double>& expected) {
        SCOPED_TRACE(equation);
        const auto out = run_einsum(GetParam(), equation, o);
        ASSERT_EQ(out.size(), 1u);
        EXPECT_EQ(out[0].get_shape(), expected_shape);
        // f16 holds the small integer sums here exactly.
        expect_close(read_tensor(out[0]), expected, 1e-6, 1e-6);
    }
};

TEST_P(EinsumTest, MatmulAndBatchMatmul) {
    const auto o = operands({{3, 4}, {4, 5}}, 701);
    std::vector<double> mm(3 * 5, 0.0);
    for (size_t i = 0; i < 3; ++i)
        for (size_t k = 0; k < 5; ++k)
            for (size_t j = 0; j < 4; ++j)
                mm[i * 5 + k] += o.values[0][i * 4 + j] * o.values[1][j * 5 + k];
    check("ij,jk->ik", o, {3, 5}, mm);
    check("ij,jk", o, {3, 5}, mm);  // implicit output: the labels seen once, alphabetically
    check(" ij , jk -> ik ", o, {3, 5}, mm);

    const auto b = operands({{2, 3, 4}, {2, 4, 2}}, 702);
    std::vector<double> bmm(2 * 3 * 2, 0.0);
    for (size_t n = 0; n < 2; ++n)
        for (size_t i = 0; i < 3; ++i)
            for (size_t k = 0; k < 2; ++k)
                for (size_t j = 0; j < 4; ++j)
                    bmm[(n * 3 + i) * 2 + k] += b.values[0][(n * 3 + i) * 4 + j] * b.values[1][(n * 4 + j) * 2 + k];
    check("bij,bjk->bik", b, {2, 3, 2}, bmm);
}

TEST_P(EinsumTest, TransposeTraceDiagonalAndReductions) {
    const auto m = operands({{3, 4}}, 703);
    std::vector<double> t(12), sum_all{0.0}, row_sums(3, 0.0);
    for (size_t i = 0; i < 3; ++i)
        for (size_t j = 0; j < 4; ++j) {
            t[j * 3 + i] = m.values[0][i * 4 + j];
            sum_all[0] += m.values[0][i * 4 + j];
            row_sums[i] += m.values[0][i * 4 + j];
        }
    check("ij->ji", m, {4, 3}, t);
    check("ji", m, {4, 3}, t);  // implicit output sorts the labels: i then j, a transpose
    check("ij->", m, {}, sum_all);
    check("ij->i", m, {3}, row_sums);

    const auto sq = operands({{4, 4}}, 704);
    std::vector<double> diag(4), trace{0.0};
    for (size_t i = 0; i < 4; ++i) {
        diag[i] = sq.values[0][i * 4 + i];
        trace[0] += diag[i];
    }
    check("ii->i", sq, {4}, diag);
    check("ii", sq, {}, trace);
    check("ii->", sq, {}, trace);

    const auto cube = operands({{2, 3, 4}}, 705);
    std::vector<double> middle(3, 0.0);
    for (size_t i = 0; i < 2; ++i)
        for (size_t j = 0; j < 3; ++j)
            for (size_t k = 0; k < 4; ++k)
                middle[j] += cube.values[0][(i * 3 + j) * 4 + k];
    check("ijk->j", cube, {3}, middle);

    // Batched diagonal through an ellipsis.
    const auto bd = operands({{2, 3, 3}}, 706);
    std::vector<double> bdiag(6);
    for (size_t n = 0; n < 2; ++n)
        for (size_t i = 0; i < 3; ++i)
            bdiag[n * 3 + i] = bd.values[0][(n * 3 + i) * 3 + i];
    check("...ii->...i", bd, {2, 3}, bdiag);
}

TEST_P(EinsumTest, OuterElementwiseAndEllipsisBroadcast) {
    const auto v = operands({{3}, {4}}, 707);
    std::vector<double> outer(12);
    for (size_t i = 0; i < 3; ++i)
        for (size_t j = 0; j < 4; ++j)
            outer[i * 4 + j] = v.values[0][i] * v.values[1][j];
    check("i,j->ij", v, {3, 4}, outer);

    const auto h = operands({{2, 3}, {2, 3}, {2, 3}}, 708);
    std::vector<double> had(6);
    for (size_t i = 0; i < 6; ++i)
        had[i] = h.values[0][i] * h.values[1][i] * h.values[2][i];
    check("ij,ij,ij->ij", h, {2, 3}, had);

    // A [2, 1, 3, 4] and B [5, 4, 2]: the ellipsis axes [2, 1] and [5] broadcast to [2, 5].
    const auto e = operands({{2, 1, 3, 4}, {5, 4, 2}}, 709);
    std::vector<double> bc(2 * 5 * 3 * 2, 0.0);
    for (size_t p = 0; p < 2; ++p)
        for (size_t q = 0; q < 5; ++q)
            for (size_t i = 0; i < 3; ++i)
                for (size_t k = 0; k < 2; ++k)
                    for (size_t j = 0; j < 4; ++j)
                        bc[((p * 5 + q) * 3 + i) * 2 + k] += e.values[0][(p * 3 + i) * 4 + j] * e.values[1][(q * 4 + j) * 2 + k];
    check("...ij,...jk->...ik", e, {2, 5, 3, 2}, bc);
    check("...ij,...jk", e, {2, 5, 3, 2}, bc);

    // An ellipsis left out of the output is summed over.
    std::vector<double> summed(3 * 2, 0.0);
    for (size_t i = 0; i < bc.size(); ++i)
        summed[i % 6] += bc[i];
    check("...ij,...jk->ik", e, {3, 2}, summed);
}

INSTANTIATE_TEST_SUITE_P(Types, EinsumTest, ::testing::Values(ov::element::f32, ov::element::f16, ov::element::i32),
                         [](const ::testing::TestParamInfo<Type>& info) { return info.param.get_type_name(); });

TEST(EinsumShapes, DynamicDims) {
    const Type t = ov::element::f32;
    auto a = std::make_shared<Einsum>(ov::OutputVector{param(t, {-1, 4}), param(t, {4, -1})}, "ij,jk->ik");
    EXPECT_EQ(a->get_output_partial_shape(0), (ov::PartialShape{-1, -1}));
    auto b = std::make_shared<Einsum>(ov::OutputVector{param(t, {3, -1}), param(t, {-1, 5})}, "ij,jk->ik");
    EXPECT_EQ(b->get_output_partial_shape(0), (ov::PartialShape{3, 5}));
    // A dimension known in one operand fixes the label for all.
    auto c = std::make_shared<Einsum>(ov::OutputVector{param(t, {-1, -1, 4}), param(t, {2, 4, 6})}, "bij,bjk->bik");
    EXPECT_EQ(c->get_output_partial_shape(0), (ov::PartialShape{2, -1, 6}));
    // Ellipsis of unknown rank: the output rank is unknown too.
    auto d = std::make_shared<Einsum>(ov::OutputVector{param(t, ov::PartialShape::dynamic()), param(t, {4, 6})},
                                      "...ij,jk->...ik");
    EXPECT_TRUE(d->get_output_partial_shape(0).rank().is_dynamic());
    // Without an ellipsis the output rank is known from the subscripts alone.
    auto e = std::make_shared<Einsum>(ov::OutputVector{param(t, ov::PartialShape::dynamic()), param(t, {4, 6})},
                                      "ij,jk->ki");
    EXPECT_EQ(e->get_output_partial_shape(0), (ov::PartialShape{6, -1}));
    auto f = std::make_shared<Einsum>(ov::OutputVector{param(t, {-1, 2, 3, 4}), param(t, {1, 4, 5})}, "...ij,...jk->...ik");
    EXPECT_EQ(f->get_output_partial_shape(0), (ov::PartialShape{-1, 2, 3, 5}));
}

TEST(EinsumErrors, BadEquationsAndShapesNameTheOp) {
    const Type t = ov::element::f32;
    expect_error([&] { std::make_shared<Einsum>(ov::OutputVector{param(t, {3, 4}), param(t, {5, 6})}, "ij,jk->ik"); },
                 {"Einsum", "label 'j'"});
    expect_error([&] { std::make_shared<Einsum>(ov::OutputVector{param(t, {3, 4})}, "ij,jk->ik"); },
                 {"Einsum", "2 input subscripts"});
    expect_error([&] { std::make_shared<Einsum>(ov::OutputVector{param(t, {3, 4})}, "i1->i"); }, {"Einsum", "'1'"});
    expect_error([&] { std::make_shared<Einsum>(ov::OutputVector{param(t, {3, 4})}, "ij->k"); }, {"Einsum", "'k'"});
    expect_error([&] { std::make_shared<Einsum>(ov::OutputVector{param(t, {3, 4})}, "ij->ii"); }, {"Einsum", "repeats"});
    expect_error([&] { std::make_shared<Einsum>(ov::OutputVector{param(t, {3, 4, 5})}, "ij->i"); },
                 {"Einsum", "does not fit"});
    expect_error([&] { std::make_shared<Einsum>(ov::OutputVector{param(t, {3, 4}), param(ov::element::i32, {4})}, "ij,j->i"); },
                 {"Einsum", "element type"});
    expect_error([&] { std::make_shared<Einsum>(ov::OutputVector{param(t, {2, 3, 4}), param(t, {3, 4, 5})}, "...ij,...jk->...ik"); },
                 {"Einsum", "ellipsis"});
}

TEST(EinsumIr, EquationRoundTrips) {
    const Type t = ov::element::f32;
    auto A = param(t, {2, 3, 4}), B = param(t, {2, 4, 5});
    auto op = std::make_shared<Einsum>(ov::OutputVector{A, B}, "bij,bjk->bik");
    EXPECT_EQ(attributes_of(*op).at("equation"), "bij,bjk->bik");
    auto back = std::dynamic_pointer_cast<Einsum>(ir_round_trip(op, {A, B}));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_equation(), "bij,bjk->bik");
    EXPECT_EQ(back->get_output_partial_shape(0), (ov::PartialShape{2, 3, 5}));
    std::vector<std::string> inputs;
    std::string output;
    Einsum::parse_equation("ba,cb", inputs, output);
    EXPECT_EQ(inputs, (std::vector<std::string>{"ba", "cb"}));
    EXPECT_EQ(output, "ac");
}

}  // namespace
