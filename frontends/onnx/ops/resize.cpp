// SPDX-License-Identifier: Apache-2.0
// Resize (opset 10 on) and Upsample (before it) as OpenVINO's Interpolate-11 over every axis.

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;
using Attrs = v11::Interpolate::InterpolateAttrs;
using Mode = v11::Interpolate::InterpolateMode;
using Transform = v11::Interpolate::CoordinateTransformMode;
using Nearest = v11::Interpolate::NearestMode;
using ShapeCalc = v11::Interpolate::ShapeCalcMode;

namespace {

Attrs attributes(const NodeContext& node, bool legacy) {
    Attrs attrs;
    const std::string mode = node.attr_string("mode", "nearest");
    if (mode == "nearest")
        attrs.mode = Mode::NEAREST;
    else if (mode == "linear" || mode == "bilinear")
        attrs.mode = Mode::LINEAR_ONNX;
    else if (mode == "cubic")
        attrs.mode = Mode::CUBIC;
    else
        node.fail("has the mode '" + mode + "'; ONNX defines nearest, linear and cubic");
    attrs.cube_coeff = node.attr_float("cubic_coeff_a", -0.75f);
    if (legacy) {
        // Upsample and Resize-10 map output to input coordinates as x_in = x_out / scale and pick the nearest
        // input by flooring.
        attrs.coordinate_transformation_mode = Transform::ASYMMETRIC;
        attrs.nearest_mode = Nearest::FLOOR;
        return attrs;
    }
    const std::string transform = node.attr_string("coordinate_transformation_mode", "half_pixel");
    if (transform == "half_pixel")
        attrs.coordinate_transformation_mode = Transform::HALF_PIXEL;
    else if (transform == "pytorch_half_pixel")
        attrs.coordinate_transformation_mode = Transform::PYTORCH_HALF_PIXEL;
    else if (transform == "align_corners")
        attrs.coordinate_transformation_mode = Transform::ALIGN_CORNERS;
    else if (transform == "asymmetric")
        attrs.coordinate_transformation_mode = Transform::ASYMMETRIC;
    else if (transform == "tf_half_pixel_for_nn")
        attrs.coordinate_transformation_mode = Transform::TF_HALF_PIXEL_FOR_NN;
    else
        node.fail("has coordinate_transformation_mode '" + transform + "', which devmux does not convert");
    const std::string nearest = node.attr_string("nearest_mode", "round_prefer_floor");
    if (nearest == "round_prefer_floor")
        attrs.nearest_mode = Nearest::ROUND_PREFER_FLOOR;
    else if (nearest == "round_prefer_ceil")
        attrs.nearest_mode = Nearest::ROUND_PREFER_CEIL;
    else if (nearest == "floor")
        attrs.nearest_mode = Nearest::FLOOR;
    else if (nearest == "ceil")
        attrs.nearest_mode = Nearest::CEIL;
    else
        node.fail("has nearest_mode '" + nearest + "'");
    return attrs;
}

bool given_and_not_empty(const NodeContext& node, size_t i) {
    if (!node.has_input(i))
        return false;
    const auto& shape = node.input(i).get_partial_shape();
    return !(shape.is_static() && ov::shape_size(shape.to_shape()) == 0);
}

ov::OutputVector by_scales(const NodeContext& node, const ov::Output<ov::Node>& scales, Attrs attrs) {
    attrs.shape_calculation_mode = ShapeCalc::SCALES;
    ov::Output<ov::Node> f32_scales = scales;
    if (scales.get_element_type() != ov::element::f32)
        f32_scales = std::make_shared<v0::Convert>(scales, ov::element::f32);
    return {std::make_shared<v11::Interpolate>(node.input(0), f32_scales, attrs)->output(0)};
}

}  // namespace

ov::OutputVector resize(const NodeContext& node) {
    const bool legacy = node.opset() < 11;
    if (!legacy && resize_needs_matrices(node))
        return resize_by_matrices(node);
    const Attrs attrs = attributes(node, legacy);
    if (legacy)
        return by_scales(node, node.input(1), attrs);
    if (given_and_not_empty(node, 3)) {
        Attrs sized = attrs;
        sized.shape_calculation_mode = ShapeCalc::SIZES;
        ov::Output<ov::Node> sizes = node.input(3);
        if (sizes.get_element_type() != ov::element::i64)
            sizes = std::make_shared<v0::Convert>(sizes, ov::element::i64);
        return {std::make_shared<v11::Interpolate>(node.input(0), sizes, sized)->output(0)};
    }
    if (!given_and_not_empty(node, 2))
        node.fail("has neither scales nor sizes");
    return by_scales(node, node.input(2), attrs);
}

ov::OutputVector upsample(const NodeContext& node) {
    const Attrs attrs = attributes(node, true);
    if (node.opset() < 9) {
        const auto scales = node.attr_floats("scales");
        return by_scales(node, v0::Constant::create(ov::element::f32, ov::Shape{scales.size()}, scales), attrs);
    }
    return by_scales(node, node.input(1), attrs);
}

}  // namespace onnx_frontend
}  // namespace devmux
