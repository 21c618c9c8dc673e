// SPDX-License-Identifier: Apache-2.0
#pragma once

// devmux extension (not part of the OpenVINO API): what a Core knows about its registered plugins,
// for tools such as the devmux CLI.

#include <map>
#include <string>
#include <vector>

#include "openvino/runtime/core.hpp"

namespace devmux {

/// @brief One registered plugin as a Core sees it.
struct PluginDescription {
    /// @brief The device name it is registered under (e.g. "CPU").
    std::string name;
    /// @brief The library: an absolute path, or a bare file name left to the dynamic loader's search.
    std::string library_path;
    /// @brief The plugins.xml file it came from; empty when registered with Core::register_plugin.
    std::string xml_file;
    /// @brief The properties from plugins.xml (or register_plugin's config), as text, including the
    /// PROXY_CONFIGURATION_* keys that are kept out of the plugin.
    std::map<std::string, std::string> properties;
    /// @brief True while the plugin is loaded.
    bool loaded = false;
    /// @brief True when the last attempt to load it failed; @ref error says why.
    bool failed = false;
    /// @brief The error of the last failed load.
    std::string error;
    /// @brief Why the plugin, though loaded, could not list its devices the last time the Core asked
    /// (get_available_devices); empty when it could.
    std::string devices_error;
};

/// @brief The registered plugins of a Core, sorted by device name. Loads nothing.
std::vector<PluginDescription> describe_plugins(const ov::Core& core);

}  // namespace devmux
