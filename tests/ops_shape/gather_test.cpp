// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "openvino/op/gather.hpp"
#include "test_util.hpp"

using namespace ops_shape_test;
using ov::PartialShape;
using ov::Shape;

TEST(Gather, V1InfersShape) {
    auto g = std::make_shared<ov::op::v1::Gather>(param(ov::element::f32, {5, 6, 7}), param(ov::element::i32, {2, 3}),
                                                  i64_scalar(1));
    EXPECT_EQ(g->get_output_partial_shape(0), (PartialShape{5, 2, 3, 7}));
    EXPECT_EQ(g->get_axis(), 1);
}

TEST(Gather, NegativeAxisIsNormalised) {
    auto g = std::make_shared<ov::op::v8::Gather>(param(ov::element::f32, {5, 6, 7}), param(ov::element::i64, {4}),
                                                  i64_scalar(-1));
    EXPECT_EQ(g->get_output_partial_shape(0), (PartialShape{5, 6, 4}));
    EXPECT_EQ(g->get_axis(), 2);
}

TEST(Gather, V1AxisNotSetWhenNotConstant) {
    auto g = std::make_shared<ov::op::v1::Gather>(param(ov::element::f32, {5, 6}), param(ov::element::i64, {4}),
                                                  param(ov::element::i64, PartialShape{}));
    EXPECT_EQ(g->get_axis(), ov::op::v1::Gather::AXIS_NOT_SET_VALUE);
    EXPECT_EQ(g->get_output_partial_shape(0), PartialShape(std::vector<ov::Dimension>(2)));
}

TEST(Gather, BatchDimsShape) {
    auto g = std::make_shared<ov::op::v7::Gather>(param(ov::element::f32, {2, 5, 6}), param(ov::element::i64, {2, 3}),
                                                  i64_scalar(2), 1);
    EXPECT_EQ(g->get_output_partial_shape(0), (PartialShape{2, 5, 3}));
    auto negative = std::make_shared<ov::op::v8::Gather>(param(ov::element::f32, {2, 5, 6}),
                                                         param(ov::element::i64, {2, 3}), i64_scalar(2), -1);
    EXPECT_EQ(negative->get_batch_dims(), 1);
    EXPECT_EQ(negative->get_output_partial_shape(0), (PartialShape{2, 5, 3}));
}

TEST(Gather, BatchDimsMismatchNamesOp) {
    auto g = std::make_shared<ov::op::v8::Gather>(param(ov::element::f32, {2, 5}), param(ov::element::i64, {2, 3}),
                                                  i64_scalar(1), 1);
    g->set_friendly_name("my_gather");
    g->set_argument(1, param(ov::element::i64, {3, 3}));
    expect_error([&] { g->validate_and_infer_types(); }, {"Gather 'my_gather'", "batch dimension 0"});
}

TEST(Gather, BatchDimsAboveAxisNamesOp) {
    auto g = std::make_shared<ov::op::v7::Gather>(param(ov::element::f32, {2, 5}), param(ov::element::i64, {2, 3}),
                                                  i64_scalar(1), 1);
    g->set_friendly_name("g");
    g->set_argument(2, i64_scalar(0));
    expect_error([&] { g->validate_and_infer_types(); }, {"Gather 'g'", "batch_dims"});
}

TEST(Gather, FloatIndicesNameOp) {
    auto g = std::make_shared<ov::op::v8::Gather>(param(ov::element::f32, {2, 5}), param(ov::element::i64, {2}),
                                                  i64_scalar(1));
    g->set_friendly_name("g");
    g->set_argument(1, param(ov::element::f32, {2}));
    expect_error([&] { g->validate_and_infer_types(); }, {"Gather 'g'", "indices"});
}

TEST(Gather, EvaluateMatchesNaiveLoop) {
    const Shape data_shape{3, 4, 5};
    auto g = std::make_shared<ov::op::v1::Gather>(param(ov::element::f32, data_shape), param(ov::element::i32, {2, 2}),
                                                  i64_scalar(1));
    ov::Tensor indices(ov::element::i32, {2, 2});
    const std::vector<int32_t> idx{3, 0, 0, 2};
    for (size_t i = 0; i < 4; ++i)
        indices.data<int32_t>()[i] = idx[i];
    ov::TensorVector inputs{random_f32(data_shape, 31), indices, i64_tensor({}, {1})};
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, {3, 2, 2, 5})};
    ASSERT_TRUE(g->evaluate(outputs, inputs));
    for_each_coord({3, 2, 2, 5}, [&](const std::vector<size_t>& c) {
        const size_t src = ravel({c[0], static_cast<size_t>(idx[c[1] * 2 + c[2]]), c[3]}, data_shape);
        EXPECT_EQ(outputs[0].data<float>()[ravel(c, {3, 2, 2, 5})], inputs[0].data<float>()[src]);
    });
}

TEST(Gather, EvaluateWithBatchDimsMatchesNaiveLoop) {
    const Shape data_shape{2, 3, 4};
    const Shape indices_shape{2, 3};
    auto g = std::make_shared<ov::op::v7::Gather>(param(ov::element::f32, data_shape),
                                                  param(ov::element::i64, indices_shape), i64_scalar(2), 1);
    const std::vector<int64_t> idx{3, 0, 1, 2, 2, 0};
    ov::TensorVector inputs{random_f32(data_shape, 41), i64_tensor(indices_shape, idx), i64_tensor({}, {2})};
    const Shape out_shape{2, 3, 3};
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, out_shape)};
    ASSERT_TRUE(g->evaluate(outputs, inputs));
    for_each_coord(out_shape, [&](const std::vector<size_t>& c) {  // out[b][i][j] = data[b][i][idx[b][j]]
        const auto index = static_cast<size_t>(idx[c[0] * 3 + c[2]]);
        EXPECT_EQ(outputs[0].data<float>()[ravel(c, out_shape)],
                  inputs[0].data<float>()[ravel({c[0], c[1], index}, data_shape)]);
    });
}

TEST(Gather, V8NegativeIndicesCountFromEnd) {
    auto g = std::make_shared<ov::op::v8::Gather>(param(ov::element::i64, {5}), param(ov::element::i64, {3}),
                                                  i64_scalar(0));
    ov::TensorVector outputs{ov::Tensor(ov::element::i64, Shape{3})};
    ASSERT_TRUE(g->evaluate(outputs, {iota_tensor<int64_t>(ov::element::i64, {5}, 10), i64_tensor({3}, {-1, 0, -5}),
                                      i64_tensor({}, {0})}));
    EXPECT_EQ(values<int64_t>(outputs[0]), (std::vector<int64_t>{14, 10, 10}));
}

TEST(Gather, V8OutOfRangeIndexGivesZeros) {
    auto g = std::make_shared<ov::op::v8::Gather>(param(ov::element::f32, {3, 2}), param(ov::element::i64, {2}),
                                                  i64_scalar(0));
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{2, 2})};
    ov::Tensor data = iota_tensor<float>(ov::element::f32, {3, 2}, 1.f);
    ASSERT_TRUE(g->evaluate(outputs, {data, i64_tensor({2}, {7, 1}), i64_tensor({}, {0})}));
    EXPECT_EQ(values<float>(outputs[0]), (std::vector<float>{0.f, 0.f, 3.f, 4.f}));
}

TEST(Gather, V1NegativeIndexNamesOp) {
    auto g = std::make_shared<ov::op::v1::Gather>(param(ov::element::f32, {3}), param(ov::element::i64, {1}),
                                                  i64_scalar(0));
    g->set_friendly_name("g1");
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{1})};
    expect_error(
        [&] {
            g->evaluate(outputs,
                        {iota_tensor<float>(ov::element::f32, {3}), i64_tensor({1}, {-1}), i64_tensor({}, {0})});
        },
        {"Gather 'g1'", "index -1"});
}

TEST(Gather, AttributesRoundTrip) {
    auto g = std::make_shared<ov::op::v8::Gather>(param(ov::element::f32, {2, 5, 6}), param(ov::element::i64, {2, 3}),
                                                  i64_scalar(2), 1);
    EXPECT_EQ(attributes_of(*g), (std::map<std::string, std::string>{{"batch_dims", "1"}}));
    ov::op::v8::Gather copy;
    copy_attributes(*g, copy);
    EXPECT_EQ(copy.ov::op::util::GatherBase::get_batch_dims(), 1);
    ov::op::v1::Gather v1;
    EXPECT_TRUE(attributes_of(v1).empty());
}

TEST(Gather, VersionsShareTheBase) {
    const auto& base = ov::op::util::GatherBase::get_type_info_static();
    EXPECT_TRUE(ov::op::v1::Gather::get_type_info_static().is_castable(base));
    EXPECT_TRUE(ov::op::v8::Gather::get_type_info_static().is_castable(base));
    EXPECT_EQ(std::string(ov::op::v7::Gather::get_type_info_static().version_id), "opset7");
    EXPECT_EQ(std::string(ov::op::v8::Gather::get_type_info_static().version_id), "opset8");
}
