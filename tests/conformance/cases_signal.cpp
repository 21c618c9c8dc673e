// SPDX-License-Identifier: Apache-2.0
// Conformance cases of Interpolate-1, the deformable and binary convolutions, GridSample, the discrete Fourier
// transforms, FakeConvert, the seeded random ops and the NV12/I420 colour conversions (axes, sizes, offsets and masks
// as fixed Constants, images as inputs).
#include "case_builders.hpp"
#include "openvino/op/binary_convolution.hpp"
#include "openvino/op/fake_convert.hpp"
#include "openvino/op/multinomial.hpp"
#include "openvino/op/random_uniform.hpp"

namespace conformance {
namespace {

using namespace case_builders;
namespace v9 = ov::op::v9;
using ov::CoordinateDiff;
using ov::Strides;
using ov::op::PadType;

OpCase interpolate1(const std::string& name, const ov::Shape& in, ov::AxisSet axes, std::vector<int64_t> sizes,
                    const std::string& mode, bool align_corners) {
    return {"Interpolate1_" + name, "Interpolate", reals, [=](const Type& t) {
                auto x = par(t, in);
                v0::Interpolate::Attributes attrs;
                attrs.axes = axes;
                attrs.mode = mode;
                attrs.align_corners = align_corners;
                return model_of(std::make_shared<v0::Interpolate>(x, i64s(sizes), attrs), {x});
            }};
}

// Offsets of up to two pixels either way, so some taps read outside the input.
OpCase deformable(const std::string& name, int version, const ov::Shape& in, const ov::Shape& filter,
                  const ov::Shape& out_spatial, const Strides& strides, const CoordinateDiff& pads, int64_t group,
                  int64_t deformable_group, bool with_mask, bool bilinear_pad) {
    OpCase c{"DeformableConvolution" + std::to_string(version) + "_" + name, "DeformableConvolution", reals,
             [=](const Type& t) {
                 auto x = par(t, in);
                 const size_t taps = filter[2] * filter[3];
                 const ov::Shape off_shape{in[0], size_t(2 * deformable_group) * taps, out_spatial[0], out_spatial[1]};
                 const ov::Shape mask_shape{in[0], size_t(deformable_group) * taps, out_spatial[0], out_spatial[1]};
                 auto offsets = weights(t, off_shape, 81, -2, 2);
                 auto filters = weights(t, filter, 82);
                 std::shared_ptr<ov::Node> op;
                 if (version == 1)
                     op = std::make_shared<v1::DeformableConvolution>(x, offsets, filters, strides, pads, pads,
                                                                      Strides{1, 1}, PadType::EXPLICIT, group,
                                                                      deformable_group);
                 else if (with_mask)
                     op = std::make_shared<v8::DeformableConvolution>(
                         x, offsets, filters, weights(t, mask_shape, 83, 0, 1), strides, pads, pads, Strides{1, 1},
                         PadType::EXPLICIT, group, deformable_group, bilinear_pad);
                 else
                     op = std::make_shared<v8::DeformableConvolution>(x, offsets, filters, strides, pads, pads,
                                                                      Strides{1, 1}, PadType::EXPLICIT, group,
                                                                      deformable_group, bilinear_pad);
                 return model_of(op, {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase grid_sample(const std::string& name, v9::GridSample::InterpolationMode mode, v9::GridSample::PaddingMode padding,
                   bool align_corners) {
    return {"GridSample_" + name,
            "GridSample",
            reals,
            [=](const Type& t) {
                auto x = par(t, {2, 3, 5, 6});
                auto grid = par(t, {2, 4, 3, 2});
                return model_of(
                    std::make_shared<v9::GridSample>(x, grid, v9::GridSample::Attributes(align_corners, mode, padding)),
                    {x, grid});
            },
            {{-1, 1}, {-1.2, 1.2}}};
}

template <typename Op>
OpCase fft(const std::string& type_name, const std::string& name, const ov::Shape& in, std::vector<int64_t> axes,
           std::vector<int64_t> sizes = {}) {
    OpCase c{type_name + "_" + name, type_name, reals, [=](const Type& t) {
                 auto x = par(t, in);
                 std::shared_ptr<ov::Node> op = sizes.empty() ? std::make_shared<Op>(x, i64s(axes))
                                                              : std::make_shared<Op>(x, i64s(axes), i64s(sizes));
                 return model_of(op, {x});
             }};
    c.accumulates = true;
    return c;
}

// Data and filters of any sign: BinaryConvolution reads a value above zero as the bit 1, any other as 0.
OpCase binary_conv(const std::string& name, const ov::Shape& in, const ov::Shape& filter, const Strides& strides,
                   const CoordinateDiff& pads, float pad_value) {
    return {"BinaryConvolution_" + name, "BinaryConvolution", reals, [=](const Type& t) {
                auto x = par(t, in);
                auto op =
                    std::make_shared<v1::BinaryConvolution>(x, weights(t, filter, 84), strides, pads, pads,
                                                            Strides(strides.size(), 1), "xnor-popcount", pad_value);
                return model_of(op, {x});
            }};
}

template <typename Op>
OpCase color(const std::string& type_name, const std::string& name, std::vector<ov::Shape> planes) {
    std::vector<Range> ranges(planes.size(), Range{0, 255});
    return {type_name + "_" + name, type_name, reals,
            [=](const Type& t) {
                ov::ParameterVector params;
                ov::OutputVector outs;
                for (const auto& s : planes) {
                    params.push_back(par(t, s));
                    outs.push_back(params.back());
                }
                std::shared_ptr<ov::Node> op;
                if (outs.size() == 1)
                    op = std::make_shared<Op>(outs[0]);
                else if constexpr (std::is_constructible<Op, ov::Output<ov::Node>, ov::Output<ov::Node>>::value)
                    op = std::make_shared<Op>(outs[0], outs[1]);
                else
                    op = std::make_shared<Op>(outs[0], outs[1], outs[2]);
                return model_of(op, params);
            },
            ranges};
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    cases.push_back(interpolate1("nearest_up2", {1, 2, 3, 4}, {2, 3}, {6, 8}, "nearest", false));
    cases.push_back(interpolate1("linear_align", {1, 2, 4, 4}, {2, 3}, {7, 5}, "linear", true));
    cases.push_back(interpolate1("linear_down", {2, 3, 8, 6}, {2, 3}, {4, 3}, "linear", false));
    cases.push_back(interpolate1("cubic_align", {1, 1, 4, 5}, {2, 3}, {6, 9}, "cubic", true));

    cases.push_back(deformable("k3", 1, {1, 2, 5, 5}, {3, 2, 3, 3}, {3, 3}, {1, 1}, {0, 0}, 1, 1, false, false));
    cases.push_back(
        deformable("k3_s2_p1_g2_dg2", 1, {2, 4, 6, 6}, {4, 2, 3, 3}, {3, 3}, {2, 2}, {1, 1}, 2, 2, false, false));
    cases.push_back(deformable("mask", 8, {1, 4, 5, 6}, {2, 4, 3, 3}, {5, 6}, {1, 1}, {1, 1}, 1, 2, true, false));
    cases.push_back(deformable("mask_pad", 8, {1, 2, 5, 5}, {3, 2, 2, 2}, {4, 4}, {1, 1}, {0, 0}, 1, 1, true, true));
    cases.push_back(
        deformable("no_mask_pad", 8, {2, 3, 4, 4}, {3, 1, 3, 3}, {4, 4}, {1, 1}, {1, 1}, 3, 1, false, true));

    cases.push_back(binary_conv("k3_p1_pad_minus1", {1, 3, 6, 6}, {4, 3, 3, 3}, {1, 1}, {1, 1}, -1.0f));
    cases.push_back(binary_conv("k2_s2_pad1", {2, 2, 5, 5}, {3, 2, 2, 2}, {2, 2}, {1, 1}, 1.0f));

    using Mode = v9::GridSample::InterpolationMode;
    using Pad = v9::GridSample::PaddingMode;
    cases.push_back(grid_sample("bilinear_zeros", Mode::BILINEAR, Pad::ZEROS, false));
    cases.push_back(grid_sample("bilinear_border_align", Mode::BILINEAR, Pad::BORDER, true));
    cases.push_back(grid_sample("bilinear_reflection", Mode::BILINEAR, Pad::REFLECTION, false));
    cases.push_back(grid_sample("bicubic_zeros_align", Mode::BICUBIC, Pad::ZEROS, true));
    cases.push_back(grid_sample("bicubic_reflection", Mode::BICUBIC, Pad::REFLECTION, false));
    cases.push_back(grid_sample("nearest_border", Mode::NEAREST, Pad::BORDER, false));

    cases.push_back(fft<v7::DFT>("DFT", "2d", {2, 4, 6, 2}, {1, 2}));
    cases.push_back(fft<v7::DFT>("DFT", "1d_pad", {3, 5, 2}, {-1}, {8}));
    cases.push_back(fft<v7::IDFT>("IDFT", "2d_trim", {2, 6, 5, 2}, {2, 1}, {4, -1}));
    cases.push_back(fft<v9::RDFT>("RDFT", "2d", {2, 6, 5}, {1, 2}));
    cases.push_back(fft<v9::RDFT>("RDFT", "1d_size", {3, 7}, {1}, {10}));
    cases.push_back(fft<v9::IRDFT>("IRDFT", "2d", {2, 6, 4, 2}, {1, 2}));
    cases.push_back(fft<v9::IRDFT>("IRDFT", "1d_odd", {3, 5, 2}, {0}, {5}));

    for (const std::string dest : {"f8e4m3", "f8e5m2"})
        cases.push_back({"FakeConvert_" + dest + "_scale_shift", "FakeConvert", reals, [dest](const Type& t) {
                             auto x = par(t, {2, 3, 4});
                             auto op = std::make_shared<ov::op::v13::FakeConvert>(x, weights(t, {3, 1}, 85, 0.5, 8),
                                                                                  weights(t, {4}, 86, -0.5, 0.5), dest);
                             return model_of(op, {x});
                         }});

    // The random ops with fixed seeds are deterministic: the bounds (RandomUniform) and probabilities
    // (Multinomial) are the inputs. f32 only: the random stream depends on the element type, and a device that
    // runs an f16 model in f32 draws another (equally valid) sequence.
    cases.push_back({"RandomUniform_2x3x5_seeded",
                     "RandomUniform",
                     {f32},
                     [](const Type& t) {
                         auto lo = par(t, {}), hi = par(t, {});
                         auto op = std::make_shared<v8::RandomUniform>(i64s({2, 3, 5}), lo, hi, t, 150, 10);
                         return model_of(op, {lo, hi});
                     },
                     {{-1, 0}, {1, 2}}});
    for (bool replacement : {true, false})
        cases.push_back({std::string("Multinomial_") + (replacement ? "with" : "without") + "_replacement",
                         "Multinomial",
                         {f32},
                         [replacement](const Type& t) {
                             auto probs = par(t, {2, 6});
                             auto op = std::make_shared<ov::op::v13::Multinomial>(
                                 probs, i64s({4}), ov::element::Type_t::i64, replacement, false, 234, 148);
                             return model_of(op, {probs});
                         },
                         {{0.05, 1}}});

    cases.push_back(color<v8::NV12toRGB>("NV12toRGB", "one_plane", {{1, 6, 6, 1}}));
    cases.push_back(color<v8::NV12toRGB>("NV12toRGB", "two_planes", {{2, 4, 6, 1}, {2, 2, 3, 2}}));
    cases.push_back(color<v8::NV12toBGR>("NV12toBGR", "two_planes", {{1, 4, 4, 1}, {1, 2, 2, 2}}));
    cases.push_back(color<v8::I420toRGB>("I420toRGB", "one_plane", {{2, 6, 4, 1}}));
    cases.push_back(color<v8::I420toBGR>("I420toBGR", "three_planes", {{1, 4, 6, 1}, {1, 2, 3, 1}, {1, 2, 3, 1}}));
}

}  // namespace conformance
