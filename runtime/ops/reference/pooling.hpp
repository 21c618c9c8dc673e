// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>

#include "ops/reference/identity.hpp"
#include "ops/reference/window.hpp"

namespace devmux {
namespace ref {

/// The input taps of one pooling window that fall inside its [D, H, W] plane.
struct WindowTaps {
    const Window3D& w;
    int64_t start[3];
    size_t first[3], last[3];  // valid kernel positions per axis: [first, last)

    size_t count() const { return (last[0] - first[0]) * (last[1] - first[1]) * (last[2] - first[2]); }
    /// Calls visit(offset within the plane) for each tap, in window order.
    template <typename Visit>
    void for_each(Visit visit) const {
        const size_t in_hw = w.in[1] * w.in[2];
        for (size_t kd = first[0]; kd < last[0]; ++kd) {
            const size_t id = static_cast<size_t>(start[0] + int64_t(kd * w.dilation[0]));
            for (size_t kh = first[1]; kh < last[1]; ++kh) {
                const size_t ih = static_cast<size_t>(start[1] + int64_t(kh * w.dilation[1]));
                const size_t row = id * in_hw + ih * w.in[2];
                for (size_t kw = first[2]; kw < last[2]; ++kw)
                    visit(row + static_cast<size_t>(start[2] + int64_t(kw * w.dilation[2])));
            }
        }
    }
};

/// Calls visit(plane, output index, taps) for every output element of `planes` independent [D, H, W]
/// planes (batch * channels), in output order: the window walk both pooling kinds share.
template <typename Visit>
void for_each_pooling_window(size_t planes, const Window3D& w, Visit visit) {
    WindowTaps taps{w, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    size_t o = 0;
    for (size_t p = 0; p < planes; ++p) {
        for (size_t od = 0; od < w.out[0]; ++od) {
            taps.start[0] = static_cast<int64_t>(od * w.stride[0]) - w.pad_begin[0];
            valid_taps(taps.start[0], w.in[0], w.kernel[0], w.dilation[0], taps.first[0], taps.last[0]);
            for (size_t oh = 0; oh < w.out[1]; ++oh) {
                taps.start[1] = static_cast<int64_t>(oh * w.stride[1]) - w.pad_begin[1];
                valid_taps(taps.start[1], w.in[1], w.kernel[1], w.dilation[1], taps.first[1], taps.last[1]);
                for (size_t ow = 0; ow < w.out[2]; ++ow, ++o) {
                    taps.start[2] = static_cast<int64_t>(ow * w.stride[2]) - w.pad_begin[2];
                    valid_taps(taps.start[2], w.in[2], w.kernel[2], w.dilation[2], taps.first[2], taps.last[2]);
                    visit(p, o, static_cast<const WindowTaps&>(taps));
                }
            }
        }
    }
}

/// Max pooling over `planes` independent [D, H, W] planes (batch * channels). Padded positions never win.
/// When `indices` is not null it receives, per output, the flat index into the whole input of the first
/// maximal element in window order, or -1 when the window covers no input element (whose value is then
/// max_identity).
template <typename C>
void max_pool(const C* data, C* out, int64_t* indices, size_t planes, const Window3D& w) {
    const size_t in_vol = w.in_volume();
    for_each_pooling_window(planes, w, [&](size_t p, size_t o, const WindowTaps& taps) {
        const C* plane = data + p * in_vol;
        C best = max_identity<C>();
        int64_t best_index = -1;
        taps.for_each([&](size_t at) {
            // Strictly greater: ties keep the first element in window order.
            if (best_index < 0 || plane[at] > best) {
                best = plane[at];
                best_index = static_cast<int64_t>(p * in_vol + at);
            }
        });
        out[o] = best;
        if (indices)
            indices[o] = best_index;
    });
}

/// Average pooling over `planes` independent [D, H, W] planes. The divisor is the number of window taps
/// inside the input, or the whole kernel volume when `count_padding` (OpenVINO's rule for exclude-pad=false
/// with non-zero paddings: every tap counts, including those beyond the padded area under ceil rounding).
/// A window with no divisor gives 0.
template <typename C>
void avg_pool(const C* data, C* out, size_t planes, const Window3D& w, bool count_padding) {
    const size_t in_vol = w.in_volume();
    for_each_pooling_window(planes, w, [&](size_t p, size_t o, const WindowTaps& taps) {
        const C* plane = data + p * in_vol;
        C sum = 0;
        taps.for_each([&](size_t at) { sum += plane[at]; });
        const size_t count = count_padding ? w.kernel_volume() : taps.count();
        out[o] = count ? sum / static_cast<C>(count) : C(0);
    });
}

}  // namespace ref
}  // namespace devmux
