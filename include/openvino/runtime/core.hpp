// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/any.hpp"
#include "openvino/core/model.hpp"
#include "openvino/core/version.hpp"
#include "openvino/runtime/common.hpp"
#include "openvino/runtime/compiled_model.hpp"
#include "openvino/runtime/properties.hpp"
#include "openvino/runtime/remote_context.hpp"
#include "openvino/runtime/tensor.hpp"

namespace devmux {
class CoreImpl;
struct CoreAccess;
}  // namespace devmux

namespace ov {

/// @brief The entry point of the runtime: reads models, knows the registered device plugins, and
/// compiles models for them.
///
/// Plugins are registered from a plugins.xml file (by default the one beside the runtime library)
/// or with register_plugin, and loaded on the first use of their device. A Core is safe to use from
/// several threads at once.
class Core {
    std::shared_ptr<devmux::CoreImpl> _impl;
    friend struct devmux::CoreAccess;

public:
    /// @brief Registers the plugins listed in @p xml_config_file. Empty: the plugins.xml beside the
    /// runtime library, if there is one. A bare file name that does not exist in the working
    /// directory is looked for beside the runtime library.
    explicit Core(const std::string& xml_config_file = {});

    /// @brief The version of each plugin named by @p device_name ("CPU", "CPU.1", "HETERO:CPU,GPU", ...).
    /// Devices that are not registered are left out.
    std::map<std::string, Version> get_versions(const std::string& device_name) const;

    /// @brief Reads an OpenVINO IR model (.xml); @p bin_path defaults to the .xml path with a .bin
    /// extension. Other formats are refused with an ov::Exception.
    std::shared_ptr<ov::Model> read_model(const std::string& model_path, const std::string& bin_path = {},
                                          const ov::AnyMap& properties = {}) const;

    /// @brief Reads an OpenVINO IR model from its XML text and its weights. The weights are copied.
    std::shared_ptr<ov::Model> read_model(const std::string& model, const Tensor& weights) const;

    /// @brief Compiles a model for the default device. OpenVINO picks "AUTO" here; devmux has no
    /// AUTO plugin and uses "CPU".
    CompiledModel compile_model(const std::shared_ptr<const ov::Model>& model, const AnyMap& properties = {});

    /// @brief Compiles a model for the default device with properties given as pairs.
    template <typename... Properties>
    util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                                           Properties&&... properties) {
        return compile_model(model, AnyMap{std::forward<Properties>(properties)...});
    }

    /// @brief Compiles a model for a device ("CPU", "CPU.1", "HETERO:GPU,CPU", ...).
    CompiledModel compile_model(const std::shared_ptr<const ov::Model>& model, const std::string& device_name,
                                const AnyMap& properties = {});

    /// @brief Compiles a model for a device with properties given as pairs, e.g.
    /// `compile_model(model, "CPU", ov::num_streams(2), ov::enable_profiling(true))`.
    template <typename... Properties>
    util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                                           const std::string& device_name,
                                                                           Properties&&... properties) {
        return compile_model(model, device_name, AnyMap{std::forward<Properties>(properties)...});
    }

    /// @brief Reads a model file and compiles it for the default device ("CPU", see above).
    CompiledModel compile_model(const std::string& model_path, const AnyMap& properties = {});

    /// @brief Reads a model file and compiles it for the default device with properties given as pairs.
    template <typename... Properties>
    util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::string& model_path,
                                                                           Properties&&... properties) {
        return compile_model(model_path, AnyMap{std::forward<Properties>(properties)...});
    }

    /// @brief Reads a model file and compiles it for a device.
    CompiledModel compile_model(const std::string& model_path, const std::string& device_name,
                                const AnyMap& properties = {});

    /// @brief Reads a model file and compiles it for a device with properties given as pairs.
    template <typename... Properties>
    util::EnableIfAllStringAny<CompiledModel, Properties...> compile_model(const std::string& model_path,
                                                                           const std::string& device_name,
                                                                           Properties&&... properties) {
        return compile_model(model_path, device_name, AnyMap{std::forward<Properties>(properties)...});
    }

    /// @brief Reads a model from its XML text and weights and compiles it for a device.
    CompiledModel compile_model(const std::string& model, const ov::Tensor& weights, const std::string& device_name,
                                const AnyMap& properties = {});

    /// @brief Compiles a model on the device of @p context (its device name says which).
    CompiledModel compile_model(const std::shared_ptr<const ov::Model>& model, const RemoteContext& context,
                                const AnyMap& properties = {});

    /// @brief A context on a device from backend parameters (ov::NotImplemented where the device has none).
    RemoteContext create_context(const std::string& device_name, const AnyMap& remote_properties);

    /// @brief The device's default context: its tensors live where the device computes ("host" for CPU).
    RemoteContext get_default_context(const std::string& device_name);

    /// @brief Re-creates a compiled model written by CompiledModel::export_model.
    CompiledModel import_model(std::istream& model_stream, const std::string& device_name,
                               const AnyMap& properties = {});

    /// @brief Re-creates a compiled model written by CompiledModel::export_model, properties given as pairs.
    template <typename... Properties>
    util::EnableIfAllStringAny<CompiledModel, Properties...> import_model(std::istream& model_stream,
                                                                          const std::string& device_name,
                                                                          Properties&&... properties) {
        return import_model(model_stream, device_name, AnyMap{std::forward<Properties>(properties)...});
    }

    /// @brief Which ops of @p model the device supports: op friendly name -> device name.
    SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model, const std::string& device_name,
                                const AnyMap& properties = {}) const;

    /// @brief query_model with properties given as pairs.
    template <typename... Properties>
    util::EnableIfAllStringAny<SupportedOpsMap, Properties...> query_model(
        const std::shared_ptr<const ov::Model>& model, const std::string& device_name,
        Properties&&... properties) const {
        return query_model(model, device_name, AnyMap{std::forward<Properties>(properties)...});
    }

    /// @brief Sets properties for the Core and every registered device. Core properties
    /// (ov::cache_dir, ov::enable_mmap) are kept by the Core; ov::cache_dir is also given to every
    /// plugin that supports it. Other keys go to each plugin that lists them in ov::supported_properties.
    void set_property(const AnyMap& properties);

    /// @brief set_property with properties given as pairs.
    template <typename... Properties>
    util::EnableIfAllStringAny<void, Properties...> set_property(Properties&&... properties) {
        set_property(AnyMap{std::forward<Properties>(properties)...});
    }

    /// @brief Sets properties of one device ("CPU" or "CPU.1"); loads its plugin if needed.
    void set_property(const std::string& device_name, const AnyMap& properties);

    /// @brief set_property for one device with properties given as pairs.
    template <typename... Properties>
    util::EnableIfAllStringAny<void, Properties...> set_property(const std::string& device_name,
                                                                 Properties&&... properties) {
        set_property(device_name, AnyMap{std::forward<Properties>(properties)...});
    }

    /// @brief A property of a device; an empty @p device_name asks the Core itself.
    Any get_property(const std::string& device_name, const std::string& name) const;

    /// @brief A property of a device, with arguments (e.g. ov::device::id) for the plugin.
    Any get_property(const std::string& device_name, const std::string& name, const AnyMap& arguments) const;

    /// @brief A property of the Core itself (ov::cache_dir, ov::enable_mmap, ov::supported_properties).
    Any get_property(const std::string& name) const {
        return get_property(std::string(), name);
    }

    /// @brief A property of a device, typed, e.g. `get_property("CPU", ov::device::full_name)`.
    template <typename T, PropertyMutability M>
    T get_property(const std::string& device_name, const ov::Property<T, M>& property) const {
        return get_property(device_name, property.name(), {}).template as<T>();
    }

    /// @brief A property of a device, typed, with arguments for the plugin.
    template <typename T, PropertyMutability M>
    T get_property(const std::string& device_name, const ov::Property<T, M>& property, const AnyMap& arguments) const {
        return get_property(device_name, property.name(), arguments).template as<T>();
    }

    /// @brief A property of a device, typed, with arguments given as pairs.
    template <typename T, PropertyMutability M, typename... Args>
    util::EnableIfAllStringAny<T, Args...> get_property(const std::string& device_name,
                                                        const ov::Property<T, M>& property, Args&&... args) const {
        return get_property(device_name, property.name(), AnyMap{std::forward<Args>(args)...}).template as<T>();
    }

    /// @brief The devices that can run models: "CPU", "GPU.0", "GPU.1", ... A plugin that fails to
    /// load or reports no device is left out.
    std::vector<std::string> get_available_devices() const;

    /// @brief Registers a plugin library for a new device name; the library is loaded on first use.
    /// @param plugin Path to the library (absolute, or relative to the working directory), a library
    /// file name ("libdevmux_cpu.so", found by the dynamic loader) or a plugin name ("devmux_cpu").
    /// @param device_name Name of the new device; it must not contain '.' or ':'.
    /// @param config Properties applied to the plugin when it is loaded.
    void register_plugin(const std::string& plugin, const std::string& device_name, const ov::AnyMap& config = {});

    /// @brief Releases the plugin of a device; objects it created keep its library loaded. The plugin
    /// stays registered and is loaded again on next use.
    void unload_plugin(const std::string& device_name);

    /// @brief Registers the plugins of a plugins.xml file. The whole file is checked first: a bad
    /// file registers nothing.
    void register_plugins(const std::string& xml_config_file);
};

}  // namespace ov
