// SPDX-License-Identifier: Apache-2.0
// The configurable mock plugin; its properties are described in ../mock_plugin.hpp.

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <istream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "devmux/kit/op_support.hpp"
#include "devmux/kit/passes.hpp"
#include "devmux/kit/export_format.hpp"
#include "devmux/kit/model_io.hpp"
#include "devmux/kit/property_table.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "devmux/kit/reference_executor.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/model.hpp"
#include "openvino/op/result.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux_mock {
namespace {

constexpr const char* export_plugin_name = "MOCK";  // in the header of the mock plugin's exports
constexpr const char* every_op = "*";

std::string text_of(const ov::Any& value) {
    ov::Any copy = value;  // as<>() may cache a conversion inside the Any; never in the caller's
    try {
        return copy.as<std::string>();
    } catch (const std::exception&) {
        return "<value of type " + ov::util::type_name(copy.type_info()) + ">";
    }
}

std::string trim(const std::string& text) {
    size_t begin = 0, end = text.size();
    while (begin < end && std::isspace(static_cast<unsigned char>(text[begin])))
        ++begin;
    while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
        --end;
    return text.substr(begin, end - begin);
}

// "a, b,,c" -> {"a", "b", "", "c"}; "" -> {}. A vector of strings is taken as it is.
std::vector<std::string> list_of(const ov::Any& value) {
    if (value.is<std::vector<std::string>>())
        return value.as<std::vector<std::string>>();
    const std::string text = text_of(value);
    std::vector<std::string> items;
    if (trim(text).empty())
        return items;
    size_t start = 0;
    while (true) {
        const auto comma = text.find(',', start);
        items.push_back(trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return items;
}

std::string join(const std::vector<std::string>& items) {
    std::string text;
    for (size_t i = 0; i < items.size(); ++i)
        text += (i ? "," : "") + items[i];
    return text;
}

const std::set<std::string>& known_op_types() {
    static const std::set<std::string> types = [] {
        const auto names = devmux::kit::known_op_types();
        return std::set<std::string>(names.begin(), names.end());
    }();
    return types;
}

using devmux::kit::PropertyValues;

std::optional<ov::device::UUID> parse_uuid(const std::string& text) {
    if (text.empty())
        return std::nullopt;
    const bool hex = text.size() == 32 && text.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
    OPENVINO_ASSERT(hex, "invalid UUID '", text, "' (expected 32 hex digits, or nothing for a device without one)");
    std::istringstream in(text);
    ov::device::UUID uuid{};
    in >> uuid;
    return uuid;
}

// What a compile or a compiled model needs of a configuration, read once from its property values.
struct Config {
    std::vector<std::string> device_ids;
    std::vector<std::optional<ov::device::UUID>> uuids;  // by device position
    std::optional<std::set<std::string>> supported_ops;  // empty optional: every op
    std::string supported_ops_text;
    ov::streams::Num num_streams{1};
    bool enable_profiling = false;
    ov::hint::PerformanceMode performance_mode = ov::hint::PerformanceMode::LATENCY;
    std::string device_id;  // the device selected with ov::device::id; empty: the first device
    // Timing and faults (mock_plugin.hpp): fixed for a compiled model at its compile.
    double compile_delay_ms = 0;
    double infer_delay_ms = 0;
    std::string compile_error;
    uint64_t fail_inference = 0;
    uint64_t fail_every = 0;
    uint64_t lost_after = 0;
    uint64_t memory_bytes = 0;  // 0: unlimited

    explicit Config(const PropertyValues& values)
        : device_ids(list_of(values.get(devmux_mock::device_ids))),
          supported_ops_text(text_of(values.get(devmux_mock::supported_ops))),
          num_streams(values.get(ov::num_streams)),
          enable_profiling(values.get(ov::enable_profiling)),
          performance_mode(values.get(ov::hint::performance_mode)),
          device_id(values.selected_device()),
          compile_delay_ms(values.get(devmux_mock::compile_delay_ms).as<double>()),
          infer_delay_ms(values.get(devmux_mock::infer_delay_ms).as<double>()),
          compile_error(text_of(values.get(devmux_mock::compile_error))),
          fail_inference(values.get(devmux_mock::fail_inference).as<uint64_t>()),
          fail_every(values.get(devmux_mock::fail_every).as<uint64_t>()),
          lost_after(values.get(devmux_mock::lost_after).as<uint64_t>()),
          memory_bytes(values.get(devmux_mock::memory_bytes).as<uint64_t>()) {
        for (const auto& text : list_of(values.get(devmux_mock::uuids)))
            uuids.push_back(parse_uuid(text));
        if (trim(supported_ops_text) != every_op) {
            const auto types = list_of(supported_ops_text);
            supported_ops = std::set<std::string>(types.begin(), types.end());
        }
    }

    // Position of a device id in device_ids; an empty id means the first device.
    size_t index_of(const std::string& id) const {
        if (id.empty())
            return 0;
        for (size_t i = 0; i < device_ids.size(); ++i)
            if (device_ids[i] == id)
                return i;
        OPENVINO_THROW("MOCK has no device with id '", id, "' (its ids: ", join(device_ids), ")");
    }
};

// A duration in milliseconds: a number >= 0, fractions allowed ("2", "0.5").
ov::Any milliseconds_of(const ov::Any& value) {
    const std::string text = trim(text_of(value));
    size_t used = 0;
    double ms = -1;
    try {
        ms = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || !(ms >= 0) || ms > 3.6e6)
        throw std::invalid_argument("not a duration");
    return ov::Any(ms);
}

// A count: an integer >= 0 (0 turns the fault off).
ov::Any count_of(const ov::Any& value) {
    const std::string text = trim(text_of(value));
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 18)
        throw std::invalid_argument("not a count");
    return ov::Any(static_cast<uint64_t>(std::stoull(text)));
}

void sleep_ms(double ms) {
    if (ms > 0)
        std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(ms));
}

// The inferences run on each device of one plugin instance, for MOCK_LOST_AFTER: shared by the instance
// and its compiled models, whose requests may run on many threads at once.
class DeviceHealth {
public:
    // Counts one inference on @p device (its "NAME.id") and returns its number on the device (from 1);
    // throws when the device is lost already.
    uint64_t count_inference(const std::string& device, uint64_t lost_after) {
        ++m_total;
        std::lock_guard<std::mutex> lock(m_mutex);
        throw_if_lost_locked(device);
        const uint64_t count = ++m_inferences[device];
        if (lost_after > 0 && count >= lost_after) {
            m_lost[device] = lost_after;  // this inference still runs; every later call fails
            m_lost_by[device] = count;
        }
        return count;
    }
    // Called when inference @p number (count_inference's answer) ends: throws when another inference
    // lost the device while this one ran, as the queue of a real device that is lost fails.
    void check_survived(const std::string& device, uint64_t number) const {
        std::lock_guard<std::mutex> lock(m_mutex);
        const auto lost_by = m_lost_by.find(device);
        if (lost_by != m_lost_by.end() && lost_by->second != number)
            OPENVINO_THROW("MOCK device '", device, "' was lost while inference ", number, " ran on it (",
                           devmux_mock::lost_after, "=", m_lost.at(device), ")");
    }
    // Throws, naming the device, when it is lost.
    void check(const std::string& device) const {
        std::lock_guard<std::mutex> lock(m_mutex);
        throw_if_lost_locked(device);
    }
    uint64_t total() const { return m_total.load(); }

    // Takes @p bytes of @p device's memory (MOCK_MEMORY_BYTES=@p capacity; 0: unlimited) for a compile of
    // @p model_name; throws, naming the bytes and the device, when not that much is left.
    void reserve(const std::string& device, uint64_t bytes, uint64_t capacity, const std::string& model_name) {
        std::lock_guard<std::mutex> lock(m_mutex);
        uint64_t& used = m_memory_used[device];
        if (capacity > 0 && (bytes > capacity || used > capacity - bytes))
            OPENVINO_THROW("MOCK device '", device, "' is out of memory: model '", model_name, "' needs ", bytes,
                           " bytes, ", capacity - std::min(used, capacity), " of ", capacity, " bytes are free (",
                           devmux_mock::memory_bytes, "=", capacity, ")");
        used += bytes;
    }
    void release(const std::string& device, uint64_t bytes) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_memory_used[device] -= bytes;
    }

private:
    void throw_if_lost_locked(const std::string& device) const {
        const auto lost = m_lost.find(device);
        if (lost != m_lost.end())
            OPENVINO_THROW("MOCK device '", device, "' is lost (", devmux_mock::lost_after, "=", lost->second,
                           ": lost after ", lost->second, lost->second == 1 ? " inference)" : " inferences)");
    }

    std::atomic<uint64_t> m_total{0};  // every inference asked of the instance, failed ones included
    mutable std::mutex m_mutex;        // guards m_inferences and m_lost
    std::map<std::string, uint64_t> m_inferences;  // device -> inferences asked of it
    std::map<std::string, uint64_t> m_lost;        // device -> the MOCK_LOST_AFTER that lost it
    std::map<std::string, uint64_t> m_lost_by;     // device -> the number of the inference that lost it
    std::map<std::string, uint64_t> m_memory_used;  // device -> bytes held by its compiled models
};

// The device memory one compiled model holds, given back when the compiled model goes.
class MemoryReservation {
public:
    MemoryReservation(std::shared_ptr<DeviceHealth> health, std::string device, uint64_t bytes, uint64_t capacity,
                      const std::string& model_name)
        : m_health(std::move(health)), m_device(std::move(device)), m_bytes(bytes) {
        m_health->reserve(m_device, m_bytes, capacity, model_name);
    }
    ~MemoryReservation() { m_health->release(m_device, m_bytes); }
    MemoryReservation(const MemoryReservation&) = delete;
    MemoryReservation& operator=(const MemoryReservation&) = delete;

private:
    std::shared_ptr<DeviceHealth> m_health;
    std::string m_device;
    uint64_t m_bytes;
};

// What a compiled model of @p model takes of a device's memory: its Constants and every op's outputs
// (static shapes; no reuse between values, so an upper bound as simple to state as to check).
uint64_t memory_of(const ov::Model& model) {
    uint64_t bytes = 0;
    for (const auto& op : model.get_ordered_ops()) {
        if (ov::is_type<ov::op::v0::Result>(op))
            continue;
        for (const auto& output : op->outputs()) {
            if (output.get_partial_shape().is_static())
                bytes += (ov::shape_size(output.get_shape()) * output.get_element_type().bitwidth() + 7) / 8;
        }
    }
    return bytes;
}

// The settable keys; the read-only ones need the plugin (call counters, its name) and are added by it.
std::shared_ptr<devmux::kit::PropertyTable> settable_table() {
    auto table = std::make_shared<devmux::kit::PropertyTable>("MOCK");
    table->add(devmux_mock::device_ids, ov::Any(std::string("0")),
               "a comma-separated list of unique ids without '.', ':', ',' or spaces",
               [](const ov::Any& value) {
                   const auto ids = list_of(value);
                   OPENVINO_ASSERT(!ids.empty(), "at least one device id is needed");
                   std::set<std::string> seen;
                   for (const auto& id : ids) {
                       OPENVINO_ASSERT(!id.empty() && id.find_first_of(".:, ") == std::string::npos,
                                       "invalid device id '", id, "'");
                       OPENVINO_ASSERT(seen.insert(id).second, "device id '", id, "' appears twice");
                   }
                   return ov::Any(join(ids));
               })
        .add(devmux_mock::uuids, ov::Any(std::string()),
             "a comma-separated list, by device position, of 32 hex digits or nothing",
             [](const ov::Any& value) {
                 const auto texts = list_of(value);
                 for (const auto& text : texts)
                     parse_uuid(text);
                 return ov::Any(join(texts));
             })
        .add(devmux_mock::supported_ops, ov::Any(std::string(every_op)),
             "* or a comma-separated list of op types spelt as ov::Node::get_type_name() gives them, e.g. Relu",
             [](const ov::Any& value) {
                 if (trim(text_of(value)) == every_op)
                     return ov::Any(std::string(every_op));
                 const auto types = list_of(value);
                 // A misspelt type ("ReLU") would silently make a device that supports less.
                 for (const auto& type : types)
                     OPENVINO_ASSERT(known_op_types().count(type), "'", type, "' is not an op type");
                 return ov::Any(join(types));
             })
        .add(devmux_mock::device_type, ov::Any(std::string("integrated")), "integrated or discrete",
             [](const ov::Any& value) {
                 ov::Any copy = value;
                 return ov::Any(text_of(ov::Any(copy.as<ov::device::Type>())));
             })
        // Each device may have a name of its own: set on "NAME.1", it is device 1's alone.
        .add(devmux_mock::full_name, ov::Any(std::string("devmux mock device")), "any text",
             [](const ov::Any& value) { return ov::Any(text_of(value)); }, devmux::kit::PropertyScope::device)
        .add(ov::num_streams, ov::streams::Num{1}, "AUTO, NUMA or a number of streams >= 0",
             [](const ov::streams::Num& streams) { return streams.num >= ov::streams::NUMA.num; })
        .add(ov::enable_profiling, false, "true or false")
        .add(devmux_mock::compile_delay_ms, ov::Any(0.0), "a duration in milliseconds >= 0", milliseconds_of)
        .add(devmux_mock::infer_delay_ms, ov::Any(0.0), "a duration in milliseconds >= 0", milliseconds_of)
        .add(devmux_mock::compile_error, ov::Any(std::string()), "any text (empty: compiles succeed)",
             [](const ov::Any& value) { return ov::Any(text_of(value)); })
        .add(devmux_mock::fail_inference, ov::Any(uint64_t{0}), "an inference number >= 1, or 0 for none", count_of)
        .add(devmux_mock::fail_every, ov::Any(uint64_t{0}), "a period >= 1, or 0 for none", count_of)
        .add(devmux_mock::lost_after, ov::Any(uint64_t{0}), "a number of inferences >= 1, or 0 for never", count_of)
        .add(devmux_mock::memory_bytes, ov::Any(uint64_t{0}), "a number of bytes >= 1, or 0 for unlimited", count_of)
        .add(devmux_mock::list_devices_error, ov::Any(std::string()), "any text (empty: devices are listed)",
             [](const ov::Any& value) { return ov::Any(text_of(value)); })
        .add(ov::cache_dir, std::string(), "a directory path")
        .add(ov::hint::performance_mode, ov::hint::PerformanceMode::LATENCY,
             "LATENCY, THROUGHPUT or CUMULATIVE_THROUGHPUT")
        .device_ids([](const PropertyValues& values) { return list_of(values.get(devmux_mock::device_ids)); })
        .validate([](const PropertyValues& values) {
            const auto uuids = list_of(values.get(devmux_mock::uuids));
            const auto ids = list_of(values.get(devmux_mock::device_ids));
            OPENVINO_ASSERT(uuids.size() <= ids.size(), "MOCK: ", devmux_mock::uuids, " has ", uuids.size(),
                            " entries ('", join(uuids), "') but ", devmux_mock::device_ids, " lists only ",
                            ids.size(), " devices ('", join(ids), "')");
        });
    return table;
}

class MockPlugin;

// ---- compiled model ----

// The mock computes in f32, as CPU does: f16 weights decompressed once by the kit's precision policy,
// and the user's f16 ports converted at the boundary. Running an f16 model in f16 would round every
// intermediate, far from the f32 references real models are checked against.
std::shared_ptr<const devmux::kit::ReferencePlan> plan_in_f32(const std::shared_ptr<const ov::Model>& model,
                                                         const std::string& device) {
    std::vector<ov::element::Type> input_types, output_types;
    for (const auto& input : model->inputs())
        input_types.push_back(input.get_element_type());
    for (const auto& output : model->outputs())
        output_types.push_back(output.get_element_type());
    auto computed = model->clone();
    devmux::kit::apply_inference_precision(*computed, ov::element::f32);
    return std::make_shared<devmux::kit::ReferencePlan>(computed, device, input_types, output_types);
}

class MockCompiledModel : public devmux::ICompiledModel {
public:
    MockCompiledModel(const std::shared_ptr<ov::Model>& model, const std::shared_ptr<const devmux::IPlugin>& plugin,
                      const Config& config, std::string device, std::shared_ptr<DeviceHealth> health,
                      std::unique_ptr<MemoryReservation> memory)
        : ICompiledModel(model, plugin),
          m_health(std::move(health)),
          m_memory(std::move(memory)),
          m_model(model),
          m_plan(plan_in_f32(model, device)),
          m_config(config),
          m_device(std::move(device)),
          m_profiling(config.enable_profiling),
          m_values(make_table()) {}

    std::shared_ptr<devmux::ISyncInferRequest> create_sync_infer_request() const override;

    void export_model(std::ostream& out) const override {
        devmux::kit::ExportWriter writer(out, export_plugin_name, get_plugin()->get_device_name());
        writer.write_properties({{ov::device::id.name(), m_config.device_id},
                                 {ov::num_streams.name(), m_config.num_streams},
                                 {ov::enable_profiling.name(), m_profiling.load()},
                                 {ov::hint::performance_mode.name(), m_config.performance_mode}});
        writer.write_model(*m_model);
        writer.finish();
    }

    std::shared_ptr<const ov::Model> get_runtime_model() const override { return m_model; }

    void set_property(const ov::AnyMap& properties) override {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_values.set(properties);
        m_profiling = m_values.get(ov::enable_profiling);
    }

    ov::Any get_property(const std::string& name) const override {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_values.get(name);
    }

    const std::shared_ptr<const devmux::kit::ReferencePlan>& plan() const { return m_plan; }
    bool profiling() const { return m_profiling; }
    const std::string& device() const { return m_device; }
    void check_device() const { m_health->check(m_device); }

    // Called by each inference before it computes: counts it, fails it when a fault key says so, and
    // waits MOCK_INFER_DELAY_MS.
    void begin_inference() const {
        const uint64_t number = ++m_inferences;
        const uint64_t on_device = m_health->count_inference(m_device, m_config.lost_after);
        if (m_config.fail_inference != 0 && number == m_config.fail_inference)
            OPENVINO_THROW("MOCK device '", m_device, "': inference ", number, " fails (", devmux_mock::fail_inference,
                           "=", m_config.fail_inference, ")");
        if (m_config.fail_every != 0 && number % m_config.fail_every == 0)
            OPENVINO_THROW("MOCK device '", m_device, "': inference ", number, " fails (", devmux_mock::fail_every, "=",
                           m_config.fail_every, ")");
        sleep_ms(m_config.infer_delay_ms);
        m_health->check_survived(m_device, on_device);
    }

private:
    std::shared_ptr<DeviceHealth> m_health;
    std::unique_ptr<MemoryReservation> m_memory;  // this compiled model's share of MOCK_MEMORY_BYTES
    mutable std::atomic<uint64_t> m_inferences{0};  // asked of this compiled model, by all its requests
    std::shared_ptr<ov::Model> m_model;
    std::shared_ptr<const devmux::kit::ReferencePlan> m_plan;
    const Config m_config;
    // The compiled model's keys: all fixed at compile time but ov::enable_profiling.
    std::shared_ptr<const devmux::kit::PropertyTable> make_table() const {
        auto table = std::make_shared<devmux::kit::PropertyTable>("MOCK device '" + m_device + "' compiled model");
        table->add(ov::enable_profiling, m_config.enable_profiling, "true or false")
            .add_read_only(ov::model_name,
                           [this](const PropertyValues&, const std::string&) { return m_model->get_friendly_name(); })
            .add_read_only(ov::execution_devices,
                           [this](const PropertyValues&, const std::string&) { return std::vector<std::string>{m_device}; })
            .add_read_only(ov::optimal_number_of_infer_requests,
                           [](const PropertyValues&, const std::string&) { return static_cast<uint32_t>(1); })
            .add_read_only(ov::num_streams,
                           [this](const PropertyValues&, const std::string&) { return m_config.num_streams; })
            .add_read_only(ov::hint::performance_mode,
                           [this](const PropertyValues&, const std::string&) { return m_config.performance_mode; });
        return table;
    }

    const std::string m_device;    // "NAME.id"
    std::atomic<bool> m_profiling;  // the one property that may change after compilation; read by infer()
    mutable std::mutex m_mutex;     // guards m_values (set_property and get_property may race)
    PropertyValues m_values;
};

// ---- infer request ----

class MockInferRequest : public devmux::ISyncInferRequest {
public:
    explicit MockInferRequest(const std::shared_ptr<const MockCompiledModel>& compiled)
        : ISyncInferRequest(compiled),
          m_compiled(compiled),
          m_executor(compiled->plan()) {}

    void infer() override {
        m_compiled->begin_inference();
        m_profiling = m_compiled->profiling();
        m_executor.run(m_input_tensors, m_output_tensors, m_profiling);
    }

    std::vector<ov::ProfilingInfo> get_profiling_info() const override {
        return m_profiling ? m_executor.profiling_info() : std::vector<ov::ProfilingInfo>{};
    }

    std::vector<std::shared_ptr<devmux::IVariableState>> query_state() const override { return m_executor.states(); }

private:
    std::shared_ptr<const MockCompiledModel> m_compiled;
    devmux::kit::ReferenceExecutor m_executor;
    bool m_profiling = false;  // whether the last infer() recorded times
};

std::shared_ptr<devmux::ISyncInferRequest> MockCompiledModel::create_sync_infer_request() const {
    check_device();
    return std::make_shared<MockInferRequest>(std::static_pointer_cast<const MockCompiledModel>(shared_from_this()));
}

// ---- plugin ----

class MockPlugin : public devmux::IPlugin {
public:
    MockPlugin() : m_values(make_table()) {
        if (const char* error = std::getenv(devmux_mock::create_error_env))
            OPENVINO_THROW("MOCK plugin cannot be created: ", error, " (", devmux_mock::create_error_env, ")");
        const char* build = std::getenv(devmux_mock::plugin_version_env);
        m_build_number = build && *build ? build : "0.1.0";
        set_version(ov::Version{m_build_number.c_str(), "devmux mock plugin"});
    }

    std::shared_ptr<devmux::ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                          const ov::AnyMap& properties) const override {
        ++m_compile_calls;
        OPENVINO_ASSERT(model, "MOCK device '", get_device_name(), "': compile_model got a null model");
        const Config config(merged_values(properties));
        const std::string device = device_name_with_id(config);
        m_health->check(device);
        sleep_ms(config.compile_delay_ms);
        if (!config.compile_error.empty())
            OPENVINO_THROW("MOCK device '", device, "': compile failed: ", config.compile_error, " (",
                           devmux_mock::compile_error, ")");
        return compile(model, properties);
    }

    std::shared_ptr<devmux::ICompiledModel> import_model(std::istream& in,
                                                         const ov::AnyMap& properties) const override {
        devmux::kit::ExportReader reader(in, export_plugin_name, "MOCK device '" + get_device_name() + "'");
        ov::AnyMap config = reader.read_properties();
        auto model = reader.read_model();
        // The properties given to import_model win over the exported ones.
        for (const auto& kv : properties)
            config[kv.first] = kv.second;
        return compile(model, config);
    }

    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                    const ov::AnyMap& properties) const override {
        ++m_query_calls;
        OPENVINO_ASSERT(model, "MOCK device '", get_device_name(), "': query_model got a null model");
        const Config config(merged_values(properties));
        const std::string device = device_name_with_id(config);
        m_health->check(device);
        return op_support(config, device).query(*model, *model, device);
    }

    void set_property(const ov::AnyMap& properties) override {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_values.set(properties);
        // ov::device::id only selects the device being configured; the configuration is shared by all.
        m_values.select_device({});
    }

    ov::Any get_property(const std::string& name, const ov::AnyMap& arguments) const override {
        const PropertyValues values = merged_values(arguments);
        if (name == ov::supported_properties.name()) {
            // ov::device::uuid is listed only for a device that has one, so callers can tell.
            const Config config(values);
            const size_t index = config.index_of(config.device_id);
            const bool has_uuid = index < config.uuids.size() && config.uuids[index].has_value();
            std::vector<ov::PropertyName> names;
            for (const auto& property : values.table().supported_properties())
                if (has_uuid || property != ov::device::uuid.name())
                    names.push_back(property);
            return names;
        }
        if (name == ov::device::id.name()) {
            const Config config(values);
            return config.device_ids[config.index_of(config.device_id)];  // the first device when none is named
        }
        return values.get(name);
    }

private:
    // The table's read-only keys read this plugin's name and call counters.
    std::shared_ptr<const devmux::kit::PropertyTable> make_table() const {
        auto table = settable_table();
        table->add_read_only(ov::available_devices,
                             [this](const PropertyValues& values, const std::string&) {
                                 const std::string error = text_of(values.get(devmux_mock::list_devices_error));
                                 if (!error.empty())
                                     OPENVINO_THROW("MOCK '", get_device_name(), "' cannot list its devices: ", error,
                                                    " (", devmux_mock::list_devices_error, ")");
                                 return Config(values).device_ids;
                             })
            .add_read_only(ov::device::full_name,
                           [](const PropertyValues& values, const std::string& id) {
                               return text_of(values.get(devmux_mock::full_name, id));
                           })
            .add_read_only(ov::device::type,
                           [](const PropertyValues& values, const std::string&) {
                               ov::Any type = values.get(devmux_mock::device_type);
                               return type.as<ov::device::Type>();
                           })
            .add_read_only(ov::device::capabilities,
                           [](const PropertyValues&, const std::string&) {
                               return std::vector<std::string>{ov::device::capability::EXPORT_IMPORT};
                           })
            .add_read_only(ov::device::uuid,
                           [this](const PropertyValues& values, const std::string& id) {
                               const Config config(values);
                               const size_t index = config.index_of(id);
                               if (index >= config.uuids.size() || !config.uuids[index])
                                   OPENVINO_THROW("MOCK device '", get_device_name(), ".", config.device_ids[index],
                                                  "' has no UUID (", devmux_mock::uuids, " gives none for it)");
                               return *config.uuids[index];
                           })
            .add_read_only(devmux_mock::query_model_calls,
                           [this](const PropertyValues&, const std::string&) {
                               return static_cast<uint64_t>(m_query_calls.load());
                           })
            .add_read_only(devmux_mock::compile_model_calls,
                           [this](const PropertyValues&, const std::string&) {
                               return static_cast<uint64_t>(m_compile_calls.load());
                           })
            .add_read_only(devmux_mock::infer_calls, [this](const PropertyValues&, const std::string&) {
                return m_health->total();
            });
        return table;
    }

    PropertyValues merged_values(const ov::AnyMap& properties) const {
        PropertyValues values = [&] {
            std::lock_guard<std::mutex> lock(m_mutex);
            return m_values;
        }();
        values.set(properties);
        return values;
    }

    std::string device_name_with_id(const Config& config) const {
        return get_device_name() + "." + config.device_ids[config.index_of(config.device_id)];
    }

    // What this instance runs, stated once for query_model and compile_model: the configured types that
    // the reference executor can run, with static shapes.
    static devmux::kit::OpSupport op_support(const Config& config, const std::string& device) {
        devmux::kit::OpSupport support("MOCK device '" + device + "'");
        const auto executable = [](const ov::Node& op) {
            return devmux::kit::ReferencePlan::can_execute(op) ? std::string()
                                                          : std::string("has no reference implementation");
        };
        if (!config.supported_ops) {
            support.add(devmux::kit::OpRule{"*", "", {}, executable});
            return support;
        }
        const std::string not_configured = "is not supported (" + std::string(devmux_mock::supported_ops) + ": '" +
                                           config.supported_ops_text + "')";
        // First, so that for a configured type the reason given is the type's own rule's.
        support.add(devmux::kit::OpRule{"*", "", {}, [not_configured](const ov::Node&) { return not_configured; }});
        support.add_types(std::vector<std::string>(config.supported_ops->begin(), config.supported_ops->end()), {},
                          executable);
        return support;
    }

    // compile_model without counting the call (import_model uses it too).
    std::shared_ptr<devmux::ICompiledModel> compile(const std::shared_ptr<const ov::Model>& model,
                                                    const ov::AnyMap& properties) const {
        OPENVINO_ASSERT(model, "MOCK device '", get_device_name(), "': compile_model got a null model");
        Config config(merged_values(properties));
        const std::string device = device_name_with_id(config);
        m_health->check(device);
        op_support(config, device).check(*model, *model);
        config.device_id = config.device_ids[config.index_of(config.device_id)];
        auto memory = std::make_unique<MemoryReservation>(m_health, device, memory_of(*model), config.memory_bytes,
                                                          model->get_friendly_name());
        return std::make_shared<MockCompiledModel>(model->clone(), shared_from_this(), config, device, m_health,
                                                   std::move(memory));
    }

    mutable std::atomic<uint64_t> m_query_calls{0};
    mutable std::atomic<uint64_t> m_compile_calls{0};
    const std::shared_ptr<DeviceHealth> m_health = std::make_shared<DeviceHealth>();  // thread-safe itself
    mutable std::mutex m_mutex;  // guards m_values
    PropertyValues m_values;
    std::string m_build_number;  // ov::Version points into it
};

}  // namespace
}  // namespace devmux_mock

DEVMUX_DEFINE_PLUGIN(devmux_mock::MockPlugin)
