// SPDX-License-Identifier: Apache-2.0
// The configurable mock plugin; its properties are described in ../mock_plugin.hpp.

#include <atomic>
#include <cctype>
#include <istream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>

#include "devmux/kit/op_support.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "devmux/plugin/reference_executor.hpp"
#include "ir/ir_reader.hpp"
#include "ir/ir_writer.hpp"
#include "mock_plugin/mock_plugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/model.hpp"
#include "openvino/runtime/properties.hpp"
#include "ops/op_registry.hpp"

namespace devmux_mock {
namespace {

constexpr const char* export_magic = "DEVMUX-MOCK-EXPORT 1";
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

template <typename T>
T value_as(const std::string& device, const std::string& key, const ov::Any& value) {
    ov::Any copy = value;
    try {
        return copy.as<T>();
    } catch (const std::exception& e) {
        OPENVINO_THROW("MOCK device '", device, "': invalid value '", text_of(value), "' for property ", key, ": ",
                       e.what());
    }
}

const std::set<std::string>& registered_op_types() {
    static const std::set<std::string> types = [] {
        std::set<std::string> names;
        for (const auto& entry : devmux::OpRegistry::instance().list())
            names.insert(entry.first);
        return names;
    }();
    return types;
}

// What one plugin instance is configured with. Plain data: the plugin copies it under its mutex.
struct Config {
    std::vector<std::string> device_ids{"0"};
    std::vector<std::string> uuid_texts;                   // as given, by device position
    std::vector<std::optional<ov::device::UUID>> uuids;    // parsed, by device position
    std::optional<std::set<std::string>> supported_ops;    // empty optional: every op
    std::vector<std::string> supported_ops_text{every_op};  // as given, in order
    ov::device::Type device_type = ov::device::Type::INTEGRATED;
    std::string full_name = "devmux mock device";
    ov::streams::Num num_streams{1};
    bool enable_profiling = false;
    std::string cache_dir;
    ov::hint::PerformanceMode performance_mode = ov::hint::PerformanceMode::LATENCY;
    std::string device_id;  // from ov::device::id at compile or query time; empty: the first device

    // Applies every pair or none; throws ov::Exception naming the key and value at fault.
    void set(const ov::AnyMap& properties, const std::string& device) {
        Config next = *this;
        for (const auto& [key, value] : properties) {
            if (key == devmux_mock::device_ids) {
                next.device_ids = list_of(value);
                std::set<std::string> seen;
                OPENVINO_ASSERT(!next.device_ids.empty(), "MOCK device '", device, "': ", key,
                                " must name at least one device id, got '", text_of(value), "'");
                for (const auto& id : next.device_ids) {
                    OPENVINO_ASSERT(!id.empty() && id.find_first_of(".:, ") == std::string::npos, "MOCK device '",
                                    device, "': invalid device id '", id, "' in ", key, " '", text_of(value),
                                    "' (ids are non-empty, without '.', ':', ',' or spaces)");
                    OPENVINO_ASSERT(seen.insert(id).second, "MOCK device '", device, "': device id '", id,
                                    "' appears twice in ", key, " '", text_of(value), "'");
                }
            } else if (key == devmux_mock::uuids) {
                next.uuid_texts = list_of(value);
                next.uuids.clear();
                for (const auto& text : next.uuid_texts) {
                    if (text.empty()) {
                        next.uuids.emplace_back();
                        continue;
                    }
                    const bool hex = text.size() == 32 && text.find_first_not_of("0123456789abcdefABCDEF") ==
                                                              std::string::npos;
                    OPENVINO_ASSERT(hex, "MOCK device '", device, "': invalid UUID '", text, "' in ", key, " '",
                                    text_of(value), "' (expected 32 hex digits, or nothing for a device without one)");
                    std::istringstream in(text);
                    ov::device::UUID uuid{};
                    in >> uuid;
                    next.uuids.emplace_back(uuid);
                }
            } else if (key == devmux_mock::supported_ops) {
                const std::string text = trim(text_of(value));
                if (text == every_op) {
                    next.supported_ops.reset();
                    next.supported_ops_text = {every_op};
                } else {
                    next.supported_ops_text = list_of(value);
                    next.supported_ops = std::set<std::string>();
                    for (const auto& type : next.supported_ops_text) {
                        // A misspelt type ("ReLU") would silently make a device that supports less.
                        OPENVINO_ASSERT(registered_op_types().count(type), "MOCK device '", device, "': ", key,
                                        " names '", type, "', which is not an op type (value '", text_of(value),
                                        "'; types are spelt as ov::Node::get_type_name() gives them, e.g. Relu)");
                        next.supported_ops->insert(type);
                    }
                }
            } else if (key == devmux_mock::device_type) {
                next.device_type = value_as<ov::device::Type>(device, key, value);
            } else if (key == devmux_mock::full_name) {
                next.full_name = text_of(value);
            } else if (key == ov::num_streams.name()) {
                next.num_streams = value_as<ov::streams::Num>(device, key, value);
                OPENVINO_ASSERT(next.num_streams.num >= ov::streams::NUMA.num, "MOCK device '", device,
                                "': invalid value '", text_of(value), "' for property ", key,
                                ": expected AUTO, NUMA or a number of streams >= 0");
            } else if (key == ov::enable_profiling.name()) {
                next.enable_profiling = value_as<bool>(device, key, value);
            } else if (key == ov::cache_dir.name()) {
                next.cache_dir = value_as<std::string>(device, key, value);
            } else if (key == ov::hint::performance_mode.name()) {
                next.performance_mode = value_as<ov::hint::PerformanceMode>(device, key, value);
            } else if (key == ov::device::id.name()) {
                next.device_id = value_as<std::string>(device, key, value);
            } else if (key == devmux_mock::query_model_calls || key == devmux_mock::compile_model_calls ||
                       key == ov::supported_properties.name() || key == ov::available_devices.name() ||
                       key == ov::device::full_name.name() || key == ov::device::type.name() ||
                       key == ov::device::uuid.name() || key == ov::device::capabilities.name()) {
                OPENVINO_THROW("MOCK device '", device, "': property ", key, " is read-only (value '", text_of(value),
                               "')");
            } else {
                OPENVINO_THROW("MOCK device '", device, "': unknown property '", key, "' (value '", text_of(value),
                               "')");
            }
        }
        OPENVINO_ASSERT(next.uuids.size() <= next.device_ids.size(), "MOCK device '", device, "': ",
                        devmux_mock::uuids, " has ", next.uuids.size(), " entries ('", join(next.uuid_texts),
                        "') but ", devmux_mock::device_ids, " lists only ", next.device_ids.size(), " devices ('",
                        join(next.device_ids), "')");
        next.index_of(next.device_id, device);  // the id must name one of the devices
        *this = std::move(next);
    }

    // Position of a device id in device_ids; an empty id means the first device.
    size_t index_of(const std::string& id, const std::string& device) const {
        if (id.empty())
            return 0;
        for (size_t i = 0; i < device_ids.size(); ++i)
            if (device_ids[i] == id)
                return i;
        OPENVINO_THROW("MOCK device '", device, "' has no device with id '", id, "' (its ids: ", join(device_ids),
                       ")");
    }
};

class MockPlugin;

// ---- compiled model ----

class MockCompiledModel : public devmux::ICompiledModel {
public:
    MockCompiledModel(const std::shared_ptr<ov::Model>& model, const std::shared_ptr<const devmux::IPlugin>& plugin,
                      const Config& config, std::string device)
        : ICompiledModel(model, plugin),
          m_model(model),
          m_plan(std::make_shared<devmux::ReferencePlan>(model, device)),
          m_config(config),
          m_device(std::move(device)),
          m_profiling(config.enable_profiling) {}

    std::shared_ptr<devmux::ISyncInferRequest> create_sync_infer_request() const override;

    void export_model(std::ostream& out) const override {
        std::ostringstream xml, bin;
        devmux::ir::write_model_to_streams(*m_model, xml, bin);
        const std::string xml_text = xml.str(), bin_bytes = bin.str();
        const std::vector<std::pair<std::string, std::string>> config{
            {ov::device::id.name(), m_config.device_id},
            {ov::num_streams.name(), text_of(m_config.num_streams)},
            {ov::enable_profiling.name(), text_of(ov::Any(m_profiling.load()))},
            {ov::hint::performance_mode.name(), text_of(m_config.performance_mode)}};
        out << export_magic << "\n" << config.size() << "\n";
        for (const auto& kv : config)
            out << kv.first << "\n" << kv.second << "\n";
        out << xml_text.size() << "\n" << bin_bytes.size() << "\n";
        out.write(xml_text.data(), static_cast<std::streamsize>(xml_text.size()));
        out.write(bin_bytes.data(), static_cast<std::streamsize>(bin_bytes.size()));
        OPENVINO_ASSERT(out, "MOCK device '", m_device, "': cannot write the exported model");
    }

    std::shared_ptr<const ov::Model> get_runtime_model() const override { return m_model; }

    void set_property(const ov::AnyMap& properties) override {
        for (const auto& kv : properties) {
            OPENVINO_ASSERT(kv.first == ov::enable_profiling.name(), "MOCK device '", m_device,
                            "': compiled model property '", kv.first, "' (value '", text_of(kv.second),
                            "') cannot be changed after compilation");
        }
        for (const auto& kv : properties)
            m_profiling = value_as<bool>(m_device, kv.first, kv.second);
    }

    ov::Any get_property(const std::string& name) const override {
        if (name == ov::supported_properties.name()) {
            return std::vector<ov::PropertyName>{
                ov::PropertyName(ov::supported_properties.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::model_name.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::execution_devices.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::optimal_number_of_infer_requests.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::num_streams.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::hint::performance_mode.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::enable_profiling.name(), ov::PropertyMutability::RW)};
        }
        if (name == ov::model_name.name())
            return m_model->get_friendly_name();
        if (name == ov::execution_devices.name())
            return std::vector<std::string>{m_device};
        if (name == ov::optimal_number_of_infer_requests.name())
            return static_cast<uint32_t>(1);
        if (name == ov::num_streams.name())
            return m_config.num_streams;
        if (name == ov::hint::performance_mode.name())
            return m_config.performance_mode;
        if (name == ov::enable_profiling.name())
            return m_profiling.load();
        OPENVINO_THROW("MOCK device '", m_device, "': compiled model has no property '", name, "'");
    }

    const std::shared_ptr<const devmux::ReferencePlan>& plan() const { return m_plan; }
    bool profiling() const { return m_profiling; }

private:
    std::shared_ptr<ov::Model> m_model;
    std::shared_ptr<const devmux::ReferencePlan> m_plan;
    const Config m_config;
    const std::string m_device;    // "NAME.id"
    std::atomic<bool> m_profiling;  // the one property that may change after compilation
};

// ---- infer request ----

class MockInferRequest : public devmux::ISyncInferRequest {
public:
    explicit MockInferRequest(const std::shared_ptr<const MockCompiledModel>& compiled)
        : ISyncInferRequest(compiled),
          m_compiled(compiled),
          m_executor(compiled->plan()) {}

    void infer() override {
        m_profiling = m_compiled->profiling();
        m_executor.run(m_input_tensors, m_output_tensors, m_profiling);
    }

    std::vector<ov::ProfilingInfo> get_profiling_info() const override {
        return m_profiling ? m_executor.profiling_info() : std::vector<ov::ProfilingInfo>{};
    }

    std::vector<std::shared_ptr<devmux::IVariableState>> query_state() const override { return m_executor.states(); }

private:
    std::shared_ptr<const MockCompiledModel> m_compiled;
    devmux::ReferenceExecutor m_executor;
    bool m_profiling = false;  // whether the last infer() recorded times
};

std::shared_ptr<devmux::ISyncInferRequest> MockCompiledModel::create_sync_infer_request() const {
    return std::make_shared<MockInferRequest>(std::static_pointer_cast<const MockCompiledModel>(shared_from_this()));
}

// ---- import stream helpers ----

std::string read_line(std::istream& in, const char* what) {
    std::string line;
    OPENVINO_ASSERT(std::getline(in, line), "MOCK: the exported model stream ends before its ", what);
    return line;
}

size_t read_size(std::istream& in, const char* what) {
    const std::string line = read_line(in, what);
    try {
        size_t used = 0;
        const unsigned long long value = std::stoull(line, &used);
        OPENVINO_ASSERT(used == line.size(), "trailing text");
        return static_cast<size_t>(value);
    } catch (const std::exception&) {
        OPENVINO_THROW("MOCK: the exported model stream has '", line.substr(0, 64), "' where the size of its ", what,
                       " belongs");
    }
}

// ---- plugin ----

class MockPlugin : public devmux::IPlugin {
public:
    MockPlugin() { set_version(ov::Version{"0.1.0", "devmux mock plugin"}); }

    std::shared_ptr<devmux::ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                          const ov::AnyMap& properties) const override {
        ++m_compile_calls;
        return compile(model, properties);
    }

    std::shared_ptr<devmux::ICompiledModel> import_model(std::istream& in,
                                                         const ov::AnyMap& properties) const override {
        const std::string magic = read_line(in, "header");
        OPENVINO_ASSERT(magic == export_magic, "MOCK device '", get_device_name(),
                        "': the stream is not a model exported by the mock plugin (header '", magic.substr(0, 64),
                        "', expected '", export_magic, "')");
        ov::AnyMap config;
        const size_t count = read_size(in, "property count");
        for (size_t i = 0; i < count; ++i) {
            const std::string key = read_line(in, "property name");
            config[key] = read_line(in, "property value");
        }
        const size_t xml_size = read_size(in, "model text size");
        const size_t bin_size = read_size(in, "weights size");
        std::string xml(xml_size, '\0');
        auto bin = std::make_shared<std::vector<uint8_t>>(bin_size);
        in.read(&xml[0], static_cast<std::streamsize>(xml_size));
        if (bin_size)
            in.read(reinterpret_cast<char*>(bin->data()), static_cast<std::streamsize>(bin_size));
        OPENVINO_ASSERT(in, "MOCK device '", get_device_name(), "': the exported model stream is truncated");
        // The properties given to import_model win over the exported ones.
        for (const auto& kv : properties)
            config[kv.first] = kv.second;
        return compile(devmux::ir::read_model_from_memory(xml, bin, "model exported by the mock plugin"), config);
    }

    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                    const ov::AnyMap& properties) const override {
        ++m_query_calls;
        OPENVINO_ASSERT(model, "MOCK device '", get_device_name(), "': query_model got a null model");
        const Config config = merged_config(properties);
        const std::string device = device_name_with_id(config);
        return op_support(config, device).query(*model, *model, device);
    }

    void set_property(const ov::AnyMap& properties) override {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_config.set(properties, get_device_name());
        // ov::device::id only selects the device being configured; the configuration is shared by all.
        m_config.device_id.clear();
    }

    ov::Any get_property(const std::string& name, const ov::AnyMap& arguments) const override {
        const Config config = merged_config(arguments);
        const size_t index = config.index_of(config.device_id, get_device_name());
        const bool has_uuid = index < config.uuids.size() && config.uuids[index].has_value();
        if (name == ov::supported_properties.name()) {
            std::vector<ov::PropertyName> names{
                ov::PropertyName(ov::supported_properties.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::available_devices.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::device::full_name.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::device::type.name(), ov::PropertyMutability::RO),
                ov::PropertyName(ov::device::capabilities.name(), ov::PropertyMutability::RO)};
            if (has_uuid)
                names.emplace_back(ov::device::uuid.name(), ov::PropertyMutability::RO);
            for (const char* key : {devmux_mock::query_model_calls, devmux_mock::compile_model_calls})
                names.emplace_back(key, ov::PropertyMutability::RO);
            for (const std::string key : {ov::num_streams.name(), ov::enable_profiling.name(), ov::cache_dir.name(),
                                          ov::hint::performance_mode.name(), ov::device::id.name()})
                names.emplace_back(key, ov::PropertyMutability::RW);
            for (const char* key : {devmux_mock::device_ids, devmux_mock::uuids, devmux_mock::supported_ops,
                                    devmux_mock::device_type, devmux_mock::full_name})
                names.emplace_back(key, ov::PropertyMutability::RW);
            return names;
        }
        if (name == ov::available_devices.name())
            return config.device_ids;
        if (name == ov::device::id.name())
            return config.device_ids[index];
        if (name == ov::device::full_name.name())
            return config.full_name;
        if (name == ov::device::type.name())
            return config.device_type;
        if (name == ov::device::capabilities.name())
            return std::vector<std::string>{ov::device::capability::EXPORT_IMPORT};
        if (name == ov::device::uuid.name()) {
            if (!has_uuid)
                OPENVINO_THROW("MOCK device '", get_device_name(), ".", config.device_ids[index], "' has no UUID (",
                               devmux_mock::uuids, " gives none for it)");
            return *config.uuids[index];
        }
        if (name == devmux_mock::query_model_calls)
            return static_cast<uint64_t>(m_query_calls.load());
        if (name == devmux_mock::compile_model_calls)
            return static_cast<uint64_t>(m_compile_calls.load());
        if (name == devmux_mock::device_ids)
            return join(config.device_ids);
        if (name == devmux_mock::uuids)
            return join(config.uuid_texts);
        if (name == devmux_mock::supported_ops)
            return join(config.supported_ops_text);
        if (name == devmux_mock::device_type)
            return text_of(config.device_type);
        if (name == devmux_mock::full_name)
            return config.full_name;
        if (name == ov::num_streams.name())
            return config.num_streams;
        if (name == ov::enable_profiling.name())
            return config.enable_profiling;
        if (name == ov::cache_dir.name())
            return config.cache_dir;
        if (name == ov::hint::performance_mode.name())
            return config.performance_mode;
        OPENVINO_THROW("MOCK device '", get_device_name(), "': unknown property '", name, "'");
    }

private:
    Config merged_config(const ov::AnyMap& properties) const {
        Config config;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            config = m_config;
        }
        config.set(properties, get_device_name());
        return config;
    }

    std::string device_name_with_id(const Config& config) const {
        return get_device_name() + "." + config.device_ids[config.index_of(config.device_id, get_device_name())];
    }

    // What this instance runs, stated once for query_model and compile_model: the configured types that
    // the reference executor can run, with static shapes.
    static devmux::kit::OpSupport op_support(const Config& config, const std::string& device) {
        devmux::kit::OpSupport support("MOCK device '" + device + "'");
        const auto executable = [](const ov::Node& op) {
            return devmux::ReferencePlan::can_execute(op) ? std::string()
                                                          : std::string("has no reference implementation");
        };
        if (!config.supported_ops) {
            support.add(devmux::kit::OpRule{"*", "", {}, executable});
            return support;
        }
        const std::string not_configured = "is not supported (" + std::string(devmux_mock::supported_ops) + ": '" +
                                           join(config.supported_ops_text) + "')";
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
        Config config = merged_config(properties);
        const std::string device = device_name_with_id(config);
        op_support(config, device).check(*model, *model);
        config.device_id = config.device_ids[config.index_of(config.device_id, get_device_name())];
        return std::make_shared<MockCompiledModel>(model->clone(), shared_from_this(), config, device);
    }

    mutable std::atomic<uint64_t> m_query_calls{0};
    mutable std::atomic<uint64_t> m_compile_calls{0};
    mutable std::mutex m_mutex;  // guards m_config
    Config m_config;
};

}  // namespace
}  // namespace devmux_mock

DEVMUX_DEFINE_PLUGIN(devmux_mock::MockPlugin)
