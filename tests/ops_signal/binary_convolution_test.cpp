// SPDX-License-Identifier: Apache-2.0
// BinaryConvolution-1: a hand-worked window, random 0/1 data and filters against a direct loop in the
// {-1, +1} domain written here (output = sum of x * w, padded taps reading pad_value), shape inference,
// errors and the IR round trip.
#include <gtest/gtest.h>

#include "openvino/op/binary_convolution.hpp"
#include "signal_test_util.hpp"

using namespace sigtest;
using ov::CoordinateDiff;
using ov::PartialShape;
using ov::Shape;
using ov::Strides;
using ov::op::PadType;
using BinConv = ov::op::v1::BinaryConvolution;

namespace {

// 2 * popcount(XNOR) - B: with data bits 1,0,1,1 and filter bits 1,1,0,1 two bits agree, so 2 * 2 - 4 = 0; with
// filter 1,0,1,1 all agree: 4.
TEST(BinaryConvolution, HandWorkedWindow) {
    const auto f32 = ov::element::f32;
    for (auto [filter, expected] : std::vector<std::pair<std::vector<double>, double>>{
             {{1, 1, 0, 1}, 0.0}, {{1, 0, 1, 1}, 4.0}, {{0, 1, 0, 0}, -4.0}}) {
        auto op =
            std::make_shared<BinConv>(param(f32, Shape{1, 1, 2, 2}), param(f32, Shape{1, 1, 2, 2}), Strides{1, 1},
                                      CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1}, "xnor-popcount", 0.0f);
        const auto out =
            run(op, {make_tensor(f32, {1, 1, 2, 2}, {1, 0, 1, 1}), make_tensor(f32, {1, 1, 2, 2}, filter)});
        EXPECT_EQ(read_tensor(out), std::vector<double>{expected});
    }
}

TEST(BinaryConvolution, RandomBitsMatchTheDirectLoop) {
    std::mt19937 rng(7601);
    std::bernoulli_distribution bit(0.5);
    const Shape ds{2, 3, 6, 5}, fs{4, 3, 3, 2};
    for (auto type : {ov::element::f32, ov::element::f16}) {
        for (float pad_value : {0.0f, 1.0f}) {
            std::vector<double> x(shape_size(ds)), w(shape_size(fs));
            for (auto& v : x)
                v = bit(rng);
            for (auto& v : w)
                v = bit(rng);
            const size_t sh = 2, sw = 1, dh = 1, dw = 2;
            const int64_t pt = 1, pl = 2, pb = 0, pr = 1;
            const size_t oh = (6 + pt + pb - ((3 - 1) * dh + 1)) / sh + 1,
                         ow = (5 + pl + pr - ((2 - 1) * dw + 1)) / sw + 1;
            std::vector<double> expected;
            for (size_t n = 0; n < 2; ++n)
                for (size_t oc = 0; oc < 4; ++oc)
                    for (size_t y = 0; y < oh; ++y)
                        for (size_t xo = 0; xo < ow; ++xo) {
                            double sum = 0;
                            for (size_t ic = 0; ic < 3; ++ic)
                                for (size_t i = 0; i < 3; ++i)
                                    for (size_t j = 0; j < 2; ++j) {
                                        const int64_t r = int64_t(y * sh + i * dh) - pt,
                                                      c = int64_t(xo * sw + j * dw) - pl;
                                        const bool inside = r >= 0 && r < 6 && c >= 0 && c < 5;
                                        const double xv =
                                            inside ? x[ravel({n, ic, size_t(r), size_t(c)}, {2, 3, 6, 5})] : pad_value;
                                        const double wv = w[ravel({oc, ic, i, j}, {4, 3, 3, 2})];
                                        sum += (xv > 0 ? 1 : -1) * (wv > 0 ? 1 : -1);
                                    }
                            expected.push_back(sum);
                        }
            auto op = std::make_shared<BinConv>(param(type, ds), param(type, fs), Strides{sh, sw},
                                                CoordinateDiff{pt, pl}, CoordinateDiff{pb, pr}, Strides{dh, dw},
                                                BinConv::BinaryConvolutionMode::XNOR_POPCOUNT, pad_value);
            EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{2, 4, int64_t(oh), int64_t(ow)}));
            const auto out = run(op, {make_tensor(type, ds, x), make_tensor(type, fs, w)});
            expect_close(read_tensor(out), expected, 0, 0);
        }
    }
}

TEST(BinaryConvolution, ShapeInferenceAndErrors) {
    const auto f32 = ov::element::f32;
    auto op = std::make_shared<BinConv>(param(f32, PartialShape{-1, 3, 10, -1}), param(f32, PartialShape{8, 3, 3, 3}),
                                        Strides{1, 1}, CoordinateDiff{}, CoordinateDiff{}, Strides{1, 1},
                                        "xnor-popcount", -1.0f, PadType::SAME_UPPER);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 8, 10, -1}));
    expect_error(
        [&] {
            std::make_shared<BinConv>(param(f32, Shape{1, 3, 5, 5}), param(f32, Shape{2, 4, 3, 3}), Strides{1, 1},
                                      CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1}, "xnor-popcount", 0.0f);
        },
        {"BinaryConvolution", "channel count"});
    expect_error(
        [&] {
            std::make_shared<BinConv>(param(f32, Shape{1, 3, 5, 5}), param(f32, Shape{2, 3, 3, 3}), Strides{1, 1},
                                      CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1}, "and-popcount", 0.0f);
        },
        {"BinaryConvolution", "and-popcount"});
}

TEST(BinaryConvolution, IrRoundTripKeepsAttributes) {
    auto d = param(ov::element::f32, Shape{1, 3, 6, 6}), f = param(ov::element::f32, Shape{2, 3, 3, 3});
    auto op = std::make_shared<BinConv>(d, f, Strides{2, 2}, CoordinateDiff{1, 1}, CoordinateDiff{1, 0}, Strides{1, 1},
                                        "xnor-popcount", 1.0f);
    const auto xml = expect_round_trip(op, {d, f});
    EXPECT_NE(xml.find("mode=\"xnor-popcount\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("pad_value=\"1\""), std::string::npos) << xml;
}

}  // namespace
