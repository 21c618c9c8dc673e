// SPDX-License-Identifier: Apache-2.0
#include "plugin.hpp"

#include <istream>

#include "compiled_model.hpp"
#include "devmux/plugin/device_identity.hpp"
#include "ir/ir_reader.hpp"
#include "transformations.hpp"

namespace devmux {
namespace cpu {
namespace {

const char* architecture() {
#if defined(__x86_64__)
    return "intel64";  // OpenVINO's name for x86-64
#elif defined(__aarch64__)
    return "arm64";
#elif defined(__riscv)
    return "riscv";
#else
    return "unknown";
#endif
}

std::string read_line(std::istream& in, const char* what) {
    std::string line;
    OPENVINO_ASSERT(std::getline(in, line), "CPU: the exported model stream ends before its ", what);
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
        OPENVINO_THROW("CPU: the exported model stream has '", line, "' where the size of its ", what, " belongs");
    }
}

std::string read_bytes(std::istream& in, size_t size, const char* what) {
    std::string bytes(size, '\0');
    in.read(&bytes[0], static_cast<std::streamsize>(size));
    OPENVINO_ASSERT(static_cast<size_t>(in.gcount()) == size, "CPU: the exported model stream ends inside its ", what,
                    " (", in.gcount(), " of ", size, " bytes)");
    return bytes;
}

}  // namespace

Plugin::Plugin() : m_full_name(host_cpu_name()) {
    set_device_name("CPU");
    set_version(ov::Version{"0.1.0", "devmux CPU plugin"});
}

Config Plugin::merged_config(const ov::AnyMap& properties) const {
    Config config;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        config = m_config;
    }
    config.set(properties);
    return config;
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const ov::Model>& model,
                                                      const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "CPU: compile_model needs a model, got null");
    const Config config = merged_config(properties);
    auto self = std::static_pointer_cast<const Plugin>(shared_from_this());
    return std::make_shared<CompiledModel>(model, self, config);
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& stream, const ov::AnyMap& properties) const {
    const std::string magic = read_line(stream, "header");
    OPENVINO_ASSERT(magic == export_magic, "CPU: the stream is not a model exported by the CPU plugin (header '",
                    magic.substr(0, 64), "', expected '", export_magic, "')");
    ov::AnyMap exported;
    const size_t count = read_size(stream, "property count");
    for (size_t i = 0; i < count; ++i) {
        const std::string key = read_line(stream, "property name");
        const size_t size = read_size(stream, "property value");
        exported[key] = read_bytes(stream, size, "property value");
        read_line(stream, "property separator");
    }
    const std::string xml = read_bytes(stream, read_size(stream, "model text"), "model text");
    const size_t weights_size = read_size(stream, "weights");
    auto weights = std::make_shared<std::vector<uint8_t>>(weights_size);
    if (weights_size > 0) {
        stream.read(reinterpret_cast<char*>(weights->data()), static_cast<std::streamsize>(weights_size));
        OPENVINO_ASSERT(static_cast<size_t>(stream.gcount()) == weights_size,
                        "CPU: the exported model stream ends inside its weights (", stream.gcount(), " of ",
                        weights_size, " bytes)");
    }
    auto model = devmux::ir::read_model_from_memory(xml, weights, "model exported by the CPU plugin");
    // The properties given to import_model win over the exported ones.
    for (const auto& kv : properties)
        exported[kv.first] = kv.second;
    return compile_model(model, exported);
}

ov::SupportedOpsMap Plugin::query_model(const std::shared_ptr<const ov::Model>& model,
                                        const ov::AnyMap& properties) const {
    OPENVINO_ASSERT(model, "CPU: query_model needs a model, got null");
    merged_config(properties);  // an invalid property fails here as it would in compile_model
    // Decide on the graph compile_model plans, with the statement compile_model checks: query equals compile.
    return op_support().query(*model, *prepare_model(*model), get_device_name());
}

void Plugin::set_property(const ov::AnyMap& properties) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_config.set(properties);
}

ov::Any Plugin::get_property(const std::string& name, const ov::AnyMap&) const {
    if (name == ov::supported_properties.name()) {
        std::vector<ov::PropertyName> names{
            ov::PropertyName(ov::supported_properties.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::available_devices.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::device::full_name.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::device::type.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::device::uuid.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::device::architecture.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::device::capabilities.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::range_for_streams.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::range_for_async_infer_requests.name(), ov::PropertyMutability::RO),
            ov::PropertyName(ov::caching_properties.name(), ov::PropertyMutability::RO)};
        for (const auto& property : Config::settable_properties())
            names.push_back(property);
        return names;
    }
    if (name == ov::available_devices.name())
        return std::vector<std::string>{""};  // one device, listed by the Core as plain "CPU" (as OpenVINO does)
    if (name == ov::device::full_name.name())
        return m_full_name;
    if (name == ov::device::type.name())
        return ov::device::Type::INTEGRATED;
    if (name == ov::device::uuid.name())
        return host_cpu_uuid();
    if (name == ov::device::architecture.name())
        return std::string(architecture());
    if (name == ov::device::capabilities.name())
        // Every kernel computes in f32: f16 and quantized models run, but not at a lower precision.
        return std::vector<std::string>{ov::device::capability::FP32, ov::device::capability::EXPORT_IMPORT};
    if (name == ov::range_for_streams.name()) {
        std::lock_guard<std::mutex> lock(m_mutex);
        return std::tuple<unsigned int, unsigned int>{1u, static_cast<unsigned int>(m_config.threads())};
    }
    if (name == ov::range_for_async_infer_requests.name())
        return std::tuple<unsigned int, unsigned int, unsigned int>{1u, 1u, 1u};
    if (name == ov::caching_properties.name())
        return std::vector<ov::PropertyName>{
            ov::PropertyName(ov::device::full_name.name(), ov::PropertyMutability::RO)};
    if (Config::is_settable(name)) {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_config.get(name);
    }
    OPENVINO_THROW("CPU: unsupported property ", name, "; see ov::supported_properties for the CPU plugin's keys");
}

}  // namespace cpu
}  // namespace devmux
