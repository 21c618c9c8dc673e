// SPDX-License-Identifier: Apache-2.0
// Conformance cases added with VULKAN's FakeQuantize, Interpolate, MVN, NormalizeL2 and transposed-convolution
// shaders (backends/vulkan/ops/), for attribute combinations and shapes the family files do not cover: the ranges
// INT8 models carry, Interpolate-4 and -11 with every rounding and coordinate mode (ties included) and the
// upsamplings of YOLO and segmentation models, normalisations over long groups, transposed convolutions as
// super-resolution models use them. Every device that claims a case runs it.
#include "case_builders.hpp"

namespace conformance {
namespace {

using namespace case_builders;
namespace v4 = ov::op::v4;
namespace v11 = ov::op::v11;
using Base = ov::op::util::InterpolateBase;
using Mode = Base::InterpolateMode;
using Transform = Base::CoordinateTransformMode;
using Nearest = Base::NearestMode;
using Calc = Base::ShapeCalcMode;
using ov::CoordinateDiff;
using ov::Strides;
using ov::op::PadType;

// A FakeQuantize whose ranges are Constants of the given shapes: input_low/high from in_low..in_high (per channel,
// spread over the channels), output_low/high likewise.
OpCase fake_quantize(const std::string& name, const ov::Shape& in, const ov::Shape& input_range,
                     const ov::Shape& output_range, size_t levels, std::pair<float, float> in_span,
                     std::pair<float, float> out_span) {
    return {"FakeQuantize_" + name, "FakeQuantize", reals, [=](const Type& t) {
                auto x = par(t, in);
                // Values spread between the span's ends, slightly different per element of the range.
                auto range = [&](const ov::Shape& shape, float lo, float hi, float spread) {
                    std::vector<float> values(ov::shape_size(shape));
                    for (size_t i = 0; i < values.size(); ++i)
                        values[i] = (lo + hi) / 2 + (hi - lo) / 2 * (1.0f - spread * static_cast<float>(i % 5));
                    return v0::Constant::create(t, shape, values);
                };
                auto in_low = range(input_range, in_span.second, in_span.first, 0.1f);
                auto in_high = range(input_range, in_span.first, in_span.second, 0.1f);
                auto out_low = range(output_range, out_span.second, out_span.first, 0.05f);
                auto out_high = range(output_range, out_span.first, out_span.second, 0.05f);
                return model_of(std::make_shared<v0::FakeQuantize>(x, in_low, in_high, out_low, out_high, levels), {x});
            }};
}

struct Resize {
    Mode mode = Mode::NEAREST;
    Transform transform = Transform::HALF_PIXEL;
    Nearest nearest = Nearest::ROUND_PREFER_FLOOR;
    Calc calc = Calc::SIZES;
    std::vector<int64_t> sizes;   // per listed axis
    std::vector<float> scales;    // per listed axis
    std::vector<int64_t> axes;    // empty: no axes input (every axis)
    std::vector<size_t> pads_begin{}, pads_end{};
};

Base::InterpolateAttrs attrs_of(const Resize& r) {
    Base::InterpolateAttrs attrs;
    attrs.mode = r.mode;
    attrs.shape_calculation_mode = r.calc;
    attrs.coordinate_transformation_mode = r.transform;
    attrs.nearest_mode = r.nearest;
    attrs.pads_begin = r.pads_begin;
    attrs.pads_end = r.pads_end;
    return attrs;
}

OpCase interpolate4(const std::string& name, const ov::Shape& in, const Resize& r) {
    return {"Interpolate4_" + name, "Interpolate", reals, [=](const Type& t) {
                auto x = par(t, in);
                auto sizes = i64s(r.sizes.empty() ? std::vector<int64_t>(r.scales.size(), 1) : r.sizes);
                auto scales = v0::Constant::create(ov::element::f32, ov::Shape{r.scales.size() ? r.scales.size()
                                                                                               : r.sizes.size()},
                                                   r.scales.empty() ? std::vector<float>(r.sizes.size(), 1.0f)
                                                                    : r.scales);
                std::shared_ptr<ov::Node> op;
                if (r.axes.empty())
                    op = std::make_shared<v4::Interpolate>(x, sizes, scales, attrs_of(r));
                else
                    op = std::make_shared<v4::Interpolate>(x, sizes, scales, i64s(r.axes), attrs_of(r));
                return model_of(op, {x});
            }};
}

OpCase interpolate11(const std::string& name, const ov::Shape& in, const Resize& r) {
    return {"Interpolate11_" + name, "Interpolate", reals, [=](const Type& t) {
                auto x = par(t, in);
                std::shared_ptr<ov::Node> values =
                    r.calc == Calc::SIZES ? std::shared_ptr<ov::Node>(i64s(r.sizes))
                                          : v0::Constant::create(ov::element::f32, ov::Shape{r.scales.size()}, r.scales);
                std::shared_ptr<ov::Node> op;
                if (r.axes.empty())
                    op = std::make_shared<v11::Interpolate>(x, values, attrs_of(r));
                else
                    op = std::make_shared<v11::Interpolate>(x, values, i64s(r.axes), attrs_of(r));
                return model_of(op, {x});
            }};
}

OpCase mvn6(const std::string& name, const ov::Shape& in, std::vector<int64_t> axes, bool normalize_variance,
            float eps, ov::op::MVNEpsMode mode) {
    OpCase c{"MVN6_" + name, "MVN", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<v6::MVN>(x, i64s(axes), normalize_variance, eps, mode), {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase normalize_l2(const std::string& name, const ov::Shape& in, std::vector<int64_t> axes, float eps,
                    ov::op::EpsMode mode) {
    OpCase c{"NormalizeL2_" + name, "NormalizeL2", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<v0::NormalizeL2>(x, i64s(axes), eps, mode), {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase deconv(const std::string& name, const ov::Shape& in, const ov::Shape& filter, const Strides& strides,
              const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
              const CoordinateDiff& output_padding, PadType pad = PadType::EXPLICIT,
              std::vector<int64_t> output_shape = {}) {
    OpCase c{"ConvolutionBackpropData_" + name, "ConvolutionBackpropData", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 std::shared_ptr<ov::Node> op;
                 if (output_shape.empty())
                     op = std::make_shared<v1::ConvolutionBackpropData>(x, weights(t, filter, 63), strides, pads_begin,
                                                                        pads_end, dilations, pad, output_padding);
                 else
                     op = std::make_shared<v1::ConvolutionBackpropData>(x, weights(t, filter, 63), i64s(output_shape),
                                                                        strides, pads_begin, pads_end, dilations, pad,
                                                                        output_padding);
                 return model_of(op, {x});
             }};
    c.accumulates = true;
    return c;
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    // The ranges of INT8 models: activations per tensor or per channel at 256 levels, weights-like 255 levels.
    cases.push_back(fake_quantize("256_per_channel_in_scalar_out_1x16x8x8", {1, 16, 8, 8}, {1, 16, 1, 1}, {},
                                  256, {-2.5f, 2.f}, {-2.5f, 2.f}));
    cases.push_back(fake_quantize("256_per_channel_both_planes_2x24x20x20", {2, 24, 20, 20}, {1, 24, 1, 1},
                                  {1, 24, 1, 1}, 256, {-3.f, 2.5f}, {-3.f, 2.5f}));
    cases.push_back(fake_quantize("255_per_channel_both_1x8x5x7", {1, 8, 5, 7}, {1, 8, 1, 1}, {1, 8, 1, 1}, 255,
                                  {-1.f, 1.5f}, {-1.f, 1.5f}));
    cases.push_back(fake_quantize("256_channels_rank3_ranges_2x6x3x3", {2, 6, 3, 3}, {6, 1, 1}, {1}, 256,
                                  {0.f, 2.f}, {0.f, 2.f}));
    cases.push_back(fake_quantize("2_binary_2d_4x10", {4, 10}, {1, 10}, {}, 2, {-0.5f, 0.5f}, {-1.f, 1.f}));
    cases.push_back(fake_quantize("16_per_element_reversed_output_2x3x4", {2, 3, 4}, {2, 3, 4}, {}, 16,
                                  {-2.f, 2.5f}, {1.f, -1.f}));

    // Interpolate-4: YOLO's nearest x2 (scales, asymmetric, floor), every rounding on a downscale by 2 (half_pixel
    // lands every coordinate on .5: the ties), the roundings on odd ratios, and each linear coordinate mode.
    Resize yolo;
    yolo.transform = Transform::ASYMMETRIC;
    yolo.nearest = Nearest::FLOOR;
    yolo.calc = Calc::SCALES;
    yolo.scales = {2.f, 2.f};
    yolo.sizes = {80, 80};
    yolo.axes = {2, 3};
    cases.push_back(interpolate4("nearest_floor_asymmetric_scales_x2_1x64x40x40", {1, 64, 40, 40}, yolo));
    for (const auto& [rounding_name, rounding] : std::vector<std::pair<std::string, Nearest>>{
             {"round_prefer_floor", Nearest::ROUND_PREFER_FLOOR},
             {"round_prefer_ceil", Nearest::ROUND_PREFER_CEIL},
             {"floor", Nearest::FLOOR},
             {"ceil", Nearest::CEIL},
             {"simple", Nearest::SIMPLE}}) {
        Resize down;
        down.nearest = rounding;
        down.sizes = {3, 4};
        down.axes = {2, 3};
        cases.push_back(interpolate4("nearest_" + rounding_name + "_half_pixel_down2_1x3x6x8", {1, 3, 6, 8}, down));
        Resize odd;
        odd.nearest = rounding;
        odd.transform = Transform::ASYMMETRIC;
        odd.sizes = {7, 4};
        odd.axes = {2, 3};
        cases.push_back(interpolate4("nearest_" + rounding_name + "_asymmetric_5x6_to_7x4", {2, 2, 5, 6}, odd));
    }
    for (const auto& [transform_name, transform] : std::vector<std::pair<std::string, Transform>>{
             {"half_pixel", Transform::HALF_PIXEL},
             {"pytorch_half_pixel", Transform::PYTORCH_HALF_PIXEL},
             {"asymmetric", Transform::ASYMMETRIC},
             {"tf_half_pixel_for_nn", Transform::TF_HALF_PIXEL_FOR_NN},
             {"align_corners", Transform::ALIGN_CORNERS}}) {
        Resize onnx;
        onnx.mode = Mode::LINEAR_ONNX;
        onnx.transform = transform;
        onnx.sizes = {9, 5};
        onnx.axes = {2, 3};
        cases.push_back(interpolate4("linear_onnx_" + transform_name + "_4x7_to_9x5", {1, 3, 4, 7}, onnx));
        Resize nearest;
        nearest.transform = transform;
        nearest.nearest = Nearest::ROUND_PREFER_CEIL;
        nearest.sizes = {8, 3};
        nearest.axes = {2, 3};
        cases.push_back(interpolate4("nearest_" + transform_name + "_4x7_to_8x3", {1, 2, 4, 7}, nearest));
    }
    // Row 8 of 17 maps to 6.5 exactly, which the reference's double arithmetic finds as 6.500000000000001: a
    // device that rounds the exact tie (VULKAN refuses this one, ops/interpolate.cpp) would pick row 6, not 7.
    Resize double_tie;
    double_tie.sizes = {17, 5};
    double_tie.axes = {2, 3};
    cases.push_back(interpolate4("nearest_round_prefer_floor_half_pixel_double_tie_14x5_to_17x5", {1, 2, 14, 5},
                                 double_tie));
    Resize segmentation;  // road-segmentation's upsampling: linear_onnx, align_corners, sizes
    segmentation.mode = Mode::LINEAR_ONNX;
    segmentation.transform = Transform::ALIGN_CORNERS;
    segmentation.sizes = {64, 112};
    segmentation.axes = {2, 3};
    cases.push_back(interpolate4("linear_onnx_align_corners_1x16x32x56_to_64x112", {1, 16, 32, 56}, segmentation));
    Resize linear_half;
    linear_half.mode = Mode::LINEAR;
    linear_half.calc = Calc::SCALES;
    linear_half.scales = {1.f, 1.f, 2.f, 2.f};
    linear_half.sizes = {1, 8, 80, 80};
    cases.push_back(interpolate4("linear_half_pixel_scales_all_axes_1x8x40x40", {1, 8, 40, 40}, linear_half));
    Resize linear_down;
    linear_down.mode = Mode::LINEAR;
    linear_down.calc = Calc::SCALES;
    linear_down.scales = {0.6f, 0.45f};
    linear_down.sizes = {6, 4};
    linear_down.axes = {-2, -1};
    cases.push_back(interpolate4("linear_half_pixel_scales_down_2x3x11x9", {2, 3, 11, 9}, linear_down));
    Resize padded;
    padded.mode = Mode::LINEAR_ONNX;
    padded.pads_begin = {0, 0, 1, 2};
    padded.pads_end = {0, 0, 2, 0};
    padded.sizes = {10, 12};
    padded.axes = {2, 3};
    cases.push_back(interpolate4("linear_onnx_padded_1x2x5x4_to_10x12", {1, 2, 5, 4}, padded));
    Resize padded_nearest = padded;
    padded_nearest.mode = Mode::NEAREST;
    padded_nearest.sizes = {8, 3};
    cases.push_back(interpolate4("nearest_padded_1x2x5x4_to_8x3", {1, 2, 5, 4}, padded_nearest));
    Resize rank3;
    rank3.mode = Mode::LINEAR_ONNX;
    rank3.sizes = {6, 13};
    rank3.axes = {1, 2};
    cases.push_back(interpolate4("linear_onnx_rank3_2x4x5_to_6x13", {2, 4, 5}, rank3));

    // Interpolate-11: sizes and scales as one input, with and without axes.
    Resize v11_sizes;
    v11_sizes.mode = Mode::LINEAR_ONNX;
    v11_sizes.transform = Transform::ASYMMETRIC;
    v11_sizes.sizes = {12, 10};
    v11_sizes.axes = {2, 3};
    cases.push_back(interpolate11("linear_onnx_asymmetric_sizes_1x4x6x5", {1, 4, 6, 5}, v11_sizes));
    Resize v11_scales;
    v11_scales.transform = Transform::ASYMMETRIC;
    v11_scales.nearest = Nearest::FLOOR;
    v11_scales.calc = Calc::SCALES;
    v11_scales.scales = {1.f, 1.f, 3.f, 0.5f};
    cases.push_back(interpolate11("nearest_floor_scales_all_axes_2x3x4x10", {2, 3, 4, 10}, v11_scales));

    // Normalisations over groups long enough for a work group each, and over the last axis.
    const auto eps_inside = ov::op::MVNEpsMode::INSIDE_SQRT, eps_outside = ov::op::MVNEpsMode::OUTSIDE_SQRT;
    cases.push_back(mvn6("spatial_inside_1x32x20x20", {1, 32, 20, 20}, {2, 3}, true, 1e-9f, eps_inside));
    cases.push_back(mvn6("chw_outside_2x8x12x12", {2, 8, 12, 12}, {1, 2, 3}, true, 1e-4f, eps_outside));
    cases.push_back(mvn6("last_axis_inside_6x100", {6, 100}, {-1}, true, 1e-6f, eps_inside));
    cases.push_back(mvn6("spatial_mean_only_1x4x9x9", {1, 4, 9, 9}, {3, 2}, false, 1e-9f, eps_inside));
    cases.push_back(normalize_l2("channels_add_1x64x10x10", {1, 64, 10, 10}, {1}, 1e-10f, ov::op::EpsMode::ADD));
    cases.push_back(normalize_l2("spatial_max_2x3x9x11", {2, 3, 9, 11}, {2, 3}, 1e-6f, ov::op::EpsMode::MAX));
    cases.push_back(normalize_l2("last_axis_add_4x5x6", {4, 5, 6}, {-1}, 1e-6f, ov::op::EpsMode::ADD));

    // Transposed convolutions: text-image-super-resolution's kernel 3 stride 3, the usual kernel 4 stride 2
    // upsampling, dilations, many input channels.
    cases.push_back(deconv("k3_s3_1x12x10x16", {1, 12, 10, 16}, {12, 4, 3, 3}, {3, 3}, {0, 0}, {0, 0}, {1, 1},
                           {0, 0}));
    cases.push_back(deconv("k4_s2_p1_2x6x7x5", {2, 6, 7, 5}, {6, 3, 4, 4}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, {0, 0}));
    cases.push_back(deconv("k3_s2_d2_op1_1x3x5x6", {1, 3, 5, 6}, {3, 5, 3, 3}, {2, 2}, {2, 1}, {1, 0}, {2, 2},
                           {1, 1}));
    cases.push_back(deconv("k2x3_s1x2_c64_1x64x4x4", {1, 64, 4, 4}, {64, 8, 2, 3}, {1, 2}, {0, 1}, {0, 1}, {1, 1},
                           {0, 0}));
    cases.push_back(deconv("valid_output_shape_1x4x5x5", {1, 4, 5, 5}, {4, 2, 3, 3}, {2, 2}, {0, 0}, {0, 0}, {1, 1},
                           {0, 0}, PadType::VALID, {12, 11}));
}

}  // namespace conformance
