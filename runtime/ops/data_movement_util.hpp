// SPDX-License-Identifier: Apache-2.0
// Helpers of the data-movement ops (VariadicSplit, Tile, Broadcast, Slice, Pad, DepthToSpace, ...):
// reading shape-determining inputs when they are known before run time, dimension arithmetic that keeps
// dynamic dimensions dynamic, and element copies by bytes so that one kernel moves every element type.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "openvino/core/node.hpp"
#include "openvino/core/partial_shape.hpp"
#include "openvino/core/shape.hpp"
#include "openvino/runtime/tensor.hpp"
#include "ops/reference/shape_util.hpp"

namespace devmux {
namespace ref {

/// The values of input i as int64 when they are known before run time (see known_value).
inline std::optional<std::vector<int64_t>> known_i64(const ov::Node& node, size_t i) {
    const auto value = constant_input(node, i);
    if (!value)
        return std::nullopt;
    // Exact for every integer (a cast through double would turn INT64_MAX, Slice's "to the end", into
    // INT64_MIN); other types are converted.
    if (value->get_element_type().is_integral_number())
        return tensor_to_i64(value->get_tensor_view());
    return value->cast_vector<int64_t>();
}

/// The values of input i as double when they are known before run time.
inline std::optional<std::vector<double>> known_f64(const ov::Node& node, size_t i) {
    const auto value = constant_input(node, i);
    if (!value)
        return std::nullopt;
    return value->cast_vector<double>();
}

/// Checks that input i is a 1-D tensor (or of unknown rank); scalar_ok also accepts a scalar.
inline void check_vector_input(const ov::Node& node, size_t i, const char* what, bool scalar_ok = false) {
    const auto& shape = node.get_input_partial_shape(i);
    OPENVINO_ASSERT(!shape.rank_is_static() || shape.size() == 1 || (scalar_ok && shape.size() == 0), describe(node),
                    ": ", what, " input must be ", scalar_ok ? "a scalar or 1-D" : "1-D", ", got shape ", shape);
}

/// Checks that input i is a scalar (or a 1-D tensor of one element, or of unknown rank).
inline void check_scalar_input(const ov::Node& node, size_t i, const char* what) {
    const auto& shape = node.get_input_partial_shape(i);
    OPENVINO_ASSERT(!shape.rank_is_static() || shape.size() == 0 ||
                        (shape.size() == 1 && shape.compatible(ov::PartialShape{1})),
                    describe(node), ": ", what, " input must be a scalar, got shape ", shape);
}

/// d * factor, dynamic when d is.
inline ov::Dimension scale_dim(const ov::Dimension& d, int64_t factor) {
    if (d.is_static())
        return ov::Dimension(d.get_length() * factor);
    return ov::Dimension::dynamic();
}

/// d + delta (delta may be negative), dynamic when d is.
inline ov::Dimension add_to_dim(const ov::Dimension& d, int64_t delta) {
    if (d.is_static())
        return ov::Dimension(d.get_length() + delta);
    return ov::Dimension::dynamic();
}

/// A partial shape of known rank whose every dimension is dynamic.
inline ov::PartialShape dynamic_of_rank(size_t rank) {
    return ov::PartialShape(std::vector<ov::Dimension>(rank, ov::Dimension::dynamic()));
}

/// Calls fn(out_flat, coord) for every coordinate of shape in row-major order (coord is updated in place).
template <typename Fn>
void for_each_coordinate(const ov::Shape& shape, Fn&& fn) {
    const size_t count = ov::shape_size(shape);
    std::vector<size_t> coord(shape.size(), 0);
    for (size_t n = 0; n < count; ++n) {
        fn(n, static_cast<const std::vector<size_t>&>(coord));
        for (size_t d = shape.size(); d-- > 0;) {
            if (++coord[d] < shape[d])
                break;
            coord[d] = 0;
        }
    }
}

/// Copies element src_index of src into element dst_index of dst (elements of elem bytes).
inline void copy_element(void* dst, size_t dst_index, const void* src, size_t src_index, size_t elem) {
    std::memcpy(static_cast<char*>(dst) + dst_index * elem, static_cast<const char*>(src) + src_index * elem, elem);
}

// Fills `out` (already shaped) from `in`, element by element: output coordinate c reads the input element
// whose coordinate along each axis d is source(d, c[d]). Every axis maps independently, which is all that
// Reverse, Roll, Slice and Tile need, so they share this loop and differ only in `source`. in_shape may be
// `in`'s shape with leading 1s (Tile reads data of lower rank that way); it must have out's rank.
template <typename AxisSource>
void gather_by_axis(const ov::Tensor& in, const ov::Shape& in_shape, ov::Tensor& out, AxisSource&& source) {
    const auto in_strides = ov::row_major_strides(in_shape);
    const size_t elem = in.get_element_type().size();
    const void* src = in.data();
    void* dst = out.data();
    for_each_coordinate(out.get_shape(), [&](size_t flat, const std::vector<size_t>& coord) {
        size_t from = 0;
        for (size_t d = 0; d < coord.size(); ++d)
            from += source(d, coord[d]) * in_strides[d];
        copy_element(dst, flat, src, from, elem);
    });
}

}  // namespace ref
}  // namespace devmux
