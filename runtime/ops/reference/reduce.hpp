// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <vector>

#include "openvino/core/axis_set.hpp"
#include "openvino/core/shape.hpp"

namespace devmux {
namespace ref {

/// The shape of a reduction's output: reduced axes removed, or kept as 1 when keep_dims.
inline ov::Shape reduced_shape(const ov::Shape& in, const ov::AxisSet& axes, bool keep_dims) {
    ov::Shape out;
    for (size_t i = 0; i < in.size(); ++i) {
        if (!axes.count(i))
            out.push_back(in[i]);
        else if (keep_dims)
            out.push_back(1);
    }
    return out;
}

/// Folds every input element into out[j] = combine(out[j], x), where j is the element's position with
/// the reduced axes dropped. out holds shape_size(reduced_shape(...)) elements, all set to `init` first.
template <typename C, typename Combine>
void reduce(const C* in, C* out, const ov::Shape& in_shape, const ov::AxisSet& axes, C init, Combine combine) {
    const size_t rank = in_shape.size();
    const size_t out_count = ov::shape_size(reduced_shape(in_shape, axes, false));
    for (size_t j = 0; j < out_count; ++j)
        out[j] = init;
    const size_t in_count = ov::shape_size(in_shape);
    if (in_count == 0)
        return;
    // Output element stride of each input axis; 0 for reduced axes.
    std::vector<size_t> out_stride(rank, 0);
    size_t s = 1;
    for (size_t i = rank; i-- > 0;) {
        if (!axes.count(i)) {
            out_stride[i] = s;
            s *= in_shape[i];
        }
    }
    std::vector<size_t> coord(rank, 0);
    size_t j = 0;
    for (size_t i = 0; i < in_count; ++i) {
        out[j] = combine(out[j], in[i]);
        for (size_t a = rank; a-- > 0;) {
            j += out_stride[a];
            if (++coord[a] < in_shape[a])
                break;
            j -= out_stride[a] * coord[a];
            coord[a] = 0;
        }
    }
}

}  // namespace ref
}  // namespace devmux
