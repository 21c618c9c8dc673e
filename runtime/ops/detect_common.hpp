// SPDX-License-Identifier: Apache-2.0
// Shape and value helpers shared by the detection ops (RegionYolo, ReorgYolo, NonMaxSuppression, the ROI
// poolings, Proposal): ov::Dimension has no arithmetic, so products and quotients of possibly dynamic
// dimensions are spelled out here once, as are the input checks every one of these ops repeats.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "openvino/core/node.hpp"
#include "openvino/core/partial_shape.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/shape_util.hpp"

namespace devmux {
namespace detect {

/// a * b, dynamic when either is (an interval multiplies its bounds).
inline ov::Dimension mul(const ov::Dimension& a, const ov::Dimension& b) {
    if (a.is_static() && b.is_static())
        return ov::Dimension(a.get_length() * b.get_length());
    const int64_t lo = a.get_min_length() * b.get_min_length();
    const int64_t hi = (a.get_max_length() < 0 || b.get_max_length() < 0) ? -1 : a.get_max_length() * b.get_max_length();
    return ov::Dimension(lo, hi);
}

/// a / d for a static divisor (floor); dynamic stays dynamic, intervals divide their bounds.
inline ov::Dimension div(const ov::Dimension& a, int64_t d) {
    if (a.is_static())
        return ov::Dimension(a.get_length() / d);
    return ov::Dimension(a.get_min_length() / d, a.get_max_length() < 0 ? -1 : a.get_max_length() / d);
}

/// The dimension i of a shape of static rank, or dynamic when the rank is not known.
inline ov::Dimension dim(const ov::PartialShape& shape, size_t i) {
    return shape.rank_is_static() && i < shape.size() ? shape[i] : ov::Dimension::dynamic();
}

/// Checks that input i has rank `rank` when its rank is known.
inline void check_rank(const ov::Node& node, size_t i, int64_t rank, const char* what) {
    const auto& shape = node.get_input_partial_shape(i);
    DEVMUX_NODE_CHECK(node, !shape.rank_is_static() || static_cast<int64_t>(shape.size()) == rank, what,
                      " input must have rank ", rank, ", got shape ", shape);
}

/// Checks that input i has a floating-point element type (or a dynamic one).
inline void check_real_input(const ov::Node& node, size_t i, const char* what) {
    const auto& type = node.get_input_element_type(i);
    DEVMUX_NODE_CHECK(node, type.is_dynamic() || type.is_real(), what,
                      " input must have a floating-point element type, got ", type);
}

/// Checks that dimension d of input i, when static, equals `want` (when that is known, i.e. >= 0).
inline void check_dim(const ov::Node& node, size_t i, size_t d, int64_t want, const char* what) {
    const auto got = dim(node.get_input_partial_shape(i), d);
    DEVMUX_NODE_CHECK(node, want < 0 || !got.is_static() || got.get_length() == want, what, " must be ", want,
                      ", got ", got, " (input shape ", node.get_input_partial_shape(i), ")");
}

/// Merges two dimensions that must agree; throws naming the op and `what` when they cannot.
inline ov::Dimension merged(const ov::Node& node, const ov::Dimension& a, const ov::Dimension& b, const char* what) {
    ov::Dimension out;
    DEVMUX_NODE_CHECK(node, ov::Dimension::merge(out, a, b), what, " disagree: ", a, " vs ", b);
    return out;
}

// Intersection over union of two axis-aligned boxes (any type with x0, y0, x1, y1), sizes counted as
// x1 - x0 + offset: offset 1 for pixel coordinates, where a box covers both edge pixels (Caffe, Detectron),
// 0 for normalized ones. Boxes apart (not even touching) do not overlap however close, so the offset only
// counts for boxes that meet.
template <typename Box>
float box_iou(const Box& a, const Box& b, float offset) {
    if (!(a.x0 <= b.x1 && a.y0 <= b.y1 && b.x0 <= a.x1 && b.y0 <= a.y1))
        return 0.0f;
    const float w = std::min(a.x1, b.x1) - std::max(a.x0, b.x0) + offset;
    const float h = std::min(a.y1, b.y1) - std::max(a.y0, b.y0) + offset;
    if (w <= 0 || h <= 0)
        return 0.0f;
    const float inter = w * h;
    const float area_a = (a.x1 - a.x0 + offset) * (a.y1 - a.y0 + offset);
    const float area_b = (b.x1 - b.x0 + offset) * (b.y1 - b.y0 + offset);
    return inter / (area_a + area_b - inter);
}

}  // namespace detect
}  // namespace devmux
