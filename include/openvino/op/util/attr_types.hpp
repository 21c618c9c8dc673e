// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>

namespace ov {
namespace op {

/// @brief How convolution and pooling paddings are computed. IR text: "explicit", "same_upper",
/// "same_lower", "valid", "auto", "notset".
enum class PadType { EXPLICIT = 0, SAME_LOWER, SAME_UPPER, VALID, AUTO = SAME_UPPER, NOTSET = EXPLICIT };

/// @brief Rounding of pooling output sizes. IR text: "floor", "ceil", "ceil_torch".
enum class RoundingType { FLOOR = 0, CEIL = 1, CEIL_TORCH = 2 };

/// @brief Broadcasting rule of element-wise ops. IR text: "none", "numpy", "pdpd", "explicit".
enum class AutoBroadcastType { NONE = 0, EXPLICIT = NONE, NUMPY, PDPD };

/// @brief Broadcasting rule plus the axis used by PDPD broadcasting.
struct AutoBroadcastSpec {
    AutoBroadcastSpec(AutoBroadcastType type = AutoBroadcastType::NONE, int64_t axis = 0) : m_type(type), m_axis(axis) {}
    AutoBroadcastType m_type;
    int64_t m_axis;
    bool operator==(const AutoBroadcastSpec& o) const { return m_type == o.m_type && m_axis == o.m_axis; }
    bool operator!=(const AutoBroadcastSpec& o) const { return !(*this == o); }
    static const AutoBroadcastSpec NUMPY;
    static const AutoBroadcastSpec NONE;
};

std::ostream& operator<<(std::ostream& os, PadType type);
std::istream& operator>>(std::istream& is, PadType& type);
std::ostream& operator<<(std::ostream& os, RoundingType type);
std::istream& operator>>(std::istream& is, RoundingType& type);
std::ostream& operator<<(std::ostream& os, AutoBroadcastType type);
std::istream& operator>>(std::istream& is, AutoBroadcastType& type);

}  // namespace op
}  // namespace ov
