// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "devmux/kit/property_table.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "vk_device.hpp"

namespace devmux {
namespace vulkan {

/// The physical device types admitted by default; VULKAN_DEVICE_TYPES changes them ("cpu" admits lavapipe).
constexpr const char* default_device_types = "discrete,integrated,virtual";
/// The property naming the admitted types, a comma-separated list of discrete, integrated, virtual, cpu, other.
constexpr const char* device_types_key = "VULKAN_DEVICE_TYPES";

/// The "VULKAN" devices: the process's Vulkan physical devices of the admitted types, VULKAN.0 ... VULKAN.N.
class Plugin : public IPlugin {
public:
    Plugin();

    std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                  const ov::AnyMap& properties) const override;
    std::shared_ptr<ICompiledModel> import_model(std::istream& model, const ov::AnyMap& properties) const override;
    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                    const ov::AnyMap& properties) const override;
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name, const ov::AnyMap& arguments) const override;
    /// The memory of the device `params` select (ov::device::id; the first admitted one by default).
    std::shared_ptr<IRemoteContext> get_default_context(const ov::AnyMap& params) const override;

    /// The plugin's settings with `properties` applied (throws for an invalid one); ov::device::id among
    /// them selects the device.
    kit::PropertyValues merged(const ov::AnyMap& properties) const;
    /// The physical device that `values` select (the first admitted one when none is named); throws saying
    /// why there is none.
    const PhysicalInfo& physical_device(const kit::PropertyValues& values) const;
    /// The logical device (and its name, VULKAN.<id>) that `values` select.
    std::shared_ptr<Device> device(const kit::PropertyValues& values, std::string* id = nullptr) const;

    static const std::shared_ptr<const kit::PropertyTable>& table();

private:
    // compile_model and import_model without counting the call (an import is not a compile request).
    std::shared_ptr<ICompiledModel> compile(const std::shared_ptr<const ov::Model>& model,
                                            const kit::PropertyValues& values) const;

    // m_mutex guards m_values: set_property may run while other threads compile or query.
    mutable std::mutex m_mutex;
    kit::PropertyValues m_values;
};

/// ov::device::capabilities of a device: FP32, FP16 where it has f16 storage and arithmetic, EXPORT_IMPORT.
std::vector<std::string> capabilities_of(const PhysicalInfo& physical);

/// The admitted types named by a VULKAN_DEVICE_TYPES value.
std::vector<std::string> device_types(const kit::PropertyValues& values);

}  // namespace vulkan
}  // namespace devmux
