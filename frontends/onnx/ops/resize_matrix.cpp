// SPDX-License-Identifier: Apache-2.0
// Resize (opset 11 on) where OpenVINO's Interpolate-11 means something else: exclude_outside=1, the
// tf_crop_and_resize coordinates (with their extrapolation value), and align_corners with scales, which ONNX maps
// with the unrounded output length in * scale where Interpolate uses the whole output size.
//
// ONNX defines Resize one axis at a time: output x of an axis reads input coordinate x_ori, taps n neighbours
// (2 for nearest and linear, 4 for cubic) chosen by distance, with the edge repeated beyond the input, and weighs
// them by coefficients of the fraction ratio in (0, 1] (an integer x_ori has ratio 1). Each axis is thus a
// matrix [out, in], built here from ops so that scales, sizes and roi may come at run time, and applied as a
// MatMul over that axis; outputs whose coordinate falls outside the roi of tf_crop_and_resize take the
// extrapolation value.

#include <cmath>

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

using Output = ov::Output<ov::Node>;

Output f32_scalar(double value) { return scalar_of(ov::element::f32, value); }

Output to_f32(const Output& value) {
    if (value.get_element_type() == ov::element::f32)
        return value;
    return std::make_shared<v0::Convert>(value, ov::element::f32);
}

Output entry(const Output& vector, int64_t index) {
    return std::make_shared<v8::Gather>(vector, i64_scalar(index), i64_scalar(0))->output(0);
}

// Entries of a vector laid out as a column [n, 1] or a row [1, n].
Output column(const Output& v) { return std::make_shared<v0::Unsqueeze>(v, i64s({1}))->output(0); }

Output select(const Output& condition, const Output& then_value, const Output& else_value) {
    return std::make_shared<v1::Select>(condition, then_value, else_value)->output(0);
}

// The coefficients [out, taps] of ONNX's modes for the fractions `ratio` [out, 1].
Output coefficients(const NodeContext& node, const std::string& mode, const Output& ratio) {
    auto sub = [](const Output& a, const Output& b) { return std::make_shared<v1::Subtract>(a, b)->output(0); };
    auto mul = [](const Output& a, const Output& b) { return std::make_shared<v1::Multiply>(a, b)->output(0); };
    auto add = [](const Output& a, const Output& b) { return std::make_shared<v1::Add>(a, b)->output(0); };
    const auto one = f32_scalar(1.0);
    if (mode == "linear")
        return std::make_shared<v0::Concat>(ov::OutputVector{sub(one, ratio), ratio}, 1)->output(0);
    if (mode == "cubic") {
        const double a = node.attr_float("cubic_coeff_a", -0.75f);
        const auto A = f32_scalar(a);
        // Keys' kernel at distances t + 1 and t (from the left) and 1 - t and 2 - t (from the right).
        auto outer = [&](const Output& t) {  // distance in [1, 2): ((A t - 5A) t + 8A) t - 4A
            return sub(mul(add(mul(sub(mul(A, t), f32_scalar(5 * a)), t), f32_scalar(8 * a)), t), f32_scalar(4 * a));
        };
        auto inner = [&](const Output& t) {  // distance in [0, 1]: ((A + 2) t - (A + 3)) t t + 1
            return add(mul(mul(sub(mul(f32_scalar(a + 2), t), f32_scalar(a + 3)), t), t), one);
        };
        const auto rest = sub(one, ratio);
        return std::make_shared<v0::Concat>(
                   ov::OutputVector{outer(add(ratio, one)), inner(ratio), inner(rest), outer(add(rest, one))}, 1)
            ->output(0);
    }
    // nearest: one tap of the two, by nearest_mode; an integer coordinate (ratio 1) is the right tap.
    const std::string rounding = node.attr_string("nearest_mode", "round_prefer_floor");
    Output right;
    if (rounding == "round_prefer_floor")
        right = std::make_shared<v1::Greater>(ratio, f32_scalar(0.5));
    else if (rounding == "round_prefer_ceil")
        right = std::make_shared<v1::GreaterEqual>(ratio, f32_scalar(0.5));
    else if (rounding == "floor")
        right = std::make_shared<v1::Equal>(ratio, one);
    else if (rounding == "ceil")
        right = std::make_shared<v1::Greater>(ratio, f32_scalar(0.0));
    else
        node.fail("has nearest_mode '" + rounding + "'");
    const auto right_weight = std::make_shared<v0::Convert>(right, ov::element::f32);
    return std::make_shared<v0::Concat>(ov::OutputVector{sub(one, right_weight), right_weight}, 1)->output(0);
}

struct AxisMatrix {
    Output matrix;   // [out, in]
    Output outside;  // [out] bool, tf_crop_and_resize only
};

// ONNX's per-axis map for an axis of length `in` (f32 scalar), resized to `out` (i64 scalar) with `scale`
// (f32 scalar) and the unrounded output length `out_length` (f32 scalar).
AxisMatrix axis_matrix(const NodeContext& node, const std::string& mode, const std::string& transform,
                       const Output& in, const Output& out, const Output& scale, const Output& out_length,
                       const Output& roi_start, const Output& roi_end) {
    auto sub = [](const Output& a, const Output& b) { return std::make_shared<v1::Subtract>(a, b)->output(0); };
    auto mul = [](const Output& a, const Output& b) { return std::make_shared<v1::Multiply>(a, b)->output(0); };
    auto div = [](const Output& a, const Output& b) { return std::make_shared<v1::Divide>(a, b)->output(0); };
    auto add = [](const Output& a, const Output& b) { return std::make_shared<v1::Add>(a, b)->output(0); };
    const auto one = f32_scalar(1.0), half = f32_scalar(0.5);
    const Output x = std::make_shared<v4::Range>(f32_scalar(0.0), to_f32(out), one, ov::element::f32);
    const auto single = std::make_shared<v1::Equal>(out_length, one);
    const auto last = sub(in, one);
    Output x_ori;
    AxisMatrix result;
    if (transform == "align_corners") {
        x_ori = select(single, f32_scalar(0.0), div(mul(x, last), sub(out_length, one)));
    } else if (transform == "asymmetric") {
        x_ori = div(x, scale);
    } else if (transform == "half_pixel") {
        x_ori = sub(div(add(x, half), scale), half);
    } else if (transform == "pytorch_half_pixel") {
        x_ori = select(single, f32_scalar(-0.5), sub(div(add(x, half), scale), half));
    } else if (transform == "tf_half_pixel_for_nn") {
        x_ori = div(add(x, half), scale);
    } else if (transform == "tf_crop_and_resize") {
        const auto span = mul(sub(roi_end, roi_start), last);
        x_ori = add(select(single, div(span, f32_scalar(2.0)), div(mul(x, span), sub(out_length, one))),
                    mul(roi_start, last));
        result.outside = std::make_shared<v1::LogicalOr>(std::make_shared<v1::Less>(x_ori, f32_scalar(0.0)),
                                                         std::make_shared<v1::Greater>(x_ori, last));
    } else {
        node.fail("has coordinate_transformation_mode '" + transform + "', which devmux does not convert");
    }
    // The taps left of x_ori start at ceil(x_ori) - 1, so that ratio is in (0, 1].
    const auto base = column(sub(std::make_shared<v0::Ceiling>(x_ori), one));
    const auto ratio = sub(column(x_ori), base);
    auto coeffs = coefficients(node, mode, ratio);
    const std::vector<float> offsets = mode == "cubic" ? std::vector<float>{-1, 0, 1, 2} : std::vector<float>{0, 1};
    const auto taps = add(base, v0::Constant::create(ov::element::f32, ov::Shape{1, offsets.size()}, offsets));
    if (node.attr_int("exclude_outside", 0) != 0) {
        // Taps outside the input weigh nothing; the others are scaled to sum to 1 again.
        auto inside = std::make_shared<v1::LogicalAnd>(std::make_shared<v1::GreaterEqual>(taps, f32_scalar(0.0)),
                                                       std::make_shared<v1::LessEqual>(taps, last));
        coeffs = mul(coeffs, std::make_shared<v0::Convert>(inside, ov::element::f32));
        coeffs = div(coeffs, std::make_shared<v1::ReduceSum>(coeffs, i64s({1}), true));
    }
    // The edge repeats beyond the input.
    const auto clamped = std::make_shared<v1::Minimum>(std::make_shared<v1::Maximum>(taps, f32_scalar(0.0)), last);
    const auto positions = std::make_shared<v4::Range>(f32_scalar(0.0), in, one, ov::element::f32);
    auto hits = std::make_shared<v1::Equal>(std::make_shared<v0::Unsqueeze>(clamped, i64s({2})),
                                            std::make_shared<v1::Reshape>(positions, i64s({1, 1, -1}), false));
    auto weighted = mul(std::make_shared<v0::Convert>(hits, ov::element::f32),
                        std::make_shared<v0::Unsqueeze>(coeffs, i64s({2})));
    result.matrix = std::make_shared<v1::ReduceSum>(weighted, i64s({1}), false);
    if (result.outside.get_node())
        result.matrix = mul(result.matrix, column(std::make_shared<v0::Convert>(
                                               std::make_shared<v1::LogicalNot>(result.outside), ov::element::f32)));
    return result;
}

bool given_and_not_empty(const NodeContext& node, size_t i) {
    if (!node.has_input(i))
        return false;
    const auto& shape = node.input(i).get_partial_shape();
    return !(shape.is_static() && ov::shape_size(shape.to_shape()) == 0);
}

}  // namespace

bool resize_needs_matrices(const NodeContext& node) {
    const std::string transform = node.attr_string("coordinate_transformation_mode", "half_pixel");
    return node.attr_int("exclude_outside", 0) != 0 || transform == "tf_crop_and_resize" ||
           (transform == "align_corners" && !given_and_not_empty(node, 3));
}

ov::OutputVector resize_by_matrices(const NodeContext& node) {
    const auto data = node.input(0);
    const auto type = data.get_element_type();
    if (!type.is_real())
        node.fail("resizes a " + type.get_type_name() +
                  " tensor with exclude_outside, tf_crop_and_resize or align_corners scales, which devmux converts "
                  "for floating-point tensors only");
    const int64_t rank = static_rank(node, 0);
    const std::string mode = node.attr_string("mode", "nearest");
    if (mode != "nearest" && mode != "linear" && mode != "cubic")
        node.fail("has the mode '" + mode + "'; ONNX defines nearest, linear and cubic");
    const std::string transform = node.attr_string("coordinate_transformation_mode", "half_pixel");
    const bool by_sizes = given_and_not_empty(node, 3);
    if (!by_sizes && !given_and_not_empty(node, 2))
        node.fail("has neither scales nor sizes");
    const bool crop = transform == "tf_crop_and_resize";
    if (crop && !given_and_not_empty(node, 1))
        node.fail("has coordinate_transformation_mode tf_crop_and_resize but no roi");
    const auto shape = std::make_shared<v3::ShapeOf>(data);
    // Axes whose map is known to be the identity (scale 1 from a constant, a transform that then keeps
    // coordinates) are left alone.
    std::vector<double> known_scales;
    if (!by_sizes && node.input_is_constant(2) && !crop && transform != "tf_half_pixel_for_nn")
        known_scales = node.const_floats(2, "scales");
    Output result = to_f32(data);
    Output outside_any;
    for (int64_t axis = 0; axis < rank; ++axis) {
        if (static_cast<int64_t>(known_scales.size()) == rank && known_scales[static_cast<size_t>(axis)] == 1.0)
            continue;
        const auto in = to_f32(entry(shape, axis));
        Output out, scale, out_length;
        if (by_sizes) {
            out = entry(std::make_shared<v0::Convert>(node.input(3), ov::element::i64), axis);
            out_length = to_f32(out);
            scale = std::make_shared<v1::Divide>(out_length, in);
        } else {
            scale = to_f32(entry(node.input(2), axis));
            out_length = std::make_shared<v1::Multiply>(in, scale);
            out = std::make_shared<v0::Convert>(std::make_shared<v0::Floor>(out_length), ov::element::i64);
        }
        Output roi_start, roi_end;
        if (crop) {
            const auto roi = to_f32(node.input(1));
            roi_start = entry(roi, axis);
            roi_end = entry(roi, rank + axis);
        }
        const auto map = axis_matrix(node, mode, transform, in, out, scale, out_length, roi_start, roi_end);
        // Bring the axis last, multiply by the matrix transposed, and put it back.
        std::vector<int64_t> order(static_cast<size_t>(rank));
        for (int64_t i = 0; i < rank; ++i)
            order[static_cast<size_t>(i)] = i;
        std::swap(order[static_cast<size_t>(axis)], order.back());
        const bool moved = axis != rank - 1;
        if (moved)
            result = std::make_shared<v1::Transpose>(result, i64s(order));
        result = std::make_shared<v0::MatMul>(result, map.matrix, false, true);
        if (moved)
            result = std::make_shared<v1::Transpose>(result, i64s(order));
        if (map.outside.get_node()) {
            std::vector<int64_t> along(static_cast<size_t>(rank), 1);
            along[static_cast<size_t>(axis)] = -1;
            const Output outside = std::make_shared<v1::Reshape>(map.outside, i64s(along), false);
            outside_any = outside_any.get_node() ? std::make_shared<v1::LogicalOr>(outside_any, outside)->output(0)
                                                 : outside;
        }
    }
    if (outside_any.get_node())
        result = select(outside_any, f32_scalar(node.attr_float("extrapolation_value", 0.0f)), result);
    if (type != ov::element::f32)
        result = std::make_shared<v0::Convert>(result, type);
    return {result};
}

}  // namespace onnx_frontend
}  // namespace devmux
