// SPDX-License-Identifier: Apache-2.0
#pragma once

// Device names and the properties that travel with them, as OpenVINO's Core treats them:
//   "CPU"            -> plugin "CPU"
//   "GPU.1"          -> plugin "GPU" with ov::device::id "1"
//   "HETERO:GPU,CPU" -> plugin "HETERO" with ov::device::priorities "GPU,CPU"
// and ov::device::properties(...) entries merged into the properties of the device they name.
// Shared by the Core and the proxy.

#include <string>

#include "openvino/core/any.hpp"

namespace devmux {

/// True for devices that run on other devices (HETERO, AUTO, MULTI, BATCH): they keep the
/// ov::device::properties meant for the devices below them.
bool is_virtual_device(const std::string& device_name);

/// True when properties given for @p subprop_device_name apply to @p user_device_name: the same
/// name, or the same plugin where the sub-property names no id ("GPU" applies to "GPU.1"), or an
/// id that @p user_device_name's id starts with ("GPU.0" applies to the tile "GPU.0.1"). For virtual
/// devices the device lists must be equal.
bool is_config_applicable(const std::string& user_device_name, const std::string& subprop_device_name);

/// Merges the ov::device::properties entries that name @p user_device_name into the top level of the
/// properties (entries named for one device, "DEVICE_PROPERTIES_<name>", override the same device
/// in a "DEVICE_PROPERTIES" map; both override top-level keys). Entries for other devices are
/// dropped for a hardware device and kept, gathered under "DEVICE_PROPERTIES" {device: AnyMap},
/// for a virtual one, or when @p keep_other_devices is set (a proxy alias such as "GPU", whose fallback
/// plugins take their own entries: OpenVINO's Core drops them there, devmux keeps them).
ov::AnyMap flatten_device_properties(const std::string& user_device_name, const ov::AnyMap& properties,
                                     bool keep_other_devices = false);

/// A device name taken apart: the plugin to use and the properties to give it.
struct ParsedDeviceName {
    /// The registered device (plugin) name, e.g. "GPU" for "GPU.1".
    std::string device_name;
    /// The id after the first '.', e.g. "1" for "GPU.1"; empty without one.
    std::string device_id;
    /// The device list after ':', e.g. "GPU,CPU" for "HETERO:GPU,CPU"; empty without one.
    std::string device_list;
    /// The flattened properties plus ov::device::id (DEVICE_ID) or ov::device::priorities
    /// (MULTI_DEVICE_PRIORITIES) taken from the name.
    ov::AnyMap config;
};

/// Splits a device name and flattens its properties (see above). Throws ov::Exception naming the
/// device for an empty name, id or list, and when the properties hold another DEVICE_ID or
/// MULTI_DEVICE_PRIORITIES than the name. @p keep_other_devices: see flatten_device_properties.
ParsedDeviceName parse_device_name_into_config(const std::string& device_name, const ov::AnyMap& properties = {},
                                               bool keep_other_devices = false);

}  // namespace devmux
