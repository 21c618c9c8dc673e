// SPDX-License-Identifier: Apache-2.0
#include <algorithm>
#include <set>

#include "commands.hpp"
#include "devmux/registry_info.hpp"

namespace devmux::cli {
namespace {

bool supports(const std::vector<ov::PropertyName>& supported, const std::string& name) {
    return std::find(supported.begin(), supported.end(), name) != supported.end();
}

// One property's text, "-" when the device does not support it, or a note when reading it fails:
// a broken property should not hide the rest of the listing.
std::string property_text(ov::Core& core, const std::string& device, const std::vector<ov::PropertyName>& supported,
                          const std::string& name, const std::string& unsupported = "-") {
    if (!supports(supported, name))
        return unsupported;
    try {
        return core.get_property(device, name).as<std::string>();
    } catch (const ov::Exception& e) {
        return std::string("(error: ") + e.what() + ")";
    }
}

// "GPU.1" is served by the plugin registered as "GPU".
std::string plugin_name_of(const std::string& device) {
    return device.substr(0, device.find('.'));
}

std::string library_text(const PluginDescription& plugin) {
    std::string text = plugin.library_path;
    if (!plugin.xml_file.empty())
        text += "  (" + plugin.xml_file + ")";
    return text;
}

}  // namespace

void run_devices(const Options& /*options*/, ov::Core& core, std::ostream& out) {
    // get_available_devices loads every plugin, so the descriptions read afterwards show which failed.
    const auto devices = core.get_available_devices();
    const auto plugins = describe_plugins(core);

    std::set<std::string> plugins_with_devices;
    if (devices.empty())
        out << "No devices available.\n";
    for (const auto& device : devices) {
        const auto supported = core.get_property(device, ov::supported_properties);
        out << device << "\n";
        out << "  Full name:  " << property_text(core, device, supported, ov::device::full_name.name()) << "\n";
        out << "  Type:       " << property_text(core, device, supported, ov::device::type.name()) << "\n";
        out << "  UUID:       " << property_text(core, device, supported, ov::device::uuid.name(), "(not reported)")
            << "\n";
        const std::string plugin_name = plugin_name_of(device);
        auto plugin = std::find_if(plugins.begin(), plugins.end(),
                                   [&](const PluginDescription& p) { return p.name == plugin_name; });
        if (plugin == plugins.end())
            continue;
        plugins_with_devices.insert(plugin->name);
        out << "  Plugin:     " << library_text(*plugin) << "\n";
        if (!plugin->properties.empty()) {
            out << "  Plugin properties:\n";
            for (const auto& [key, value] : plugin->properties)
                out << "    " << key << " = " << value << "\n";
        }
    }

    bool header = false;
    for (const auto& plugin : plugins) {
        if (!plugin.failed)
            continue;
        if (!header)
            out << "\nFailed to load:\n";
        header = true;
        out << "  " << plugin.name << "  " << library_text(plugin) << "\n    " << plugin.error << "\n";
    }
    header = false;
    for (const auto& plugin : plugins) {
        if (plugin.failed || plugins_with_devices.count(plugin.name))
            continue;
        if (!header)
            out << "\nRegistered plugins without devices:\n";
        header = true;
        out << "  " << plugin.name << "  " << library_text(plugin) << (plugin.loaded ? "" : "  (not loaded)") << "\n";
    }
}

}  // namespace devmux::cli
