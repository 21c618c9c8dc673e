// SPDX-License-Identifier: Apache-2.0
#include "ops/reference/broadcast.hpp"

#include <algorithm>

#include "openvino/core/except.hpp"
#include "ops/reference/shape_util.hpp"

namespace devmux {
namespace ref {

bool numpy_broadcast_shape(const ov::Shape& a, const ov::Shape& b, ov::Shape& out) {
    const size_t rank = std::max(a.size(), b.size());
    ov::Shape result(rank);
    for (size_t i = 0; i < rank; ++i) {
        // Axis i counted from the right; a shorter shape acts as if padded with leading 1s.
        const size_t da = i < a.size() ? a[a.size() - 1 - i] : 1;
        const size_t db = i < b.size() ? b[b.size() - 1 - i] : 1;
        if (da != db && da != 1 && db != 1)
            return false;
        result[rank - 1 - i] = da == 1 ? db : da;
    }
    out = result;
    return true;
}

namespace {
bool is_one(const ov::Dimension& d) { return d.is_static() && d.get_length() == 1; }

// Upper bound -1 means unbounded.
ov::Dimension::value_type max_bound(ov::Dimension::value_type x, ov::Dimension::value_type y) {
    return (x < 0 || y < 0) ? -1 : std::max(x, y);
}

bool broadcast_dim_keeping_bounds(const ov::Dimension& a, const ov::Dimension& b, ov::Dimension& out) {
    if (is_one(a)) {
        out = b;
        return true;
    }
    if (is_one(b)) {
        out = a;
        return true;
    }
    if (a.is_static() && b.is_static()) {
        if (a.get_length() != b.get_length())
            return false;
        out = a;
        return true;
    }
    if (a.is_static() || b.is_static()) {
        // The dynamic side must turn out 1 or equal to the static extent, which is then the result.
        const ov::Dimension& fixed = a.is_static() ? a : b;
        const ov::Dimension& other = a.is_static() ? b : a;
        const auto n = fixed.get_length();
        const auto lo = other.get_min_length();
        const auto hi = other.get_max_length();
        const bool may_be_one = lo <= 1 && (hi < 0 || hi >= 1);
        const bool may_be_n = lo <= n && (hi < 0 || hi >= n);
        if (!may_be_one && !may_be_n)
            return false;
        out = fixed;
        return true;
    }
    // Both dynamic: either may be the 1 that stretches, so the result spans both ranges.
    out = ov::Dimension(std::min(a.get_min_length(), b.get_min_length()),
                        max_bound(a.get_max_length(), b.get_max_length()));
    return true;
}
}  // namespace

bool numpy_broadcast_shape(const ov::PartialShape& a, const ov::PartialShape& b, ov::PartialShape& out) {
    if (!a.rank_is_static() || !b.rank_is_static()) {
        out = ov::PartialShape::dynamic();
        return true;
    }
    const size_t rank = std::max(a.size(), b.size());
    std::vector<ov::Dimension> dims(rank);
    for (size_t i = 0; i < rank; ++i) {
        const ov::Dimension da = i < a.size() ? a[a.size() - 1 - i] : ov::Dimension(1);
        const ov::Dimension db = i < b.size() ? b[b.size() - 1 - i] : ov::Dimension(1);
        if (!broadcast_dim_keeping_bounds(da, db, dims[rank - 1 - i]))
            return false;
    }
    out = ov::PartialShape(dims);
    return true;
}

ov::PartialShape infer_broadcast_shape(const ov::Node& node, const ov::PartialShape& a, const ov::PartialShape& b,
                                       const ov::op::AutoBroadcastSpec& autob) {
    switch (autob.m_type) {
        case ov::op::AutoBroadcastType::NUMPY: {
            ov::PartialShape out;
            if (!numpy_broadcast_shape(a, b, out))
                OPENVINO_THROW(describe(node), ": input shapes ", a, " and ", b,
                               " are not broadcastable (auto_broadcast=numpy)");
            return out;
        }
        case ov::op::AutoBroadcastType::NONE: {
            if (!a.compatible(b))
                OPENVINO_THROW(describe(node), ": input shapes ", a, " and ", b,
                               " must be equal (auto_broadcast=none)");
            // Prefer the more informative of two compatible shapes, dimension by dimension.
            if (!a.rank_is_static())
                return b;
            if (!b.rank_is_static())
                return a;
            std::vector<ov::Dimension> dims(a.size());
            for (size_t i = 0; i < a.size(); ++i)
                if (!ov::Dimension::merge(dims[i], a[i], b[i]))
                    dims[i] = a[i];
            return ov::PartialShape(dims);
        }
        default:
            OPENVINO_THROW(describe(node), ": auto_broadcast=", autob.m_type,
                           " is not supported (only numpy and none are)");
    }
}

std::vector<size_t> broadcast_strides(const ov::Shape& in, const ov::Shape& out) {
    std::vector<size_t> strides(out.size(), 0);
    broadcast_strides_into(in, out, strides.data());
    return strides;
}

void broadcast_strides_into(const ov::Shape& in, const ov::Shape& out, size_t* strides) {
    OPENVINO_ASSERT(in.size() <= out.size(), "shape ", in, " does not broadcast to ", out);
    for (size_t axis = 0; axis < out.size(); ++axis)
        strides[axis] = 0;
    size_t stride = 1;
    for (size_t i = 0; i < in.size(); ++i) {
        const size_t in_axis = in.size() - 1 - i;
        const size_t out_axis = out.size() - 1 - i;
        OPENVINO_ASSERT(in[in_axis] == out[out_axis] || in[in_axis] == 1, "shape ", in, " does not broadcast to ", out);
        strides[out_axis] = in[in_axis] == 1 ? 0 : stride;
        stride *= in[in_axis];
    }
}

}  // namespace ref
}  // namespace devmux
