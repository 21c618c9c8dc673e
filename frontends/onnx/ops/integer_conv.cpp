// SPDX-License-Identifier: Apache-2.0
// ConvInteger and QLinearConv: Conv (nn.cpp, the same attributes) on the dequantized operands. Integer products
// of 8-bit operands are exact in f32 while a sum stays below 2^24.

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

// A per-output-channel parameter of the filters (1-d, one value per filter) shaped [M, 1, ...] to broadcast
// against them; a scalar stays as it is.
ov::Output<ov::Node> per_filter(const NodeContext& node, const ov::Output<ov::Node>& parameter, size_t filters_input) {
    const auto& shape = parameter.get_partial_shape();
    if (shape.rank().is_dynamic() || shape.rank().get_length() != 1)
        return parameter;
    std::vector<int64_t> target(static_cast<size_t>(static_rank(node, filters_input)), 1);
    target[0] = -1;
    return std::make_shared<v1::Reshape>(parameter, i64s(target), false)->output(0);
}

// (value - zero_point) * scale in f32; a missing zero point or scale is left out.
ov::Output<ov::Node> dequantized(const ov::Output<ov::Node>& value, const ov::Output<ov::Node>& zero_point,
                                 const ov::Output<ov::Node>& scale) {
    ov::Output<ov::Node> result = std::make_shared<v0::Convert>(value, ov::element::f32);
    if (zero_point.get_node())
        result = std::make_shared<v1::Subtract>(result, std::make_shared<v0::Convert>(zero_point, ov::element::f32));
    if (scale.get_node())
        result = std::make_shared<v1::Multiply>(result, std::make_shared<v0::Convert>(scale, ov::element::f32));
    return result;
}

ov::Output<ov::Node> optional_input(const NodeContext& node, size_t i) {
    return node.has_input(i) ? node.input(i) : ov::Output<ov::Node>();
}

// Conv of this node's attributes on the given operands.
ov::Output<ov::Node> convolution(const NodeContext& node, ov::OutputVector operands) {
    const NodeContext as_conv(node.proto(), node.opset(), std::move(operands), node.graph());
    return conv(as_conv).at(0);
}

}  // namespace

ov::OutputVector conv_integer(const NodeContext& node) {
    const auto x = dequantized(node.input(0), optional_input(node, 2), {});
    const auto w_zero_point = optional_input(node, 3);
    const auto w = dequantized(node.input(1), w_zero_point.get_node() ? per_filter(node, w_zero_point, 1) : w_zero_point, {});
    return {std::make_shared<v0::Convert>(convolution(node, {x, w}), ov::element::i32)->output(0)};
}

ov::OutputVector q_linear_conv(const NodeContext& node) {
    // Inputs: x, x_scale, x_zero_point, w, w_scale, w_zero_point, y_scale, y_zero_point, B (i32, optional).
    const auto x = dequantized(node.input(0), node.input(2), node.input(1));
    const auto w = dequantized(node.input(3), per_filter(node, node.input(5), 3), per_filter(node, node.input(4), 3));
    ov::OutputVector operands{x, w};
    if (node.has_input(8)) {
        // The bias is quantized with scale x_scale * w_scale and zero point 0.
        auto bias_scale = std::make_shared<v1::Multiply>(std::make_shared<v0::Convert>(node.input(1), ov::element::f32),
                                                         std::make_shared<v0::Convert>(node.input(4), ov::element::f32));
        operands.push_back(dequantized(node.input(8), {}, bias_scale));
    }
    const auto y = convolution(node, operands);
    const auto type = node.input(7).get_element_type();
    if (type != ov::element::u8 && type != ov::element::i8)
        node.fail("quantizes to " + type.get_type_name() + " (the type of y_zero_point); ONNX defines u8 and i8");
    ov::Output<ov::Node> q = std::make_shared<v5::Round>(
        std::make_shared<v1::Divide>(y, std::make_shared<v0::Convert>(node.input(6), ov::element::f32)),
        v5::Round::RoundMode::HALF_TO_EVEN);
    q = std::make_shared<v1::Add>(q, std::make_shared<v0::Convert>(node.input(7), ov::element::f32));
    const double low = type == ov::element::i8 ? -128.0 : 0.0, high = type == ov::element::i8 ? 127.0 : 255.0;
    q = std::make_shared<v0::Clamp>(q, low, high);
    return {std::make_shared<v0::Convert>(q, type)->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux
