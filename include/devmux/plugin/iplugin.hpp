// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/core/model.hpp"
#include "openvino/core/version.hpp"
#include "openvino/runtime/common.hpp"

namespace devmux {

/// @brief Version of the plugin API. A plugin library built against another version is refused.
/// 2: the export format writes and checks a CRC-32C of each blob (ExportWriter/ExportReader changed layout).
constexpr uint32_t plugin_api_version = 2;

class ICompiledModel;
class ICore;
class IRemoteContext;

/// @brief A device plugin: what every backend (CPU, OPENCL, VULKAN, HETERO, ...) implements.
///
/// One instance exists per registered device name; the Core creates it through the library's
/// factory, names it, and applies the plugins.xml properties. Every method may be called from
/// several threads at once.
class IPlugin : public std::enable_shared_from_this<IPlugin> {
public:
    virtual ~IPlugin() = default;

    /// @brief Compiles a model. `properties` may hold ov::device::id ("DEVICE_ID") for multi-device plugins.
    virtual std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                          const ov::AnyMap& properties) const = 0;
    /// @brief Re-creates a compiled model from export_model's stream. Default: ov::NotImplemented.
    virtual std::shared_ptr<ICompiledModel> import_model(std::istream& model, const ov::AnyMap& properties) const;
    /// @brief The ops (by friendly name) that compile_model will accept, mapped to this device's name
    /// (with ".id" when the plugin has several devices). Exactly what compile_model accepts.
    virtual ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                            const ov::AnyMap& properties) const = 0;
    /// @brief Throws ov::Exception naming the key (and value) for an unknown or read-only key.
    virtual void set_property(const ov::AnyMap& properties) = 0;
    /// @brief `arguments` may hold ov::device::id to ask about one device of several.
    virtual ov::Any get_property(const std::string& name, const ov::AnyMap& arguments) const = 0;
    /// @brief A context on the device from backend parameters. Default: ov::NotImplemented.
    virtual std::shared_ptr<IRemoteContext> create_context(const ov::AnyMap& params) const;
    /// @brief The device's default context (`params` may hold ov::device::id). Default: a host-memory
    /// context (memory space "host") named after the device, right for devices that compute in host memory.
    virtual std::shared_ptr<IRemoteContext> get_default_context(const ov::AnyMap& params) const;

    /// @brief The name this plugin is registered under (e.g. "CPU").
    const std::string& get_device_name() const { return m_device_name; }
    void set_device_name(const std::string& name) { m_device_name = name; }
    const ov::Version& get_version() const { return m_version; }
    void set_version(const ov::Version& version) { m_version = version; }
    /// @brief The Core that loaded this plugin, for plugins that compile through other devices (HETERO).
    std::shared_ptr<ICore> get_core() const { return m_core.lock(); }
    void set_core(const std::weak_ptr<ICore>& core) { m_core = core; }

private:
    std::string m_device_name;
    ov::Version m_version{"", ""};
    std::weak_ptr<ICore> m_core;
};

/// @brief What a plugin may ask of the Core that loaded it: the same services an application has.
class ICore {
public:
    virtual ~ICore() = default;
    virtual std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                          const std::string& device_name,
                                                          const ov::AnyMap& properties) const = 0;
    virtual std::shared_ptr<ICompiledModel> import_model(std::istream& model, const std::string& device_name,
                                                         const ov::AnyMap& properties) const = 0;
    virtual ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                            const std::string& device_name, const ov::AnyMap& properties) const = 0;
    virtual ov::Any get_property(const std::string& device_name, const std::string& name,
                                 const ov::AnyMap& arguments) const = 0;
    virtual std::vector<std::string> get_available_devices() const = 0;
    /// @brief The default context of a device, as Core::get_default_context gives it.
    virtual std::shared_ptr<IRemoteContext> get_default_context(const std::string& device_name) const;
};

}  // namespace devmux

/// @brief Defines the entry points of a plugin library: its factory and the API version it was built for.
/// Use once per library: DEVMUX_DEFINE_PLUGIN(MyPluginClass)
#define DEVMUX_DEFINE_PLUGIN(PLUGIN_CLASS)                                                                    \
    extern "C" __attribute__((visibility("default"))) uint32_t devmux_plugin_api_version() {                  \
        return ::devmux::plugin_api_version;                                                                  \
    }                                                                                                         \
    extern "C" __attribute__((visibility("default"))) void devmux_create_plugin(                              \
        std::shared_ptr<::devmux::IPlugin>& plugin) {                                                         \
        plugin = std::make_shared<PLUGIN_CLASS>();                                                            \
    }
