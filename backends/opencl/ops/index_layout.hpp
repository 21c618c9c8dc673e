// SPDX-License-Identifier: Apache-2.0
// Axis arithmetic shared by the index-mapping kernels (strided copies, comparisons, Select): per-axis output
// extents and operand strides, merged where neighbouring axes step alike so the kernels decompose an index
// over as few axes as possible, then written into the kernels' fixed arrays.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "openvino/core/shape.hpp"

namespace devmux {
namespace opencl {

// The axes of an index mapping, outermost first. For each operand k, an output coordinate c along axis d moves
// its offset by (c % extents[d]) * strides[k][d]; extents[d] equals dims[d] unless the axis wraps (Tile).
struct IndexAxes {
    std::vector<int64_t> dims;
    std::vector<int64_t> extents;
    std::vector<std::vector<int64_t>> strides;
};

// Row-major strides (in elements) of `shape`.
inline std::vector<int64_t> element_strides(const ov::Shape& shape) {
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t d = shape.size(); d-- > 1;)
        strides[d - 1] = strides[d] * static_cast<int64_t>(shape[d]);
    return strides;
}

// Strides of an operand of shape `in` broadcast numpy-style (right-aligned) to `out`: 0 where it repeats.
inline std::vector<int64_t> numpy_strides(const ov::Shape& in, const ov::Shape& out) {
    std::vector<int64_t> strides(out.size(), 0);
    const auto own = element_strides(in);
    const size_t shift = out.size() - in.size();
    for (size_t i = 0; i < in.size(); ++i)
        strides[shift + i] = in[i] == 1 ? 0 : own[i];
    return strides;
}

// Drops axes of extent 1 and merges an axis into its outer neighbour when the inner one does not wrap and
// every operand steps over the pair as over one axis. Returns the axes innermost first.
inline IndexAxes merge_axes(const IndexAxes& axes) {
    IndexAxes merged;
    merged.strides.resize(axes.strides.size());
    for (size_t d = axes.dims.size(); d-- > 0;) {
        if (axes.dims[d] == 1)
            continue;
        if (!merged.dims.empty()) {
            const size_t inner = merged.dims.size() - 1;
            bool joins = merged.extents[inner] == merged.dims[inner];
            for (size_t k = 0; k < axes.strides.size() && joins; ++k)
                joins = axes.strides[k][d] == merged.strides[k][inner] * merged.dims[inner];
            if (joins) {
                merged.extents[inner] = axes.extents[d] * merged.dims[inner];
                merged.dims[inner] *= axes.dims[d];
                continue;
            }
        }
        merged.dims.push_back(axes.dims[d]);
        merged.extents.push_back(axes.extents[d]);
        for (size_t k = 0; k < axes.strides.size(); ++k)
            merged.strides[k].push_back(axes.strides[k][d]);
    }
    return merged;
}

// Whether the merged axes fit the kernels' arrays; otherwise why not.
inline std::string fits_kernel_rank(const IndexAxes& merged, size_t max_rank) {
    return merged.dims.size() <= max_rank ? std::string()
                                          : "needs " + std::to_string(merged.dims.size()) +
                                                " distinct axes after merging; the kernel indexes at most " +
                                                std::to_string(max_rank);
}

}  // namespace opencl
}  // namespace devmux
