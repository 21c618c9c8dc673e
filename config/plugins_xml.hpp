// SPDX-License-Identifier: Apache-2.0
#pragma once

// plugins.xml, as OpenVINO reads it:
//   <ie><plugins>
//     <plugin name="CPU" location="libdevmux_cpu.so">
//       <properties><property key="NUM_STREAMS" value="2"/></properties>
//     </plugin>
//   </plugins></ie>
// Parsing only reads and checks the file; it loads no library.

#include <string>
#include <utility>
#include <vector>

namespace devmux {
namespace config {

struct PluginXmlEntry {
    std::string name;
    /// The location attribute as written.
    std::string location;
    /// Where the loader will look: an absolute path, or the bare file name when the library is not
    /// beside the xml file (then dlopen's own search applies).
    std::string library_path;
    /// The <property> elements in file order.
    std::vector<std::pair<std::string, std::string>> properties;
};

struct PluginsXml {
    /// The xml file, absolute.
    std::string path;
    std::vector<PluginXmlEntry> plugins;
};

/// Reads and checks a plugins.xml file. Throws ov::Exception naming the file (and the plugin, or
/// pugixml's description with the offset, line and column) when it cannot be read, is malformed,
/// or has a plugin without a name or location, a name containing '.', ':' or ',', a duplicate name,
/// or a property without a key.
PluginsXml parse_plugins_xml(const std::string& xml_path);

/// Where a location attribute points: absolute paths stay; paths with a '/' are relative to
/// @p xml_dir; a bare file name is taken from @p xml_dir when the file exists there and is otherwise
/// left bare for the dynamic loader's search.
std::string resolve_plugin_location(const std::string& location, const std::string& xml_dir);

/// Why @p name cannot be a device name (empty string when it can): device names are not empty and
/// contain no '.', ':' or ',' since those separate a device from its id and list devices.
std::string device_name_problem(const std::string& name);

}  // namespace config
}  // namespace devmux
