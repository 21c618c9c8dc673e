// SPDX-License-Identifier: Apache-2.0
// A small plugin for the Core's tests, in the spirit of OpenVINO's TEMPLATE plugin: it runs a model
// by calling each op's reference implementation (ov::Node::evaluate) in order, through the plugin API's
// devmux::kit::ReferenceExecutor. It also reports what it was given, so tests can see the Core's property
// routing:
//  - TEST_DEVICE_IDS: the ids ov::available_devices reports (space-separated; default "0");
//  - TEST_ECHO_*: any such key is accepted by set_property and compile_model and reported back;
//    a compiled model lists every key compile_model received in TEST_RECEIVED_KEYS;
//  - TEST_FAIL_INFER (compile_model): every inference of the compiled model throws;
//  - unknown keys are refused with an ov::Exception naming them, as a real plugin does.
// If the environment variable DEVMUX_TEST_PLUGIN_MARKER names a file, "create" and "destroy" lines
// are appended to it when a plugin object is made and destroyed.

#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "devmux/kit/export_format.hpp"
#include "devmux/plugin/icompiled_model.hpp"
#include "devmux/plugin/iinfer_request.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "devmux/kit/reference_executor.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/model.hpp"
#include "openvino/runtime/properties.hpp"

namespace devmux_test {
namespace {

constexpr const char* device_ids_key = "TEST_DEVICE_IDS";
constexpr const char* received_keys_key = "TEST_RECEIVED_KEYS";
constexpr const char* echo_prefix = "TEST_ECHO_";
constexpr const char* fail_infer_key = "TEST_FAIL_INFER";
constexpr const char* export_plugin_name = "TEST";  // in the header of this plugin's exports

void write_marker(const char* event) {
    const char* path = std::getenv("DEVMUX_TEST_PLUGIN_MARKER");
    if (path && *path)
        std::ofstream(path, std::ios::app) << event << "\n";
}

bool is_echo_key(const std::string& key) {
    return key.compare(0, std::char_traits<char>::length(echo_prefix), echo_prefix) == 0;
}

bool is_supported_op(const ov::Node& node) { return devmux::kit::ReferencePlan::can_execute(node); }

class TestPlugin;

// ---- compiled model ----

class TestCompiledModel : public devmux::ICompiledModel {
public:
    TestCompiledModel(const std::shared_ptr<ov::Model>& model, const std::shared_ptr<const devmux::IPlugin>& plugin,
                      const ov::AnyMap& config)
        : ICompiledModel(model, plugin),
          m_model(model),
          m_plan(std::make_shared<devmux::kit::ReferencePlan>(model, plugin->get_device_name())),
          m_config(config) {
        for (const auto& kv : config) {
            ov::Any value = kv.second;
            if (kv.first == ov::enable_profiling.name())
                m_profiling = value.as<bool>();
            if (kv.first == fail_infer_key)
                m_fail_infer = value.as<bool>();
        }
    }

    std::shared_ptr<devmux::ISyncInferRequest> create_sync_infer_request() const override;

    void export_model(std::ostream& out) const override {
        devmux::kit::ExportWriter writer(out, export_plugin_name, get_plugin()->get_device_name());
        writer.write_model(*m_model);
        writer.finish();
    }

    std::shared_ptr<const ov::Model> get_runtime_model() const override { return m_model; }

    void set_property(const ov::AnyMap& properties) override {
        std::lock_guard<std::mutex> lock(m_mutex);
        for (const auto& kv : properties) {
            OPENVINO_ASSERT(kv.first == ov::enable_profiling.name(),
                            "TEST compiled model: property '", kv.first, "' cannot be changed after compilation");
            ov::Any value = kv.second;
            m_profiling = value.as<bool>();
        }
    }

    ov::Any get_property(const std::string& name) const override {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (name == ov::supported_properties.name()) {
            std::vector<ov::PropertyName> names{ov::PropertyName(ov::supported_properties),
                                                ov::PropertyName(ov::model_name),
                                                ov::PropertyName(ov::enable_profiling),
                                                {received_keys_key, ov::PropertyMutability::RO}};
            for (const auto& kv : m_config)
                names.emplace_back(kv.first, ov::PropertyMutability::RO);
            return names;
        }
        if (name == ov::model_name.name())
            return m_model->get_friendly_name();
        if (name == ov::enable_profiling.name())
            return m_profiling;
        if (name == received_keys_key) {
            std::vector<std::string> keys;
            for (const auto& kv : m_config)
                keys.push_back(kv.first);
            return keys;
        }
        const auto it = m_config.find(name);
        if (it != m_config.end())
            return it->second;
        OPENVINO_THROW("TEST compiled model: unknown property '", name, "'");
    }

    const std::shared_ptr<const devmux::kit::ReferencePlan>& plan() const { return m_plan; }
    bool fail_infer() const { return m_fail_infer; }
    bool profiling() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_profiling;
    }

private:
    std::shared_ptr<ov::Model> m_model;
    std::shared_ptr<const devmux::kit::ReferencePlan> m_plan;
    ov::AnyMap m_config;
    bool m_fail_infer = false;
    mutable std::mutex m_mutex;  // guards m_profiling
    bool m_profiling = false;
};

// ---- infer request ----

class TestInferRequest : public devmux::ISyncInferRequest {
public:
    explicit TestInferRequest(const std::shared_ptr<const TestCompiledModel>& compiled)
        : ISyncInferRequest(compiled),
          m_compiled(compiled),
          m_executor(compiled->plan()) {}

    void infer() override {
        OPENVINO_ASSERT(!m_compiled->fail_infer(), "TEST: inference failed on purpose (TEST_FAIL_INFER)");
        m_profiling = m_compiled->profiling();
        m_executor.run(m_input_tensors, m_output_tensors, m_profiling);
    }

    std::vector<ov::ProfilingInfo> get_profiling_info() const override {
        return m_profiling ? m_executor.profiling_info() : std::vector<ov::ProfilingInfo>{};
    }

    std::vector<std::shared_ptr<devmux::IVariableState>> query_state() const override { return m_executor.states(); }

private:
    std::shared_ptr<const TestCompiledModel> m_compiled;
    devmux::kit::ReferenceExecutor m_executor;
    bool m_profiling = false;
};

std::shared_ptr<devmux::ISyncInferRequest> TestCompiledModel::create_sync_infer_request() const {
    return std::make_shared<TestInferRequest>(std::static_pointer_cast<const TestCompiledModel>(shared_from_this()));
}

// ---- plugin ----

class TestPlugin : public devmux::IPlugin {
public:
    TestPlugin() {
        set_version(ov::Version{"test-build-7", "devmux test plugin"});
        write_marker("create");
    }
    ~TestPlugin() override { write_marker("destroy"); }

    std::shared_ptr<devmux::ICompiledModel> compile_model(const std::shared_ptr<const ov::Model>& model,
                                                          const ov::AnyMap& properties) const override {
        OPENVINO_ASSERT(model, "TEST: compile_model got a null model");
        ov::AnyMap config;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            config[ov::num_streams.name()] = m_num_streams;
            config[ov::enable_profiling.name()] = m_profiling;
        }
        for (const auto& kv : properties) {
            check_compile_key(kv.first, kv.second);
            config[kv.first] = kv.second;
        }
        for (const auto& op : model->get_ordered_ops()) {
            OPENVINO_ASSERT(is_supported_op(*op), "TEST: op ", op->get_friendly_name(), " (", op->get_type_name(),
                            ") is not supported");
        }
        return std::make_shared<TestCompiledModel>(model->clone(), shared_from_this(), config);
    }

    std::shared_ptr<devmux::ICompiledModel> import_model(std::istream& in,
                                                         const ov::AnyMap& properties) const override {
        devmux::kit::ExportReader reader(in, export_plugin_name, "TEST");
        return compile_model(reader.read_model(), properties);
    }

    ov::SupportedOpsMap query_model(const std::shared_ptr<const ov::Model>& model,
                                    const ov::AnyMap& properties) const override {
        std::string device = get_device_name();
        const auto ids = device_ids();
        if (ids.size() > 1) {
            const auto id = properties.find(ov::device::id.name());
            device += "." + (id != properties.end() ? ov::Any(id->second).as<std::string>() : ids.front());
        }
        ov::SupportedOpsMap supported;
        for (const auto& op : model->get_ordered_ops()) {
            if (is_supported_op(*op))
                supported[op->get_friendly_name()] = device;
        }
        return supported;
    }

    void set_property(const ov::AnyMap& properties) override {
        std::lock_guard<std::mutex> lock(m_mutex);
        for (const auto& kv : properties) {
            ov::Any value = kv.second;
            const std::string& key = kv.first;
            if (key == ov::num_streams.name()) {
                m_num_streams = value.as<ov::streams::Num>();
            } else if (key == ov::enable_profiling.name()) {
                m_profiling = value.as<bool>();
            } else if (key == ov::cache_dir.name()) {
                m_cache_dir = value.as<std::string>();
            } else if (key == device_ids_key) {
                m_device_ids = value.as<std::vector<std::string>>();
            } else if (key == ov::device::id.name()) {
                check_id_locked(value.as<std::string>());
            } else if (is_echo_key(key)) {
                m_echo[key] = value;
            } else {
                OPENVINO_THROW("TEST plugin: unknown property '", key, "' (value '", value.as<std::string>(), "')");
            }
        }
    }

    ov::Any get_property(const std::string& name, const ov::AnyMap& arguments) const override {
        std::lock_guard<std::mutex> lock(m_mutex);
        std::string id = m_device_ids.empty() ? std::string() : m_device_ids.front();
        const auto id_argument = arguments.find(ov::device::id.name());
        if (id_argument != arguments.end()) {
            id = ov::Any(id_argument->second).as<std::string>();
            check_id_locked(id);
        }
        if (name == ov::supported_properties.name()) {
            return std::vector<ov::PropertyName>{ov::PropertyName(ov::supported_properties),
                                                 ov::PropertyName(ov::available_devices),
                                                 ov::PropertyName(ov::device::full_name),
                                                 ov::PropertyName(ov::num_streams),
                                                 ov::PropertyName(ov::enable_profiling),
                                                 ov::PropertyName(ov::cache_dir),
                                                 ov::PropertyName(ov::device::id),
                                                 ov::PropertyName(device_ids_key)};
        }
        if (name == ov::available_devices.name())
            return m_device_ids;
        if (name == ov::device::full_name.name())
            return std::string("devmux test device ") + id;
        if (name == ov::device::id.name())
            return id;
        if (name == ov::num_streams.name())
            return m_num_streams;
        if (name == ov::enable_profiling.name())
            return m_profiling;
        if (name == ov::cache_dir.name())
            return m_cache_dir;
        if (name == device_ids_key)
            return m_device_ids;
        const auto echo = m_echo.find(name);
        if (echo != m_echo.end())
            return echo->second;
        OPENVINO_THROW("TEST plugin: unknown property '", name, "'");
    }

private:
    std::vector<std::string> device_ids() const {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_device_ids;
    }
    void check_id_locked(const std::string& id) const {
        for (const auto& known : m_device_ids) {
            if (known == id)
                return;
        }
        OPENVINO_THROW("TEST plugin: there is no device with id '", id, "'");
    }
    void check_compile_key(const std::string& key, const ov::Any& value) const {
        // A virtual device (HETERO) gets its device list and the properties of the devices below it:
        // accepted here so that the test plugin can stand in for one.
        if (key == ov::num_streams.name() || key == ov::enable_profiling.name() || key == ov::cache_dir.name() ||
            key == ov::device::priorities.name() || key == ov::device::properties.name() || key == fail_infer_key ||
            is_echo_key(key))
            return;
        if (key == ov::device::id.name()) {
            std::lock_guard<std::mutex> lock(m_mutex);
            check_id_locked(ov::Any(value).as<std::string>());
            return;
        }
        OPENVINO_THROW("TEST plugin: compile_model got unknown property '", key, "'");
    }

    mutable std::mutex m_mutex;  // guards every member below
    ov::streams::Num m_num_streams{1};
    bool m_profiling = false;
    std::string m_cache_dir;
    std::vector<std::string> m_device_ids{"0"};
    ov::AnyMap m_echo;
};

}  // namespace
}  // namespace devmux_test

DEVMUX_DEFINE_PLUGIN(devmux_test::TestPlugin)
