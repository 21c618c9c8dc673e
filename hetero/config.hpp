// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "devmux/kit/property_table.hpp"
#include "openvino/core/any.hpp"

namespace devmux {
namespace hetero {

/// HETERO's own settings and the properties it hands on to the devices below it. HETERO's keys are its
/// property table (table()); keys it does not know are kept and handed on (`shared`).
struct Config {
    Config();

    /// The device list, highest priority first, as given (names may carry ids: "GPU.1").
    std::vector<std::string> devices;
    /// ov::enable_profiling at HETERO level: also handed to every device that supports it.
    bool profiling = false;
    /// ov::device::properties: device name -> its own properties.
    std::map<std::string, ov::AnyMap> device_properties;
    /// Every other key: given to each device that lists it in ov::supported_properties.
    ov::AnyMap shared;
    /// What the first device answered to query_model for the model being compiled, handed over by
    /// the proxy (devmux::hetero_known_affinities_key): used instead of asking that device again.
    std::optional<std::map<std::string, std::string>> known_first_answer;

    /// HETERO's property table: its settable keys and its read-only ones.
    static const std::shared_ptr<const kit::PropertyTable>& table();
    /// Applies properties as set_property / compile_model receive them. ov::device::priorities may
    /// be a comma string or a list of names; throws ov::Exception naming the key for a bad value.
    void set(const ov::AnyMap& properties);
    /// The value of a key of the table, or of a key handed on; throws for others.
    ov::Any get(const std::string& name) const;
    /// The priorities joined with ','.
    std::string priorities() const;
    /// Throws ov::Exception when no device is listed or HETERO lists itself.
    void check_devices() const;

private:
    kit::PropertyValues m_values;
    bool m_profiling_given = false;  // ov::enable_profiling was set, so it is handed on too
};

}  // namespace hetero
}  // namespace devmux
