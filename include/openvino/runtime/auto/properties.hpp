// SPDX-License-Identifier: Apache-2.0
#pragma once

// The properties of the AUTO and MULTI devices (docs/auto.md), under OpenVINO's names and values.

#include <istream>
#include <ostream>
#include <string>

#include "openvino/core/except.hpp"
#include "openvino/runtime/properties.hpp"

namespace ov {
namespace intel_auto {

/// @brief Accepted for compatibility; devmux always shares the user's tensors with the device request.
inline constexpr Property<bool> device_bind_buffer{"DEVICE_BIND_BUFFER"};

/// @brief AUTO: while the chosen accelerator compiles, the CPU compiles too and serves the first
/// inferences (default true).
inline constexpr Property<bool> enable_startup_fallback{"ENABLE_STARTUP_FALLBACK"};

/// @brief AUTO and MULTI: an inference that fails on its device is run again on another device
/// (devmux's default: true).
inline constexpr Property<bool> enable_runtime_fallback{"ENABLE_RUNTIME_FALLBACK"};

/// @brief How requests are spread over the devices of MULTI or AUTO with CUMULATIVE_THROUGHPUT.
enum class SchedulePolicy {
    ROUND_ROBIN = 0,      ///< each inference goes to the next device with a free request
    DEVICE_PRIORITY = 1,  ///< each inference goes to the first device, in priority order, with a free request
    DEFAULT = DEVICE_PRIORITY,
};

/// @brief Writes ROUND_ROBIN or DEVICE_PRIORITY.
inline std::ostream& operator<<(std::ostream& os, const SchedulePolicy& policy) {
    switch (policy) {
    case SchedulePolicy::ROUND_ROBIN:
        return os << "ROUND_ROBIN";
    case SchedulePolicy::DEVICE_PRIORITY:
        return os << "DEVICE_PRIORITY";
    }
    OPENVINO_THROW("Unknown schedule policy ", static_cast<int>(policy));
}

/// @brief Reads ROUND_ROBIN, DEVICE_PRIORITY or DEFAULT.
inline std::istream& operator>>(std::istream& is, SchedulePolicy& policy) {
    std::string text;
    is >> text;
    if (text == "ROUND_ROBIN")
        policy = SchedulePolicy::ROUND_ROBIN;
    else if (text == "DEVICE_PRIORITY" || text == "DEFAULT")
        policy = SchedulePolicy::DEVICE_PRIORITY;
    else
        OPENVINO_THROW("Schedule policy '", text, "' is not ROUND_ROBIN, DEVICE_PRIORITY or DEFAULT");
    return is;
}

/// @brief The schedule policy of MULTI and of AUTO with CUMULATIVE_THROUGHPUT (default DEVICE_PRIORITY).
inline constexpr Property<SchedulePolicy> schedule_policy{"SCHEDULE_POLICY"};

}  // namespace intel_auto
}  // namespace ov
