// SPDX-License-Identifier: Apache-2.0
#pragma once

// Small pieces the converters share.

#include <memory>
#include <vector>

#include "../node_context.hpp"
#include "openvino/op/constant.hpp"

namespace devmux {
namespace onnx_frontend {

inline ov::Output<ov::Node> i64s(const std::vector<int64_t>& values) {
    return ov::op::v0::Constant::create(ov::element::i64, ov::Shape{values.size()}, values)->output(0);
}
inline ov::Output<ov::Node> i64_scalar(int64_t value) {
    return ov::op::v0::Constant::create(ov::element::i64, ov::Shape{}, {value})->output(0);
}
/// A scalar of `type` holding `value`.
inline ov::Output<ov::Node> scalar_of(const ov::element::Type& type, double value) {
    return ov::op::v0::Constant::create(type, ov::Shape{}, {value})->output(0);
}
/// The static rank of input `i`, or the node fails naming why it needs one.
int64_t static_rank(const NodeContext& node, size_t i);
/// `axis` (possibly negative) made non-negative against `rank`, or the node fails.
int64_t normalize_axis(const NodeContext& node, int64_t axis, int64_t rank);
/// ONNX's flattening of an input into 2-d at `axis` (Softmax before opset 13, Flatten).
ov::Output<ov::Node> flatten_at(const ov::Output<ov::Node>& input, int64_t axis);

}  // namespace onnx_frontend
}  // namespace devmux
