// SPDX-License-Identifier: Apache-2.0
// How PRelu reads its slope, for the op itself and for the fused convolutions that take a PRelu in.
#pragma once

#include <vector>

#include "openvino/core/partial_shape.hpp"
#include "openvino/core/shape.hpp"

namespace devmux {
namespace ref {

// The slope's shape as PRelu reads it: a 1-D slope as long as the channel axis (1, or 0 for 1-D data) applies
// per channel, i.e. as [1, C, 1, ..., 1]; any other slope broadcasts with numpy's rule, as it is.
inline ov::PartialShape prelu_slope_shape(const ov::PartialShape& data, const ov::PartialShape& slope) {
    if (!data.rank().is_static() || !slope.rank().is_static() || slope.size() != 1 || data.size() == 0)
        return slope;
    const size_t channel_axis = data.size() > 1 ? 1 : 0;
    const ov::Dimension& channels = data[channel_axis];
    if (!channels.is_static() || !slope[0].is_static() || channels.get_length() != slope[0].get_length())
        return slope;
    std::vector<ov::Dimension> dims(data.size(), ov::Dimension(1));
    dims[channel_axis] = slope[0];
    return ov::PartialShape(dims);
}

inline ov::Shape prelu_slope_shape(const ov::Shape& data, const ov::Shape& slope) {
    return prelu_slope_shape(ov::PartialShape(data), ov::PartialShape(slope)).to_shape();
}

}  // namespace ref
}  // namespace devmux
