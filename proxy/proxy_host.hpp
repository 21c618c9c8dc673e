// SPDX-License-Identifier: Apache-2.0
#pragma once

// What the proxy asks of the Core beyond ICore. The Core implements it; the proxy never sees the Core
// itself, so neither includes the other's implementation.

#include <map>
#include <optional>
#include <string>

#include "openvino/core/any.hpp"
#include "openvino/core/version.hpp"
#include "proxy/proxy_config.hpp"

namespace devmux {
namespace proxy {

class ProxyHost {
public:
    virtual ~ProxyHost() = default;
    /// What is registered for @p alias, or nothing when it is not an alias.
    virtual std::optional<ProxyConfig> proxy_config(const std::string& alias) const = 0;
    virtual bool is_registered(const std::string& device_name) const = 0;
    /// Core::set_property on one device: how the proxy configures the plugin serving a device.
    virtual void set_property(const std::string& device_name, const ov::AnyMap& properties) = 0;
    /// Core::get_versions: the version of the plugin serving a device (part of the selection cache's key).
    virtual std::map<std::string, ov::Version> get_versions(const std::string& device_name) const = 0;
};

}  // namespace proxy
}  // namespace devmux
