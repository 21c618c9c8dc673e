// SPDX-License-Identifier: Apache-2.0
#include "config.hpp"

#include <algorithm>
#include <map>
#include <mutex>

namespace devmux {
namespace opencl {
namespace {

using kit::PropertyValues;

constexpr const char* default_device_types = "GPU,ACCELERATOR";

// The device a read-only getter describes: the id asked for, else the selected one, else the first.
const DeviceInfo& device_for(const PropertyValues& values, const std::string& device_id) {
    const auto& enumeration = devices_of(parse_device_types(values.get(device_types_key).as<std::string>()));
    if (enumeration.devices.empty())
        OPENVINO_THROW("OPENCL: no device: ", enumeration.why_none);
    const std::string id = device_id.empty() ? values.selected_device() : device_id;
    const size_t index = id.empty() ? 0 : std::stoul(id);
    OPENVINO_ASSERT(index < enumeration.devices.size(), "OPENCL: no device with id ", id, " (",
                    enumeration.devices.size(), " devices)");
    return enumeration.devices[index];
}

template <typename F>
kit::PropertyTable::Getter about_device(F read) {
    return [read](const PropertyValues& values, const std::string& id) { return ov::Any(read(device_for(values, id))); };
}

std::shared_ptr<const kit::PropertyTable> make_table() {
    auto table = std::make_shared<kit::PropertyTable>("OPENCL");
    call_counters().publish(*table, "OPENCL");
    table->add(ov::enable_profiling, false, "true or false")
        .add(ov::hint::performance_mode, ov::hint::PerformanceMode::LATENCY,
             "LATENCY, THROUGHPUT or CUMULATIVE_THROUGHPUT")
        // Every kernel computes in f32 (no device here has cl_khr_fp16); f16 is accepted as a hint and runs
        // in f32, as OpenVINO's plugins do where the hardware lacks the precision.
        .add(ov::hint::inference_precision.name(), ov::Any(ov::element::Type(ov::element::f32)),
             "f32 or f16 (the OPENCL kernels compute in f32; f16 is accepted and runs in f32)",
             [](const ov::Any& value) {
                 ov::Any copy = value;
                 const auto precision = copy.as<ov::element::Type>();
                 if (precision != ov::element::f32 && precision != ov::element::f16)
                     throw std::invalid_argument("unsupported precision");
                 return ov::Any(ov::element::Type(ov::element::f32));
             })
        .add(ov::hint::num_requests, uint32_t{0}, "0 (no limit) or a number of requests")
        .add(ov::cache_dir, std::string(), "a directory path (program binaries are kept there)")
        .add(device_types_key, ov::Any(std::string(default_device_types)),
             "a comma-separated list of GPU, ACCELERATOR and CPU",
             [](const ov::Any& value) {
                 ov::Any copy = value;
                 const auto text = copy.as<std::string>();
                 parse_device_types(text);
                 return ov::Any(text);
             })
        .device_ids([](const PropertyValues& values) {
            std::vector<std::string> ids;
            const auto& enumeration = devices_of(parse_device_types(values.get(device_types_key).as<std::string>()));
            for (size_t i = 0; i < enumeration.devices.size(); ++i)
                ids.push_back(std::to_string(i));
            return ids;
        })
        .add_read_only(ov::available_devices,
                       [](const PropertyValues& values, const std::string&) { return ov::Any(values.device_ids()); })
        .add_read_only(ov::device::full_name, about_device([](const DeviceInfo& d) { return d.name; }))
        .add_read_only(ov::device::type, about_device([](const DeviceInfo& d) {
                           return d.host_unified_memory ? ov::device::Type::INTEGRATED : ov::device::Type::DISCRETE;
                       }))
        .add_read_only(ov::device::uuid, about_device([](const DeviceInfo& d) { return d.uuid; }))
        .add_read_only(ov::device::luid, about_device([](const DeviceInfo& d) {
                           // Only a driver with cl_khr_device_uuid that marks the LUID valid (Windows GPUs) has one.
                           OPENVINO_ASSERT(d.has_luid, "OPENCL device '", d.name, "' (", d.platform_name,
                                           ") has no LUID: its driver reports none valid (cl_khr_device_uuid's "
                                           "CL_DEVICE_LUID_VALID_KHR)");
                           return d.luid;
                       }))
        .add_read_only(ov::device::architecture, about_device([](const DeviceInfo& d) {
                           return d.platform_name + ": " + d.name;
                       }))
        .add_read_only(ov::device::capabilities, about_device([](const DeviceInfo&) {
                           // f32 kernels only, so FP16 is not claimed even on devices with cl_khr_fp16.
                           return std::vector<std::string>{ov::device::capability::FP32,
                                                           ov::device::capability::EXPORT_IMPORT};
                       }))
        .add_read_only("OPENCL_DEVICE_TYPE", about_device([](const DeviceInfo& d) { return d.type_name(); }))
        .add_read_only("OPENCL_GLOBAL_MEMORY_SIZE", about_device([](const DeviceInfo& d) {
                           return static_cast<uint64_t>(d.global_memory);
                       }))
        .add_read_only("OPENCL_DRIVER_VERSION", about_device([](const DeviceInfo& d) { return d.driver_version; }))
        .add_read_only("OPENCL_C_VERSION", about_device([](const DeviceInfo& d) { return d.opencl_c_version; }))
        .add_read_only(program_builds_key, [](const PropertyValues&, const std::string&) {
            return ov::Any(static_cast<uint64_t>(DeviceContext::source_builds()));
        })
        .add_read_only(ov::range_for_async_infer_requests,
                       [](const PropertyValues&, const std::string&) {
                           return std::tuple<unsigned int, unsigned int, unsigned int>{1u, 4u, 1u};
                       })
        .add_read_only(ov::optimal_number_of_infer_requests,
                       [](const PropertyValues& values, const std::string&) {
                           const auto mode = values.get(ov::hint::performance_mode);
                           return mode == ov::hint::PerformanceMode::LATENCY ? 1u : 2u;
                       })
        .add_read_only(ov::caching_properties, [](const PropertyValues&, const std::string&) {
            return std::vector<ov::PropertyName>{
                ov::PropertyName(ov::device::full_name.name(), ov::PropertyMutability::RO),
                ov::PropertyName("OPENCL_DRIVER_VERSION", ov::PropertyMutability::RO)};
        });
    return table;
}

}  // namespace

kit::CallCounters& call_counters() {
    static kit::CallCounters counters;
    return counters;
}

const Enumeration& devices_of(cl_device_type admitted) {
    // Guards the enumerations: plugins, compiled models and getters ask from any thread.
    static std::mutex mutex;
    static std::map<cl_device_type, Enumeration> cache;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(admitted);
    if (it == cache.end())
        it = cache.emplace(admitted, enumerate_devices(admitted)).first;
    return it->second;
}

const std::shared_ptr<const kit::PropertyTable>& Config::table() {
    static const std::shared_ptr<const kit::PropertyTable> opencl_table = make_table();
    return opencl_table;
}

Config::Config() : m_values(table()) {}

void Config::set(const ov::AnyMap& properties) { m_values.set(properties); }

ov::Any Config::get(const std::string& name) const {
    ov::Any value = m_values.get(name);
    if (name != ov::supported_properties.name())
        return value;
    // DEVICE_LUID is listed only for a device whose driver gives a valid one (never PoCL): every listed key
    // must be readable.
    const auto& devices = devices_of(admitted_types()).devices;
    const size_t index = device_index();
    if (index < devices.size() && devices[index].has_luid)
        return value;
    auto names = value.as<std::vector<ov::PropertyName>>();
    names.erase(std::remove(names.begin(), names.end(), ov::device::luid.name()), names.end());
    return names;
}

ov::AnyMap Config::to_map() const {
    ov::AnyMap map;
    for (const auto& [key, value] : m_values.settable_values()) {
        ov::Any copy = value;
        map[key] = copy.as<std::string>();
    }
    if (!m_values.selected_device().empty())
        map[ov::device::id.name()] = m_values.selected_device();
    return map;
}

bool Config::profiling() const { return m_values.get(ov::enable_profiling); }
std::string Config::cache_dir() const { return m_values.get(ov::cache_dir); }
cl_device_type Config::admitted_types() const {
    return parse_device_types(m_values.get(device_types_key).as<std::string>());
}
size_t Config::device_index() const {
    const auto& id = m_values.selected_device();
    return id.empty() ? 0 : std::stoul(id);
}
uint32_t Config::optimal_requests() const {
    return m_values.get(ov::hint::performance_mode) == ov::hint::PerformanceMode::LATENCY ? 1u : 2u;
}

}  // namespace opencl
}  // namespace devmux
