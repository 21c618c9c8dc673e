// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/model_io.hpp"

#include <set>
#include <sstream>

#include "ir/ir_reader.hpp"
#include "ir/ir_writer.hpp"
#include "ops/op_registry.hpp"
#include "openvino/core/except.hpp"

namespace devmux {
namespace kit {
namespace {

uint64_t read_size_line(std::istream& stream, const std::string& origin, const char* what) {
    std::string line;
    OPENVINO_ASSERT(std::getline(stream, line), "The ", origin, " ends before the size of its ", what);
    try {
        size_t used = 0;
        const unsigned long long value = std::stoull(line, &used);
        if (used == line.size() && !line.empty() && line[0] != '-')
            return value;
    } catch (const std::exception&) {
    }
    OPENVINO_THROW("The ", origin, " has '", line.substr(0, 64), "' where the size of its ", what, " belongs");
}

}  // namespace

void write_model(const ov::Model& model, std::ostream& stream) {
    std::ostringstream xml, bin;
    devmux::ir::write_model_to_streams(model, xml, bin);
    const std::string xml_text = xml.str(), bin_bytes = bin.str();
    stream << xml_text.size() << '\n' << bin_bytes.size() << '\n';
    stream.write(xml_text.data(), static_cast<std::streamsize>(xml_text.size()));
    stream.write(bin_bytes.data(), static_cast<std::streamsize>(bin_bytes.size()));
    OPENVINO_ASSERT(stream.good(), "Failed to write model '", model.get_friendly_name(), "' to the stream");
}

std::shared_ptr<ov::Model> read_model(std::istream& stream, const std::string& origin) {
    const uint64_t xml_size = read_size_line(stream, origin, "model text");
    const uint64_t bin_size = read_size_line(stream, origin, "weights");
    std::string xml(static_cast<size_t>(xml_size), '\0');
    stream.read(&xml[0], static_cast<std::streamsize>(xml_size));
    OPENVINO_ASSERT(static_cast<uint64_t>(stream.gcount()) == xml_size, "The ", origin,
                    " ends inside its model text (", stream.gcount(), " of ", xml_size, " bytes)");
    auto weights = std::make_shared<std::vector<uint8_t>>(static_cast<size_t>(bin_size));
    if (bin_size) {
        stream.read(reinterpret_cast<char*>(weights->data()), static_cast<std::streamsize>(bin_size));
        OPENVINO_ASSERT(static_cast<uint64_t>(stream.gcount()) == bin_size, "The ", origin,
                        " ends inside its weights (", stream.gcount(), " of ", bin_size, " bytes)");
    }
    return devmux::ir::read_model_from_memory(xml, weights, origin);
}

std::shared_ptr<ov::Model> read_ir(const std::string& xml_path, const std::string& bin_path) {
    return devmux::ir::read_model(xml_path, bin_path);
}

void write_ir(const ov::Model& model, const std::string& xml_path, const std::string& bin_path) {
    devmux::ir::write_model(model, xml_path, bin_path);
}

void write_ir(const ov::Model& model, std::ostream& xml, std::ostream& bin) {
    devmux::ir::write_model_to_streams(model, xml, bin);
}

std::vector<std::string> known_op_types() {
    std::set<std::string> names;
    for (const auto& entry : OpRegistry::instance().list())
        names.insert(entry.first);
    return {names.begin(), names.end()};
}

}  // namespace kit
}  // namespace devmux
