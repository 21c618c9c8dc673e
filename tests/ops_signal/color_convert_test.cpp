// SPDX-License-Identifier: Apache-2.0
// NV12toRGB/BGR-8 and I420toRGB/BGR-8: seeded random images in every plane form against the specification's
// BT.601 formulas evaluated here in double; shape inference with dynamic dims, errors and the IR round trip.
#include <gtest/gtest.h>

#include "openvino/op/i420_to_bgr.hpp"
#include "openvino/op/i420_to_rgb.hpp"
#include "openvino/op/nv12_to_bgr.hpp"
#include "openvino/op/nv12_to_rgb.hpp"
#include "signal_test_util.hpp"

using namespace sigtest;
using ov::PartialShape;
using ov::Shape;

namespace {

struct Yuv {
    size_t n, h, w;
    std::vector<double> y, u, v;  // planes [n][h][w] and [n][h/2][w/2]
};

Yuv random_image(size_t n, size_t h, size_t w, std::mt19937& rng) {
    std::uniform_int_distribution<int> dist(0, 255);
    Yuv img{n, h, w, {}, {}, {}};
    for (size_t i = 0; i < n * h * w; ++i)
        img.y.push_back(dist(rng));
    for (size_t i = 0; i < n * h * w / 4; ++i) {
        img.u.push_back(dist(rng));
        img.v.push_back(dist(rng));
    }
    return img;
}

// R = 1.164 (Y - 16) + 1.596 (V - 128); G = 1.164 (Y - 16) - 0.813 (V - 128) - 0.391 (U - 128);
// B = 1.164 (Y - 16) + 2.018 (U - 128), clamped to [0, 255].
std::vector<double> expected_rgb(const Yuv& img, bool bgr) {
    std::vector<double> out;
    auto clamp = [](double x) { return std::min(255.0, std::max(0.0, x)); };
    for (size_t n = 0; n < img.n; ++n)
        for (size_t r = 0; r < img.h; ++r)
            for (size_t c = 0; c < img.w; ++c) {
                const double y = img.y[(n * img.h + r) * img.w + c] - 16;
                const size_t ci = (n * img.h / 2 + r / 2) * (img.w / 2) + c / 2;
                const double u = img.u[ci] - 128, v = img.v[ci] - 128;
                const double red = clamp(1.164 * y + 1.596 * v);
                const double green = clamp(1.164 * y - 0.813 * v - 0.391 * u);
                const double blue = clamp(1.164 * y + 2.018 * u);
                out.push_back(bgr ? blue : red);
                out.push_back(green);
                out.push_back(bgr ? red : blue);
            }
    return out;
}

template <typename Op>
std::shared_ptr<ov::Node> make_op(const ov::OutputVector& planes) {
    if (planes.size() == 1)
        return std::make_shared<Op>(planes[0]);
    if constexpr (std::is_constructible<Op, ov::Output<ov::Node>, ov::Output<ov::Node>>::value)
        return std::make_shared<Op>(planes[0], planes[1]);
    else
        return std::make_shared<Op>(planes[0], planes[1], planes[2]);
}

// The planes of an image as the op takes them: one plane (Y rows then the chroma rows) or separate planes.
ov::TensorVector planes_of(const Yuv& img, bool i420, bool single, ov::element::Type type) {
    const size_t luma = img.h * img.w, chroma = luma / 4;
    if (single) {
        std::vector<double> all;
        for (size_t n = 0; n < img.n; ++n) {
            all.insert(all.end(), img.y.begin() + n * luma, img.y.begin() + (n + 1) * luma);
            if (i420) {
                all.insert(all.end(), img.u.begin() + n * chroma, img.u.begin() + (n + 1) * chroma);
                all.insert(all.end(), img.v.begin() + n * chroma, img.v.begin() + (n + 1) * chroma);
            } else {
                for (size_t i = 0; i < chroma; ++i) {
                    all.push_back(img.u[n * chroma + i]);
                    all.push_back(img.v[n * chroma + i]);
                }
            }
        }
        return {make_tensor(type, {img.n, img.h * 3 / 2, img.w, 1}, all)};
    }
    ov::TensorVector t{make_tensor(type, {img.n, img.h, img.w, 1}, img.y)};
    if (i420) {
        t.push_back(make_tensor(type, {img.n, img.h / 2, img.w / 2, 1}, img.u));
        t.push_back(make_tensor(type, {img.n, img.h / 2, img.w / 2, 1}, img.v));
    } else {
        std::vector<double> uv;
        for (size_t i = 0; i < img.u.size(); ++i) {
            uv.push_back(img.u[i]);
            uv.push_back(img.v[i]);
        }
        t.push_back(make_tensor(type, {img.n, img.h / 2, img.w / 2, 2}, uv));
    }
    return t;
}

template <typename Op>
void check_conversion(bool i420, bool bgr) {
    std::mt19937 rng(7501);
    for (auto type : {ov::element::u8, ov::element::f32}) {
        for (bool single : {true, false}) {
            SCOPED_TRACE(::testing::Message() << type << (single ? " one plane" : " separate planes"));
            const auto img = random_image(2, 4, 6, rng);
            const auto inputs = planes_of(img, i420, single, type);
            ov::OutputVector params;
            for (const auto& t : inputs)
                params.push_back(param(type, t.get_shape()));
            auto op = make_op<Op>(params);
            EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{2, 4, 6, 3}));
            const auto out = run(op, inputs);
            auto expected = expected_rgb(img, bgr);
            if (type == ov::element::u8)
                expect_close(read_tensor(out), expected, 0, 0.5 + 1e-3);  // rounded to integers
            else
                expect_close(read_tensor(out), expected, 1e-5, 1e-3);
        }
    }
}

TEST(ColorConvert, Nv12ToRgb) { check_conversion<ov::op::v8::NV12toRGB>(false, false); }
TEST(ColorConvert, Nv12ToBgr) { check_conversion<ov::op::v8::NV12toBGR>(false, true); }
TEST(ColorConvert, I420ToRgb) { check_conversion<ov::op::v8::I420toRGB>(true, false); }
TEST(ColorConvert, I420ToBgr) { check_conversion<ov::op::v8::I420toBGR>(true, true); }

// A hand-worked pixel: Y = 100, U = 90, V = 200 gives R = 1.164 * 84 + 1.596 * 72 = 212.688,
// G = 97.776 - 58.536 + 14.858 = 54.098, B = 97.776 - 76.684 = 21.092.
TEST(ColorConvert, HandWorkedPixel) {
    const auto f32 = ov::element::f32;
    auto op = std::make_shared<ov::op::v8::NV12toRGB>(param(f32, Shape{1, 2, 2, 1}), param(f32, Shape{1, 1, 1, 2}));
    const auto out =
        run(op, {make_tensor(f32, {1, 2, 2, 1}, {100, 100, 100, 100}), make_tensor(f32, {1, 1, 1, 2}, {90, 200})});
    const auto values = read_tensor(out);
    ASSERT_EQ(values.size(), 12u);
    expect_close(std::vector<double>(values.begin(), values.begin() + 3), {212.688, 54.098, 21.092}, 1e-5, 1e-3);
}

TEST(ColorConvert, ShapeInferenceWithDynamicDims) {
    const auto u8 = ov::element::u8;
    EXPECT_EQ(
        std::make_shared<ov::op::v8::NV12toRGB>(param(u8, PartialShape{-1, 9, -1, 1}))->get_output_partial_shape(0),
        (PartialShape{-1, 6, -1, 3}));
    EXPECT_EQ(std::make_shared<ov::op::v8::NV12toBGR>(param(u8, PartialShape{-1, -1, -1, 1}),
                                                      param(u8, PartialShape{2, 3, -1, 2}))
                  ->get_output_partial_shape(0),
              (PartialShape{2, 6, -1, 3}));
    EXPECT_EQ(std::make_shared<ov::op::v8::I420toRGB>(param(u8, PartialShape{1, 8, -1, 1}),
                                                      param(u8, PartialShape{1, -1, 5, 1}),
                                                      param(u8, PartialShape::dynamic()))
                  ->get_output_partial_shape(0),
              (PartialShape{1, 8, 10, 3}));
    EXPECT_EQ(std::make_shared<ov::op::v8::I420toBGR>(param(u8, PartialShape::dynamic()))->get_output_partial_shape(0),
              (PartialShape{-1, -1, -1, 3}));
}

TEST(ColorConvert, BadInputsNameTheOp) {
    const auto u8 = ov::element::u8;
    expect_error(
        [&] {
            std::make_shared<ov::op::v8::NV12toRGB>(param(u8, Shape{1, 10, 4, 1}));
        },
        {"NV12toRGB", "multiple of 3"});
    expect_error([&] { std::make_shared<ov::op::v8::NV12toBGR>(param(u8, Shape{1, 6, 5, 1})); }, {"NV12toBGR", "even"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v8::I420toRGB>(param(u8, Shape{1, 6, 4, 3}));
        },
        {"I420toRGB", "1 channel"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v8::NV12toRGB>(param(u8, Shape{1, 4, 4, 1}), param(u8, Shape{1, 3, 2, 2}));
        },
        {"NV12toRGB", "heights"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v8::I420toBGR>(
                param(u8, Shape{1, 4, 4, 1}), param(ov::element::f32, Shape{1, 2, 2, 1}), param(u8, Shape{1, 2, 2, 1}));
        },
        {"I420toBGR", "element type"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v8::I420toRGB>(param(ov::element::i32, Shape{1, 6, 4, 1}));
        },
        {"I420toRGB", "u8 or floating point"});
}

TEST(ColorConvert, IrRoundTrip) {
    auto y = param(ov::element::u8, Shape{1, 4, 4, 1}), uv = param(ov::element::u8, Shape{1, 2, 2, 2});
    expect_round_trip(std::make_shared<ov::op::v8::NV12toBGR>(y, uv), {y, uv});
    auto one = param(ov::element::f32, Shape{1, 6, 4, 1});
    expect_round_trip(std::make_shared<ov::op::v8::I420toBGR>(one), {one});
    // A default-constructed BGR op (as the IR reader makes it) still converts to BGR.
    auto plane = param(ov::element::f32, Shape{1, 3, 2, 1});
    auto fresh = std::make_shared<ov::op::v8::NV12toBGR>();
    fresh->set_arguments(ov::OutputVector{plane});
    fresh->validate_and_infer_types();
    const auto out = run(fresh, {make_tensor(ov::element::f32, {1, 3, 2, 1}, {100, 100, 100, 100, 90, 200})});
    EXPECT_NEAR(read_tensor(out)[0], 21.092, 1e-3);  // blue first
}

}  // namespace
