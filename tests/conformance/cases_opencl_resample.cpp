// SPDX-License-Identifier: Apache-2.0
// Conformance cases the OPENCL resampling, transposed-convolution, normalisation and activation kernels run
// (backends/opencl/ops/interpolate, deconvolution, normalize, activation) where the other case files have none:
// Interpolate-4 and -11 in every mode, rounding and coordinate transform those kernels take, with the shapes real
// models use (yolov5n's nearest x2 by scales, road-segmentation's linear_onnx align_corners by sizes); transposed
// convolutions with dilations, output_shape, odd channel counts and groups; MVN and NormalizeL2 over axes that are
// not innermost; Swish with other betas and SoftPlus/Mish far into their tails. Sizes, scales, axes and filters
// are Constants; the data are the harness's seeded random inputs.
#include "case_builders.hpp"

namespace conformance {
namespace {

using namespace case_builders;
namespace v4 = ov::op::v4;
namespace v11 = ov::op::v11;
using IB = ov::op::util::InterpolateBase;
using ov::CoordinateDiff;
using ov::Strides;
using ov::op::PadType;

IB::InterpolateAttrs resize_attrs(IB::InterpolateMode mode, IB::ShapeCalcMode calc,
                                  IB::CoordinateTransformMode transform,
                                  IB::NearestMode nearest = IB::NearestMode::ROUND_PREFER_FLOOR,
                                  std::vector<size_t> pads_begin = {}, std::vector<size_t> pads_end = {}) {
    IB::InterpolateAttrs attrs;
    attrs.mode = mode;
    attrs.shape_calculation_mode = calc;
    attrs.coordinate_transformation_mode = transform;
    attrs.nearest_mode = nearest;
    attrs.pads_begin = pads_begin.empty() ? std::vector<size_t>(4, 0) : pads_begin;
    attrs.pads_end = pads_end.empty() ? std::vector<size_t>(4, 0) : pads_end;
    return attrs;
}

// Interpolate-4 over axes {2, 3} (or every axis when `axes` is empty: sizes and scales then have 4 entries).
OpCase interpolate4(const std::string& name, const ov::Shape& in, const IB::InterpolateAttrs& attrs,
                    std::vector<int64_t> sizes, std::vector<float> scales, std::vector<int64_t> axes = {2, 3}) {
    OpCase c{"Interpolate4_" + name, "Interpolate", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 auto scale_values = v0::Constant::create(f32, ov::Shape{scales.size()}, scales);
                 std::shared_ptr<ov::Node> op;
                 if (axes.empty())
                     op = std::make_shared<v4::Interpolate>(x, i64s(sizes), scale_values, attrs);
                 else
                     op = std::make_shared<v4::Interpolate>(x, i64s(sizes), scale_values, i64s(axes), attrs);
                 return model_of(op, {x});
             }};
    c.accumulates = attrs.mode != IB::InterpolateMode::NEAREST;
    return c;
}

// Interpolate-11: sizes (sizes mode) or scales (scales mode) over `axes`.
OpCase interpolate11(const std::string& name, const ov::Shape& in, const IB::InterpolateAttrs& attrs,
                     std::vector<double> values, std::vector<int64_t> axes) {
    OpCase c{"Interpolate11_" + name, "Interpolate", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 std::shared_ptr<ov::Node> target;
                 if (attrs.shape_calculation_mode == IB::ShapeCalcMode::SIZES)
                     target = v0::Constant::create(ov::element::i64, ov::Shape{values.size()}, values);
                 else
                     target = v0::Constant::create(f32, ov::Shape{values.size()}, values);
                 return model_of(std::make_shared<v11::Interpolate>(x, target, i64s(axes), attrs), {x});
             }};
    c.accumulates = attrs.mode != IB::InterpolateMode::NEAREST;
    return c;
}

OpCase interpolate1(const std::string& name, const ov::Shape& in, ov::AxisSet axes, std::vector<int64_t> sizes,
                    const std::string& mode, bool align_corners, std::vector<size_t> pads = {}) {
    OpCase c{"Interpolate1_" + name, "Interpolate", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 v0::Interpolate::Attributes attrs;
                 attrs.axes = axes;
                 attrs.mode = mode;
                 attrs.align_corners = align_corners;
                 attrs.pads_begin = pads;
                 attrs.pads_end = pads;
                 return model_of(std::make_shared<v0::Interpolate>(x, i64s(sizes), attrs), {x});
             }};
    c.accumulates = mode != "nearest";
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
                     op = std::make_shared<v1::ConvolutionBackpropData>(x, weights(t, filter, 71), strides, pads_begin,
                                                                        pads_end, dilations, pad, output_padding);
                 else
                     op = std::make_shared<v1::ConvolutionBackpropData>(x, weights(t, filter, 71), i64s(output_shape),
                                                                        strides, pads_begin, pads_end, dilations, pad,
                                                                        output_padding);
                 return model_of(op, {x});
             }};
    c.accumulates = true;
    return c;
}

OpCase group_deconv(const std::string& name, const ov::Shape& in, const ov::Shape& filter, const Strides& strides,
                    const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                    const CoordinateDiff& output_padding) {
    OpCase c{"GroupConvolutionBackpropData_" + name, "GroupConvolutionBackpropData", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 auto op = std::make_shared<v1::GroupConvolutionBackpropData>(x, weights(t, filter, 72), strides,
                                                                              pads_begin, pads_end, dilations,
                                                                              PadType::EXPLICIT, output_padding);
                 return model_of(op, {x});
             }};
    c.accumulates = true;
    return c;
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

OpCase mvn1(const std::string& name, const ov::Shape& in, bool across_channels, bool normalize_variance, double eps) {
    OpCase c{"MVN1_" + name, "MVN", reals, [=](const Type& t) {
                 auto x = par(t, in);
                 return model_of(std::make_shared<v0::MVN>(x, across_channels, normalize_variance, eps), {x});
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

OpCase swish(const std::string& name, const ov::Shape& in, double beta) {
    return {"Swish_" + name, "Swish", reals, [=](const Type& t) {
                auto x = par(t, in);
                auto b = v0::Constant::create(t, ov::Shape{}, std::vector<double>{beta});
                return model_of(std::make_shared<v4::Swish>(x, b), {x});
            }, {{-6, 6}}};
}

template <typename Op>
OpCase activation(const std::string& name, const std::string& op, const ov::Shape& in, Range range) {
    return {name, op, reals, [=](const Type& t) {
                auto x = par(t, in);
                return model_of(std::make_shared<Op>(x), {x});
            }, {range}};
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    using Mode = IB::InterpolateMode;
    using Calc = IB::ShapeCalcMode;
    using Transform = IB::CoordinateTransformMode;
    using Nearest = IB::NearestMode;

    // yolov5n's upsampling: nearest x2 by scales, asymmetric, floor, over every axis (no axes input).
    cases.push_back(interpolate4("yolo_nearest_x2_scales_no_axes_1x64x40x40", {1, 64, 40, 40},
                                 resize_attrs(Mode::NEAREST, Calc::SCALES, Transform::ASYMMETRIC, Nearest::FLOOR),
                                 {1, 64, 80, 80}, {1.0f, 1.0f, 2.0f, 2.0f}, {}));
    // road-segmentation-adas' upsampling: linear_onnx, align_corners, by sizes over {2, 3}.
    cases.push_back(interpolate4("road_linear_onnx_align_corners_1x16x16x28_to_32x56", {1, 16, 16, 28},
                                 resize_attrs(Mode::LINEAR_ONNX, Calc::SIZES, Transform::ALIGN_CORNERS), {32, 56},
                                 {2.0f, 2.0f}));
    // Every nearest rounding with every coordinate transform, on a non-integer up- and downscale (ties happen
    // where 2 * o + 1 is a multiple of the scale's denominator).
    const std::vector<std::pair<std::string, Nearest>> roundings{{"round_prefer_floor", Nearest::ROUND_PREFER_FLOOR},
                                                                {"round_prefer_ceil", Nearest::ROUND_PREFER_CEIL},
                                                                {"floor", Nearest::FLOOR},
                                                                {"ceil", Nearest::CEIL},
                                                                {"simple", Nearest::SIMPLE}};
    const std::vector<std::pair<std::string, Transform>> transforms{
        {"half_pixel", Transform::HALF_PIXEL},
        {"pytorch_half_pixel", Transform::PYTORCH_HALF_PIXEL},
        {"asymmetric", Transform::ASYMMETRIC},
        {"tf_half_pixel_for_nn", Transform::TF_HALF_PIXEL_FOR_NN},
        {"align_corners", Transform::ALIGN_CORNERS}};
    for (const auto& [rounding_name, rounding] : roundings)
        for (const auto& [transform_name, transform] : transforms)
            cases.push_back(interpolate4("nearest_" + rounding_name + "_" + transform_name + "_6x8_to_9x3",
                                         {1, 3, 6, 8}, resize_attrs(Mode::NEAREST, Calc::SIZES, transform, rounding),
                                         {9, 3}, {1.5f, 0.375f}));
    // Linear (the triangle filter) and linear_onnx with every coordinate transform, up one axis and down the other.
    for (const auto& [mode_name, mode] : std::vector<std::pair<std::string, Mode>>{{"linear", Mode::LINEAR},
                                                                                   {"linear_onnx", Mode::LINEAR_ONNX}})
        for (const auto& [transform_name, transform] : transforms)
            cases.push_back(interpolate4(mode_name + "_" + transform_name + "_2x3x7x9_to_12x5", {2, 3, 7, 9},
                                         resize_attrs(mode, Calc::SIZES, transform), {12, 5}, {12.0f / 7, 5.0f / 9}));
    // Scales mode, where the coordinate transform divides by the given scale (not output over input length).
    cases.push_back(interpolate4("linear_half_pixel_scales_1_7_by_0_6_1x2x5x6", {1, 2, 5, 6},
                                 resize_attrs(Mode::LINEAR, Calc::SCALES, Transform::HALF_PIXEL), {0, 0},
                                 {1.7f, 0.6f}));
    cases.push_back(interpolate4("nearest_half_pixel_ceil_scales_down_1x4x9x10", {1, 4, 9, 10},
                                 resize_attrs(Mode::NEAREST, Calc::SCALES, Transform::HALF_PIXEL,
                                              Nearest::ROUND_PREFER_CEIL),
                                 {0, 0}, {0.45f, 0.7f}));
    // Zero paddings of the spatial axes, resized with them.
    cases.push_back(interpolate4("linear_onnx_padded_1x2x4x5_to_10x12", {1, 2, 4, 5},
                                 resize_attrs(Mode::LINEAR_ONNX, Calc::SIZES, Transform::HALF_PIXEL,
                                              Nearest::ROUND_PREFER_FLOOR, {0, 0, 1, 2}, {0, 0, 2, 1}),
                                 {10, 12}, {10.0f / 7, 1.5f}));
    cases.push_back(interpolate4("nearest_floor_padded_width_1x3x4x4_to_8x6", {1, 3, 4, 4},
                                 resize_attrs(Mode::NEAREST, Calc::SIZES, Transform::ASYMMETRIC, Nearest::FLOOR,
                                              {0, 0, 0, 1}, {0, 0, 0, 1}),
                                 {8}, {2.0f}, {2}));
    cases.push_back(interpolate11("nearest_floor_x2_scales_1x8x10x12", {1, 8, 10, 12},
                                  resize_attrs(Mode::NEAREST, Calc::SCALES, Transform::ASYMMETRIC, Nearest::FLOOR),
                                  {2.0, 2.0}, {2, 3}));
    cases.push_back(interpolate11("linear_half_pixel_negative_axes_1x3x10x6_to_4x15", {1, 3, 10, 6},
                                  resize_attrs(Mode::LINEAR, Calc::SIZES, Transform::HALF_PIXEL), {4, 15}, {-2, -1}));
    cases.push_back(interpolate11("linear_onnx_pytorch_width_only_2x2x5x7_to_11", {2, 2, 5, 7},
                                  resize_attrs(Mode::LINEAR_ONNX, Calc::SIZES, Transform::PYTORCH_HALF_PIXEL), {11},
                                  {3}));
    cases.push_back(interpolate1("nearest_down_1x3x9x7_to_4x5", {1, 3, 9, 7}, {2, 3}, {4, 5}, "nearest", false));
    cases.push_back(interpolate1("linear_height_only_1x2x5x6_to_9", {1, 2, 5, 6}, {2}, {9}, "linear", false));
    cases.push_back(
        interpolate1("linear_padded_1x2x4x4_to_9x7", {1, 2, 4, 4}, {2, 3}, {9, 7}, "linear", false, {0, 0, 1, 1}));

    // The text-image-super-resolution layer's kind: stride 3, kernel 3, four output channels.
    cases.push_back(
        deconv("2d_k3_s3_oc4_1x12x6x10", {1, 12, 6, 10}, {12, 4, 3, 3}, {3, 3}, {0, 0}, {0, 0}, {1, 1}, {0, 0}));
    cases.push_back(
        deconv("2d_k3_s2_d2_oc6_2x5x5x4", {2, 5, 5, 4}, {5, 6, 3, 3}, {2, 2}, {1, 2}, {2, 0}, {2, 2}, {0, 1}));
    cases.push_back(
        deconv("2d_k4_s2_p1_oc9_1x7x6x6", {1, 7, 6, 6}, {7, 9, 4, 4}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, {0, 0}));
    cases.push_back(deconv("2d_k2x3_s1_1x3x5x4", {1, 3, 5, 4}, {3, 2, 2, 3}, {1, 1}, {0, 0}, {0, 0}, {1, 1}, {0, 0}));
    cases.push_back(deconv("2d_explicit_output_shape_1x4x4x5_to_9x10", {1, 4, 4, 5}, {4, 3, 3, 3}, {2, 2}, {1, 1},
                           {1, 1}, {1, 1}, {0, 0}, PadType::EXPLICIT, {9, 10}));
    cases.push_back(deconv("2d_valid_s2_1x3x4x4", {1, 3, 4, 4}, {3, 5, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}, {0, 0},
                           PadType::VALID));
    cases.push_back(group_deconv("g3_k3_s2_oc5_1x6x4x5", {1, 6, 4, 5}, {3, 2, 5, 3, 3}, {2, 2}, {1, 0}, {0, 1}, {1, 1},
                                 {1, 0}));
    cases.push_back(group_deconv("depthwise_k4_s2_2x8x5x5", {2, 8, 5, 5}, {8, 1, 1, 4, 4}, {2, 2}, {1, 1}, {1, 1},
                                 {1, 1}, {0, 0}));
    cases.push_back(
        group_deconv("g2_d2_1x4x5x5", {1, 4, 5, 5}, {2, 2, 3, 3, 3}, {1, 1}, {2, 2}, {2, 2}, {2, 2}, {0, 0}));

    const auto eps_inside = ov::op::MVNEpsMode::INSIDE_SQRT, eps_outside = ov::op::MVNEpsMode::OUTSIDE_SQRT;
    cases.push_back(mvn6("channels_only_2x8x5x6", {2, 8, 5, 6}, {1}, true, 1e-5f, eps_inside));
    cases.push_back(mvn6("batch_and_height_outside_3x4x5x6", {3, 4, 5, 6}, {0, 2}, true, 1e-4f, eps_outside));
    cases.push_back(mvn6("large_plane_1x4x64x48", {1, 4, 64, 48}, {2, 3}, true, 1e-6f, eps_inside));
    cases.push_back(mvn6("rank5_mean_only_2x3x4x5x2", {2, 3, 4, 5, 2}, {1, 3}, false, 1e-6f, eps_inside));
    cases.push_back(mvn6("rank3_last_two_outside_4x10x12", {4, 10, 12}, {-2, -1}, true, 1e-3f, eps_outside));
    cases.push_back(mvn1("across_channels_mean_only_1x6x7x5", {1, 6, 7, 5}, true, false, 1e-9));
    cases.push_back(normalize_l2("channels_ssd_1x32x10x10", {1, 32, 10, 10}, {1}, 1e-10f, ov::op::EpsMode::ADD));
    cases.push_back(normalize_l2("spatial_max_2x3x6x7", {2, 3, 6, 7}, {2, 3}, 1e-6f, ov::op::EpsMode::MAX));
    cases.push_back(normalize_l2("last_2d_5x16", {5, 16}, {-1}, 1e-4f, ov::op::EpsMode::ADD));
    cases.push_back(normalize_l2("large_eps_max_2x4x3", {2, 4, 3}, {1}, 100.0f, ov::op::EpsMode::MAX));

    cases.push_back(swish("beta_1_5_2x16x9", {2, 16, 9}, 1.5));
    cases.push_back(swish("beta_negative_3x7x5", {3, 7, 5}, -0.5));
    cases.push_back(activation<v4::SoftPlus>("SoftPlus_tails_4x64", "SoftPlus", {4, 64}, {-30, 100}));
    cases.push_back(activation<v4::Mish>("Mish_tails_4x64", "Mish", {4, 64}, {-20, 20}));
    cases.push_back(activation<v7::Gelu>("Gelu7_erf_wide_8x33", "Gelu", {8, 33}, {-8, 8}));
    cases.push_back(activation<v0::Sign>("Sign_f32_6x40", "Sign", {6, 40}, {-2, 2}));
}

}  // namespace conformance
