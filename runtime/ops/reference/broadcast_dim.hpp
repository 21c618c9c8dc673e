// SPDX-License-Identifier: Apache-2.0
// Numpy broadcasting of one dimension pair for the ops that broadcast batch-like axes inside their own
// shape inference (Einsum's ellipsis, ScaledDotProductAttention's leading axes).
#pragma once

#include "openvino/core/dimension.hpp"

namespace devmux {
namespace ref {

// A static 1 stretches to the other dimension; two dynamic ones stay dynamic (bounds dropped); otherwise the
// two must merge. Returns false when they cannot broadcast. Unlike numpy_broadcast_shape (broadcast.hpp) it
// keeps no interval bounds, which these ops' shape inference has never tracked.
inline bool broadcast_dim(ov::Dimension& dst, const ov::Dimension& a, const ov::Dimension& b) {
    if (a.is_static() && a.get_length() == 1) {
        dst = b;
        return true;
    }
    if (b.is_static() && b.get_length() == 1) {
        dst = a;
        return true;
    }
    if (a.is_dynamic() && b.is_dynamic()) {
        dst = ov::Dimension::dynamic();
        return true;
    }
    return ov::Dimension::merge(dst, a, b);
}

}  // namespace ref
}  // namespace devmux
