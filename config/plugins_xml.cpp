// SPDX-License-Identifier: Apache-2.0
#include "config/plugins_xml.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include <pugixml.hpp>

#include "openvino/core/except.hpp"

namespace devmux {
namespace config {
namespace fs = std::filesystem;

namespace {
// pugixml reports a byte offset; people look for a line and a column.
std::pair<size_t, size_t> line_and_column(const std::string& text, std::ptrdiff_t offset) {
    size_t line = 1, column = 1;
    const auto end = static_cast<size_t>(std::max<std::ptrdiff_t>(0, std::min<std::ptrdiff_t>(offset, text.size())));
    for (size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

std::string plugin_label(const PluginXmlEntry& entry, size_t index) {
    return entry.name.empty() ? "plugin #" + std::to_string(index + 1) : "plugin '" + entry.name + "'";
}
}  // namespace

std::string device_name_problem(const std::string& name) {
    if (name.empty())
        return "a device name must not be empty";
    for (const char c : {'.', ':', ','}) {
        if (name.find(c) != std::string::npos)
            return std::string("a device name must not contain '") + c +
                   "' (it separates a device from its id or lists devices, as in \"GPU.1\" or \"HETERO:GPU,CPU\")";
    }
    return {};
}

std::string resolve_plugin_location(const std::string& location, const std::string& xml_dir) {
    const fs::path loc(location);
    if (loc.is_absolute())
        return loc.lexically_normal().string();
    if (location.find('/') != std::string::npos)
        return (fs::path(xml_dir) / loc).lexically_normal().string();
    const fs::path beside = fs::path(xml_dir) / loc;
    std::error_code ec;
    if (fs::is_regular_file(beside, ec))
        return beside.lexically_normal().string();
    return location;
}

PluginsXml parse_plugins_xml(const std::string& xml_path) {
    std::error_code ec;
    fs::path absolute = fs::absolute(xml_path, ec);
    if (ec)
        absolute = xml_path;
    absolute = absolute.lexically_normal();
    PluginsXml result;
    result.path = absolute.string();
    const std::string& file = result.path;

    if (!fs::exists(absolute, ec))
        OPENVINO_THROW("Plugins file '", file, "' does not exist");
    if (fs::is_directory(absolute, ec))
        OPENVINO_THROW("Plugins file '", file, "' is a directory, not an xml file");
    std::ifstream in(absolute, std::ios::binary);
    if (!in)
        OPENVINO_THROW("Cannot open plugins file '", file, "'");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

    pugi::xml_document doc;
    const pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size());
    if (!parsed) {
        const auto lc = line_and_column(text, parsed.offset);
        OPENVINO_THROW("Malformed plugins file '", file, "': ", parsed.description(), " at offset ", parsed.offset,
                       " (line ", lc.first, ", column ", lc.second, ")");
    }

    const pugi::xml_node root = doc.document_element();
    if (std::string(root.name()) != "ie")
        OPENVINO_THROW("Plugins file '", file, "': the root element is <", root.name(), ">, expected <ie>");
    const pugi::xml_node plugins = root.child("plugins");
    if (!plugins)
        OPENVINO_THROW("Plugins file '", file, "': <ie> has no <plugins> element");

    const std::string xml_dir = absolute.parent_path().string();
    std::set<std::string> seen;
    size_t index = 0;
    for (const pugi::xml_node plugin : plugins.children("plugin")) {
        PluginXmlEntry entry;
        entry.name = plugin.attribute("name").as_string();
        const std::string label = plugin_label(entry, index);
        if (!plugin.attribute("name"))
            OPENVINO_THROW("Plugins file '", file, "': ", label, " has no 'name' attribute");
        const std::string problem = device_name_problem(entry.name);
        if (!problem.empty())
            OPENVINO_THROW("Plugins file '", file, "': ", label, " is refused: ", problem);
        if (!seen.insert(entry.name).second)
            OPENVINO_THROW("Plugins file '", file, "': plugin '", entry.name, "' is declared twice");

        entry.location = plugin.attribute("location").as_string();
        if (entry.location.empty())
            OPENVINO_THROW("Plugins file '", file, "': ", label, " has no 'location' attribute (the plugin library)");
        entry.library_path = resolve_plugin_location(entry.location, xml_dir);

        std::set<std::string> keys;
        for (const pugi::xml_node property : plugin.child("properties").children("property")) {
            const std::string key = property.attribute("key").as_string();
            if (key.empty())
                OPENVINO_THROW("Plugins file '", file, "': ", label, " has a <property> without a 'key' attribute");
            if (!property.attribute("value"))
                OPENVINO_THROW("Plugins file '", file, "': ", label, ": property '", key,
                               "' has no 'value' attribute");
            if (!keys.insert(key).second)
                OPENVINO_THROW("Plugins file '", file, "': ", label, " sets property '", key, "' twice");
            entry.properties.emplace_back(key, property.attribute("value").as_string());
        }
        result.plugins.push_back(std::move(entry));
        ++index;
    }
    return result;
}

}  // namespace config
}  // namespace devmux
