// SPDX-License-Identifier: Apache-2.0
#include "devmux/plugin/device_identity.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <map>

#include <boost/uuid/name_generator_sha1.hpp>
#include <boost/uuid/uuid.hpp>

namespace devmux {
namespace {

// devmux's namespace for name-based device UUIDs. It is itself uuid5(NAMESPACE_URL, "devmux:device-identity"),
// fixed here forever: changing it would change every device UUID devmux reports.
constexpr uint8_t devmux_namespace[16] = {0x9f, 0xc6, 0xdb, 0x1a, 0xda, 0xa1, 0x54, 0x08,
                                          0x9b, 0x93, 0x7b, 0x1a, 0x3d, 0xc4, 0xe1, 0xfb};

// The "key : value" fields of the first processor block of /proc/cpuinfo (empty when unreadable).
std::map<std::string, std::string> first_processor_fields() {
    std::map<std::string, std::string> fields;
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (devmux::text::trim(line).empty()) {
            if (!fields.empty())
                break;  // the blank line after the first processor's block
            continue;
        }
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        fields.emplace(devmux::text::trim(line.substr(0, colon)), devmux::text::trim(line.substr(colon + 1)));
    }
    return fields;
}

std::string field_or_empty(const std::map<std::string, std::string>& fields, const char* key) {
    const auto it = fields.find(key);
    return it == fields.end() ? std::string() : it->second;
}

std::string architecture_name() {
#if defined(__x86_64__)
    return "x86_64";
#elif defined(__aarch64__)
    return "aarch64";
#elif defined(__riscv)
    return "riscv";
#else
    return "unknown";
#endif
}

}  // namespace

ov::device::UUID uuid_from_name(const std::string& name) {
    boost::uuids::uuid ns;
    std::memcpy(ns.data, devmux_namespace, sizeof(devmux_namespace));
    const boost::uuids::uuid id = boost::uuids::name_generator_sha1(ns)(name);
    ov::device::UUID result{};
    std::copy(id.begin(), id.end(), result.uuid.begin());
    return result;
}

std::string host_cpu_name() {
    const auto fields = first_processor_fields();
    std::string name = field_or_empty(fields, "model name");
    if (name.empty())
        name = field_or_empty(fields, "Model");  // some Arm kernels name the board this way
    return name.empty() ? architecture_name() + " CPU" : name;
}

ov::device::UUID host_cpu_uuid() {
    const auto fields = first_processor_fields();
    // Fields that identify the processor model but not this particular chip or its clock, so that every
    // process on the machine (and every backend driving this CPU) derives the same UUID.
    std::string identity = "cpu|" + architecture_name();
    for (const char* key : {"vendor_id", "model name", "cpu family", "model", "stepping", "CPU implementer",
                            "CPU architecture", "CPU variant", "CPU part", "CPU revision"})
        identity += std::string("|") + key + "=" + field_or_empty(fields, key);
    return uuid_from_name(identity);
}

bool uuid_names_driver_build(const std::array<uint8_t, 16>& uuid, const std::vector<std::string>& driver_strings) {
    if (std::all_of(uuid.begin(), uuid.end(), [](uint8_t b) { return b == 0; }))
        return true;
    for (const auto& text : driver_strings) {
        if (text.empty())
            continue;
        std::array<uint8_t, 16> spelled{};
        std::copy_n(text.begin(), std::min<size_t>(text.size(), spelled.size()), spelled.begin());
        if (spelled == uuid)
            return true;
    }
    // Drivers that put a version into the UUID field leave printable text and zero padding; a UUID that
    // names hardware (random or derived from serial numbers) practically never has that shape, so the
    // shape alone marks a driver build when the driver did not also report the string.
    size_t text_length = 0;
    while (text_length < uuid.size() && uuid[text_length] >= 0x20 && uuid[text_length] < 0x7f)
        ++text_length;
    if (text_length < 4)
        return false;
    return std::all_of(uuid.begin() + static_cast<std::ptrdiff_t>(text_length), uuid.end(),
                       [](uint8_t b) { return b == 0; });
}

PhysicalDeviceIdentity physical_device_identity(const DeviceFacts& facts) {
    PhysicalDeviceIdentity identity;
    if (facts.driver_uuid && !facts.driver_uuid_names_driver &&
        !uuid_names_driver_build(*facts.driver_uuid, facts.driver_strings)) {
        std::copy(facts.driver_uuid->begin(), facts.driver_uuid->end(), identity.uuid.uuid.begin());
        identity.source = IdentitySource::driver_uuid;
        return identity;
    }
    if (facts.pci) {
        // Only the address: every driver of this machine that reports it means the same slot, whatever
        // name or vendor string it prints.
        char address[64];
        std::snprintf(address, sizeof(address), "pci|%04x:%02x:%02x.%x", facts.pci->domain, facts.pci->bus,
                      facts.pci->device, facts.pci->function);
        identity.uuid = uuid_from_name(address);
        identity.source = IdentitySource::pci_address;
        return identity;
    }
    if (facts.is_cpu) {
        identity.uuid = host_cpu_uuid();
        identity.source = IdentitySource::host_cpu;
        return identity;
    }
    identity.uuid = uuid_from_name("name|" + facts.vendor + "|" + facts.name);
    identity.source = IdentitySource::vendor_and_name;
    return identity;
}

ov::device::UUID physical_device_uuid(const DeviceFacts& facts) {
    return physical_device_identity(facts).uuid;
}

}  // namespace devmux
