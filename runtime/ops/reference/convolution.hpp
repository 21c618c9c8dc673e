// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>

#include "ops/reference/window.hpp"

namespace devmux {
namespace ref {

/// The output positions o in [0, out) whose tap lands inside the input: 0 <= o * stride + offset < in,
/// where offset = tap * dilation - pad_begin.
inline void valid_outputs(int64_t offset, size_t in, size_t out, size_t stride, size_t& lo, size_t& hi) {
    const int64_t s = static_cast<int64_t>(stride);
    const int64_t first = offset >= 0 ? 0 : (-offset + s - 1) / s;
    const int64_t last_pos = static_cast<int64_t>(in) - 1 - offset;  // largest o * stride allowed
    int64_t end = last_pos < 0 ? 0 : last_pos / s + 1;
    if (end > static_cast<int64_t>(out))
        end = static_cast<int64_t>(out);
    hi = static_cast<size_t>(end);
    lo = first > end ? hi : static_cast<size_t>(first);
}

/// Grouped convolution; a plain convolution is the case groups == 1.
/// data    [batch, groups * in_channels, D, H, W]
/// filters [groups, out_channels, in_channels, KD, KH, KW]
/// out     [batch, groups * out_channels, OD, OH, OW]
/// Positions outside the input (padding) contribute zero.
///
/// Each output plane is accumulated one filter tap at a time: out[o] += w[tap] * in[o * stride + offset]
/// over the output positions whose input lies inside the data. The innermost loop then walks an output row
/// and an input row contiguously instead of jumping between input channels, which keeps this plain loop
/// fast enough to serve as the oracle on real models.
template <typename C>
void group_convolution(const C* data, const C* filters, C* out, size_t batch, size_t groups, size_t in_channels,
                       size_t out_channels, const Window3D& w) {
    const size_t in_vol = w.in_volume();
    const size_t out_vol = w.out_volume();
    const size_t k_vol = w.kernel_volume();
    const size_t in_hw = w.in[1] * w.in[2];
    const size_t out_hw = w.out[1] * w.out[2];
    for (size_t n = 0; n < batch; ++n) {
        for (size_t g = 0; g < groups; ++g) {
            const C* data_group = data + (n * groups + g) * in_channels * in_vol;
            for (size_t oc = 0; oc < out_channels; ++oc) {
                C* plane = out + ((n * groups + g) * out_channels + oc) * out_vol;
                for (size_t i = 0; i < out_vol; ++i)
                    plane[i] = C(0);
                const C* filter = filters + (g * out_channels + oc) * in_channels * k_vol;
                for (size_t ic = 0; ic < in_channels; ++ic) {
                    const C* src = data_group + ic * in_vol;
                    const C* taps = filter + ic * k_vol;
                    for (size_t kd = 0; kd < w.kernel[0]; ++kd) {
                        const int64_t off_d = static_cast<int64_t>(kd * w.dilation[0]) - w.pad_begin[0];
                        size_t od0, od1;
                        valid_outputs(off_d, w.in[0], w.out[0], w.stride[0], od0, od1);
                        for (size_t kh = 0; kh < w.kernel[1]; ++kh) {
                            const int64_t off_h = static_cast<int64_t>(kh * w.dilation[1]) - w.pad_begin[1];
                            size_t oh0, oh1;
                            valid_outputs(off_h, w.in[1], w.out[1], w.stride[1], oh0, oh1);
                            for (size_t kw = 0; kw < w.kernel[2]; ++kw) {
                                const int64_t off_w = static_cast<int64_t>(kw * w.dilation[2]) - w.pad_begin[2];
                                size_t ow0, ow1;
                                valid_outputs(off_w, w.in[2], w.out[2], w.stride[2], ow0, ow1);
                                const C tap = taps[(kd * w.kernel[1] + kh) * w.kernel[2] + kw];
                                const size_t sw = w.stride[2];
                                for (size_t od = od0; od < od1; ++od) {
                                    const size_t id = static_cast<size_t>(int64_t(od * w.stride[0]) + off_d);
                                    for (size_t oh = oh0; oh < oh1; ++oh) {
                                        const size_t ih = static_cast<size_t>(int64_t(oh * w.stride[1]) + off_h);
                                        C* dst = plane + od * out_hw + oh * w.out[2];
                                        const C* row = src + id * in_hw + ih * w.in[2];
                                        // Input column of output ow is ow * sw + off_w (>= 0 for ow >= ow0).
                                        for (size_t ow = ow0; ow < ow1; ++ow)
                                            dst[ow] += tap * row[static_cast<size_t>(int64_t(ow * sw) + off_w)];
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

}  // namespace ref
}  // namespace devmux
