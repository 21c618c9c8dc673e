// SPDX-License-Identifier: Apache-2.0
#pragma once

// Converters that differ only in the OpenVINO op they make.

#include <memory>

#include "helpers.hpp"
#include "openvino/op/ops.hpp"

namespace devmux {
namespace onnx_frontend {

template <typename Op>
ov::OutputVector unary(const NodeContext& node) {
    return {std::make_shared<Op>(node.input(0))->output(0)};
}

/// B of an element-wise node before opset 7 with broadcast=1 and an axis: ONNX then aligned B's dims with A's
/// starting at that axis; trailing 1s make numpy's rule do the same.
ov::Output<ov::Node> legacy_broadcast_operand(const NodeContext& node, const ov::Output<ov::Node>& a,
                                              const ov::Output<ov::Node>& b);

template <typename Op>
ov::OutputVector binary(const NodeContext& node) {
    const auto a = node.input(0);
    const auto b = node.opset() < 7 ? legacy_broadcast_operand(node, a, node.input(1)) : node.input(1);
    return {std::make_shared<Op>(a, b)->output(0)};
}

template <typename Op>
ov::OutputVector variadic(const NodeContext& node) {
    ov::Output<ov::Node> result = node.input(0);
    for (size_t i = 1; i < node.input_count(); ++i)
        result = std::make_shared<Op>(result, node.input(i))->output(0);
    return {result};
}

/// The reduction axes of a Reduce node: its `axes` attribute, or (ReduceSum from opset 13) its second input;
/// empty means all axes unless noop_with_empty_axes.
ov::Output<ov::Node> reduction_axes(const NodeContext& node, bool& noop);

template <typename Op>
ov::OutputVector reduce(const NodeContext& node) {
    bool noop = false;
    const auto axes = reduction_axes(node, noop);
    if (noop)
        return {node.input(0)};
    return {std::make_shared<Op>(node.input(0), axes, node.attr_int("keepdims", 1) != 0)->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux

namespace devmux {
namespace onnx_frontend {

/// Pow: ONNX lets the exponent have another element type than the base (opset 12 on); OpenVINO's Power takes one.
inline ov::OutputVector pow(const NodeContext& node) {
    const auto a = node.input(0);
    auto b = node.opset() < 7 ? legacy_broadcast_operand(node, a, node.input(1)) : node.input(1);
    if (b.get_element_type() != a.get_element_type())
        b = std::make_shared<ov::op::v1::ConvertLike>(b, a);
    return {std::make_shared<ov::op::v1::Power>(a, b)->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux
