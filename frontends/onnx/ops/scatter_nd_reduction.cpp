// SPDX-License-Identifier: Apache-2.0
// ScatterND from opset 16, whose reduction (add, mul; max and min from opset 18) combines every update that
// lands on a slice, duplicates included, in order. ScatterNDUpdate-3 has no reduction and leaves duplicates
// unspecified, so the reduced forms go through ScatterElementsUpdate-12, which applies its reduction one update
// at a time: data viewed as [P, S] (P slices of the q indexed axes, S elements each), every update slice placed
// at its slice's linear number.

#include "converters.hpp"
#include "templates.hpp"

namespace devmux {
namespace onnx_frontend {

using namespace ov::op;

ov::OutputVector scatter_nd_with_reduction(const NodeContext& node) {
    const auto reduction = scatter_reduction(node);
    if (reduction == v12::ScatterElementsUpdate::Reduction::NONE)
        return scatter_nd(node);
    const auto data = node.input(0), updates = node.input(2);
    ov::Output<ov::Node> indices = node.input(1);
    if (indices.get_element_type() != ov::element::i64)
        indices = std::make_shared<v0::Convert>(indices, ov::element::i64);
    const int64_t rank = static_rank(node, 0);
    const int64_t index_rank = static_rank(node, 1);
    const auto& last = indices.get_partial_shape()[static_cast<size_t>(index_rank - 1)];
    if (last.is_dynamic() || last.get_length() < 1 || last.get_length() > rank)
        node.fail("needs the last dimension of its indices to be known and in [1, " + std::to_string(rank) +
                  "], got shape " + indices.get_partial_shape().to_string());
    const int64_t q = last.get_length();
    const auto shape = std::make_shared<v3::ShapeOf>(data);
    // The linear number of each indexed slice, (i0 * d1 + i1) * d2 + ..., negative indices counting from the end.
    ov::Output<ov::Node> linear;
    for (int64_t k = 0; k < q; ++k) {
        auto dim = std::make_shared<v8::Gather>(shape, i64_scalar(k), i64_scalar(0));
        ov::Output<ov::Node> index = std::make_shared<v8::Gather>(indices, i64_scalar(k), i64_scalar(-1));
        index = std::make_shared<v1::Select>(std::make_shared<v1::Less>(index, i64_scalar(0)),
                                             std::make_shared<v1::Add>(index, dim), index);
        linear = k == 0 ? index
                        : std::make_shared<v1::Add>(std::make_shared<v1::Multiply>(linear, dim), index)->output(0);
    }
    ov::Output<ov::Node> slice_size = i64s({1});
    if (q < rank)
        slice_size = std::make_shared<v1::ReduceProd>(
            std::make_shared<v8::Slice>(shape, i64s({q}), i64s({rank}), i64s({1})), i64s({0}), true);
    auto as_rows = std::make_shared<v0::Concat>(ov::OutputVector{i64s({-1}), slice_size}, 0);
    auto rows = std::make_shared<v1::Reshape>(data, as_rows, false);
    auto update_rows = std::make_shared<v1::Reshape>(updates, as_rows, false);
    auto targets = std::make_shared<v3::Broadcast>(std::make_shared<v1::Reshape>(linear, i64s({-1, 1}), false),
                                                   std::make_shared<v3::ShapeOf>(update_rows));
    auto scattered =
        std::make_shared<v12::ScatterElementsUpdate>(rows, targets, update_rows, i64_scalar(0), reduction, true);
    return {std::make_shared<v1::Reshape>(scattered, shape, false)->output(0)};
}

}  // namespace onnx_frontend
}  // namespace devmux
