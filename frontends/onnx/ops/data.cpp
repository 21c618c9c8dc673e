// SPDX-License-Identifier: Apache-2.0
// Shapes, data movement, indexing and the ops that make constants.

#include "../graph_converter.hpp"
#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

namespace {

// An axes list from the attribute (older opsets) or from input `input` (newer ones); `given` tells whether any.
ov::Output<ov::Node> axes_of(const NodeContext& node, int64_t input_since, size_t input, bool& given) {
    if (node.opset() >= input_since) {
        given = node.has_input(input);
        return given ? node.input(input) : ov::Output<ov::Node>();
    }
    given = node.has_attr("axes");
    return given ? i64s(node.attr_ints("axes")) : ov::Output<ov::Node>();
}

ov::Output<ov::Node> as_i64(const ov::Output<ov::Node>& value) {
    if (value.get_element_type() == ov::element::i64)
        return value;
    return std::make_shared<v0::Convert>(value, ov::element::i64)->output(0);
}

}  // namespace

ov::OutputVector reshape(const NodeContext& node) {
    // allowzero=1: a 0 in the target is a zero-sized dimension; otherwise it copies the input's dimension.
    return {std::make_shared<v1::Reshape>(node.input(0), node.input(1), node.attr_int("allowzero", 0) == 0)->output(0)};
}

ov::OutputVector shape(const NodeContext& node) {
    ov::Output<ov::Node> result = std::make_shared<v3::ShapeOf>(node.input(0))->output(0);
    if (node.has_attr("start") || node.has_attr("end")) {
        result = std::make_shared<v8::Slice>(result, i64s({node.attr_int("start", 0)}),
                                             i64s({node.attr_int("end", std::numeric_limits<int64_t>::max())}),
                                             i64s({1}));
    }
    return {result};
}

ov::OutputVector size(const NodeContext& node) {
    auto dims = std::make_shared<v3::ShapeOf>(node.input(0));
    return {std::make_shared<v1::ReduceProd>(dims, i64s({0}), false)->output(0)};
}

ov::OutputVector flatten(const NodeContext& node) {
    const int64_t rank = static_rank(node, 0);
    int64_t axis = node.attr_int("axis", 1);
    if (axis < -rank || axis > rank)
        node.fail("has the axis " + std::to_string(axis) + ", outside the input's rank " + std::to_string(rank));
    return {flatten_at(node.input(0), axis < 0 ? axis + rank : axis)};
}

ov::OutputVector transpose(const NodeContext& node) {
    std::vector<int64_t> order = node.attr_ints("perm");
    if (order.empty())
        for (int64_t i = static_rank(node, 0) - 1; i >= 0; --i)
            order.push_back(i);
    return {std::make_shared<v1::Transpose>(node.input(0), i64s(order))->output(0)};
}

ov::OutputVector squeeze(const NodeContext& node) {
    bool given = false;
    const auto axes = axes_of(node, 13, 1, given);
    if (!given)
        return {std::make_shared<v0::Squeeze>(node.input(0))->output(0)};
    return {std::make_shared<v0::Squeeze>(node.input(0), axes)->output(0)};
}

ov::OutputVector unsqueeze(const NodeContext& node) {
    bool given = false;
    const auto axes = axes_of(node, 13, 1, given);
    if (!given)
        node.fail("has no axes");
    return {std::make_shared<v0::Unsqueeze>(node.input(0), axes)->output(0)};
}

ov::OutputVector concat(const NodeContext& node) {
    ov::OutputVector inputs;
    for (size_t i = 0; i < node.input_count(); ++i)
        if (node.has_input(i))
            inputs.push_back(node.input(i));
    return {std::make_shared<v0::Concat>(inputs, node.attr_int("axis", 1))->output(0)};
}

ov::OutputVector split(const NodeContext& node) {
    const auto x = node.input(0);
    const int64_t axis = node.attr_int("axis", 0);
    std::vector<int64_t> lengths;
    const size_t outputs = static_cast<size_t>(node.proto().output_size());
    if (node.opset() >= 13 && node.has_input(1) && !node.input_is_constant(1)) {
        auto split = std::make_shared<v1::VariadicSplit>(x, i64_scalar(axis), as_i64(node.input(1)));
        ov::OutputVector parts;
        for (size_t i = 0; i < outputs; ++i)
            parts.push_back(split->output(i));
        return parts;
    }
    if (node.opset() >= 13 && node.has_input(1))
        lengths = node.const_ints(1, "split lengths");
    else if (node.opset() < 13)
        lengths = node.attr_ints("split");
    ov::OutputVector parts;
    if (lengths.empty()) {
        auto split = std::make_shared<v1::Split>(x, i64_scalar(axis), outputs);
        for (size_t i = 0; i < outputs; ++i)
            parts.push_back(split->output(i));
    } else {
        auto split = std::make_shared<v1::VariadicSplit>(x, i64_scalar(axis), i64s(lengths));
        for (size_t i = 0; i < lengths.size(); ++i)
            parts.push_back(split->output(i));
    }
    return parts;
}

ov::OutputVector slice(const NodeContext& node) {
    const auto x = node.input(0);
    ov::Output<ov::Node> starts, ends, axes, steps;
    if (node.opset() < 10) {
        const auto s = node.attr_ints("starts"), e = node.attr_ints("ends");
        starts = i64s(s);
        ends = i64s(e);
        auto a = node.attr_ints("axes");
        if (a.empty())
            for (size_t i = 0; i < s.size(); ++i)
                a.push_back(static_cast<int64_t>(i));
        axes = i64s(a);
        steps = i64s(std::vector<int64_t>(s.size(), 1));
    } else {
        starts = as_i64(node.input(1));
        ends = as_i64(node.input(2));
        if (node.has_input(3))
            axes = as_i64(node.input(3));
        if (node.has_input(4)) {
            steps = as_i64(node.input(4));
        } else {
            // Steps of 1, as many as the starts.
            steps = std::make_shared<v3::Broadcast>(i64s({1}), std::make_shared<v3::ShapeOf>(starts))->output(0);
        }
    }
    if (axes.get_node())
        return {std::make_shared<v8::Slice>(x, starts, ends, steps, axes)->output(0)};
    return {std::make_shared<v8::Slice>(x, starts, ends, steps)->output(0)};
}

ov::OutputVector gather(const NodeContext& node) {
    return {std::make_shared<v8::Gather>(node.input(0), node.input(1), i64_scalar(node.attr_int("axis", 0)))->output(0)};
}

ov::OutputVector gather_elements(const NodeContext& node) {
    return {std::make_shared<v6::GatherElements>(node.input(0), node.input(1), node.attr_int("axis", 0))->output(0)};
}

ov::OutputVector gather_nd(const NodeContext& node) {
    return {std::make_shared<v8::GatherND>(node.input(0), node.input(1),
                                           static_cast<size_t>(node.attr_int("batch_dims", 0)))
                ->output(0)};
}

ov::OutputVector expand(const NodeContext& node) {
    return {std::make_shared<v3::Broadcast>(node.input(0), as_i64(node.input(1)), BroadcastType::BIDIRECTIONAL)
                ->output(0)};
}

ov::OutputVector tile(const NodeContext& node) {
    return {std::make_shared<v0::Tile>(node.input(0), as_i64(node.input(1)))->output(0)};
}

ov::OutputVector pad(const NodeContext& node) {
    const auto x = node.input(0);
    const std::string mode = node.attr_string("mode", "constant");
    PadMode pad_mode = PadMode::CONSTANT;
    if (mode == "reflect")
        pad_mode = PadMode::REFLECT;
    else if (mode == "edge")
        pad_mode = PadMode::EDGE;
    else if (mode != "constant")
        node.fail("has the mode '" + mode + "'; ONNX defines constant, reflect and edge");
    std::vector<int64_t> pads;
    ov::Output<ov::Node> value;
    if (node.opset() < 11) {
        pads = node.attr_ints(node.opset() < 2 ? "paddings" : "pads");
        value = scalar_of(x.get_element_type(), node.attr_float("value", 0.0f));
    } else {
        value = node.has_input(2) ? node.input(2) : scalar_of(x.get_element_type(), 0.0);
        if (!node.input_is_constant(1)) {
            // Pads computed at run time: the first half are the begins, the second the ends.
            const int64_t rank = static_rank(node, 0);
            const auto all = as_i64(node.input(1));
            auto begin = std::make_shared<v8::Slice>(all, i64s({0}), i64s({rank}), i64s({1}));
            auto end = std::make_shared<v8::Slice>(all, i64s({rank}), i64s({2 * rank}), i64s({1}));
            if (pad_mode == PadMode::CONSTANT)
                return {std::make_shared<v12::Pad>(x, begin, end, value, pad_mode)->output(0)};
            return {std::make_shared<v12::Pad>(x, begin, end, pad_mode)->output(0)};
        }
        pads = node.const_ints(1, "pads");
    }
    if (pads.size() % 2 != 0)
        node.fail("has " + std::to_string(pads.size()) + " pads; ONNX lists a begin and an end per axis");
    const size_t half = pads.size() / 2;
    std::vector<int64_t> begin(pads.begin(), pads.begin() + static_cast<std::ptrdiff_t>(half));
    std::vector<int64_t> end(pads.begin() + static_cast<std::ptrdiff_t>(half), pads.end());
    if (pad_mode == PadMode::CONSTANT)
        return {std::make_shared<v12::Pad>(x, i64s(begin), i64s(end), value, pad_mode)->output(0)};
    return {std::make_shared<v12::Pad>(x, i64s(begin), i64s(end), pad_mode)->output(0)};
}

ov::OutputVector constant(const NodeContext& node) {
    const std::string where = "ONNX model '" + node.graph().origin() + "': " + node.describe();
    if (const auto* tensor = node.attr_tensor("value"))
        return {node.graph().constant(*tensor, where)->output(0)};
    if (node.has_attr("value_float"))
        return {v0::Constant::create(ov::element::f32, ov::Shape{}, {node.attr_float("value_float", 0.0f)})->output(0)};
    if (node.has_attr("value_int"))
        return {v0::Constant::create(ov::element::i64, ov::Shape{}, {node.attr_int("value_int", 0)})->output(0)};
    if (node.has_attr("value_floats")) {
        const auto values = node.attr_floats("value_floats");
        return {v0::Constant::create(ov::element::f32, ov::Shape{values.size()}, values)->output(0)};
    }
    if (node.has_attr("value_ints")) {
        const auto values = node.attr_ints("value_ints");
        return {v0::Constant::create(ov::element::i64, ov::Shape{values.size()}, values)->output(0)};
    }
    node.fail("has no value devmux reads (sparse and string constants are not supported)");
}

ov::OutputVector constant_of_shape(const NodeContext& node) {
    std::shared_ptr<v0::Constant> value;
    if (const auto* tensor = node.attr_tensor("value"))
        value = node.graph().constant(*tensor, node.describe());
    else
        value = v0::Constant::create(ov::element::f32, ov::Shape{}, {0.0f});
    auto scalar = std::make_shared<v1::Reshape>(value, i64s({}), false);
    return {std::make_shared<v3::Broadcast>(scalar, as_i64(node.input(0)))->output(0)};
}

ov::OutputVector range(const NodeContext& node) {
    const auto start = node.input(0);
    return {std::make_shared<v4::Range>(start, node.input(1), node.input(2), start.get_element_type())->output(0)};
}

ov::OutputVector depth_to_space(const NodeContext& node) {
    const auto mode = node.attr_string("mode", "DCR") == "CRD" ? v0::DepthToSpace::DepthToSpaceMode::DEPTH_FIRST
                                                               : v0::DepthToSpace::DepthToSpaceMode::BLOCKS_FIRST;
    return {std::make_shared<v0::DepthToSpace>(node.input(0), mode, static_cast<size_t>(node.attr_int("blocksize")))
                ->output(0)};
}

ov::OutputVector space_to_depth(const NodeContext& node) {
    return {std::make_shared<v0::SpaceToDepth>(node.input(0), v0::SpaceToDepth::SpaceToDepthMode::BLOCKS_FIRST,
                                               static_cast<size_t>(node.attr_int("blocksize")))
                ->output(0)};
}

v12::ScatterElementsUpdate::Reduction scatter_reduction(const NodeContext& node) {
    using Reduction = v12::ScatterElementsUpdate::Reduction;
    const std::string name = node.attr_string("reduction", "none");
    if (name == "none")
        return Reduction::NONE;
    if (name == "add")
        return Reduction::SUM;
    if (name == "mul")
        return Reduction::PROD;
    if (name == "max")
        return Reduction::MAX;
    if (name == "min")
        return Reduction::MIN;
    node.fail("has the reduction '" + name + "'; ONNX defines none, add, mul, max and min");
}

ov::OutputVector scatter_elements(const NodeContext& node) {
    const auto reduction = scatter_reduction(node);
    return {std::make_shared<v12::ScatterElementsUpdate>(node.input(0), node.input(1), node.input(2),
                                                         i64_scalar(node.attr_int("axis", 0)), reduction, true)
                ->output(0)};
}

ov::OutputVector scatter_nd(const NodeContext& node) {
    if (node.attr_string("reduction", "none") != "none")
        node.fail("has the reduction '" + node.attr_string("reduction", "") + "', which devmux does not convert");
    return {std::make_shared<v3::ScatterNDUpdate>(node.input(0), node.input(1), node.input(2))->output(0)};
}

ov::OutputVector one_hot(const NodeContext& node) {
    // values = [off, on]; ONNX's negative indices count from the end of the depth.
    const auto indices = as_i64(node.input(0));
    auto depth = std::make_shared<v1::Reshape>(as_i64(node.input(1)), i64s({}), false);
    const auto values = node.input(2);
    auto off = std::make_shared<v8::Gather>(values, i64_scalar(0), i64_scalar(0));
    auto on = std::make_shared<v8::Gather>(values, i64_scalar(1), i64_scalar(0));
    auto wrapped = std::make_shared<v1::FloorMod>(indices, depth);
    auto negative = std::make_shared<v1::Less>(indices, i64_scalar(0));
    // Negative indices wrap; indices at or beyond the depth stay out of range (all off).
    auto effective = std::make_shared<v1::Select>(negative, wrapped, indices);
    return {std::make_shared<v1::OneHot>(effective, depth, on, off, node.attr_int("axis", -1))->output(0)};
}

ov::OutputVector non_zero(const NodeContext& node) {
    return {std::make_shared<v3::NonZero>(node.input(0), ov::element::i64)->output(0)};
}

ov::OutputVector top_k(const NodeContext& node) {
    const auto x = node.input(0);
    ov::Output<ov::Node> k;
    if (node.opset() < 10)
        k = i64_scalar(node.attr_int("k"));
    else
        k = std::make_shared<v1::Reshape>(as_i64(node.input(1)), i64s({}), false)->output(0);
    const bool largest = node.attr_int("largest", 1) != 0, sorted = node.attr_int("sorted", 1) != 0;
    auto top = std::make_shared<v11::TopK>(x, k, node.attr_int("axis", -1), largest ? "max" : "min",
                                           sorted ? "value" : "none", ov::element::i64, true);
    return {top->output(0), top->output(1)};
}

namespace {
ov::OutputVector arg_extreme(const NodeContext& node, const char* mode) {
    const auto x = node.input(0);
    const int64_t rank = static_rank(node, 0);
    const int64_t axis = normalize_axis(node, node.attr_int("axis", 0), rank);
    const bool last = node.attr_int("select_last_index", 0) != 0;
    // The last of equal extremes: the first in the reversed axis, counted back from the end.
    const ov::Output<ov::Node> searched = last ? std::make_shared<v1::Reverse>(x, i64s({axis}), v1::Reverse::Mode::INDEX)->output(0) : x;
    auto top = std::make_shared<v11::TopK>(searched, i64_scalar(1), axis, mode, "none", ov::element::i64, true);
    ov::Output<ov::Node> indices = top->output(1);
    if (last) {
        auto length = std::make_shared<v8::Gather>(std::make_shared<v3::ShapeOf>(x), i64_scalar(axis), i64_scalar(0));
        indices = std::make_shared<v1::Subtract>(std::make_shared<v1::Subtract>(length, i64_scalar(1)), indices);
    }
    if (node.attr_int("keepdims", 1) == 0)
        indices = std::make_shared<v0::Squeeze>(indices, i64s({axis}));
    return {indices};
}
}  // namespace

ov::OutputVector arg_max(const NodeContext& node) { return arg_extreme(node, "max"); }
ov::OutputVector arg_min(const NodeContext& node) { return arg_extreme(node, "min"); }

ov::OutputVector cum_sum(const NodeContext& node) {
    return {std::make_shared<v0::CumSum>(node.input(0), node.input(1), node.attr_int("exclusive", 0) != 0,
                                         node.attr_int("reverse", 0) != 0)
                ->output(0)};
}

ov::OutputVector reverse_sequence(const NodeContext& node) {
    return {std::make_shared<v0::ReverseSequence>(node.input(0), node.input(1), node.attr_int("batch_axis", 1),
                                                  node.attr_int("time_axis", 0))
                ->output(0)};
}

ov::OutputVector einsum(const NodeContext& node) {
    ov::OutputVector inputs;
    for (size_t i = 0; i < node.input_count(); ++i)
        inputs.push_back(node.input(i));
    std::string equation = node.attr_string("equation", "");
    equation.erase(std::remove(equation.begin(), equation.end(), ' '), equation.end());
    return {std::make_shared<v7::Einsum>(inputs, equation)->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux
