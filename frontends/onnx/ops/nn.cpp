// SPDX-License-Identifier: Apache-2.0
// Products, convolutions, pooling, normalizations and softmax.

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

// The window attributes shared by Conv, ConvTranspose and the pools, for `spatial` dimensions.
struct Window {
    std::vector<size_t> kernel, strides, dilations;
    std::vector<int64_t> pads_begin, pads_end;
    PadType auto_pad = PadType::EXPLICIT;
};

Window window_of(const NodeContext& node, size_t spatial) {
    Window w;
    for (const auto k : node.attr_ints("kernel_shape"))
        w.kernel.push_back(static_cast<size_t>(k));
    const auto to_sizes = [&](const char* name) {
        std::vector<size_t> values;
        for (const auto v : node.attr_ints(name, std::vector<int64_t>(spatial, 1))) {
            if (v < 1)
                node.fail(std::string("has ") + name + " value " + std::to_string(v) + "; they must be positive");
            values.push_back(static_cast<size_t>(v));
        }
        if (values.size() != spatial)
            node.fail(std::string("has ") + std::to_string(values.size()) + " " + name + " for " +
                      std::to_string(spatial) + " spatial dimensions");
        return values;
    };
    w.strides = to_sizes("strides");
    w.dilations = to_sizes("dilations");
    const auto pads = node.attr_ints("pads", std::vector<int64_t>(2 * spatial, 0));
    if (pads.size() != 2 * spatial)
        node.fail("has " + std::to_string(pads.size()) + " pads for " + std::to_string(spatial) +
                  " spatial dimensions (ONNX lists every begin, then every end)");
    w.pads_begin.assign(pads.begin(), pads.begin() + static_cast<std::ptrdiff_t>(spatial));
    w.pads_end.assign(pads.begin() + static_cast<std::ptrdiff_t>(spatial), pads.end());
    const std::string auto_pad = node.attr_string("auto_pad", "NOTSET");
    if (auto_pad == "SAME_UPPER")
        w.auto_pad = PadType::SAME_UPPER;
    else if (auto_pad == "SAME_LOWER")
        w.auto_pad = PadType::SAME_LOWER;
    else if (auto_pad == "VALID")
        w.auto_pad = PadType::VALID;
    else if (auto_pad != "NOTSET")
        node.fail("has auto_pad '" + auto_pad + "'; ONNX defines NOTSET, SAME_UPPER, SAME_LOWER and VALID");
    return w;
}

ov::CoordinateDiff diff(const std::vector<int64_t>& values) {
    return ov::CoordinateDiff(values.begin(), values.end());
}
ov::Shape sizes(const std::vector<int64_t>& values) {
    ov::Shape shape;
    for (const auto v : values)
        shape.push_back(static_cast<size_t>(std::max<int64_t>(v, 0)));
    return shape;
}

// A per-channel vector [C] reshaped to [1, C, 1, ...] for an input of `rank`.
ov::Output<ov::Node> per_channel(const ov::Output<ov::Node>& vector, int64_t rank) {
    std::vector<int64_t> shape(static_cast<size_t>(rank), 1);
    shape[1] = -1;
    return std::make_shared<v1::Reshape>(vector, i64s(shape), false)->output(0);
}

// Filters [M, C/g, k...] as GroupConvolution's [g, M/g, C/g, k...] (or, transposed, [C, M/g, k...] as
// [g, C/g, M/g, k...]).
ov::Output<ov::Node> grouped_filters(const NodeContext& node, const ov::Output<ov::Node>& filters, int64_t groups) {
    const auto& shape = filters.get_partial_shape();
    if (shape.is_dynamic())
        node.fail("has " + std::to_string(groups) + " groups and filters of dynamic shape; the grouped form needs "
                  "their shape when the model is read");
    const auto dims = filters.get_shape();
    if (dims[0] % static_cast<size_t>(groups) != 0)
        node.fail("has " + std::to_string(dims[0]) + " filters, not divisible into " + std::to_string(groups) + " groups");
    std::vector<int64_t> target{groups, static_cast<int64_t>(dims[0]) / groups};
    for (size_t i = 1; i < dims.size(); ++i)
        target.push_back(static_cast<int64_t>(dims[i]));
    return std::make_shared<v1::Reshape>(filters, i64s(target), false)->output(0);
}

ov::Output<ov::Node> softmax_2d_legacy(const NodeContext& node, bool log) {
    // Before opset 13 Softmax flattened its input at `axis` into 2-d and normalized each row.
    const auto x = node.input(0);
    const int64_t rank = static_rank(node, 0);
    const int64_t axis = normalize_axis(node, node.attr_int("axis", 1), rank);
    if (axis == rank - 1) {
        if (log)
            return std::make_shared<v5::LogSoftmax>(x, axis)->output(0);
        return std::make_shared<v8::Softmax>(x, axis)->output(0);
    }
    const auto flat = flatten_at(x, axis);
    ov::Output<ov::Node> normalized = log ? std::make_shared<v5::LogSoftmax>(flat, 1)->output(0)
                                          : std::make_shared<v8::Softmax>(flat, 1)->output(0);
    return std::make_shared<v1::Reshape>(normalized, std::make_shared<v3::ShapeOf>(x), false)->output(0);
}

}  // namespace

ov::OutputVector matmul(const NodeContext& node) {
    return {std::make_shared<v0::MatMul>(node.input(0), node.input(1))->output(0)};
}

ov::OutputVector gemm(const NodeContext& node) {
    ov::Output<ov::Node> a = node.input(0), b = node.input(1);
    const auto type = a.get_element_type();
    ov::Output<ov::Node> product = std::make_shared<v0::MatMul>(a, b, node.attr_int("transA", 0) != 0,
                                                                node.attr_int("transB", 0) != 0);
    const float alpha = node.attr_float("alpha", 1.0f), beta = node.attr_float("beta", 1.0f);
    if (alpha != 1.0f)
        product = std::make_shared<v1::Multiply>(product, scalar_of(type, alpha));
    if (node.has_input(2)) {
        ov::Output<ov::Node> c = node.input(2);
        if (beta != 1.0f)
            c = std::make_shared<v1::Multiply>(c, scalar_of(type, beta));
        product = std::make_shared<v1::Add>(product, c);
    }
    return {product};
}

// ONNX gives X and W the same rank. X's may be unknown when the model is read (an If whose branches give
// different ranks feeds it, as in Silero VAD); W, a weight, has a known one.
static int64_t conv_rank(const NodeContext& node) {
    const auto filters_rank = node.input(1).get_partial_shape().rank();
    if (node.input(0).get_partial_shape().rank().is_dynamic() && filters_rank.is_static())
        return filters_rank.get_length();
    return static_rank(node, 0);
}

ov::OutputVector conv(const NodeContext& node) {
    const auto x = node.input(0), filters = node.input(1);
    const int64_t rank = conv_rank(node);
    if (rank < 3)
        node.fail("has an input of rank " + std::to_string(rank) + "; a convolution needs batch, channels and space");
    const Window w = window_of(node, static_cast<size_t>(rank - 2));
    const int64_t groups = node.attr_int("group", 1);
    ov::Output<ov::Node> y;
    if (groups == 1)
        y = std::make_shared<v1::Convolution>(x, filters, w.strides, diff(w.pads_begin), diff(w.pads_end), w.dilations,
                                              w.auto_pad);
    else
        y = std::make_shared<v1::GroupConvolution>(x, grouped_filters(node, filters, groups), w.strides,
                                                   diff(w.pads_begin), diff(w.pads_end), w.dilations, w.auto_pad);
    if (node.has_input(2))
        y = std::make_shared<v1::Add>(y, per_channel(node.input(2), rank));
    return {y};
}

ov::OutputVector conv_transpose(const NodeContext& node) {
    const auto x = node.input(0), filters = node.input(1);
    const int64_t rank = conv_rank(node);
    if (rank < 3)
        node.fail("has an input of rank " + std::to_string(rank) + "; a convolution needs batch, channels and space");
    const size_t spatial = static_cast<size_t>(rank - 2);
    const Window w = window_of(node, spatial);
    const int64_t groups = node.attr_int("group", 1);
    const auto output_padding = diff(node.attr_ints("output_padding", std::vector<int64_t>(spatial, 0)));
    const auto output_shape = node.attr_ints("output_shape");
    if (output_shape.empty() && (w.auto_pad == PadType::SAME_UPPER || w.auto_pad == PadType::SAME_LOWER)) {
        // ONNX: SAME makes the output input size times stride, the padding that takes split as its ConvTranspose
        // computes it (SAME_UPPER puts the larger half at the end, as for Conv); written out as explicit pads.
        const auto& in = x.get_partial_shape();
        const auto& kernel = filters.get_partial_shape();
        if (in.is_dynamic() || kernel.is_dynamic())
            node.fail("has auto_pad SAME and an input or filter of dynamic shape; the padding needs both shapes");
        Window explicit_window = w;
        explicit_window.auto_pad = PadType::EXPLICIT;
        for (size_t i = 0; i < spatial; ++i) {
            const int64_t size = in[i + 2].get_length(), stride = static_cast<int64_t>(w.strides[i]);
            const int64_t extent = (kernel[i + 2].get_length() - 1) * static_cast<int64_t>(w.dilations[i]) + 1;
            const int64_t total = std::max<int64_t>(stride * (size - 1) + output_padding[i] + extent - size * stride, 0);
            const int64_t larger = total - total / 2, smaller = total / 2;
            explicit_window.pads_begin[i] = w.auto_pad == PadType::SAME_UPPER ? smaller : larger;
            explicit_window.pads_end[i] = w.auto_pad == PadType::SAME_UPPER ? larger : smaller;
        }
        const auto kernel_filters = groups == 1 ? filters : grouped_filters(node, filters, groups);
        ov::Output<ov::Node> y;
        if (groups == 1)
            y = std::make_shared<v1::ConvolutionBackpropData>(x, kernel_filters, w.strides,
                                                              diff(explicit_window.pads_begin),
                                                              diff(explicit_window.pads_end), w.dilations,
                                                              PadType::EXPLICIT, output_padding);
        else
            y = std::make_shared<v1::GroupConvolutionBackpropData>(x, kernel_filters, w.strides,
                                                                   diff(explicit_window.pads_begin),
                                                                   diff(explicit_window.pads_end), w.dilations,
                                                                   PadType::EXPLICIT, output_padding);
        if (node.has_input(2))
            y = std::make_shared<v1::Add>(y, per_channel(node.input(2), rank));
        return {y};
    }
    ov::Output<ov::Node> y;
    const auto kernel = groups == 1 ? filters : grouped_filters(node, filters, groups);
    if (!output_shape.empty()) {
        // ONNX's output_shape may include batch and channels; OpenVINO takes the spatial sizes.
        std::vector<int64_t> spatial_shape(output_shape.end() - static_cast<std::ptrdiff_t>(spatial), output_shape.end());
        const PadType pad = w.auto_pad == PadType::SAME_LOWER ? PadType::SAME_LOWER : PadType::SAME_UPPER;
        if (groups == 1)
            y = std::make_shared<v1::ConvolutionBackpropData>(x, kernel, i64s(spatial_shape), w.strides,
                                                              diff(w.pads_begin), diff(w.pads_end), w.dilations, pad,
                                                              output_padding);
        else
            y = std::make_shared<v1::GroupConvolutionBackpropData>(x, kernel, i64s(spatial_shape), w.strides,
                                                                   diff(w.pads_begin), diff(w.pads_end), w.dilations,
                                                                   pad, output_padding);
    } else if (groups == 1) {
        y = std::make_shared<v1::ConvolutionBackpropData>(x, kernel, w.strides, diff(w.pads_begin), diff(w.pads_end),
                                                          w.dilations, w.auto_pad, output_padding);
    } else {
        y = std::make_shared<v1::GroupConvolutionBackpropData>(x, kernel, w.strides, diff(w.pads_begin),
                                                               diff(w.pads_end), w.dilations, w.auto_pad, output_padding);
    }
    if (node.has_input(2))
        y = std::make_shared<v1::Add>(y, per_channel(node.input(2), rank));
    return {y};
}

namespace {
// MaxPool-8 numbers the maxima row-major over the whole input, ((n * C + c) * D1 + d1) * D2 + d2 ...; ONNX's
// storage_order=1 keeps the (n, c) plane's offset but numbers the spatial position as if each plane were stored
// column-major (the first spatial axis fastest): plane * D1 * D2 ... + d1 + D1 * (d2 + D2 * (d3 ...)). Integer
// arithmetic on i64 throughout; the dimensions come from the input's shape at run time.
ov::Output<ov::Node> column_major_indices(const ov::Output<ov::Node>& row_major, const ov::Output<ov::Node>& x,
                                          int64_t rank) {
    const auto shape = std::make_shared<v3::ShapeOf>(x, ov::element::i64);
    std::vector<ov::Output<ov::Node>> dims;
    for (int64_t axis = 2; axis < rank; ++axis)
        dims.push_back(std::make_shared<v8::Gather>(shape, i64_scalar(axis), i64_scalar(0))->output(0));
    ov::Output<ov::Node> plane_size = i64_scalar(1);
    for (const auto& dim : dims)
        plane_size = std::make_shared<v1::Multiply>(plane_size, dim);
    const auto plane = std::make_shared<v1::Divide>(row_major, plane_size);
    ov::Output<ov::Node> rest = std::make_shared<v1::FloorMod>(row_major, plane_size);
    // The spatial coordinates, last axis first, peeled off the row-major offset within the plane.
    std::vector<ov::Output<ov::Node>> coordinates(dims.size());
    for (size_t k = dims.size(); k-- > 0;) {
        coordinates[k] = std::make_shared<v1::FloorMod>(rest, dims[k]);
        rest = std::make_shared<v1::Divide>(rest, dims[k]);
    }
    ov::Output<ov::Node> column_major = std::make_shared<v1::Multiply>(plane, plane_size);
    ov::Output<ov::Node> stride = i64_scalar(1);
    for (size_t k = 0; k < dims.size(); ++k) {
        column_major = std::make_shared<v1::Add>(column_major, std::make_shared<v1::Multiply>(coordinates[k], stride));
        stride = std::make_shared<v1::Multiply>(stride, dims[k]);
    }
    return column_major;
}
}  // namespace

ov::OutputVector max_pool(const NodeContext& node) {
    const auto x = node.input(0);
    const int64_t rank = static_rank(node, 0);
    const Window w = window_of(node, static_cast<size_t>(rank - 2));
    const int64_t storage_order = node.attr_int("storage_order", 0);
    if (storage_order != 0 && storage_order != 1)
        node.fail("has storage_order " + std::to_string(storage_order) + "; ONNX defines 0 and 1");
    const auto rounding = node.attr_int("ceil_mode", 0) != 0 ? RoundingType::CEIL : RoundingType::FLOOR;
    auto pool = std::make_shared<v8::MaxPool>(x, w.strides, w.dilations, sizes(w.pads_begin), sizes(w.pads_end),
                                              w.kernel, rounding, w.auto_pad, ov::element::i64, 0);
    const bool indices_used = node.proto().output_size() > 1 && !node.proto().output(1).empty();
    if (storage_order == 0 || !indices_used)
        return {pool->output(0), pool->output(1)};
    return {pool->output(0), column_major_indices(pool->output(1), x, rank)};
}

ov::OutputVector average_pool(const NodeContext& node) {
    const auto x = node.input(0);
    const int64_t rank = static_rank(node, 0);
    const Window w = window_of(node, static_cast<size_t>(rank - 2));
    const auto rounding = node.attr_int("ceil_mode", 0) != 0 ? RoundingType::CEIL : RoundingType::FLOOR;
    return {std::make_shared<v1::AvgPool>(x, w.strides, sizes(w.pads_begin), sizes(w.pads_end), w.kernel,
                                          node.attr_int("count_include_pad", 0) == 0, rounding, w.auto_pad)
                ->output(0)};
}

namespace {
std::vector<int64_t> spatial_axes(const NodeContext& node) {
    std::vector<int64_t> axes;
    for (int64_t i = 2; i < static_rank(node, 0); ++i)
        axes.push_back(i);
    return axes;
}
}  // namespace

ov::OutputVector global_average_pool(const NodeContext& node) {
    return {std::make_shared<v1::ReduceMean>(node.input(0), i64s(spatial_axes(node)), true)->output(0)};
}

ov::OutputVector global_max_pool(const NodeContext& node) {
    return {std::make_shared<v1::ReduceMax>(node.input(0), i64s(spatial_axes(node)), true)->output(0)};
}

ov::OutputVector batch_norm(const NodeContext& node) {
    if (node.attr_int("training_mode", 0) != 0)
        node.fail("is in training mode; devmux converts inference models");
    if (node.opset() < 9 && node.attr_int("spatial", 1) == 0)
        node.fail("has spatial=0 (a mean and variance per element), which devmux does not convert");
    for (int i = 1; i < node.proto().output_size(); ++i)
        if (!node.proto().output(i).empty() && node.opset() >= 14)
            node.fail("asks for its training outputs (running mean and variance)");
    return {std::make_shared<v5::BatchNormInference>(node.input(0), node.input(1), node.input(2), node.input(3),
                                                     node.input(4), node.attr_float("epsilon", 1e-5f))
                ->output(0)};
}

ov::OutputVector instance_norm(const NodeContext& node) {
    const auto x = node.input(0);
    const int64_t rank = static_rank(node, 0);
    auto normalized = std::make_shared<v6::MVN>(x, i64s(spatial_axes(node)), true, node.attr_float("epsilon", 1e-5f),
                                                MVNEpsMode::INSIDE_SQRT);
    auto scaled = std::make_shared<v1::Multiply>(normalized, per_channel(node.input(1), rank));
    return {std::make_shared<v1::Add>(scaled, per_channel(node.input(2), rank))->output(0)};
}

ov::OutputVector layer_norm(const NodeContext& node) {
    // Y = (X - mean) * inv_std_dev * Scale + B over the axes from `axis` on; Mean and InvStdDev are its optional
    // second and third outputs (kept dims).
    const auto x = node.input(0);
    const int64_t rank = static_rank(node, 0);
    const int64_t axis = normalize_axis(node, node.attr_int("axis", -1), rank);
    std::vector<int64_t> axes_list;
    for (int64_t i = axis; i < rank; ++i)
        axes_list.push_back(i);
    const auto axes = i64s(axes_list);
    const auto type = x.get_element_type();
    auto mean = std::make_shared<v1::ReduceMean>(x, axes, true);
    auto centered = std::make_shared<v1::Subtract>(x, mean);
    auto variance = std::make_shared<v1::ReduceMean>(std::make_shared<v1::Multiply>(centered, centered), axes, true);
    auto inv_std = std::make_shared<v1::Divide>(
        scalar_of(type, 1.0),
        std::make_shared<v0::Sqrt>(std::make_shared<v1::Add>(variance, scalar_of(type, node.attr_float("epsilon", 1e-5f)))));
    ov::Output<ov::Node> y = std::make_shared<v1::Multiply>(std::make_shared<v1::Multiply>(centered, inv_std), node.input(1));
    if (node.has_input(2))
        y = std::make_shared<v1::Add>(y, node.input(2));
    return {y, mean->output(0), inv_std->output(0)};
}

ov::OutputVector mean_variance_norm(const NodeContext& node) {
    const auto axes = node.attr_ints("axes", {0, 2, 3});
    return {std::make_shared<v6::MVN>(node.input(0), i64s(axes), true, 1e-9f, MVNEpsMode::OUTSIDE_SQRT)->output(0)};
}

ov::OutputVector lrn(const NodeContext& node) {
    return {std::make_shared<v0::LRN>(node.input(0), i64s({1}), node.attr_float("alpha", 1e-4f),
                                      node.attr_float("beta", 0.75f), node.attr_float("bias", 1.0f),
                                      static_cast<size_t>(node.attr_int("size")))
                ->output(0)};
}

ov::OutputVector softmax_legacy(const NodeContext& node) { return {softmax_2d_legacy(node, false)}; }
ov::OutputVector log_softmax_legacy(const NodeContext& node) { return {softmax_2d_legacy(node, true)}; }

ov::OutputVector softmax(const NodeContext& node) {
    return {std::make_shared<v8::Softmax>(node.input(0), node.attr_int("axis", -1))->output(0)};
}

ov::OutputVector log_softmax(const NodeContext& node) {
    const int64_t rank = static_rank(node, 0);
    return {std::make_shared<v5::LogSoftmax>(node.input(0), normalize_axis(node, node.attr_int("axis", -1), rank))
                ->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux
