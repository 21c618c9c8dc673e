// SPDX-License-Identifier: Apache-2.0
#include "openvino/core/version.hpp"

#ifndef DEVMUX_VERSION
#    error "DEVMUX_VERSION must be defined by the build (runtime/CMakeLists.txt)"
#endif

namespace ov {

std::ostream& operator<<(std::ostream& s, const Version& version) {
    // A plugin may hand back a Version it never filled in; print that plainly instead of crashing.
    const char* description = version.description ? version.description : "(no description)";
    const char* build = version.buildNumber ? version.buildNumber : "(unknown)";
    s << description << std::endl;
    // devmux's own version, not the OpenVINO API level of OPENVINO_VERSION_*: this describes the library.
    s << "    Version : " << build << std::endl;
    s << "    Build   : " << build << std::endl;
    return s;
}

std::ostream& operator<<(std::ostream& s, const std::map<std::string, Version>& versions) {
    for (const auto& entry : versions)
        s << entry.second << std::endl;
    return s;
}

const Version get_openvino_version() noexcept {
    static const Version version = {DEVMUX_VERSION, "devmux Runtime"};
    return version;
}

}  // namespace ov
