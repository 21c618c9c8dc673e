// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "cl_device.hpp"
#include "devmux/kit/call_counters.hpp"
#include "devmux/kit/property_table.hpp"

namespace devmux {
namespace opencl {

/// Key of the device types the plugin admits ("GPU,ACCELERATOR" by default; add CPU for PoCL).
constexpr const char* device_types_key = "OPENCL_DEVICE_TYPES";
/// Read-only: programs this process built from source (a program binary taken from ov::cache_dir is not
/// counted), so a test can tell that a second process with a filled cache built nothing.
constexpr const char* program_builds_key = "OPENCL_PROGRAM_BUILDS";

/// The devices of the admitted types, enumerated once per process and type mask (drivers do not appear
/// while a process runs).
const Enumeration& devices_of(cl_device_type admitted);

/// The plugin's query_model and compile_model calls in this process (OPENCL_QUERY_MODEL_CALLS,
/// OPENCL_COMPILE_MODEL_CALLS), so tests see how often the proxy and HETERO asked this backend.
kit::CallCounters& call_counters();

/// The OPENCL plugin's properties: its table, and one configuration (the plugin's, a compiled model's).
class Config {
public:
    Config();
    static const std::shared_ptr<const kit::PropertyTable>& table();

    /// Applies every pair or none; throws ov::Exception naming the key and value at fault.
    void set(const ov::AnyMap& properties);
    ov::Any get(const std::string& name) const;
    /// The settings that define a compiled model (exported with it).
    ov::AnyMap to_map() const;

    bool profiling() const;
    std::string cache_dir() const;
    cl_device_type admitted_types() const;
    /// The index of the selected device ("" or "0": the first).
    size_t device_index() const;
    uint32_t optimal_requests() const;

private:
    kit::PropertyValues m_values;
};

}  // namespace opencl
}  // namespace devmux
