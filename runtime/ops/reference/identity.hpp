// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <limits>

namespace devmux {
namespace ref {

/// The value a max starts from: -inf for floating types, the lowest value otherwise.
template <typename C>
C max_identity() {
    return std::numeric_limits<C>::has_infinity ? -std::numeric_limits<C>::infinity()
                                                : std::numeric_limits<C>::lowest();
}

}  // namespace ref
}  // namespace devmux
