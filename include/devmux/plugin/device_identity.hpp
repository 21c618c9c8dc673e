// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

#include "openvino/runtime/properties.hpp"

namespace devmux {

/// @brief A name-based UUID (RFC 4122 version 5, SHA-1) of `name` under devmux's fixed namespace.
///
/// The same name gives the same UUID in every process and on every machine; backends use it to turn a
/// stable device description (vendor, model, driver-independent ids) into an ov::device::uuid.
ov::device::UUID uuid_from_name(const std::string& name);

/// @brief The UUID of the host CPU: uuid_from_name over the vendor_id, model name, cpu family, model and
/// stepping of the first processor in /proc/cpuinfo.
///
/// Identical for every process on one machine, different for a different CPU model. Every backend that
/// runs on the host CPU (the CPU plugin, OpenCL/Vulkan CPU drivers such as PoCL or lavapipe) reports it,
/// so the proxy can tell that they drive the same physical device.
ov::device::UUID host_cpu_uuid();

/// @brief The host CPU's model name from /proc/cpuinfo ("AMD EPYC 7763 64-Core Processor"), or a
/// fallback naming the architecture when /proc/cpuinfo has no model name.
std::string host_cpu_name();

}  // namespace devmux
