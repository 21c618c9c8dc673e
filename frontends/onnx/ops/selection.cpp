// SPDX-License-Identifier: Apache-2.0
// Ops whose output keeps or places elements by their values: Compress, Unique, NonMaxSuppression and
// MaxUnpool. The first three have output shapes that depend on the data.

#include <limits>

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

ov::Output<ov::Node> flattened(const ov::Output<ov::Node>& x) {
    return std::make_shared<v1::Reshape>(x, i64s({-1}), false)->output(0);
}

// A one-element tensor input as a scalar (ONNX gives NonMaxSuppression's limits as [1] or []).
ov::Output<ov::Node> scalar_input(const NodeContext& node, size_t i) {
    return std::make_shared<v1::Reshape>(node.input(i), i64s({}), false)->output(0);
}

}  // namespace

ov::OutputVector compress(const NodeContext& node) {
    // The positions where the condition holds, gathered along the axis (of the flattened input without one). A
    // condition shorter than the axis drops the positions past its end, as ONNX says.
    const auto x = node.input(0);
    auto positions = std::make_shared<v0::Squeeze>(
        std::make_shared<v3::NonZero>(node.input(1), ov::element::i64), i64s({0}));
    if (!node.has_attr("axis"))
        return {std::make_shared<v8::Gather>(flattened(x), positions, i64_scalar(0))->output(0)};
    const int64_t axis = normalize_axis(node, node.attr_int("axis"), static_rank(node, 0));
    return {std::make_shared<v8::Gather>(x, positions, i64_scalar(axis))->output(0)};
}

ov::OutputVector unique(const NodeContext& node) {
    const bool sorted = node.attr_int("sorted", 1) != 0;
    std::shared_ptr<ov::Node> op;
    if (node.has_attr("axis")) {
        const int64_t axis = normalize_axis(node, node.attr_int("axis"), static_rank(node, 0));
        op = std::make_shared<v10::Unique>(node.input(0), i64_scalar(axis), sorted, ov::element::i64, ov::element::i64);
    } else {
        op = std::make_shared<v10::Unique>(node.input(0), sorted, ov::element::i64, ov::element::i64);
    }
    return {op->output(0), op->output(1), op->output(2), op->output(3)};
}

ov::OutputVector non_max_suppression(const NodeContext& node) {
    using NMS = v9::NonMaxSuppression;
    const int64_t center_point_box = node.attr_int("center_point_box", 0);
    if (center_point_box != 0 && center_point_box != 1)
        node.fail("has center_point_box " + std::to_string(center_point_box) + "; ONNX defines 0 and 1");
    const auto encoding = center_point_box ? NMS::BoxEncodingType::CENTER : NMS::BoxEncodingType::CORNER;
    const auto boxes = node.input(0), scores = node.input(1);
    // ONNX's defaults: max_output_boxes_per_class 0 (nothing kept), iou_threshold 0, no score threshold.
    const auto max_boxes = node.has_input(2) ? scalar_input(node, 2) : i64_scalar(0);
    const auto iou = node.has_input(3) ? scalar_input(node, 3) : scalar_of(ov::element::f32, 0.0);
    const auto score = node.has_input(4) ? scalar_input(node, 4)
                                         : scalar_of(ov::element::f32, -std::numeric_limits<float>::max());
    // ONNX lists the kept boxes batch by batch, class by class, each class's boxes by descending score.
    auto op = std::make_shared<NMS>(boxes, scores, max_boxes, iou, score, encoding, false, ov::element::i64);
    return {op->output(0)};
}

ov::OutputVector max_unpool(const NodeContext& node) {
    // Every value goes to the position its index names in the flattened output of the size the pooling
    // undoes, the rest are zeros; an output_shape input then pads that at the end of each axis (as ONNX's
    // reference does: the indices keep counting in the undone size).
    const auto x = node.input(0), indices = node.input(1);
    const int64_t rank = static_rank(node, 0);
    if (rank < 3)
        node.fail("has an input of rank " + std::to_string(rank) + "; MaxUnpool needs batch, channels and space");
    const size_t spatial = static_cast<size_t>(rank - 2);
    const auto kernel = node.attr_ints("kernel_shape");
    if (kernel.size() != spatial)
        node.fail("has a kernel_shape of " + std::to_string(kernel.size()) + " values for " + std::to_string(spatial) +
                  " spatial axes");
    const auto strides = node.attr_ints("strides", std::vector<int64_t>(spatial, 1));
    const auto pads = node.attr_ints("pads", std::vector<int64_t>(2 * spatial, 0));
    if (strides.size() != spatial || pads.size() != 2 * spatial)
        node.fail("has strides or pads that do not match its " + std::to_string(spatial) + " spatial axes");
    // (in - 1) * stride + kernel - pads = in * stride + (kernel - stride - pads)
    std::vector<int64_t> scale{1, 1}, offset{0, 0};
    for (size_t i = 0; i < spatial; ++i) {
        scale.push_back(strides[i]);
        offset.push_back(kernel[i] - strides[i] - pads[i] - pads[i + spatial]);
    }
    auto unpooled_shape = std::make_shared<v1::Add>(
        std::make_shared<v1::Multiply>(std::make_shared<v3::ShapeOf>(x), i64s(scale)), i64s(offset));
    auto total = std::make_shared<v1::ReduceProd>(unpooled_shape, i64s({0}), true);
    auto zeros = std::make_shared<v3::Broadcast>(scalar_of(x.get_element_type(), 0.0), total);
    auto positions = std::make_shared<v1::Reshape>(indices, i64s({-1, 1}), false);
    auto placed = std::make_shared<v3::ScatterNDUpdate>(zeros, positions, flattened(x));
    ov::Output<ov::Node> y = std::make_shared<v1::Reshape>(placed, unpooled_shape, false);
    if (!node.has_input(2))
        return {y};
    auto output_shape = std::make_shared<v0::Convert>(node.input(2), ov::element::i64);
    auto grow = std::make_shared<v1::Subtract>(output_shape, unpooled_shape);
    auto nothing_before = std::make_shared<v1::Multiply>(grow, i64_scalar(0));
    return {std::make_shared<v12::Pad>(y, nothing_before, grow, scalar_of(x.get_element_type(), 0.0), PadMode::CONSTANT)
                ->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux
