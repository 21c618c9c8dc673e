// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/interpolate_mapping.hpp"

#include <cmath>

namespace devmux {
namespace kit {

using Base = ov::op::util::InterpolateBase;

double interpolate_input_coordinate(Base::CoordinateTransformMode mode, double o, double scale, size_t in_len,
                                    size_t out_len) {
    switch (mode) {
    case Base::CoordinateTransformMode::HALF_PIXEL: return (o + 0.5) / scale - 0.5;
    case Base::CoordinateTransformMode::PYTORCH_HALF_PIXEL: return out_len > 1 ? (o + 0.5) / scale - 0.5 : 0.0;
    case Base::CoordinateTransformMode::ASYMMETRIC: return o / scale;
    case Base::CoordinateTransformMode::TF_HALF_PIXEL_FOR_NN: return (o + 0.5) / scale;
    case Base::CoordinateTransformMode::ALIGN_CORNERS:
        return out_len == 1 ? 0.0 : o * static_cast<double>(in_len - 1) / static_cast<double>(out_len - 1);
    }
    return o / scale;
}

int64_t interpolate_nearest_index(Base::NearestMode mode, double x, double scale) {
    switch (mode) {
    case Base::NearestMode::ROUND_PREFER_FLOOR:
        // A tie (x exactly half-way) goes down; std::round would take it up.
        return x == std::floor(x) + 0.5 ? static_cast<int64_t>(std::floor(x)) : static_cast<int64_t>(std::round(x));
    case Base::NearestMode::ROUND_PREFER_CEIL: return static_cast<int64_t>(std::floor(x + 0.5));
    case Base::NearestMode::FLOOR: return static_cast<int64_t>(std::floor(x));
    case Base::NearestMode::CEIL: return static_cast<int64_t>(std::ceil(x));
    case Base::NearestMode::SIMPLE: return scale < 1.0 ? static_cast<int64_t>(std::ceil(x)) : static_cast<int64_t>(x);
    }
    return static_cast<int64_t>(std::floor(x));
}

}  // namespace kit
}  // namespace devmux
