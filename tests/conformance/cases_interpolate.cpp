// SPDX-License-Identifier: Apache-2.0
// Conformance cases of Interpolate-4 and -11 beyond cases_opencl_resample.cpp (nearest, linear and linear_onnx
// over every transform and rounding, pads): cubic, antialiasing, integer data (nearest) and the forms without
// axes. Sizes, scales and axes are Constants, so the output shape is known when the model is built.
#include "case_builders.hpp"
#include "openvino/op/interpolate.hpp"

namespace conformance {
namespace {

using namespace case_builders;
namespace v4 = ov::op::v4;
namespace v11 = ov::op::v11;
using Base = ov::op::util::InterpolateBase;
using Mode = Base::InterpolateMode;
using Calc = Base::ShapeCalcMode;
using Transform = Base::CoordinateTransformMode;
using Nearest = Base::NearestMode;

std::shared_ptr<v0::Constant> f32s(const std::vector<float>& values) {
    return v0::Constant::create(ov::element::f32, ov::Shape{values.size()}, values);
}

struct Resize {
    ov::Shape in;
    std::vector<int64_t> sizes;
    std::vector<float> scales;
    std::vector<int64_t> axes;  // empty: the form without axes (every axis)
};

Base::InterpolateAttrs attrs_of(Mode mode, Calc calc, Transform transform,
                                Nearest nearest = Nearest::ROUND_PREFER_FLOOR, bool antialias = false,
                                double cube_coeff = -0.75) {
    return Base::InterpolateAttrs(mode, calc, {}, {}, transform, nearest, antialias, cube_coeff);
}

// Nearest picks input values (integers too); the other modes weigh several of them.
std::vector<Type> types_of(const Base::InterpolateAttrs& a) { return a.mode == Mode::NEAREST ? numbers : reals; }

OpCase interpolate4(const std::string& name, Resize r, Base::InterpolateAttrs a) {
    OpCase c{"Interpolate4_" + name, "Interpolate", types_of(a), [=](const Type& t) {
                 auto x = par(t, r.in);
                 std::shared_ptr<ov::Node> op;
                 if (r.axes.empty())
                     op = std::make_shared<v4::Interpolate>(x, i64s(r.sizes), f32s(r.scales), a);
                 else
                     op = std::make_shared<v4::Interpolate>(x, i64s(r.sizes), f32s(r.scales), i64s(r.axes), a);
                 return model_of(op, {x});
             }};
    c.accumulates = a.mode != Mode::NEAREST;
    return c;
}

OpCase interpolate11(const std::string& name, Resize r, Base::InterpolateAttrs a) {
    OpCase c{"Interpolate11_" + name, "Interpolate", types_of(a), [=](const Type& t) {
                 auto x = par(t, r.in);
                 const bool by_sizes = a.shape_calculation_mode == Calc::SIZES;
                 ov::Output<ov::Node> target = by_sizes ? ov::Output<ov::Node>(i64s(r.sizes)) : f32s(r.scales);
                 std::shared_ptr<ov::Node> op;
                 if (r.axes.empty())
                     op = std::make_shared<v11::Interpolate>(x, target, a);
                 else
                     op = std::make_shared<v11::Interpolate>(x, target, i64s(r.axes), a);
                 return model_of(op, {x});
             }};
    c.accumulates = a.mode != Mode::NEAREST;
    return c;
}

}  // namespace

DEVMUX_CONFORMANCE_CASES(cases) {
    auto add = [&](OpCase c) { cases.push_back(std::move(c)); };
    // Interpolate-4 takes both sizes and scales; shape_calculation_mode says which one sets the output.
    add(interpolate4("nearest_tf_half_pixel_ceil_no_axes", {{2, 3, 5, 4}, {2, 3, 3, 7}, {1, 1, 0.6f, 1.75f}, {}},
                     attrs_of(Mode::NEAREST, Calc::SIZES, Transform::TF_HALF_PIXEL_FOR_NN, Nearest::CEIL)));
    add(interpolate4("linear_antialias_down", {{1, 2, 8, 6}, {3, 4}, {0.375f, 0.667f}, {2, 3}},
                     attrs_of(Mode::LINEAR, Calc::SIZES, Transform::HALF_PIXEL, Nearest::ROUND_PREFER_FLOOR, true)));
    add(interpolate4("cubic_half_pixel_coeff05", {{1, 2, 4, 5}, {7, 8}, {1.75f, 1.6f}, {2, 3}},
                     attrs_of(Mode::CUBIC, Calc::SIZES, Transform::HALF_PIXEL, Nearest::ROUND_PREFER_FLOOR, false,
                              -0.5)));
    add(interpolate4("cubic_scales_asymmetric_down", {{1, 2, 8, 7}, {4, 5}, {0.5f, 0.75f}, {2, 3}},
                     attrs_of(Mode::CUBIC, Calc::SCALES, Transform::ASYMMETRIC)));

    // Interpolate-11 takes sizes or scales as its second input. The Pillow modes are left out: the reference
    // evaluation has none yet, while the CPU claims them (it fails at inference).
    add(interpolate11("linear_onnx_scales_antialias_down", {{1, 2, 8, 6}, {}, {0.5f, 0.75f}, {2, 3}},
                      attrs_of(Mode::LINEAR_ONNX, Calc::SCALES, Transform::HALF_PIXEL, Nearest::ROUND_PREFER_FLOOR,
                               true)));
    add(interpolate11("nearest_scales_round_prefer_ceil_no_axes", {{1, 2, 3, 4}, {}, {1, 1, 2.5f, 0.5f}, {}},
                      attrs_of(Mode::NEAREST, Calc::SCALES, Transform::HALF_PIXEL, Nearest::ROUND_PREFER_CEIL)));
    add(interpolate11("cubic_sizes_align_corners", {{1, 1, 4, 4}, {6, 3}, {}, {2, 3}},
                      attrs_of(Mode::CUBIC, Calc::SIZES, Transform::ALIGN_CORNERS)));
}

}  // namespace conformance
