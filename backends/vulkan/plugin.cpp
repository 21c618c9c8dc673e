// SPDX-License-Identifier: Apache-2.0
#include "plugin.hpp"

#include <istream>
#include <sstream>

#include "compiled_model.hpp"
#include "devmux/kit/call_counters.hpp"
#include "devmux/kit/export_format.hpp"
#include "kernels.hpp"
#include "remote_context.hpp"

namespace devmux {
namespace vulkan {
std::vector<std::string> capabilities_of(const PhysicalInfo& physical) {
    std::vector<std::string> capabilities{ov::device::capability::FP32};
    if (physical.fp16)
        capabilities.push_back(ov::device::capability::FP16);
    capabilities.push_back(ov::device::capability::EXPORT_IMPORT);
    return capabilities;
}

namespace {

using kit::PropertyValues;

// query_model and compile_model calls in this process (VULKAN_QUERY_MODEL_CALLS, ...), so tests see how
// often the proxy and HETERO asked this backend. Made before the property table, so it outlives it.
kit::CallCounters& call_counters() {
    static kit::CallCounters counters;
    return counters;
}

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) {
        const auto first = item.find_first_not_of(" \t");
        const auto last = item.find_last_not_of(" \t");
        if (first != std::string::npos)
            items.push_back(item.substr(first, last - first + 1));
    }
    return items;
}

std::vector<const PhysicalInfo*> admitted(const PropertyValues& values) {
    return Instance::get().admitted(device_types(values));
}

// The physical device of a device id ("" names the first), or null.
const PhysicalInfo* find_device(const PropertyValues& values, const std::string& id) {
    const auto devices = admitted(values);
    if (id.empty())
        return devices.empty() ? nullptr : devices.front();
    for (size_t i = 0; i < devices.size(); ++i)
        if (std::to_string(i) == id)
            return devices[i];
    return nullptr;
}

std::string describe_absence(const PropertyValues& values) {
    const Instance& instance = Instance::get();
    if (!instance.error().empty())
        return instance.error();
    std::string found;
    for (const auto& physical : instance.physical_devices())
        found += (found.empty() ? "" : ", ") + physical.name + " (" + type_name(physical.type) + ")";
    return "VULKAN: no Vulkan device of the admitted types (" + std::string(device_types_key) + " = " +
           values.get(device_types_key).as<std::string>() + "); the drivers offer " +
           (found.empty() ? std::string("none") : found) + ". Set " + device_types_key +
           " (e.g. \"discrete,integrated,virtual,cpu\") to admit another type";
}

const PhysicalInfo& device_for(const PropertyValues& values, const std::string& id) {
    const PhysicalInfo* physical = find_device(values, id);
    if (!physical) {
        if (!admitted(values).empty())
            OPENVINO_THROW("VULKAN: no device with id '", id, "' (", admitted(values).size(), " admitted)");
        OPENVINO_THROW(describe_absence(values));
    }
    return *physical;
}

// A device-scoped read-only value computed from the selected physical device.
template <typename F>
kit::PropertyTable::Getter per_device(F compute) {
    return [compute](const PropertyValues& values, const std::string& id) -> ov::Any {
        return compute(device_for(values, id.empty() ? values.selected_device() : id));
    };
}

std::shared_ptr<const kit::PropertyTable> make_table() {
    auto table = std::make_shared<kit::PropertyTable>("VULKAN");
    call_counters().publish(*table, "VULKAN");
    table->add(ov::enable_profiling, false, "true or false")
        .add(ov::hint::performance_mode, ov::hint::PerformanceMode::LATENCY, "LATENCY, THROUGHPUT or CUMULATIVE_THROUGHPUT")
        .add(ov::hint::execution_mode, ov::hint::ExecutionMode::PERFORMANCE, "PERFORMANCE or ACCURACY")
        .add(ov::hint::inference_precision.name(), ov::Any(ov::element::Type(ov::element::f32)),
             "f32 or f16 (f16: every value stored and computed in f16 on devices with f16 storage and arithmetic, the FP16 "
             "capability; long sums in f32)",
             [](const ov::Any& value) {
                 ov::Any copy = value;
                 const auto precision = copy.as<ov::element::Type>();
                 if (precision != ov::element::f32 && precision != ov::element::f16)
                     throw std::invalid_argument("unsupported precision");
                 return ov::Any(precision);
             })
        .add(ov::hint::num_requests, uint32_t{0}, "0 (no limit) or a number of requests")
        .add(ov::cache_dir, std::string(), "a directory path")
        .add(ov::log::level, ov::log::Level::NO, "NO, ERR, WARNING, INFO, DEBUG or TRACE")
        .add(device_types_key, ov::Any(std::string(default_device_types)),
             "a comma-separated list of discrete, integrated, virtual, cpu and other",
             [](const ov::Any& value) {
                 ov::Any copy = value;
                 const std::string text = copy.as<std::string>();
                 const auto types = split_list(text);
                 if (types.empty())
                     throw std::invalid_argument("no type");
                 for (const auto& type : types)
                     if (type != "discrete" && type != "integrated" && type != "virtual" && type != "cpu" &&
                         type != "other")
                         throw std::invalid_argument("unknown type " + type);
                 return ov::Any(text);
             })
        .device_ids([](const PropertyValues& values) {
            std::vector<std::string> ids;
            for (size_t i = 0; i < admitted(values).size(); ++i)
                ids.push_back(std::to_string(i));
            return ids;
        })
        .add_read_only(ov::available_devices,
                       [](const PropertyValues& values, const std::string&) {
                           std::vector<std::string> ids;
                           for (size_t i = 0; i < admitted(values).size(); ++i)
                               ids.push_back(std::to_string(i));
                           return ids;
                       })
        .add_read_only(ov::device::full_name, per_device([](const PhysicalInfo& p) { return p.name; }))
        .add_read_only(ov::device::type, per_device([](const PhysicalInfo& p) {
                           return p.type == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU ? ov::device::Type::DISCRETE
                                                                                 : ov::device::Type::INTEGRATED;
                       }))
        .add_read_only(ov::device::uuid, per_device([](const PhysicalInfo& p) { return p.uuid; }))
        .add_read_only(ov::device::architecture, per_device([](const PhysicalInfo& p) {
                           std::ostringstream text;
                           text << "vulkan:" << std::hex << p.properties.vendorID << ":" << p.properties.deviceID;
                           return text.str();
                       }))
        .add_read_only(ov::device::capabilities, per_device([](const PhysicalInfo& p) { return capabilities_of(p); }))
        .add_read_only(ov::range_for_async_infer_requests,
                       [](const PropertyValues&, const std::string&) {
                           return std::tuple<unsigned int, unsigned int, unsigned int>{1u, 4u, 1u};
                       })
        .add_read_only(ov::caching_properties, [](const PropertyValues&, const std::string&) {
            return std::vector<ov::PropertyName>{
                ov::PropertyName(ov::device::full_name.name(), ov::PropertyMutability::RO)};
        });
    return table;
}

}  // namespace

std::vector<std::string> device_types(const PropertyValues& values) {
    return split_list(values.get(device_types_key).as<std::string>());
}

const std::shared_ptr<const kit::PropertyTable>& Plugin::table() {
    static const std::shared_ptr<const kit::PropertyTable> vulkan_table = make_table();
    return vulkan_table;
}

Plugin::Plugin() : m_values(table()) {
    set_device_name("VULKAN");
    set_version(ov::Version{"0.1.0", "devmux VULKAN plugin"});
}

PropertyValues Plugin::merged(const ov::AnyMap& properties) const {
    PropertyValues values(table());
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        values = m_values;
    }
    // The types first, so that a device id given with them is checked against the new list.
    ov::AnyMap types, rest = properties;
    const auto it = rest.find(device_types_key);
    if (it != rest.end()) {
        types.insert(*it);
        rest.erase(it);
        values.set(types);
    }
    values.set(rest);
    return values;
}

const PhysicalInfo& Plugin::physical_device(const PropertyValues& values) const {
    return device_for(values, values.selected_device());
}

std::shared_ptr<Device> Plugin::device(const PropertyValues& values, std::string* id) const {
    const PhysicalInfo& physical = physical_device(values);
    const auto devices = admitted(values);
    const size_t index = static_cast<size_t>(std::find(devices.begin(), devices.end(), &physical) - devices.begin());
    if (id)
        *id = std::to_string(index);
    return Instance::get().device(physical, "VULKAN." + std::to_string(index));
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const ov::Model>& model,
                                                      const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "VULKAN: compile_model needs a model, got null");
    call_counters().count_compile_model();
    return compile(model, merged(properties));
}

std::shared_ptr<ICompiledModel> Plugin::compile(const std::shared_ptr<const ov::Model>& model,
                                                const PropertyValues& values) const {
    std::string id;
    auto vulkan_device = device(values, &id);
    auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
    return std::make_shared<CompiledModel>(model, self, values, vulkan_device, id);
}

std::shared_ptr<IRemoteContext> Plugin::get_default_context(const ov::AnyMap& params) const {
    return std::make_shared<RemoteContext>(device(merged(params)));
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& stream, const ov::AnyMap& properties) const {
    kit::ExportReader reader(stream, export_plugin_name, "VULKAN");
    ov::AnyMap exported = reader.read_properties();
    auto model = reader.read_model();
    // The properties given to import_model win over the exported ones.
    for (const auto& kv : properties)
        exported[kv.first] = kv.second;
    return compile(model, merged(exported));
}

ov::SupportedOpsMap Plugin::query_model(const std::shared_ptr<const ov::Model>& model,
                                        const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "VULKAN: query_model needs a model, got null");
    const PropertyValues values = merged(properties);  // an invalid property fails here as in compile_model
    call_counters().count_query_model();
    // Each op is reported on the device that would run it ("VULKAN.1"), so HETERO and the proxy place
    // subgraphs on that device and ov::execution_devices names it. No device: say why, as compile would.
    std::string id;
    device(values, &id);
    return op_support().query(*model, *prepare_model(*model), get_device_name() + "." + id);
}

void Plugin::set_property(const ov::AnyMap& properties) {
    PropertyValues values = merged(properties);
    values.select_device({});  // ov::device::id only selects the device configured; settings are shared
    std::lock_guard<std::mutex> lock(m_mutex);
    m_values = values;
}

ov::Any Plugin::get_property(const std::string& name, const ov::AnyMap& arguments) const {
    const PropertyValues values = merged(arguments);
    if (name == ov::device::id.name())
        return values.selected_device().empty() ? std::string("0") : values.selected_device();
    return values.get(name);
}

}  // namespace vulkan
}  // namespace devmux
