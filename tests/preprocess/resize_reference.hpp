// SPDX-License-Identifier: Apache-2.0
// Image resizing written directly from the textbook formulas (half-pixel centres, edge clamping), as the
// tests' reference for Interpolate and PreProcessSteps::resize. It shares no code with the runtime.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace resize_ref {

enum class Mode { nearest, linear, cubic };

// One plane of in_h x in_w values read through at(y, x); returns out_h x out_w values, row-major.
template <typename At>
std::vector<double> resize_plane(At at, size_t in_h, size_t in_w, size_t out_h, size_t out_w, Mode mode) {
    std::vector<double> out(out_h * out_w);
    const double sy = static_cast<double>(in_h) / out_h, sx = static_cast<double>(in_w) / out_w;
    auto clampi = [](long v, size_t n) { return static_cast<size_t>(std::min<long>(std::max<long>(v, 0), long(n) - 1)); };
    auto keys = [](double d) {
        const double a = -0.75, x = std::fabs(d);
        if (x <= 1)
            return (a + 2) * x * x * x - (a + 3) * x * x + 1;
        if (x < 2)
            return a * x * x * x - 5 * a * x * x + 8 * a * x - 4 * a;
        return 0.0;
    };
    for (size_t oy = 0; oy < out_h; ++oy) {
        for (size_t ox = 0; ox < out_w; ++ox) {
            const double y = (oy + 0.5) * sy - 0.5, x = (ox + 0.5) * sx - 0.5;
            double v = 0;
            if (mode == Mode::nearest) {
                auto pick = [](double c) {  // halves go down
                    const double f = std::floor(c);
                    return c - f == 0.5 ? long(f) : long(std::lround(c));
                };
                v = at(clampi(pick(y), in_h), clampi(pick(x), in_w));
            } else if (mode == Mode::linear) {
                const double yc = std::min(std::max(y, 0.0), double(in_h - 1));
                const double xc = std::min(std::max(x, 0.0), double(in_w - 1));
                const size_t y0 = size_t(std::floor(yc)), x0 = size_t(std::floor(xc));
                const size_t y1 = std::min(y0 + 1, in_h - 1), x1 = std::min(x0 + 1, in_w - 1);
                const double dy = yc - y0, dx = xc - x0;
                v = at(y0, x0) * (1 - dy) * (1 - dx) + at(y0, x1) * (1 - dy) * dx + at(y1, x0) * dy * (1 - dx) +
                    at(y1, x1) * dy * dx;
            } else {
                const long fy = long(std::floor(y)), fx = long(std::floor(x));
                for (long i = fy - 1; i <= fy + 2; ++i)
                    for (long j = fx - 1; j <= fx + 2; ++j)
                        v += keys(y - i) * keys(x - j) * at(clampi(i, in_h), clampi(j, in_w));
            }
            out[oy * out_w + ox] = v;
        }
    }
    return out;
}

// Resizes the H and W axes of an N x C x H x W (nhwc = false) or N x H x W x C (nhwc = true) buffer;
// the result keeps the same layout.
inline std::vector<double> resize(const std::vector<double>& in, size_t n, size_t c, size_t h, size_t w, bool nhwc,
                                  size_t out_h, size_t out_w, Mode mode) {
    std::vector<double> out(n * c * out_h * out_w);
    for (size_t b = 0; b < n; ++b)
        for (size_t ch = 0; ch < c; ++ch) {
            auto at = [&](size_t y, size_t x) {
                return nhwc ? in[((b * h + y) * w + x) * c + ch] : in[((b * c + ch) * h + y) * w + x];
            };
            const auto plane = resize_plane(at, h, w, out_h, out_w, mode);
            for (size_t y = 0; y < out_h; ++y)
                for (size_t x = 0; x < out_w; ++x) {
                    const double v = plane[y * out_w + x];
                    if (nhwc)
                        out[((b * out_h + y) * out_w + x) * c + ch] = v;
                    else
                        out[((b * c + ch) * out_h + y) * out_w + x] = v;
                }
        }
    return out;
}

}  // namespace resize_ref
