// SPDX-License-Identifier: Apache-2.0
#include "openvino/runtime/core.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "api/core_impl.hpp"
#include "ir/ir_reader.hpp"
#include "ir/legacy_v10.hpp"
#ifdef DEVMUX_HAVE_ONNX
#include "frontends/onnx/onnx_reader.hpp"
#endif
#include "openvino/core/except.hpp"
#include "registry/shared_library.hpp"

namespace ov {
namespace fs = std::filesystem;

namespace {
// OpenVINO's default device is AUTO: models compiled without a device name go to it when it is
// registered (auto/ is built), else to the CPU.
std::string default_device(const devmux::CoreImpl& core) {
    return core.is_registered("AUTO") ? "AUTO" : "CPU";
}

std::string lower_extension(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext;
}

// An ONNX ModelProto starts with its ir_version field (field 1, a varint: the byte 0x08), as every exporter
// writes it; IR's XML starts with '<' or white space. (The frontend parses the whole file to be sure.)
bool looks_like_onnx_bytes(const std::string& bytes) {
    return !bytes.empty() && static_cast<unsigned char>(bytes[0]) == 0x08;
}

bool file_looks_like_onnx(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    char first = 0;
    return file.get(first) && looks_like_onnx_bytes(std::string(1, first));
}
}  // namespace

Core::Core(const std::string& xml_config_file) : _impl(std::make_shared<devmux::CoreImpl>()) {
    std::error_code ec;
    std::string xml = xml_config_file;
    if (xml.empty()) {
        // A deployment switch for applications that construct their Core without a file (OpenVINO's
        // samples do): DEVMUX_PLUGINS_XML names the plugins file to use instead of the default one,
        // e.g. plugins-software-gpu.xml on a machine without a GPU. See docs/deployment.md.
        const char* chosen = std::getenv("DEVMUX_PLUGINS_XML");
        if (chosen && *chosen) {
            xml = chosen;
        } else {
            const fs::path beside = fs::path(devmux::registry::runtime_library_dir()) / "plugins.xml";
            if (fs::is_regular_file(beside, ec))
                _impl->register_plugins(beside.string());
            return;
        }
    }
    if (xml.find('/') == std::string::npos && !fs::exists(xml, ec)) {
        // As OpenVINO: a bare file name is also looked for beside the runtime library.
        const std::string dir = devmux::registry::runtime_library_dir();
        const fs::path beside = fs::path(dir) / xml;
        if (!fs::exists(beside, ec))
            OPENVINO_THROW("Plugins file '", xml, "' is neither in the working directory nor beside the runtime library (",
                           dir, ")");
        xml = beside.string();
    }
    _impl->register_plugins(xml);
}

std::map<std::string, Version> Core::get_versions(const std::string& device_name) const {
    return _impl->get_versions(device_name);
}

std::shared_ptr<ov::Model> Core::read_model(const std::string& model_path, const std::string& bin_path,
                                            const ov::AnyMap& properties) const {
    for (const auto& kv : properties) {
        if (kv.first != ov::enable_mmap.name())
            OPENVINO_THROW("read_model('", model_path, "'): unsupported property '", kv.first,
                           "' (read_model accepts only ", ov::enable_mmap.name(), ")");
    }
    const std::string ext = lower_extension(model_path);
    if (ext == ".onnx" || (ext != ".xml" && file_looks_like_onnx(model_path))) {
#ifdef DEVMUX_HAVE_ONNX
        return devmux::onnx_frontend::read_model(model_path);
#else
        OPENVINO_THROW("Cannot read model '", model_path, "': this devmux was built without its ONNX frontend "
                       "(libonnx-dev and libprotobuf-dev were missing; scripts/build installs them)");
#endif
    }
    if (ext != ".xml")
        OPENVINO_THROW("Cannot read model '", model_path, "': ",
                       ext.empty() ? std::string("the file has no extension") : "the format '" + ext + "' is not supported",
                       "; devmux reads OpenVINO IR models (.xml with its .bin weights) and ONNX models (.onnx)");
    return devmux::ir::apply_legacy_v10_conventions(devmux::ir::read_model(model_path, bin_path));
}

std::shared_ptr<ov::Model> Core::read_model(const std::string& model, const Tensor& weights) const {
    // OpenVINO's overload also takes an ONNX model's bytes (with no weights tensor).
    if (looks_like_onnx_bytes(model)) {
#ifdef DEVMUX_HAVE_ONNX
        OPENVINO_ASSERT(!weights, "read_model: an ONNX model in memory takes no weights tensor");
        return devmux::onnx_frontend::read_model_from_memory(model, "", "<ONNX model in memory>");
#else
        OPENVINO_THROW("read_model: the model in memory is ONNX, and this devmux was built without its ONNX frontend "
                       "(libonnx-dev and libprotobuf-dev were missing; scripts/build installs them)");
#endif
    }
    // OpenVINO shares the weights tensor's memory; the IR reader takes an owned buffer, so the
    // weights are copied once here and the caller's tensor may go at once.
    std::shared_ptr<const std::vector<uint8_t>> buffer;
    if (weights) {
        auto bytes = std::make_shared<std::vector<uint8_t>>(weights.get_byte_size());
        if (!bytes->empty()) {
            OPENVINO_ASSERT(weights.is_continuous(), "read_model: the weights tensor must be contiguous");
            std::memcpy(bytes->data(), weights.data(), bytes->size());
        }
        buffer = bytes;
    }
    return devmux::ir::apply_legacy_v10_conventions(
        devmux::ir::read_model_from_memory(model, buffer, "<model in memory>"));
}

CompiledModel Core::compile_model(const std::shared_ptr<const ov::Model>& model, const AnyMap& properties) {
    return _impl->compile(model, default_device(*_impl), properties);
}

CompiledModel Core::compile_model(const std::shared_ptr<const ov::Model>& model, const std::string& device_name,
                                  const AnyMap& properties) {
    return _impl->compile(model, device_name, properties);
}

CompiledModel Core::compile_model(const std::string& model_path, const AnyMap& properties) {
    return _impl->compile(read_model(model_path), default_device(*_impl), properties);
}

CompiledModel Core::compile_model(const std::string& model_path, const std::string& device_name,
                                  const AnyMap& properties) {
    return _impl->compile(read_model(model_path), device_name, properties);
}

CompiledModel Core::compile_model(const std::string& model, const ov::Tensor& weights, const std::string& device_name,
                                  const AnyMap& properties) {
    return _impl->compile(read_model(model, weights), device_name, properties);
}

CompiledModel Core::compile_model(const std::shared_ptr<const ov::Model>& model, const RemoteContext& context,
                                  const AnyMap& properties) {
    OPENVINO_ASSERT(context, "compile_model was given an empty remote context");
    return _impl->compile(model, context.get_device_name(), properties);
}

RemoteContext Core::create_context(const std::string& device_name, const AnyMap& remote_properties) {
    return _impl->create_context(device_name, remote_properties);
}

RemoteContext Core::get_default_context(const std::string& device_name) {
    return _impl->default_context(device_name);
}

CompiledModel Core::import_model(std::istream& model_stream, const std::string& device_name,
                                 const AnyMap& properties) {
    return _impl->import(model_stream, device_name, properties);
}

SupportedOpsMap Core::query_model(const std::shared_ptr<const ov::Model>& model, const std::string& device_name,
                                  const AnyMap& properties) const {
    return _impl->query_model(model, device_name, properties);
}

void Core::set_property(const AnyMap& properties) {
    _impl->set_property(properties);
}

void Core::set_property(const std::string& device_name, const AnyMap& properties) {
    _impl->set_property(device_name, properties);
}

Any Core::get_property(const std::string& device_name, const std::string& name) const {
    return _impl->get_property(device_name, name, {});
}

Any Core::get_property(const std::string& device_name, const std::string& name, const AnyMap& arguments) const {
    return _impl->get_property(device_name, name, arguments);
}

std::vector<std::string> Core::get_available_devices() const {
    return _impl->get_available_devices();
}

void Core::register_plugin(const std::string& plugin, const std::string& device_name, const ov::AnyMap& config) {
    _impl->register_plugin(plugin, device_name, config);
}

void Core::unload_plugin(const std::string& device_name) {
    _impl->unload_plugin(device_name);
}

void Core::register_plugins(const std::string& xml_config_file) {
    _impl->register_plugins(xml_config_file);
}

}  // namespace ov
