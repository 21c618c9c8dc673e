// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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

/// @brief A PCI address: domain, bus, device and function, as drivers report it (e.g. 0000:65:00.0).
struct PciAddress {
    uint32_t domain = 0;
    uint32_t bus = 0;
    uint32_t device = 0;
    uint32_t function = 0;
};

/// @brief What a backend knows about one of its devices, for physical_device_uuid.
struct DeviceFacts {
    /// The UUID the driver reports (CL_DEVICE_UUID_KHR, VkPhysicalDeviceIDProperties::deviceUUID, ...),
    /// when it reports one. An all-zero UUID counts as none.
    std::optional<std::array<uint8_t, 16>> driver_uuid;
    /// Set when the backend knows the driver's UUID names the driver build rather than the device
    /// (lavapipe reports the bytes of "mesa22.3.6"): the UUID is then not used.
    bool driver_uuid_names_driver = false;
    /// Driver name and version strings the driver reports ("mesa22.3.6", "PoCL 5.0", ...): a driver UUID
    /// that spells one of them (its bytes, zero-padded to 16) names the driver build, not the device.
    std::vector<std::string> driver_strings;
    /// The device's PCI address, when the driver reports it (cl_khr_pci_bus_info, VK_EXT_pci_bus_info).
    std::optional<PciAddress> pci;
    /// True for a device that is the host CPU (an OpenCL or Vulkan CPU driver such as PoCL or lavapipe).
    bool is_cpu = false;
    /// Vendor and device name: the last resort, weak (two identical cards share it, and two drivers may
    /// spell one device differently).
    std::string vendor;
    std::string name;
};

/// @brief Which fact physical_device_identity took the UUID from, strongest first.
enum class IdentitySource { driver_uuid, pci_address, host_cpu, vendor_and_name };

/// @brief A device's UUID and where it came from.
struct PhysicalDeviceIdentity {
    ov::device::UUID uuid;
    IdentitySource source = IdentitySource::vendor_and_name;
};

/// @brief The ov::device::uuid a backend reports for a device, so that every backend driving the same
/// physical device reports the same UUID and the proxy can group them. The rule, first match wins:
///  1. the driver's UUID, when it names the physical device (present, not all zeros, not flagged
///     driver_uuid_names_driver, not the bytes of one of driver_strings, and not printable text
///     followed only by zero bytes, which is how drivers spell a version into the field);
///  2. the PCI address: uuid_from_name("pci|DDDD:BB:DD.F");
///  3. a CPU-type device: host_cpu_uuid(), the same UUID as the CPU plugin's;
///  4. uuid_from_name("name|<vendor>|<name>"): weak, identical devices are not told apart.
PhysicalDeviceIdentity physical_device_identity(const DeviceFacts& facts);

/// @brief physical_device_identity(facts).uuid.
ov::device::UUID physical_device_uuid(const DeviceFacts& facts);

/// @brief True when @p uuid does not name a physical device by the rule of physical_device_identity:
/// all zeros, the bytes of one of @p driver_strings, or printable text followed only by zero bytes.
bool uuid_names_driver_build(const std::array<uint8_t, 16>& uuid, const std::vector<std::string>& driver_strings);

}  // namespace devmux
