// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "devmux/plugin/iplugin.hpp"
#include "openvino/runtime/auto/properties.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux {
namespace auto_plugin {

/// The settings of one AUTO or MULTI compile (or of the plugin, which every compile starts from).
struct Config {
    /// ov::device::priorities as given: device names, and "-NAME" exclusions (AUTO:-CPU).
    std::vector<std::string> priorities;
    bool startup_fallback = true;
    bool runtime_fallback = true;
    ov::intel_auto::SchedulePolicy schedule_policy = ov::intel_auto::SchedulePolicy::DEVICE_PRIORITY;
    std::optional<ov::hint::PerformanceMode> performance_mode;
    bool profiling = false;
    /// ov::device::properties as given; handed to every device (the Core keeps each device's own entries).
    std::optional<ov::Any> device_properties;
    /// Every other key: handed to each device that lists it in ov::supported_properties.
    ov::AnyMap shared;

    /// Applies properties as set_property / compile_model receive them; throws naming a bad key or value.
    void set(const ov::AnyMap& properties);
    std::string priorities_text() const;
};

/// One device of the choice: its name as handed to the Core, and why it ranks where it does.
struct Candidate {
    std::string device;
    int rank = 0;  // 0 discrete GPU, 1 other discrete, 2 integrated GPU, 3 other integrated, 4 CPU
};

/// The "AUTO" and "MULTI" devices (one library registered under both names; the name the Core gave the
/// instance decides which it is). Reaches devices only through ICore, as an application would.
class Plugin : public IPlugin {
public:
    Plugin();

    std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                  const ov::AnyMap& properties) const override;
    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                    const ov::AnyMap& properties) const override;
    void set_property(const ov::AnyMap& properties) override;
    ov::Any get_property(const std::string& name, const ov::AnyMap& arguments) const override;

    bool is_multi() const { return get_device_name() == "MULTI"; }
    std::shared_ptr<ICore> core() const;
    Config merged_config(const ov::AnyMap& properties) const;
    /// The devices to use for `model`, best first: the priorities (AUTO: else every available device
    /// ranked by type), less exclusions and the devices whose query_model does not take every op.
    /// `refusals` gets why each left-out device was left out.
    std::vector<Candidate> candidates(const std::shared_ptr<const ov::Model>& model, const Config& config,
                                      std::vector<std::string>& refusals) const;
    /// What `device` is given when compiling: the shared keys it supports, the performance hint for
    /// its role, and ov::device::properties.
    ov::AnyMap properties_for(const std::string& device, const Config& config, bool throughput) const;

private:
    // m_mutex guards m_config: set_property may run while other threads compile.
    mutable std::mutex m_mutex;
    Config m_config;
};

/// The ranking key of a device by its name and ov::device::type (see Candidate::rank).
int device_rank(const std::string& device, const std::optional<ov::device::Type>& type);
/// True for the devices AUTO never picks by itself: virtual devices and NPU-class devices.
bool excluded_from_discovery(const std::string& device);

}  // namespace auto_plugin
}  // namespace devmux
