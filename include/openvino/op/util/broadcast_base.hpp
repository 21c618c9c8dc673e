// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>

#include "openvino/op/util/attr_types.hpp"

namespace ov {
namespace op {

/// @brief How Broadcast-3 maps its input onto the target shape. IR text: "numpy", "explicit" (also read as
/// "none"), "bidirectional", "pdpd".
enum class BroadcastType { NONE, EXPLICIT = NONE, NUMPY, PDPD, BIDIRECTIONAL };

/// @brief A broadcast mode plus the start axis used by PDPD broadcasting (-1: align to the right, the
/// default of PDPD).
struct BroadcastModeSpec {
    BroadcastModeSpec(BroadcastType type = BroadcastType::NUMPY)
        : m_type(type), m_axis(type == BroadcastType::PDPD ? -1 : 0) {}
    BroadcastModeSpec(BroadcastType type, int64_t axis) : m_type(type), m_axis(axis) {}
    BroadcastModeSpec(AutoBroadcastType type, int64_t axis = 0)
        : m_type(type == AutoBroadcastType::NUMPY  ? BroadcastType::NUMPY
                 : type == AutoBroadcastType::PDPD ? BroadcastType::PDPD
                                                   : BroadcastType::EXPLICIT),
          m_axis(axis) {}
    BroadcastType m_type;
    int64_t m_axis;
    bool operator==(const BroadcastModeSpec& o) const { return m_type == o.m_type && m_axis == o.m_axis; }
    bool operator!=(const BroadcastModeSpec& o) const { return !(*this == o); }
};

std::ostream& operator<<(std::ostream& os, BroadcastType type);
std::istream& operator>>(std::istream& is, BroadcastType& type);

}  // namespace op
}  // namespace ov
