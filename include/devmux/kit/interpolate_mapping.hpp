// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>

#include "openvino/op/interpolate.hpp"

/// @file
/// @brief How Interpolate maps an output index to input coordinates: the rule the reference evaluation uses,
/// exported so that a backend computing its own sampling tables (or checking a fixed-point form against the
/// reference) picks exactly the pixels the reference picks.

namespace devmux {
namespace kit {

/// @brief The input coordinate of output index `o` along an axis resized from `in_len` to `out_len` by `scale`,
/// under `mode`, in double precision.
double interpolate_input_coordinate(ov::op::util::InterpolateBase::CoordinateTransformMode mode, double o,
                                    double scale, size_t in_len, size_t out_len);

/// @brief The input index nearest mode `mode` picks for coordinate `x` (before clamping to the axis), `scale`
/// being the axis's scale (SIMPLE rounds up when downscaling).
int64_t interpolate_nearest_index(ov::op::util::InterpolateBase::NearestMode mode, double x, double scale);

}  // namespace kit
}  // namespace devmux
