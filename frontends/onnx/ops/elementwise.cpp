// SPDX-License-Identifier: Apache-2.0
// Element-wise ops, casts and reductions.

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

int64_t static_rank(const NodeContext& node, size_t i) {
    const auto rank = node.input(i).get_partial_shape().rank();
    if (rank.is_dynamic())
        node.fail("needs the rank of input " + std::to_string(i) + " known when the model is read");
    return rank.get_length();
}

int64_t normalize_axis(const NodeContext& node, int64_t axis, int64_t rank) {
    if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
        node.fail("has the axis " + std::to_string(axis) + ", outside the input's rank " + std::to_string(rank));
    return axis < 0 ? axis + rank : axis;
}

ov::Output<ov::Node> flatten_at(const ov::Output<ov::Node>& input, int64_t axis) {
    // [d0 * ... * d(axis-1), d(axis) * ... * d(n-1)] from the runtime shape, so dynamic dims work too.
    auto shape = std::make_shared<v3::ShapeOf>(input);
    auto zero = i64s({0}), split = i64s({axis}), end = i64s({std::numeric_limits<int64_t>::max()}), one = i64s({1});
    auto head = std::make_shared<v8::Slice>(shape, zero, split, one);
    auto tail = std::make_shared<v8::Slice>(shape, split, end, one);
    auto rows = std::make_shared<v1::ReduceProd>(head, i64s({0}), true);
    auto cols = std::make_shared<v1::ReduceProd>(tail, i64s({0}), true);
    auto target = std::make_shared<v0::Concat>(ov::OutputVector{rows, cols}, 0);
    return std::make_shared<v1::Reshape>(input, target, false)->output(0);
}

ov::Output<ov::Node> legacy_broadcast_operand(const NodeContext& node, const ov::Output<ov::Node>& /*a*/,
                                              const ov::Output<ov::Node>& b) {
    if (node.attr_int("broadcast", 0) == 0 || !node.has_attr("axis"))
        return b;
    const int64_t rank_a = static_rank(node, 0), rank_b = static_rank(node, 1);
    const int64_t axis = normalize_axis(node, node.attr_int("axis"), rank_a);
    const int64_t trailing = rank_a - axis - rank_b;
    if (trailing < 0)
        node.fail("broadcasts B of rank " + std::to_string(rank_b) + " at axis " + std::to_string(axis) +
                  " of A of rank " + std::to_string(rank_a) + ", past A's last axis");
    if (trailing == 0)
        return b;
    std::vector<int64_t> axes;
    for (int64_t i = 0; i < trailing; ++i)
        axes.push_back(rank_b + i);
    return std::make_shared<v0::Unsqueeze>(b, i64s(axes))->output(0);
}

ov::Output<ov::Node> reduction_axes(const NodeContext& node, bool& noop) {
    noop = false;
    std::vector<int64_t> axes;
    const bool axes_input = node.proto().op_type() == "ReduceSum" && node.opset() >= 13;
    if (axes_input && node.has_input(1)) {
        const auto& shape = node.input(1).get_partial_shape();
        const bool empty = shape.is_static() && ov::shape_size(shape.to_shape()) == 0;
        if (!node.input_is_constant(1) && !empty)
            return node.input(1);
        if (!empty)
            axes = node.const_ints(1, "axes");
    } else if (!axes_input) {
        axes = node.attr_ints("axes");
    }
    if (axes.empty()) {
        if (node.attr_int("noop_with_empty_axes", 0) != 0) {
            noop = true;
            return {};
        }
        // All axes: only here is the rank needed when the model is read (given axes go to the op as they are,
        // so an input of unknown rank, behind an If in Silero VAD, reduces over its axis 1).
        for (int64_t i = 0, rank = static_rank(node, 0); i < rank; ++i)
            axes.push_back(i);
    }
    return i64s(axes);
}

ov::OutputVector is_inf(const NodeContext& node) {
    v10::IsInf::Attributes attributes(node.attr_int("detect_negative", 1) != 0, node.attr_int("detect_positive", 1) != 0);
    return {std::make_shared<v10::IsInf>(node.input(0), attributes)->output(0)};
}

ov::OutputVector round_half_even(const NodeContext& node) {
    return {std::make_shared<v5::Round>(node.input(0), v5::Round::RoundMode::HALF_TO_EVEN)->output(0)};
}

ov::OutputVector reciprocal(const NodeContext& node) {
    const auto x = node.input(0);
    return {std::make_shared<v1::Divide>(scalar_of(x.get_element_type(), 1.0), x)->output(0)};
}

ov::OutputVector identity(const NodeContext& node) { return {node.input(0)}; }

ov::OutputVector dropout(const NodeContext& node) {
    // Inference: the data passes unchanged and the mask keeps every element.
    const auto x = node.input(0);
    if (node.proto().output_size() < 2 || node.proto().output(1).empty())
        return {x};
    auto mask = std::make_shared<v3::Broadcast>(v0::Constant::create(ov::element::boolean, ov::Shape{}, {true}),
                                                std::make_shared<v3::ShapeOf>(x));
    return {x, mask->output(0)};
}

ov::OutputVector elu(const NodeContext& node) {
    return {std::make_shared<v0::Elu>(node.input(0), node.attr_float("alpha", 1.0f))->output(0)};
}

ov::OutputVector selu(const NodeContext& node) {
    const auto x = node.input(0);
    const auto type = x.get_element_type();
    return {std::make_shared<v0::Selu>(x, scalar_of(type, node.attr_float("alpha", 1.67326319217681884765625f)),
                                       scalar_of(type, node.attr_float("gamma", 1.05070102214813232421875f)))
                ->output(0)};
}

ov::OutputVector celu(const NodeContext& node) {
    // max(0, x) + min(0, alpha * (exp(x / alpha) - 1))
    const auto x = node.input(0);
    const auto type = x.get_element_type();
    const auto alpha = scalar_of(type, node.attr_float("alpha", 1.0f));
    auto scaled = std::make_shared<v1::Multiply>(
        alpha, std::make_shared<v1::Subtract>(std::make_shared<v0::Exp>(std::make_shared<v1::Divide>(x, alpha)),
                                              scalar_of(type, 1.0)));
    auto zero = scalar_of(type, 0.0);
    return {std::make_shared<v1::Add>(std::make_shared<v1::Maximum>(x, zero), std::make_shared<v1::Minimum>(scaled, zero))
                ->output(0)};
}

ov::OutputVector leaky_relu(const NodeContext& node) {
    const auto x = node.input(0);
    auto slope = scalar_of(x.get_element_type(), node.attr_float("alpha", 0.01f));
    return {std::make_shared<v0::PRelu>(x, slope)->output(0)};
}

ov::OutputVector thresholded_relu(const NodeContext& node) {
    const auto x = node.input(0);
    const auto type = x.get_element_type();
    auto above = std::make_shared<v1::Greater>(x, scalar_of(type, node.attr_float("alpha", 1.0f)));
    return {std::make_shared<v1::Select>(above, x, scalar_of(type, 0.0))->output(0)};
}

ov::OutputVector hard_sigmoid(const NodeContext& node) {
    const auto x = node.input(0);
    const auto type = x.get_element_type();
    return {std::make_shared<v0::HardSigmoid>(x, scalar_of(type, node.attr_float("alpha", 0.2f)),
                                              scalar_of(type, node.attr_float("beta", 0.5f)))
                ->output(0)};
}

ov::OutputVector prelu(const NodeContext& node) {
    // ONNX broadcasts the slope by numpy's rule (a 1-d slope along the last axis). OpenVINO's PRelu does too,
    // except that it reads a 1-d slope as long as axis 1 along the channels; so a 1-d slope is given the rank
    // that keeps numpy's reading, and the result is one PRelu, which the plugins fuse into a convolution
    // before it (a Less, Multiply and Select were three steps, one of them on the reference).
    const auto x = node.input(0);
    auto slope = node.input(1);
    const auto& slope_shape = slope.get_partial_shape();
    const auto& x_shape = x.get_partial_shape();
    if (x_shape.rank().is_dynamic() || slope_shape.rank().is_dynamic()) {
        auto negative = std::make_shared<v1::Less>(x, scalar_of(x.get_element_type(), 0.0));
        return {std::make_shared<v1::Select>(negative, std::make_shared<v1::Multiply>(x, slope), x)->output(0)};
    }
    const auto x_rank = x_shape.rank().get_length();
    if (slope_shape.rank().get_length() == 1 && x_rank >= 2) {
        // Before opset 7 a 1-d slope held one value per channel (axis 1), as PyTorch exported it: [C, 1, ..., 1]
        // against the data. From opset 7 on it is the last axis: [1, L] keeps it there.
        std::vector<int64_t> target;
        if (node.opset() < 7) {
            target.assign(static_cast<size_t>(x_rank - 1), 1);
            target[0] = -1;
        } else {
            target = {1, -1};
        }
        slope = std::make_shared<v1::Reshape>(slope, i64s(target), false);
    }
    return {std::make_shared<v0::PRelu>(x, slope)->output(0)};
}

ov::OutputVector clip(const NodeContext& node) {
    const auto x = node.input(0);
    if (node.opset() < 11) {
        return {std::make_shared<v0::Clamp>(x, node.attr_float("min", std::numeric_limits<float>::lowest()),
                                            node.attr_float("max", std::numeric_limits<float>::max()))
                    ->output(0)};
    }
    ov::Output<ov::Node> result = x;
    if (node.has_input(1))
        result = std::make_shared<v1::Maximum>(result, node.input(1));
    if (node.has_input(2))
        result = std::make_shared<v1::Minimum>(result, node.input(2));
    return {result};
}

ov::OutputVector divide(const NodeContext& node) {
    const auto a = node.input(0);
    const auto b = node.opset() < 7 ? legacy_broadcast_operand(node, a, node.input(1)) : node.input(1);
    // ONNX's integer division truncates toward zero; OpenVINO's pythondiv would floor.
    const bool integral = a.get_element_type().is_integral_number();
    return {std::make_shared<v1::Divide>(a, b, !integral ? true : false)->output(0)};
}

ov::OutputVector mod(const NodeContext& node) {
    // fmod=1: the C remainder (sign of the dividend), OpenVINO's Mod; fmod=0: the sign of the divisor, FloorMod.
    const auto a = node.input(0), b = node.input(1);
    if (node.attr_int("fmod", 0) != 0)
        return {std::make_shared<v1::Mod>(a, b)->output(0)};
    if (a.get_element_type().is_real())
        node.fail("has fmod=0 on floating-point inputs, which ONNX does not allow");
    return {std::make_shared<v1::FloorMod>(a, b)->output(0)};
}

ov::OutputVector mean(const NodeContext& node) {
    const auto sum = variadic<v1::Add>(node)[0];
    return {std::make_shared<v1::Divide>(
                sum, scalar_of(sum.get_element_type(), static_cast<double>(node.input_count())))
                ->output(0)};
}

ov::OutputVector where(const NodeContext& node) {
    return {std::make_shared<v1::Select>(node.input(0), node.input(1), node.input(2))->output(0)};
}

ov::OutputVector cast(const NodeContext& node) {
    const auto type = element_type_of(static_cast<int32_t>(node.attr_int("to")), node.describe() + " 'to'");
    return {std::make_shared<v0::Convert>(node.input(0), type)->output(0)};
}

ov::OutputVector cast_like(const NodeContext& node) {
    return {std::make_shared<v1::ConvertLike>(node.input(0), node.input(1))->output(0)};
}

ov::OutputVector reduce_sum_square(const NodeContext& node) {
    bool noop = false;
    const auto axes = reduction_axes(node, noop);
    auto square = std::make_shared<v1::Multiply>(node.input(0), node.input(0));
    if (noop)
        return {square->output(0)};
    return {std::make_shared<v1::ReduceSum>(square, axes, node.attr_int("keepdims", 1) != 0)->output(0)};
}

ov::OutputVector reduce_log_sum(const NodeContext& node) {
    bool noop = false;
    const auto axes = reduction_axes(node, noop);
    if (noop)
        return {std::make_shared<v0::Log>(node.input(0))->output(0)};
    auto sum = std::make_shared<v1::ReduceSum>(node.input(0), axes, node.attr_int("keepdims", 1) != 0);
    return {std::make_shared<v0::Log>(sum)->output(0)};
}

ov::OutputVector reduce_log_sum_exp(const NodeContext& node) {
    // log(sum(exp(x - max))) + max, so large inputs do not overflow exp.
    bool noop = false;
    const auto axes = reduction_axes(node, noop);
    const auto x = node.input(0);
    if (noop)
        return {x};
    const bool keep = node.attr_int("keepdims", 1) != 0;
    auto max = std::make_shared<v1::ReduceMax>(x, axes, true);
    auto sum = std::make_shared<v1::ReduceSum>(std::make_shared<v0::Exp>(std::make_shared<v1::Subtract>(x, max)), axes,
                                               true);
    ov::Output<ov::Node> result = std::make_shared<v1::Add>(std::make_shared<v0::Log>(sum), max);
    if (!keep)
        result = std::make_shared<v0::Squeeze>(result, axes);
    return {result};
}

}  // namespace onnx_frontend
}  // namespace devmux
