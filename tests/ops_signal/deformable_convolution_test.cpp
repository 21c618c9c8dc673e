// SPDX-License-Identifier: Apache-2.0
// DeformableConvolution-1 and -8 against a direct loop written here in double: every output element is the
// sum over input channels and filter taps of weight * bilinear sample of the input at the tap position
// displaced by its offset (times the mask for v8); shape inference, errors and the IR round trip.
#include <gtest/gtest.h>

#include "openvino/op/deformable_convolution.hpp"
#include "signal_test_util.hpp"

using namespace sigtest;
using ov::CoordinateDiff;
using ov::PartialShape;
using ov::Shape;
using ov::Strides;
using ov::op::PadType;

namespace {

struct DeformParams {
    size_t stride_h = 1, stride_w = 1, dil_h = 1, dil_w = 1;
    int64_t pad_top = 0, pad_left = 0, pad_bottom = 0, pad_right = 0;
    size_t group = 1, deformable_group = 1;
    bool pad_bilinear = false;  // v8 bilinear_interpolation_pad
};

// The input plane at real (y, x): a weighted sum of the four surrounding pixels. Without pad_bilinear a point
// outside [0, H) x [0, W) reads 0 and the neighbours of a point on the last row/column are that row/column;
// with it, the plane is surrounded by zeros and points within one pixel of it blend with them.
double bilinear(const std::vector<double>& x, size_t base, size_t h, size_t w, double y, double xx, bool pad) {
    const double H = double(h), W = double(w);
    if (pad ? !(y > -1 && y < H && xx > -1 && xx < W) : !(y >= 0 && y < H && xx >= 0 && xx < W))
        return 0.0;
    const double fy = std::floor(y), fx = std::floor(xx);
    double sum = 0;
    for (int dy = 0; dy < 2; ++dy)
        for (int dx = 0; dx < 2; ++dx) {
            double py = fy + dy, px = fx + dx;
            const double wgt = (dy ? y - fy : 1 - (y - fy)) * (dx ? xx - fx : 1 - (xx - fx));
            if (!pad) {
                py = std::min(py, H - 1);
                px = std::min(px, W - 1);
            }
            if (py < 0 || px < 0 || py >= H || px >= W)
                continue;
            sum += wgt * x[base + size_t(py) * w + size_t(px)];
        }
    return sum;
}

std::vector<double> naive_deformable(const std::vector<double>& x, const Shape& xs, const std::vector<double>& off,
                                     const std::vector<double>& f, const Shape& fs, const std::vector<double>* mask,
                                     const DeformParams& p, Shape& out_shape) {
    const size_t n_batch = xs[0], c_in = xs[1], h = xs[2], w = xs[3];
    const size_t c_out = fs[0], c_group = fs[1], kh = fs[2], kw = fs[3];
    const size_t oh = (h + p.pad_top + p.pad_bottom - ((kh - 1) * p.dil_h + 1)) / p.stride_h + 1;
    const size_t ow = (w + p.pad_left + p.pad_right - ((kw - 1) * p.dil_w + 1)) / p.stride_w + 1;
    out_shape = {n_batch, c_out, oh, ow};
    std::vector<double> out(shape_size(out_shape), 0.0);
    const size_t taps = kh * kw;
    for (size_t n = 0; n < n_batch; ++n)
        for (size_t oc = 0; oc < c_out; ++oc)
            for (size_t y = 0; y < oh; ++y)
                for (size_t xo = 0; xo < ow; ++xo) {
                    double acc = 0;
                    const size_t g = oc / (c_out / p.group);
                    for (size_t icg = 0; icg < c_group; ++icg) {
                        const size_t c = g * c_group + icg;
                        const size_t dg = c / (c_in / p.deformable_group);
                        for (size_t i = 0; i < kh; ++i)
                            for (size_t j = 0; j < kw; ++j) {
                                const size_t tap = i * kw + j;
                                const size_t ych = dg * 2 * taps + 2 * tap, xch = ych + 1;
                                const double oy =
                                    off[ravel({n, ych, y, xo}, {n_batch, 2 * p.deformable_group * taps, oh, ow})];
                                const double ox =
                                    off[ravel({n, xch, y, xo}, {n_batch, 2 * p.deformable_group * taps, oh, ow})];
                                const double sy = double(y * p.stride_h) - double(p.pad_top) + double(i * p.dil_h) + oy;
                                const double sx =
                                    double(xo * p.stride_w) - double(p.pad_left) + double(j * p.dil_w) + ox;
                                double v = bilinear(x, (n * c_in + c) * h * w, h, w, sy, sx, p.pad_bilinear);
                                if (mask)
                                    v *= (*mask)[ravel({n, dg * taps + tap, y, xo},
                                                       {n_batch, p.deformable_group * taps, oh, ow})];
                                acc += v * f[ravel({oc, icg, i, j}, {c_out, c_group, kh, kw})];
                            }
                    }
                    out[ravel({n, oc, y, xo}, {n_batch, c_out, oh, ow})] = acc;
                }
    return out;
}

struct Case {
    Shape data, filters;
    DeformParams p;
};

const std::vector<Case> kCases{
    {{1, 2, 5, 5}, {3, 2, 3, 3}, {}},
    {{2, 4, 6, 7}, {4, 2, 2, 3}, {2, 1, 1, 2, 1, 0, 1, 2, 2, 2, false}},
    {{1, 4, 5, 6}, {2, 4, 3, 2}, {1, 1, 1, 1, 1, 1, 1, 1, 1, 2, true}},
    {{2, 6, 4, 4}, {6, 3, 3, 3}, {1, 2, 1, 1, 1, 1, 1, 1, 2, 3, true}},
};

class DeformableTest : public ::testing::TestWithParam<ov::element::Type> {};

TEST_P(DeformableTest, MatchesTheDirectLoop) {
    const auto type = GetParam();
    std::mt19937 rng(7201);
    for (const auto& c : kCases) {
        for (int version : {1, 8}) {
            for (bool with_mask : {false, true}) {
                if (version == 1 && (with_mask || c.p.pad_bilinear))
                    continue;
                SCOPED_TRACE(::testing::Message() << "data " << c.data << " filters " << c.filters << " v" << version
                                                  << (with_mask ? " mask" : ""));
                const auto& p = c.p;
                const size_t oh =
                    (c.data[2] + p.pad_top + p.pad_bottom - ((c.filters[2] - 1) * p.dil_h + 1)) / p.stride_h + 1;
                const size_t ow =
                    (c.data[3] + p.pad_left + p.pad_right - ((c.filters[3] - 1) * p.dil_w + 1)) / p.stride_w + 1;
                Shape out_shape{c.data[0], c.filters[0], oh, ow};
                const size_t taps = c.filters[2] * c.filters[3];
                const Shape off_shape{c.data[0], 2 * p.deformable_group * taps, out_shape[2], out_shape[3]};
                const Shape mask_shape{c.data[0], p.deformable_group * taps, out_shape[2], out_shape[3]};
                // Offsets up to two pixels either way, so samples fall outside the input too.
                const auto x = as_stored(type, random_values(shape_size(c.data), rng));
                const auto off = as_stored(type, random_values(shape_size(off_shape), rng, -2.0, 2.0));
                const auto f = as_stored(type, random_values(shape_size(c.filters), rng));
                const auto m = as_stored(type, random_values(shape_size(mask_shape), rng, 0.0, 1.0));
                const auto expected =
                    naive_deformable(x, c.data, off, f, c.filters, with_mask ? &m : nullptr, p, out_shape);
                auto data = param(type, c.data), offsets = param(type, off_shape), filters = param(type, c.filters);
                const Strides strides{p.stride_h, p.stride_w}, dil{p.dil_h, p.dil_w};
                const CoordinateDiff pb{p.pad_top, p.pad_left}, pe{p.pad_bottom, p.pad_right};
                std::shared_ptr<ov::Node> op;
                ov::TensorVector inputs{make_tensor(type, c.data, x), make_tensor(type, off_shape, off),
                                        make_tensor(type, c.filters, f)};
                if (version == 1) {
                    op = std::make_shared<ov::op::v1::DeformableConvolution>(
                        data, offsets, filters, strides, pb, pe, dil, PadType::EXPLICIT, p.group, p.deformable_group);
                } else if (with_mask) {
                    op = std::make_shared<ov::op::v8::DeformableConvolution>(
                        data, offsets, filters, param(type, mask_shape), strides, pb, pe, dil, PadType::EXPLICIT,
                        p.group, p.deformable_group, p.pad_bilinear);
                    inputs.push_back(make_tensor(type, mask_shape, m));
                } else {
                    op = std::make_shared<ov::op::v8::DeformableConvolution>(data, offsets, filters, strides, pb, pe,
                                                                             dil, PadType::EXPLICIT, p.group,
                                                                             p.deformable_group, p.pad_bilinear);
                }
                EXPECT_EQ(op->get_output_partial_shape(0), PartialShape(out_shape));
                const auto out = run(op, inputs);
                ASSERT_EQ(out.get_shape(), out_shape);
                const double tol = type == ov::element::f16 ? 1e-2 : 1e-5;
                expect_close(read_tensor(out), expected, tol, tol * double(c.filters[1] * taps));
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Types, DeformableTest, ::testing::Values(ov::element::f32, ov::element::f16));

// One pixel, one tap: the sample at (0.5, 0.5) of [[1, 2], [3, 4]] is their mean 2.5; moved to (-0.5, -0.5) it
// reads 0 without bilinear_interpolation_pad and a quarter of the corner (0.25) with it.
TEST(DeformableConvolution, HandWorkedSamples) {
    const auto f32 = ov::element::f32;
    auto make = [&](double dy, double dx, bool pad) {
        auto op = std::make_shared<ov::op::v8::DeformableConvolution>(
            param(f32, Shape{1, 1, 2, 2}), param(f32, Shape{1, 2, 2, 2}), param(f32, Shape{1, 1, 1, 1}), Strides{1, 1},
            CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1}, PadType::EXPLICIT, 1, 1, pad);
        std::vector<double> off(8, 0.0);
        off[0] = dy;  // y offset of output (0, 0)
        off[4] = dx;  // x offset of output (0, 0)
        const auto out = run(op, {make_tensor(f32, {1, 1, 2, 2}, {1, 2, 3, 4}), make_tensor(f32, {1, 2, 2, 2}, off),
                                  make_tensor(f32, {1, 1, 1, 1}, {1})});
        return read_tensor(out)[0];
    };
    EXPECT_NEAR(make(0.5, 0.5, false), 2.5, 1e-6);
    EXPECT_NEAR(make(-0.5, -0.5, false), 0.0, 1e-6);
    EXPECT_NEAR(make(-0.5, -0.5, true), 0.25, 1e-6);
    EXPECT_NEAR(make(1.5, 0.0, true), 1.5, 1e-6);   // between row 1 (value 1 at x=0 -> 3) and the zero row: 3/2
    EXPECT_NEAR(make(1.5, 0.0, false), 3.0, 1e-6);  // inside [0, H): the neighbours clamp to the last row
}

TEST(DeformableConvolution, ShapeInferenceWithDynamicDims) {
    const auto f32 = ov::element::f32;
    auto op = std::make_shared<ov::op::v8::DeformableConvolution>(
        param(f32, PartialShape{-1, 4, 10, -1}), param(f32, PartialShape{-1, 36, -1, 7}),
        param(f32, PartialShape{8, 2, 3, 3}), param(f32, PartialShape::dynamic()), Strides{1, 1}, CoordinateDiff{0, 0},
        CoordinateDiff{0, 0}, Strides{1, 1}, PadType::EXPLICIT, 2, 2);
    EXPECT_EQ(op->get_output_partial_shape(0), (PartialShape{-1, 8, 8, 7}));
    auto same = std::make_shared<ov::op::v1::DeformableConvolution>(
        param(f32, PartialShape{1, 2, 9, 9}), param(f32, PartialShape{1, 18, 5, 5}),
        param(f32, PartialShape{3, 2, 3, 3}), Strides{2, 2}, CoordinateDiff{}, CoordinateDiff{}, Strides{1, 1},
        PadType::SAME_UPPER);
    EXPECT_EQ(same->get_output_partial_shape(0), (PartialShape{1, 3, 5, 5}));
    auto dyn = std::make_shared<ov::op::v1::DeformableConvolution>(
        param(f32, PartialShape::dynamic()), param(f32, PartialShape::dynamic()), param(f32, PartialShape::dynamic()),
        Strides{1, 1}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1});
    EXPECT_EQ(dyn->get_output_partial_shape(0), (PartialShape{-1, -1, -1, -1}));
}

TEST(DeformableConvolution, BadInputsNameTheOp) {
    const auto f32 = ov::element::f32;
    auto make = [&](const Shape& d, const Shape& o, const Shape& f, int64_t group, int64_t dgroup) {
        auto op = std::make_shared<ov::op::v8::DeformableConvolution>(
            param(f32, d), param(f32, o), param(f32, f), Strides{1, 1}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0},
            Strides{1, 1}, PadType::EXPLICIT, group, dgroup);
        op->set_friendly_name("dc");
    };
    expect_error(
        [&] {
            make({1, 2, 5, 5}, {1, 17, 3, 3}, {1, 2, 3, 3}, 1, 1);
        },
        {"DeformableConvolution", "offsets channel count"});
    expect_error(
        [&] {
            make({1, 3, 5, 5}, {1, 18, 3, 3}, {1, 3, 3, 3}, 1, 2);
        },
        {"DeformableConvolution", "deformable_group"});
    expect_error([&] { make({1, 4, 5, 5}, {1, 18, 3, 3}, {2, 4, 3, 3}, 2, 1); }, {"DeformableConvolution", "group"});
    expect_error([&] { make({1, 2, 5}, {1, 18, 3, 3}, {1, 2, 3, 3}, 1, 1); }, {"DeformableConvolution", "rank 4"});
    expect_error(
        [&] {
            make({1, 2, 5, 5}, {1, 18, 4, 3}, {1, 2, 3, 3}, 1, 1);
        },
        {"DeformableConvolution", "offsets spatial shape"});
    expect_error(
        [&] {
            std::make_shared<ov::op::v1::DeformableConvolution>(
                param(ov::element::i32, Shape{1, 1, 3, 3}), param(ov::element::i32, Shape{1, 2, 3, 3}),
                param(ov::element::i32, Shape{1, 1, 1, 1}), Strides{1, 1}, CoordinateDiff{0, 0}, CoordinateDiff{0, 0},
                Strides{1, 1});
        },
        {"DeformableConvolution", "floating point"});
}

TEST(DeformableConvolution, IrRoundTripKeepsAttributes) {
    const auto f32 = ov::element::f32;
    auto d = param(f32, Shape{1, 4, 8, 8}), o = param(f32, Shape{1, 36, 4, 4}), m = param(f32, Shape{1, 18, 4, 4});
    auto f = param(f32, Shape{4, 2, 3, 3});
    auto v8op = std::make_shared<ov::op::v8::DeformableConvolution>(d, o, f, m, Strides{2, 2}, CoordinateDiff{1, 1},
                                                                    CoordinateDiff{0, 0}, Strides{1, 1},
                                                                    PadType::EXPLICIT, 2, 2, true);
    const auto xml = expect_round_trip(v8op, {d, o, f, m});
    EXPECT_NE(xml.find("bilinear_interpolation_pad=\"true\""), std::string::npos) << xml;
    EXPECT_NE(xml.find("deformable_group=\"2\""), std::string::npos);
    auto d1 = param(f32, Shape{1, 2, 5, 5}), o1 = param(f32, Shape{1, 18, 3, 3}), f1 = param(f32, Shape{3, 2, 3, 3});
    auto v1op = std::make_shared<ov::op::v1::DeformableConvolution>(d1, o1, f1, Strides{1, 1}, CoordinateDiff{0, 0},
                                                                    CoordinateDiff{0, 0}, Strides{1, 1});
    expect_round_trip(v1op, {d1, o1, f1});
}

}  // namespace
