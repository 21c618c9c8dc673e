// SPDX-License-Identifier: Apache-2.0
// RegionYolo-0 and ReorgYolo-2: values against index arithmetic written here from the layer definitions
// (darknet's region and reorg layers), a reorg worked by hand, shapes with dynamic dimensions, errors and
// the IR round trip.
#include "detect_test_util.hpp"
#include "openvino/op/region_yolo.hpp"
#include "openvino/op/reorg_yolo.hpp"

using namespace detect_test;
using ov::PartialShape;
using ov::Shape;
using ov::op::v0::RegionYolo;
using ov::op::v0::ReorgYolo;

namespace {

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// Expected RegionYolo output: the region's channel k at a cell is x, y (k < 2: logistic), w, h (identity),
// objectness (k == coords: logistic), then classes (softmax over the region's classes at that cell, or
// logistic each).
std::vector<double> region_expected(const std::vector<float>& in, size_t N, size_t regions, size_t coords,
                                    size_t classes, size_t H, size_t W, bool softmax) {
    const size_t per = coords + classes + 1;
    std::vector<double> out(in.size());
    for (size_t n = 0; n < N; ++n)
        for (size_t r = 0; r < regions; ++r)
            for (size_t cell = 0; cell < H * W; ++cell) {
                auto at = [&](size_t k) { return ((n * regions + r) * per + k) * H * W + cell; };
                double denominator = 0;
                for (size_t k = coords + 1; k < per; ++k)
                    denominator += std::exp(static_cast<double>(in[at(k)]));
                for (size_t k = 0; k < per; ++k) {
                    const double v = in[at(k)];
                    if (k < 2 || k == coords || (k > coords && !softmax))
                        out[at(k)] = sigmoid(v);
                    else if (k > coords)
                        out[at(k)] = std::exp(v) / denominator;
                    else
                        out[at(k)] = v;
                }
            }
    return out;
}

}  // namespace

TEST(RegionYolo, Yolo3LogisticOnCentresObjectnessAndClasses) {
    // coords 4, classes 3, mask of 2 anchors out of num 6: 2 * 8 = 16 channels.
    const Shape shape{2, 16, 2, 3};
    auto x = param(ov::element::f32, shape);
    auto op = std::make_shared<RegionYolo>(x, 4, 3, 6, false, std::vector<int64_t>{0, 2}, 1, 3);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(shape));
    const auto in = random_values(ov::shape_size(shape), 7, -4, 4);
    const auto out = run(op, {f32(shape, in)});
    EXPECT_EQ(out[0].get_shape(), shape);
    expect_near(floats(out[0]), region_expected(in, 2, 2, 4, 3, 2, 3, false), 1e-6);
}

TEST(RegionYolo, Yolo2SoftmaxOverClassesAndFlattenedOutput) {
    // coords 4, classes 3, num 2 regions: 16 channels; axis 1 .. end_axis 3 flattened.
    const Shape shape{1, 16, 3, 2};
    auto x = param(ov::element::f32, shape);
    auto op = std::make_shared<RegionYolo>(x, 4, 3, 2, true, std::vector<int64_t>{}, 1, 3);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 96}));
    const auto in = random_values(ov::shape_size(shape), 11, -3, 3);
    const auto out = run(op, {f32(shape, in)});
    EXPECT_EQ(out[0].get_shape(), Shape({1, 96}));
    expect_near(floats(out[0]), region_expected(in, 1, 2, 4, 3, 3, 2, true), 1e-6);
}

TEST(RegionYolo, HalfPrecisionWithinHalfRounding) {
    const Shape shape{1, 8, 2, 2};
    auto x = param(ov::element::f16, shape);
    auto op = std::make_shared<RegionYolo>(x, 4, 3, 1, true, std::vector<int64_t>{}, 1, 3);
    const auto in = random_values(ov::shape_size(shape), 3, -2, 2);
    ov::Tensor t(ov::element::f16, shape);
    std::vector<float> stored(in.size());
    for (size_t i = 0; i < in.size(); ++i) {
        t.data<ov::float16>()[i] = ov::float16(in[i]);
        stored[i] = static_cast<float>(t.data<ov::float16>()[i]);
    }
    const auto out = run(op, {t});
    EXPECT_EQ(out[0].get_element_type(), ov::element::f16);
    expect_near(floats(out[0]), region_expected(stored, 1, 1, 4, 3, 2, 2, true), 2e-3);
}

TEST(RegionYolo, DynamicDimensions) {
    auto v3 = std::make_shared<RegionYolo>(param(ov::element::f32, PartialShape{-1, 16, -1, 5}), 4, 3, 6, false,
                                           std::vector<int64_t>{0, 1}, 1, 3);
    EXPECT_EQ(v3->get_output_partial_shape(0), PartialShape({-1, 16, -1, 5}));
    auto flat_all = std::make_shared<RegionYolo>(param(ov::element::f32, PartialShape{-1, 16, -1, 5}), 4, 3, 2, true,
                                                 std::vector<int64_t>{}, 1, 3);
    EXPECT_EQ(flat_all->get_output_partial_shape(0), PartialShape({-1, -1}));
    auto flat_hw = std::make_shared<RegionYolo>(param(ov::element::f32, PartialShape{-1, 16, 2, 5}), 4, 3, 2, true,
                                                std::vector<int64_t>{}, 2, -1);
    EXPECT_EQ(flat_hw->get_output_partial_shape(0), PartialShape({-1, 16, 10}));
    auto any_rank = std::make_shared<RegionYolo>(param(ov::element::f32, PartialShape::dynamic()), 4, 3, 2, true,
                                                 std::vector<int64_t>{}, 1, 3);
    EXPECT_EQ(any_rank->get_output_partial_shape(0), PartialShape({-1, -1}));
}

TEST(RegionYolo, BadInputsNameTheOp) {
    auto x = param(ov::element::f32, Shape{1, 15, 2, 2});
    EXPECT_THAT(error_of([&] { RegionYolo(x, 4, 3, 2, true, {}, 1, 3); }),
                testing::AllOf(HasSubstr("RegionYolo"), HasSubstr("channels")));
    EXPECT_THAT(error_of([&] { RegionYolo(param(ov::element::f32, Shape{16, 2, 2}), 4, 3, 2, true, {}, 1, 3); }),
                testing::AllOf(HasSubstr("RegionYolo"), HasSubstr("rank 4")));
    EXPECT_THAT(error_of([&] { RegionYolo(param(ov::element::i32, Shape{1, 16, 2, 2}), 4, 3, 2, true, {}, 1, 3); }),
                testing::AllOf(HasSubstr("RegionYolo"), HasSubstr("floating-point")));
    EXPECT_THAT(error_of([&] { RegionYolo(param(ov::element::f32, Shape{1, 16, 2, 2}), 4, 3, 2, true, {}, 3, 1); }),
                testing::AllOf(HasSubstr("RegionYolo"), HasSubstr("end_axis")));
}

TEST(RegionYolo, AttributesRoundTripThroughIr) {
    auto op = std::make_shared<RegionYolo>(param(ov::element::f32, Shape{1, 16, 4, 4}), 4, 3, 6, false,
                                           std::vector<int64_t>{3, 5}, 1, 3,
                                           std::vector<float>{10, 13, 16, 30, 33, 23, 30, 61, 62, 45, 59, 119});
    const auto attrs = devmux_test::attributes_of(*op);
    EXPECT_EQ(attrs.at("mask"), "3,5");
    EXPECT_EQ(attrs.at("num"), "6");
    EXPECT_EQ(attrs.at("do_softmax"), "false");
    auto back = std::dynamic_pointer_cast<RegionYolo>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_mask(), (std::vector<int64_t>{3, 5}));
    EXPECT_EQ(back->get_anchors().size(), 12u);
    EXPECT_EQ(back->get_num_classes(), 3u);
}

TEST(ReorgYolo, FourChannelsStrideTwoWorkedByHand) {
    // Input values 0..15 as [1, 4, 2, 2]; read as one 4x4 plane, output channel c takes the pixels at
    // offset (c / 2, c % 2) of each 2x2 block.
    std::vector<float> in(16);
    for (size_t i = 0; i < 16; ++i)
        in[i] = static_cast<float>(i);
    auto op = std::make_shared<ReorgYolo>(param(ov::element::f32, Shape{1, 4, 2, 2}), 2);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({1, 16, 1, 1}));
    const auto out = run(op, {f32({1, 4, 2, 2}, in)});
    EXPECT_EQ(out[0].get_shape(), Shape({1, 16, 1, 1}));
    EXPECT_EQ(floats(out[0]), (std::vector<float>{0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15}));
}

TEST(ReorgYolo, RandomAgainstDarknetIndexArithmetic) {
    const size_t N = 2, C = 8, H = 4, W = 6, s = 2;
    std::vector<float> in(N * C * H * W);
    in = random_values(in.size(), 5, -10, 10);
    auto op = std::make_shared<ReorgYolo>(param(ov::element::f32, Shape{N, C, H, W}), ov::Strides{s, s});
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({2, 32, 2, 3}));
    const auto out = floats(run(op, {f32({N, C, H, W}, in)})[0]);
    // darknet reorg_cpu(..., forward = 0): out[in_index] = x[out_index] with out_c = C / s^2.
    const size_t out_c = C / (s * s);
    std::vector<double> expected(in.size());
    for (size_t b = 0; b < N; ++b)
        for (size_t k = 0; k < C; ++k)
            for (size_t j = 0; j < H; ++j)
                for (size_t i = 0; i < W; ++i) {
                    const size_t in_index = i + W * (j + H * (k + C * b));
                    const size_t c2 = k % out_c, offset = k / out_c;
                    const size_t w2 = i * s + offset % s, h2 = j * s + offset / s;
                    const size_t out_index = w2 + W * s * (h2 + H * s * (c2 + out_c * b));
                    expected[in_index] = in[out_index];
                }
    expect_near(out, expected, 0);
}

TEST(ReorgYolo, IntegerDataAndDynamicDimensions) {
    auto op = std::make_shared<ReorgYolo>(param(ov::element::i32, PartialShape{-1, 8, -1, 6}), 2);
    EXPECT_EQ(op->get_output_partial_shape(0), PartialShape({-1, 32, -1, 3}));
    EXPECT_EQ(op->get_output_element_type(0), ov::element::i32);
    auto bounded = std::make_shared<ReorgYolo>(param(ov::element::f32, PartialShape{{1, 4}, -1, {4, 8}, 6}), 2);
    EXPECT_EQ(bounded->get_output_partial_shape(0), PartialShape({{1, 4}, -1, {2, 4}, 3}));
    ov::Tensor t(ov::element::i32, {1, 4, 2, 2});
    for (int i = 0; i < 16; ++i)
        t.data<int32_t>()[i] = 100 + i;
    auto fixed = std::make_shared<ReorgYolo>(param(ov::element::i32, Shape{1, 4, 2, 2}), 2);
    EXPECT_EQ(ints(run(fixed, {t})[0]),
              (std::vector<int64_t>{100, 102, 108, 110, 101, 103, 109, 111, 104, 106, 112, 114, 105, 107, 113, 115}));
}

TEST(ReorgYolo, BadShapesNameTheOp) {
    EXPECT_THAT(error_of([] { ReorgYolo(param(ov::element::f32, Shape{1, 4, 3, 2}), 2); }),
                testing::AllOf(HasSubstr("ReorgYolo"), HasSubstr("stride")));
    EXPECT_THAT(error_of([] { ReorgYolo(param(ov::element::f32, Shape{1, 2, 4, 4}), 2); }),
                testing::AllOf(HasSubstr("ReorgYolo"), HasSubstr("channels")));
    EXPECT_THAT(error_of([] { ReorgYolo(param(ov::element::f32, Shape{1, 4, 4}), 2); }),
                testing::AllOf(HasSubstr("ReorgYolo"), HasSubstr("rank 4")));
    EXPECT_THAT(error_of([] { ReorgYolo(param(ov::element::f32, Shape{1, 4, 4, 4}), ov::Strides{2, 1}); }),
                testing::AllOf(HasSubstr("ReorgYolo"), HasSubstr("same on both axes")));
}

TEST(ReorgYolo, AttributesRoundTripThroughIr) {
    auto op = std::make_shared<ReorgYolo>(param(ov::element::f32, Shape{1, 18, 6, 6}), 3);
    EXPECT_EQ(devmux_test::attributes_of(*op).at("stride"), "3,3");
    auto back = std::dynamic_pointer_cast<ReorgYolo>(ir_round_trip(op));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get_strides(), ov::Strides({3, 3}));
    EXPECT_EQ(back->get_output_partial_shape(0), PartialShape({1, 162, 2, 2}));
}
