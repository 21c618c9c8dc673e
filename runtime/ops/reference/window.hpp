// SPDX-License-Identifier: Apache-2.0
// Sliding-window geometry shared by the convolution and pooling reference kernels. Kernels work on three
// spatial axes; 1-D and 2-D ops are mapped onto them with leading axes of size 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "openvino/core/except.hpp"

namespace devmux {
namespace ref {

struct Window3D {
    size_t in[3] = {1, 1, 1};
    size_t out[3] = {1, 1, 1};
    size_t kernel[3] = {1, 1, 1};
    size_t stride[3] = {1, 1, 1};
    size_t dilation[3] = {1, 1, 1};
    int64_t pad_begin[3] = {0, 0, 0};

    size_t in_volume() const { return in[0] * in[1] * in[2]; }
    size_t out_volume() const { return out[0] * out[1] * out[2]; }
    size_t kernel_volume() const { return kernel[0] * kernel[1] * kernel[2]; }
};

/// Fills a Window3D from per-axis vectors of 1, 2 or 3 spatial axes (right-aligned).
template <typename InV, typename OutV, typename KV, typename SV, typename DV, typename PV>
Window3D make_window3d(const InV& in, const OutV& out, const KV& kernel, const SV& strides, const DV& dilations,
                       const PV& pads_begin) {
    const size_t n = in.size();
    OPENVINO_ASSERT(n >= 1 && n <= 3, "reference window kernels support 1 to 3 spatial axes, got ", n);
    Window3D w;
    const size_t off = 3 - n;
    for (size_t i = 0; i < n; ++i) {
        w.in[off + i] = static_cast<size_t>(in[i]);
        w.out[off + i] = static_cast<size_t>(out[i]);
        w.kernel[off + i] = static_cast<size_t>(kernel[i]);
        w.stride[off + i] = static_cast<size_t>(strides[i]);
        w.dilation[off + i] = static_cast<size_t>(dilations[i]);
        w.pad_begin[off + i] = static_cast<int64_t>(pads_begin[i]);
    }
    return w;
}

/// The taps [k0, k1) of a window starting at input position `start` (may be negative) whose positions
/// start + k * dilation fall inside [0, in). Computing the range once per output position keeps the
/// bounds checks out of the innermost loops.
inline void valid_taps(int64_t start, size_t in, size_t kernel, size_t dilation, size_t& k0, size_t& k1) {
    const int64_t d = static_cast<int64_t>(dilation);
    const int64_t first = start >= 0 ? 0 : (-start + d - 1) / d;
    const int64_t last_pos = static_cast<int64_t>(in) - 1 - start;  // largest k * d allowed
    int64_t end = last_pos < 0 ? 0 : last_pos / d + 1;
    if (end > static_cast<int64_t>(kernel))
        end = static_cast<int64_t>(kernel);
    k1 = static_cast<size_t>(end);
    k0 = first > end ? k1 : static_cast<size_t>(first);
}

}  // namespace ref
}  // namespace devmux
