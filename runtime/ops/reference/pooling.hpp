// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>

#include "ops/reference/identity.hpp"
#include "ops/reference/window.hpp"

namespace devmux {
namespace ref {

/// Max pooling over `planes` independent [D, H, W] planes (batch * channels). Padded positions never win.
/// When `indices` is not null it receives, per output, the flat index into the whole input of the first
/// maximal element in window order, or -1 when the window covers no input element (whose value is then
/// max_identity).
template <typename C>
void max_pool(const C* data, C* out, int64_t* indices, size_t planes, const Window3D& w) {
    const size_t in_vol = w.in_volume();
    const size_t in_hw = w.in[1] * w.in[2];
    size_t o = 0;
    for (size_t p = 0; p < planes; ++p) {
        const C* plane = data + p * in_vol;
        for (size_t od = 0; od < w.out[0]; ++od) {
            const int64_t d0 = static_cast<int64_t>(od * w.stride[0]) - w.pad_begin[0];
            size_t kd0, kd1;
            valid_taps(d0, w.in[0], w.kernel[0], w.dilation[0], kd0, kd1);
            for (size_t oh = 0; oh < w.out[1]; ++oh) {
                const int64_t h0 = static_cast<int64_t>(oh * w.stride[1]) - w.pad_begin[1];
                size_t kh0, kh1;
                valid_taps(h0, w.in[1], w.kernel[1], w.dilation[1], kh0, kh1);
                for (size_t ow = 0; ow < w.out[2]; ++ow, ++o) {
                    const int64_t w0 = static_cast<int64_t>(ow * w.stride[2]) - w.pad_begin[2];
                    size_t kw0, kw1;
                    valid_taps(w0, w.in[2], w.kernel[2], w.dilation[2], kw0, kw1);
                    C best = max_identity<C>();
                    int64_t best_index = -1;
                    for (size_t kd = kd0; kd < kd1; ++kd) {
                        const size_t id = static_cast<size_t>(d0 + int64_t(kd * w.dilation[0]));
                        for (size_t kh = kh0; kh < kh1; ++kh) {
                            const size_t ih = static_cast<size_t>(h0 + int64_t(kh * w.dilation[1]));
                            for (size_t kw = kw0; kw < kw1; ++kw) {
                                const size_t iw = static_cast<size_t>(w0 + int64_t(kw * w.dilation[2]));
                                const size_t at = id * in_hw + ih * w.in[2] + iw;
                                // Strictly greater: ties keep the first element in window order.
                                if (best_index < 0 || plane[at] > best) {
                                    best = plane[at];
                                    best_index = static_cast<int64_t>(p * in_vol + at);
                                }
                            }
                        }
                    }
                    out[o] = best;
                    if (indices)
                        indices[o] = best_index;
                }
            }
        }
    }
}

/// Average pooling over `planes` independent [D, H, W] planes. The divisor is the number of window taps
/// inside the input, or the whole kernel volume when `count_padding` (OpenVINO's rule for exclude-pad=false
/// with non-zero paddings: every tap counts, including those beyond the padded area under ceil rounding).
/// A window with no divisor gives 0.
template <typename C>
void avg_pool(const C* data, C* out, size_t planes, const Window3D& w, bool count_padding) {
    const size_t in_vol = w.in_volume();
    const size_t in_hw = w.in[1] * w.in[2];
    size_t o = 0;
    for (size_t p = 0; p < planes; ++p) {
        const C* plane = data + p * in_vol;
        for (size_t od = 0; od < w.out[0]; ++od) {
            const int64_t d0 = static_cast<int64_t>(od * w.stride[0]) - w.pad_begin[0];
            size_t kd0, kd1;
            valid_taps(d0, w.in[0], w.kernel[0], w.dilation[0], kd0, kd1);
            for (size_t oh = 0; oh < w.out[1]; ++oh) {
                const int64_t h0 = static_cast<int64_t>(oh * w.stride[1]) - w.pad_begin[1];
                size_t kh0, kh1;
                valid_taps(h0, w.in[1], w.kernel[1], w.dilation[1], kh0, kh1);
                for (size_t ow = 0; ow < w.out[2]; ++ow, ++o) {
                    const int64_t w0 = static_cast<int64_t>(ow * w.stride[2]) - w.pad_begin[2];
                    size_t kw0, kw1;
                    valid_taps(w0, w.in[2], w.kernel[2], w.dilation[2], kw0, kw1);
                    C sum = 0;
                    for (size_t kd = kd0; kd < kd1; ++kd) {
                        const size_t id = static_cast<size_t>(d0 + int64_t(kd * w.dilation[0]));
                        for (size_t kh = kh0; kh < kh1; ++kh) {
                            const size_t ih = static_cast<size_t>(h0 + int64_t(kh * w.dilation[1]));
                            const C* row = plane + id * in_hw + ih * w.in[2];
                            for (size_t kw = kw0; kw < kw1; ++kw)
                                sum += row[w0 + int64_t(kw * w.dilation[2])];
                        }
                    }
                    const size_t count =
                        count_padding ? w.kernel_volume() : (kd1 - kd0) * (kh1 - kh0) * (kw1 - kw0);
                    out[o] = count ? sum / static_cast<C>(count) : C(0);
                }
            }
        }
    }
}

}  // namespace ref
}  // namespace devmux
