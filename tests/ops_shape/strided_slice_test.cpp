// SPDX-License-Identifier: Apache-2.0
#include <gtest/gtest.h>

#include "openvino/op/strided_slice.hpp"
#include "test_util.hpp"

using namespace ops_shape_test;
using ov::PartialShape;
using ov::Shape;

namespace {
using Mask = std::vector<int64_t>;

std::shared_ptr<ov::op::v1::StridedSlice> slice(const PartialShape& data, const std::vector<int64_t>& begin,
                                                const std::vector<int64_t>& end, const std::vector<int64_t>& strides,
                                                const Mask& begin_mask = {}, const Mask& end_mask = {},
                                                const Mask& new_axis = {}, const Mask& shrink = {},
                                                const Mask& ellipsis = {}) {
    return std::make_shared<ov::op::v1::StridedSlice>(param(ov::element::f32, data), i64_vector(begin),
                                                      i64_vector(end), i64_vector(strides), begin_mask, end_mask,
                                                      new_axis, shrink, ellipsis);
}

// Evaluates op on data (i + 0 in element i) and returns the output values.
std::vector<float> run(const std::shared_ptr<ov::op::v1::StridedSlice>& op, const Shape& data_shape,
                       const std::vector<int64_t>& begin, const std::vector<int64_t>& end,
                       const std::vector<int64_t>& strides, Shape* out_shape = nullptr) {
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, Shape{})};
    const Shape n{begin.size()};
    EXPECT_TRUE(op->evaluate(outputs, {iota_tensor<float>(ov::element::f32, data_shape), i64_tensor(n, begin),
                                       i64_tensor(n, end), i64_tensor(n, strides)}));
    if (out_shape)
        *out_shape = outputs[0].get_shape();
    return values<float>(outputs[0]);
}
}  // namespace

TEST(StridedSlice, PositiveStrides) {
    auto s = slice({4, 5}, {1, 0}, {3, 5}, {1, 2});
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{2, 3}));
    Shape shape;
    EXPECT_EQ(run(s, {4, 5}, {1, 0}, {3, 5}, {1, 2}, &shape), (std::vector<float>{5, 7, 9, 10, 12, 14}));
    EXPECT_EQ(shape, (Shape{2, 3}));
}

TEST(StridedSlice, NegativeStrideStopsBeforeEnd) {
    auto s = slice({5}, {-1}, {0}, {-1});
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{4}));
    EXPECT_EQ(run(s, {5}, {-1}, {0}, {-1}), (std::vector<float>{4, 3, 2, 1}));
}

TEST(StridedSlice, EndMaskWithNegativeStrideReachesStart) {
    auto s = slice({5}, {3}, {0}, {-2}, {0}, {1});
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{2}));
    EXPECT_EQ(run(s, {5}, {3}, {0}, {-2}), (std::vector<float>{3, 1}));
}

TEST(StridedSlice, BeginMaskAndClamping) {
    // begin masked -> 0; end 100 clamps to the extent.
    auto s = slice({6}, {4}, {100}, {2}, {1}, {0});
    EXPECT_EQ(run(s, {6}, {4}, {100}, {2}), (std::vector<float>{0, 2, 4}));
}

TEST(StridedSlice, ShrinkAxisDropsDimension) {
    auto s = slice({2, 3, 4}, {1, -1}, {2, 0}, {1, 1}, {}, {}, {}, {0, 1});
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{1, 4}));
    // data[1:2, 2, :]
    EXPECT_EQ(run(s, {2, 3, 4}, {1, -1}, {2, 0}, {1, 1}), (std::vector<float>{20, 21, 22, 23}));
}

TEST(StridedSlice, NewAxisInsertsDimension) {
    auto s = slice({3, 4}, {0, 1}, {0, 3}, {1, 1}, {}, {}, {1, 0});
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{1, 2, 4}));
    EXPECT_EQ(run(s, {3, 4}, {0, 1}, {0, 3}, {1, 1}), (std::vector<float>{4, 5, 6, 7, 8, 9, 10, 11}));
}

TEST(StridedSlice, EllipsisCoversUnnamedAxes) {
    auto s = slice({2, 3, 4}, {0, 1}, {0, 3}, {1, 1}, {}, {}, {}, {}, {1, 0});
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{2, 3, 2}));
    const auto values = run(s, {2, 3, 4}, {0, 1}, {0, 3}, {1, 1});
    ASSERT_EQ(values.size(), 12u);
    for (size_t i = 0; i < 6; ++i) {  // data[..., 1:3]
        EXPECT_EQ(values[2 * i], static_cast<float>(4 * i + 1));
        EXPECT_EQ(values[2 * i + 1], static_cast<float>(4 * i + 2));
    }
}

TEST(StridedSlice, MatchesNaiveLoopOnRandomData) {
    // data[1:, ::-2, 1:4] on random data, checked against index arithmetic written out here.
    const Shape shape{3, 5, 4};
    auto s = slice(shape, {1, 0, 1}, {0, 0, 4}, {1, -2, 1}, {0, 1, 0}, {1, 1, 0});
    const Shape out_shape{2, 3, 3};
    EXPECT_EQ(s->get_output_partial_shape(0), PartialShape(out_shape));
    ov::Tensor data = random_f32(shape, 51);
    ov::TensorVector outputs{ov::Tensor(ov::element::f32, out_shape)};
    ASSERT_TRUE(s->evaluate(outputs, {data, i64_tensor({3}, {1, 0, 1}), i64_tensor({3}, {0, 0, 4}),
                                      i64_tensor({3}, {1, -2, 1})}));
    for_each_coord(out_shape, [&](const std::vector<size_t>& c) {
        const std::vector<size_t> in{1 + c[0], 4 - 2 * c[1], 1 + c[2]};
        EXPECT_EQ(outputs[0].data<float>()[ravel(c, out_shape)], data.data<float>()[ravel(in, shape)]);
    });
}

TEST(StridedSlice, WithoutStridesInput) {
    auto s = std::make_shared<ov::op::v1::StridedSlice>(param(ov::element::f32, {4}), i64_vector({1}), i64_vector({3}),
                                                        Mask{0}, Mask{0});
    EXPECT_EQ(s->get_output_partial_shape(0), (PartialShape{2}));
}

TEST(StridedSlice, NonConstantBeginGivesDynamicShape) {
    auto s = std::make_shared<ov::op::v1::StridedSlice>(param(ov::element::f32, {4}), param(ov::element::i64, {1}),
                                                        i64_vector({3}), i64_vector({1}), Mask{0}, Mask{0});
    EXPECT_TRUE(s->get_output_partial_shape(0).is_dynamic());
}

TEST(StridedSlice, ZeroStrideNamesOp) {
    auto s = slice({4}, {0}, {2}, {1});
    s->set_friendly_name("my_slice");
    s->set_argument(3, i64_vector({0}));
    expect_error([&] { s->validate_and_infer_types(); }, {"StridedSlice 'my_slice'", "stride 0 is 0"});
}

TEST(StridedSlice, ShrinkOutOfRangeNamesOp) {
    auto s = slice({4}, {0}, {1}, {1}, {}, {}, {}, {1});
    s->set_friendly_name("ss");
    s->set_argument(1, i64_vector({4}));
    expect_error([&] { s->validate_and_infer_types(); }, {"StridedSlice 'ss'", "shrink index 4"});
}

TEST(StridedSlice, TwoEllipsesNameOp) {
    auto s = slice({4, 4}, {0, 0}, {1, 1}, {1, 1});
    s->set_friendly_name("ss");
    s->set_ellipsis_mask_mask({1, 1});
    expect_error([&] { s->validate_and_infer_types(); }, {"StridedSlice 'ss'", "ellipsis_mask"});
}

TEST(StridedSlice, AttributesRoundTrip) {
    auto s = slice({2, 3, 4}, {0, 1}, {0, 3}, {1, 1}, {1, 0}, {1, 0}, {0, 0}, {0, 0}, {0, 0});
    const auto attrs = attributes_of(*s);
    EXPECT_EQ(attrs.at("begin_mask"), "1,0");
    EXPECT_EQ(attrs.at("end_mask"), "1,0");
    EXPECT_EQ(attrs.at("new_axis_mask"), "0,0");
    EXPECT_EQ(attrs.at("shrink_axis_mask"), "0,0");
    EXPECT_EQ(attrs.at("ellipsis_mask"), "0,0");
    ov::op::v1::StridedSlice copy;
    copy_attributes(*s, copy);
    EXPECT_EQ(copy.get_begin_mask(), (Mask{1, 0}));
    EXPECT_EQ(copy.get_end_mask(), (Mask{1, 0}));
    EXPECT_EQ(copy.get_ellipsis_mask(), (Mask{0, 0}));
}
