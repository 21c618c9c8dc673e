// SPDX-License-Identifier: Apache-2.0
// Convert's per-value rule, shared by Convert and ConvertLike so that the two ops cannot drift apart.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

namespace devmux {
namespace ref {

// One value from the input's compute type (bool, an integer, float or double) to the output's:
// - to boolean, any nonzero value (NaN included) is true;
// - real to integer truncates towards zero as OpenVINO's reference does, saturates to the destination range and
//   maps NaN to 0, so that the result is defined for every input (a plain cast would be undefined);
// - everything else is C++'s conversion: integers wrap modulo 2^N, reals round to nearest (f16/bf16 to even).
template <typename OutC, typename InC>
OutC saturating_convert(InC v) {
    if constexpr (std::is_same<OutC, bool>::value) {
        return v != InC(0);
    } else if constexpr (std::is_integral<OutC>::value && std::is_floating_point<InC>::value) {
        const double d = static_cast<double>(v);
        if (std::isnan(d))
            return OutC(0);
        const double t = std::trunc(d);
        // lowest() is 0 or -2^(N-1) and max()+1 is 2^N or 2^(N-1): all exact in double, unlike max() itself.
        const double lowest = static_cast<double>(std::numeric_limits<OutC>::lowest());
        const double above_max = static_cast<double>(std::numeric_limits<OutC>::max() / 2 + 1) * 2.0;
        if (t < lowest)
            return std::numeric_limits<OutC>::lowest();
        if (t >= above_max)
            return std::numeric_limits<OutC>::max();
        return static_cast<OutC>(t);
    } else {
        return static_cast<OutC>(v);
    }
}

}  // namespace ref
}  // namespace devmux
