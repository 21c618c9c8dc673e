// SPDX-License-Identifier: Apache-2.0
// GatherElements-6 and GatherND-5/-8: the specifications' worked examples, seeded random data against loops
// written here, shapes with dynamic dimensions, out-of-range indices and bad attributes, IR attributes.
#include <gtest/gtest.h>

#include "index_test_util.hpp"
#include "openvino/op/gather_elements.hpp"
#include "openvino/op/gather_nd.hpp"

using namespace index_test;
using ov::PartialShape;
using ov::Shape;

TEST(GatherElements, SpecificationExamples) {
    auto op = std::make_shared<ov::op::v6::GatherElements>(param(ov::element::f32, {3, 3}),
                                                           param(ov::element::i32, {2, 3}), 0);
    auto out = run(*op, {tensor(ov::element::f32, {3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}),
                         tensor(ov::element::i32, {2, 3}, {1, 2, 0, 2, 0, 0})});
    EXPECT_EQ(out[0].get_shape(), (Shape{2, 3}));
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{4, 8, 3, 7, 2, 3}));
    auto op1 = std::make_shared<ov::op::v6::GatherElements>(param(ov::element::i32, {2, 2}),
                                                            param(ov::element::i64, {2, 2}), 1);
    out = run(*op1, {tensor(ov::element::i32, {2, 2}, {1, 2, 3, 4}), tensor(ov::element::i64, {2, 2}, {0, 0, 1, 0})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{1, 1, 4, 3}));
}

TEST(GatherElements, RandomMatchesLoopIncludingNegativeIndices) {
    const Shape data_shape{3, 5, 4};
    for (int64_t axis : {0, 1, 2, -1}) {
        const size_t a = static_cast<size_t>(axis < 0 ? axis + 3 : axis);
        Shape index_shape = data_shape;
        index_shape[a] = 7;  // the axis may be longer than data's
        std::mt19937 rng(static_cast<uint32_t>(40 + a));
        const auto dim = static_cast<int>(data_shape[a]);
        std::uniform_int_distribution<int> pick(-dim, dim - 1);
        std::vector<double> idx(ov::shape_size(index_shape));
        for (auto& i : idx)
            i = pick(rng);
        const auto x = random_values(ov::shape_size(data_shape), 70 + a);
        auto op = std::make_shared<ov::op::v6::GatherElements>(param(ov::element::f32, data_shape),
                                                               param(ov::element::i64, index_shape), axis);
        EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(index_shape));
        const auto out = doubles(run(*op, {tensor(ov::element::f32, data_shape, x), tensor(ov::element::i64, index_shape, idx)})[0]);
        const auto xs = doubles(tensor(ov::element::f32, data_shape, x));
        ASSERT_EQ(out.size(), idx.size());
        for (size_t i = 0; i < idx.size(); ++i) {
            auto c = unravel(i, index_shape);
            const auto v = static_cast<int64_t>(idx[i]);
            c[a] = static_cast<size_t>(v < 0 ? v + dim : v);
            EXPECT_EQ(out[i], xs[ravel(c, data_shape)]) << "axis " << axis << " element " << i;
        }
    }
}

TEST(GatherElements, DynamicShapes) {
    auto op = std::make_shared<ov::op::v6::GatherElements>(param(ov::element::f32, {-1, 5, 4}),
                                                           param(ov::element::i32, {3, -1, -1}), 1);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{3, -1, 4}));
    auto unknown_indices = std::make_shared<ov::op::v6::GatherElements>(
        param(ov::element::f32, {2, 5, 4}), param(ov::element::i32, PartialShape::dynamic()), -2);
    EXPECT_EQ(unknown_indices->get_output_partial_shape(0), (PartialShape{2, -1, 4}));
    auto unknown_data = std::make_shared<ov::op::v6::GatherElements>(param(ov::element::f32, PartialShape::dynamic()),
                                                                     param(ov::element::i32, {2, 6}), 0);
    EXPECT_EQ(unknown_data->get_output_partial_shape(0), (PartialShape{2, 6}));
}

TEST(GatherElements, ErrorsNameTheOp) {
    auto op = std::make_shared<ov::op::v6::GatherElements>(param(ov::element::f32, {3, 3}),
                                                           param(ov::element::i32, {2, 3}), 0);
    op->set_friendly_name("ge");
    ov::TensorVector outputs;
    expect_error([&] { op->evaluate(outputs, {tensor(ov::element::f32, {3, 3}, random_values(9, 3)),
                                              tensor(ov::element::i32, {2, 3}, {0, 1, 3, 0, 0, 0})}); },
                 {"GatherElements 'ge'", "index 3", "out of range"});
    op->set_axis(2);
    expect_error([&] { op->validate_and_infer_types(); }, {"GatherElements 'ge'", "axis 2"});
    op->set_axis(0);
    op->set_argument(1, param(ov::element::i32, {2, 4}));
    expect_error([&] { op->validate_and_infer_types(); }, {"GatherElements 'ge'", "dimension 1"});
    op->set_argument(1, param(ov::element::i32, {2}));
    expect_error([&] { op->validate_and_infer_types(); }, {"GatherElements 'ge'", "same rank"});
    op->set_argument(1, param(ov::element::f32, {2, 3}));
    expect_error([&] { op->validate_and_infer_types(); }, {"GatherElements 'ge'", "indices"});
}

TEST(GatherND, SpecificationExamples) {
    // batch_dims 0, full tuples: elements.
    auto op = std::make_shared<ov::op::v8::GatherND>(param(ov::element::f32, {2, 2}), param(ov::element::i32, {2, 2}));
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{2}));
    auto out = run(*op, {tensor(ov::element::f32, {2, 2}, {1, 2, 3, 4}), tensor(ov::element::i32, {2, 2}, {0, 0, 1, 0})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{1, 3}));
    // Partial tuples: rows.
    auto rows = std::make_shared<ov::op::v8::GatherND>(param(ov::element::f32, {2, 2}), param(ov::element::i32, {2, 1}));
    out = run(*rows, {tensor(ov::element::f32, {2, 2}, {1, 2, 3, 4}), tensor(ov::element::i32, {2, 1}, {1, 0})});
    EXPECT_EQ(out[0].get_shape(), (Shape{2, 2}));
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{3, 4, 1, 2}));
    // batch_dims 1.
    std::vector<double> x(24);
    for (size_t i = 0; i < x.size(); ++i)
        x[i] = static_cast<double>(i + 1);
    auto batched = std::make_shared<ov::op::v8::GatherND>(param(ov::element::i32, {2, 3, 4}),
                                                          param(ov::element::i64, {2, 1}), 1);
    EXPECT_EQ(batched->get_output_partial_shape(0), (PartialShape{2, 4}));
    out = run(*batched, {tensor(ov::element::i32, {2, 3, 4}, x), tensor(ov::element::i64, {2, 1}, {1, 0})});
    EXPECT_EQ(doubles(out[0]), (std::vector<double>{5, 6, 7, 8, 13, 14, 15, 16}));
}

TEST(GatherND, BatchDimsShapesV5FoldsV8Keeps) {
    auto v5 = std::make_shared<ov::op::v5::GatherND>(param(ov::element::f32, {2, 3, 4, 5}),
                                                     param(ov::element::i32, {2, 3, 6, 1}), 2);
    EXPECT_EQ(v5->get_output_partial_shape(0), (PartialShape{6, 6, 5}));
    auto v8 = std::make_shared<ov::op::v8::GatherND>(param(ov::element::f32, {2, 3, 4, 5}),
                                                     param(ov::element::i32, {2, 3, 6, 1}), 2);
    EXPECT_EQ(v8->get_output_partial_shape(0), (PartialShape{2, 3, 6, 5}));
    auto dynamic_batch = std::make_shared<ov::op::v5::GatherND>(param(ov::element::f32, {-1, 3, 4, 5}),
                                                                param(ov::element::i32, {-1, 3, 6, 2}), 2);
    EXPECT_EQ(dynamic_batch->get_output_partial_shape(0), (PartialShape{-1, 6}));
    auto dynamic_v8 = std::make_shared<ov::op::v8::GatherND>(param(ov::element::f32, {2, -1, 4, 5}),
                                                             param(ov::element::i32, {-1, 3, -1, 1}), 1);
    EXPECT_EQ(dynamic_v8->get_output_partial_shape(0), (PartialShape{2, 3, -1, 4, 5}));
    auto unknown_tuple = std::make_shared<ov::op::v8::GatherND>(param(ov::element::f32, {2, 3}),
                                                                param(ov::element::i32, {4, -1}));
    EXPECT_FALSE(unknown_tuple->get_output_partial_shape(0).rank_is_static());
}

TEST(GatherND, RandomBatchedMatchesLoop) {
    const Shape data_shape{2, 3, 4, 5};
    const Shape index_shape{2, 3, 6, 1};
    std::mt19937 rng(17);
    std::uniform_int_distribution<int> pick(-4, 3);
    std::vector<double> idx(ov::shape_size(index_shape));
    for (auto& i : idx)
        i = pick(rng);
    const auto x = random_values(ov::shape_size(data_shape), 18);
    const auto xt = tensor(ov::element::f32, data_shape, x);
    const auto it = tensor(ov::element::i32, index_shape, idx);
    auto v5 = std::make_shared<ov::op::v5::GatherND>(param(ov::element::f32, data_shape), param(ov::element::i32, index_shape), 2);
    auto v8 = std::make_shared<ov::op::v8::GatherND>(param(ov::element::f32, data_shape), param(ov::element::i32, index_shape), 2);
    const auto out5 = run(*v5, {xt, it});
    const auto out8 = run(*v8, {xt, it});
    EXPECT_EQ(out5[0].get_shape(), (Shape{6, 6, 5}));
    EXPECT_EQ(out8[0].get_shape(), (Shape{2, 3, 6, 5}));
    const auto xs = doubles(xt);
    std::vector<double> want;
    for (size_t b0 = 0; b0 < 2; ++b0)
        for (size_t b1 = 0; b1 < 3; ++b1)
            for (size_t j = 0; j < 6; ++j) {
                auto v = static_cast<int64_t>(idx[ravel({b0, b1, j, 0}, index_shape)]);
                const auto row = static_cast<size_t>(v < 0 ? v + 4 : v);
                for (size_t k = 0; k < 5; ++k)
                    want.push_back(xs[ravel({b0, b1, row, k}, data_shape)]);
            }
    EXPECT_EQ(doubles(out5[0]), want);
    EXPECT_EQ(doubles(out8[0]), want);
}

TEST(GatherND, ErrorsNameTheOp) {
    auto op = std::make_shared<ov::op::v8::GatherND>(param(ov::element::f32, {2, 2}), param(ov::element::i32, {2, 2}));
    op->set_friendly_name("gnd");
    ov::TensorVector outputs;
    expect_error([&] { op->evaluate(outputs, {tensor(ov::element::f32, {2, 2}, {1, 2, 3, 4}),
                                              tensor(ov::element::i32, {2, 2}, {0, 0, 2, 0})}); },
                 {"GatherND 'gnd'", "index 2", "out of range"});
    op->set_argument(1, param(ov::element::i32, {2, 3}));
    expect_error([&] { op->validate_and_infer_types(); }, {"GatherND 'gnd'", "last dimension of indices"});
    op->set_argument(1, param(ov::element::i32, {2, 1}));
    op->set_batch_dims(2);
    expect_error([&] { op->validate_and_infer_types(); }, {"GatherND 'gnd'", "batch_dims 2"});
    op->set_batch_dims(1);
    op->set_argument(1, param(ov::element::i32, {3, 1}));
    expect_error([&] { op->validate_and_infer_types(); }, {"GatherND 'gnd'", "batch dimension 0"});
}

TEST(GatherIndexOps, AttributesThroughIr) {
    auto d = param(ov::element::f32, {3, 4});
    auto i = param(ov::element::i32, {3, 2});
    auto ge = std::make_shared<ov::op::v6::GatherElements>(d, i, -1);
    auto read = ir_round_trip(ge, {d, i});
    ASSERT_TRUE(read);
    EXPECT_EQ(attributes_of(*read).at("axis"), "-1");
    auto d5 = param(ov::element::f32, {2, 3, 4});
    auto i5 = param(ov::element::i32, {2, 5, 1});
    auto read5 = ir_round_trip(std::make_shared<ov::op::v5::GatherND>(d5, i5, 1), {d5, i5});
    ASSERT_TRUE(read5);
    EXPECT_EQ(attributes_of(*read5).at("batch_dims"), "1");
    auto d8 = param(ov::element::f32, {2, 3, 4});
    auto i8 = param(ov::element::i32, {2, 5, 2});
    ASSERT_TRUE(ir_round_trip(std::make_shared<ov::op::v8::GatherND>(d8, i8, 1), {d8, i8}));
}
