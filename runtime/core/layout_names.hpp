// SPDX-License-Identifier: Apache-2.0
// Dimension names of a layout, for the runtime's own use (preprocessing builds permutations from them).
#pragma once

#include <string>
#include <vector>

#include "openvino/core/layout.hpp"

namespace ov {
struct LayoutNames {
    /// The name of every dimension of a tensor of this rank ("?" for unnamed ones).
    static std::vector<std::string> of(const Layout& layout, size_t rank);
    /// A layout of fixed rank with these names.
    static Layout make(const std::vector<std::string>& names);
};
}  // namespace ov
