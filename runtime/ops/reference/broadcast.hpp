// SPDX-License-Identifier: Apache-2.0
// Numpy broadcasting, shared by every op that broadcasts its inputs (Add, Multiply, PRelu, FakeQuantize,
// Select, comparisons, ...): the shape rule for shape inference, and a walk over the output that gives the
// matching flat index of every input, for the reference implementations.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "openvino/core/node.hpp"
#include "openvino/core/partial_shape.hpp"
#include "openvino/core/shape.hpp"
#include "openvino/op/util/attr_types.hpp"

namespace devmux {
namespace ref {

// Numpy broadcast of two static shapes (right-aligned; a 1 stretches to the other extent). Returns false
// when an axis has two different extents, neither of them 1.
bool numpy_broadcast_shape(const ov::Shape& a, const ov::Shape& b, ov::Shape& out);

// The same rule for partial shapes. A dynamic dimension against a static extent n > 1 gives n (the dynamic
// one must be 1 or n at run time); against 1 or another dynamic one it stays dynamic (bounds are widened to
// cover both). A dynamic rank gives a dynamic rank. Returns false only for a certain conflict.
bool numpy_broadcast_shape(const ov::PartialShape& a, const ov::PartialShape& b, ov::PartialShape& out);

// Shape inference for an element-wise op: merges `b` into `a` under `autob` (NUMPY broadcasts, NONE
// requires equal shapes) and returns the result. Throws ov::Exception naming the node, its inputs'
// shapes and the rule when they do not fit; PDPD is not supported and also throws.
ov::PartialShape infer_broadcast_shape(const ov::Node& node, const ov::PartialShape& a, const ov::PartialShape& b,
                                       const ov::op::AutoBroadcastSpec& autob);

// Element strides of `in` seen through `out` (the broadcast result, rank >= in's rank): one entry per
// axis of out, 0 on axes `in` lacks or stretches from 1. Throws when `in` does not broadcast to `out`.
std::vector<size_t> broadcast_strides(const ov::Shape& in, const ov::Shape& out);

// Walks every element of out_shape in row-major order and calls fn(out_index, in_index) where
// in_index[k] is the flat index of the element of input k (shape in_shapes[k]) that numpy broadcasting
// maps there. Each in_shapes[k] must broadcast to out_shape (throws otherwise).
//
// Example (c = a + b):
//   for_each_broadcast<2>(c_shape, {a_shape, b_shape},
//                         [&](size_t o, const std::array<size_t, 2>& i) { c[o] = a[i[0]] + b[i[1]]; });
template <size_t N, typename Fn>
void for_each_broadcast(const ov::Shape& out_shape, const std::array<ov::Shape, N>& in_shapes, Fn&& fn) {
    const size_t total = ov::shape_size(out_shape);
    if (total == 0)
        return;
    const size_t rank = out_shape.size();
    std::array<std::vector<size_t>, N> strides;
    for (size_t k = 0; k < N; ++k)
        strides[k] = broadcast_strides(in_shapes[k], out_shape);

    // An odometer over the output coordinate keeps each input offset up to date with one add per step
    // (and one rewind per carry), instead of recomputing offsets from coordinates.
    std::vector<size_t> coord(rank, 0);
    std::array<size_t, N> in_index{};
    for (size_t o = 0; o < total; ++o) {
        fn(o, static_cast<const std::array<size_t, N>&>(in_index));
        for (size_t axis = rank; axis-- > 0;) {
            if (++coord[axis] < out_shape[axis]) {
                for (size_t k = 0; k < N; ++k)
                    in_index[k] += strides[k][axis];
                break;
            }
            coord[axis] = 0;
            for (size_t k = 0; k < N; ++k)
                in_index[k] -= strides[k][axis] * (out_shape[axis] - 1);
        }
    }
}

}  // namespace ref
}  // namespace devmux
