// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <ostream>

namespace ov {

/// @brief One axis of a partial shape: a static extent, a bounded interval or fully dynamic (-1).
class Dimension {
public:
    using value_type = int64_t;
    Dimension() = default;  // dynamic
    Dimension(value_type value) : m_min(value < 0 ? 0 : value), m_max(value < 0 ? -1 : value) {}
    Dimension(value_type min_value, value_type max_value) : m_min(min_value), m_max(max_value) {}
    static Dimension dynamic() { return Dimension(); }

    bool is_static() const { return m_max >= 0 && m_min == m_max; }
    bool is_dynamic() const { return !is_static(); }
    /// @brief The extent; throws ov::Exception for a dynamic dimension.
    value_type get_length() const;
    value_type get_min_length() const { return m_min; }
    value_type get_max_length() const { return m_max; }
    bool compatible(const Dimension& d) const;
    bool operator==(const Dimension& d) const { return m_min == d.m_min && m_max == d.m_max; }
    bool operator!=(const Dimension& d) const { return !(*this == d); }
    /// @brief Merges two dimensions into dst; false when they conflict.
    static bool merge(Dimension& dst, const Dimension& d1, const Dimension& d2);

private:
    value_type m_min = 0;
    value_type m_max = -1;  // -1: unbounded
};

std::ostream& operator<<(std::ostream& os, const Dimension& d);

}  // namespace ov
