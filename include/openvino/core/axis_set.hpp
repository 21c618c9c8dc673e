// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <set>
#include <vector>

namespace ov {

/// @brief A set of axes, ordered and without duplicates (reduction axes, for example).
class AxisSet : public std::set<size_t> {
public:
    AxisSet() = default;
    AxisSet(std::initializer_list<size_t> axes) : std::set<size_t>(axes) {}
    AxisSet(const std::set<size_t>& axes) : std::set<size_t>(axes) {}
    AxisSet(const std::vector<size_t>& axes) : std::set<size_t>(axes.begin(), axes.end()) {}

    /// @brief The axes in increasing order, as signed values.
    std::vector<int64_t> to_vector() const { return std::vector<int64_t>(begin(), end()); }
};

inline std::ostream& operator<<(std::ostream& os, const AxisSet& axes) {
    os << "{";
    bool first = true;
    for (auto axis : axes) {
        os << (first ? "" : ", ") << axis;
        first = false;
    }
    return os << "}";
}

}  // namespace ov
