// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <ostream>
#include <string>

/// @brief The OpenVINO API level devmux is source-compatible with, for code that tests
/// OPENVINO_VERSION_MAJOR / MINOR / PATCH. devmux's own version is get_openvino_version().buildNumber.
#define OPENVINO_VERSION_MAJOR 2024
#define OPENVINO_VERSION_MINOR 0
#define OPENVINO_VERSION_PATCH 0

namespace ov {

/// @brief Version information of the runtime or of a plugin.
#pragma pack(push, 1)
struct Version {
    /// @brief Null-terminated build number (devmux's version, e.g. "0.1.0").
    const char* buildNumber;
    /// @brief Null-terminated description.
    const char* description;
};
#pragma pack(pop)

/// @brief Writes the description, then "    Version : ..." and "    Build   : ..." lines.
std::ostream& operator<<(std::ostream& s, const Version& version);

/// @brief Writes each version of a device-name -> Version map, one block per device.
std::ostream& operator<<(std::ostream& s, const std::map<std::string, Version>& versions);

/// @brief The version of the devmux runtime library.
const Version get_openvino_version() noexcept;

}  // namespace ov
