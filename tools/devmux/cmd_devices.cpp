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
    std::string text = plugin.library_path.empty() ? std::string("(device alias, built into the runtime)")
                                                   : plugin.library_path;
    if (!plugin.xml_file.empty())
        text += "  (" + plugin.xml_file + ")";
    return text;
}

std::string joined(const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text.empty() ? "-" : text;
}

// What the proxy reports about one device of an alias: who serves it and where a compile goes.
void print_alias_device(ov::Core& core, const std::string& device, std::ostream& out) {
    try {
        const auto members = core.get_property(device, "PROXY_ALIAS_FOR").as<std::vector<std::string>>();
        const auto serving = core.get_property(device, "PROXY_SERVING_DEVICES").as<std::vector<std::string>>();
        // The plugins, primary first; the hardware devices are in the compile target.
        const auto chain = core.get_property(device, ov::device::priorities.name()).as<std::vector<std::string>>();
        const std::string target = core.get_property(device, "PROXY_COMPILE_TARGET").as<std::string>();
        const auto errors = core.get_property(device, "PROXY_ENUMERATION_ERRORS").as<std::vector<std::string>>();
        out << "  Alias for:  " << joined(members) << "\n";
        out << "  Served by:  " << joined(serving) << "\n";
        out << "  Primary:    " << (chain.empty() ? std::string("-") : chain.front()) << "\n";
        out << "  Fallbacks:  "
            << (chain.size() > 1 ? joined(std::vector<std::string>(chain.begin() + 1, chain.end())) : std::string("none"))
            << "\n";
        const std::string hetero = "HETERO:";
        if (target.compare(0, hetero.size(), hetero) == 0) {
            const std::string primary_device = target.substr(hetero.size(), target.find(',') - hetero.size());
            out << "  Compiles on: " << primary_device << " when it runs every op of the model, else " << target
                << "\n";
        } else {
            out << "  Compiles on: " << target << " (straight to the hardware device)\n";
        }
        const std::string selection = core.get_property(device, "PROXY_BACKEND_SELECTION").as<std::string>();
        if (selection == "MEASURED" && serving.size() > 1)
            out << "  Selection:  MEASURED: each model compiles on each of " << joined(serving)
                << " as primary and keeps the fastest (PRIORITY: the order above)\n";
        for (const auto& error : errors)
            out << "  Enumeration error: " << error << "\n";
    } catch (const ov::Exception& e) {
        out << "  Alias:      (error: " << e.what() << ")\n";
    }
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
        if (supports(supported, "PROXY_ALIAS_FOR")) {
            print_alias_device(core, device, out);
            // Its members have devices, listed under the alias rather than on their own.
            try {
                const auto members = core.get_property(device, "PROXY_ALIAS_FOR").as<std::vector<std::string>>();
                plugins_with_devices.insert(members.begin(), members.end());
            } catch (const ov::Exception&) {
            }
        }
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
        if (plugin.failed || plugin.devices_error.empty())
            continue;
        if (!header)
            out << "\nFailed to list devices:\n";
        header = true;
        out << "  " << plugin.name << "  " << library_text(plugin) << "\n    " << plugin.devices_error << "\n";
    }
    header = false;
    for (const auto& plugin : plugins) {
        if (plugin.failed || !plugin.devices_error.empty() || plugins_with_devices.count(plugin.name))
            continue;
        if (!header)
            out << "\nRegistered plugins without devices:\n";
        header = true;
        out << "  " << plugin.name << "  " << library_text(plugin) << (plugin.loaded ? "" : "  (not loaded)") << "\n";
    }
}

}  // namespace devmux::cli
