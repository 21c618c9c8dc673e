// SPDX-License-Identifier: Apache-2.0
// Numpy broadcasting, shared by every op that broadcasts its inputs (Add, Multiply, PRelu, FakeQuantize,
// Select, comparisons, ...): the shape rule for shape inference, and a walk over the output that gives the
// matching flat index of every input, for the reference implementations.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <utility>
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

// The same, written to strides[0, out.size()) without allocating.
void broadcast_strides_into(const ov::Shape& in, const ov::Shape& out, size_t* strides);

// References to each shape of the array (for for_each_broadcast).
template <size_t N, size_t... I>
std::array<std::reference_wrapper<const ov::Shape>, N> make_shape_refs(const std::array<ov::Shape, N>& shapes,
                                                                       std::index_sequence<I...>) {
    return {{std::cref(shapes[I])...}};
}

// Walks every element of out_shape in row-major order and calls fn(out_index, in_index) where
// in_index[k] is the flat index of the element of input k (shape in_shapes[k]) that numpy broadcasting
// maps there. Each in_shapes[k] must broadcast to out_shape (throws otherwise).
//
// Example (c = a + b):
//   for_each_broadcast<2>(c_shape, {a_shape, b_shape},
//                         [&](size_t o, const std::array<size_t, 2>& i) { c[o] = a[i[0]] + b[i[1]]; });
//
// for_each_broadcast_ref takes the shapes by reference, so that a call copies no shape: use it on the
// infer path (a plan's evaluate() calls).
template <size_t N, typename Fn>
void for_each_broadcast_ref(const ov::Shape& out_shape,
                            const std::array<std::reference_wrapper<const ov::Shape>, N>& in_shapes, Fn&& fn) {
    const size_t total = ov::shape_size(out_shape);
    if (total == 0)
        return;
    const size_t rank = out_shape.size();
    // Up to kInlineRank axes the walk keeps its state on the stack, so an evaluate() on a plan's
    // buffers allocates nothing per call.
    constexpr size_t kInlineRank = 8;
    std::array<size_t, kInlineRank * N> inline_strides{};
    std::array<size_t, kInlineRank> inline_coord{};
    std::vector<size_t> heap_strides, heap_coord;
    size_t* strides = inline_strides.data();  // strides[k * rank + axis]
    size_t* coord = inline_coord.data();
    if (rank > kInlineRank) {
        heap_strides.assign(rank * N, 0);
        heap_coord.assign(rank, 0);
        strides = heap_strides.data();
        coord = heap_coord.data();
    }
    for (size_t k = 0; k < N; ++k)
        broadcast_strides_into(in_shapes[k].get(), out_shape, strides + k * rank);

    // An odometer over the output coordinate keeps each input offset up to date with one add per step
    // (and one rewind per carry), instead of recomputing offsets from coordinates.
    std::array<size_t, N> in_index{};
    for (size_t o = 0; o < total; ++o) {
        fn(o, static_cast<const std::array<size_t, N>&>(in_index));
        for (size_t axis = rank; axis-- > 0;) {
            if (++coord[axis] < out_shape[axis]) {
                for (size_t k = 0; k < N; ++k)
                    in_index[k] += strides[k * rank + axis];
                break;
            }
            coord[axis] = 0;
            for (size_t k = 0; k < N; ++k)
                in_index[k] -= strides[k * rank + axis] * (out_shape[axis] - 1);
        }
    }
}

template <size_t N, typename Fn>
void for_each_broadcast(const ov::Shape& out_shape, const std::array<ov::Shape, N>& in_shapes, Fn&& fn) {
    std::array<std::reference_wrapper<const ov::Shape>, N> refs = make_shape_refs(in_shapes, std::make_index_sequence<N>());
    for_each_broadcast_ref<N>(out_shape, refs, std::forward<Fn>(fn));
}

}  // namespace ref
}  // namespace devmux
