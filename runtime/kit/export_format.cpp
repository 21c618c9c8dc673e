// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/export_format.hpp"

#include <cctype>

#include "devmux/kit/model_io.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/version.hpp"

namespace devmux {
namespace kit {
namespace {

// Header lines are short; a longer one means the stream is something else (binary data, XML).
constexpr size_t max_header_line = 256;
const char* const header_fields[] = {"plugin", "device", "plugin-api", "devmux"};

std::string this_devmux_version() { return ov::get_openvino_version().buildNumber; }

bool read_short_line(std::istream& stream, std::string& line) {
    line.clear();
    for (char c; line.size() <= max_header_line && stream.get(c);) {
        if (c == '\n')
            return true;
        line.push_back(c);
    }
    return false;
}

std::string printable(const std::string& bytes) {
    std::string text;
    for (char c : bytes.substr(0, 48))
        text.push_back(std::isprint(static_cast<unsigned char>(c)) ? c : '?');
    return text;
}

// Reads the header after the magic line; `who` names the reader in errors.
ExportHeader read_fields(std::istream& stream, const std::string& who) {
    ExportHeader header{};
    for (const char* field : header_fields) {
        std::string line;
        OPENVINO_ASSERT(read_short_line(stream, line), who, ": the exported model's header ends before its '", field,
                        "' field");
        const std::string prefix = std::string(field) + "=";
        OPENVINO_ASSERT(line.compare(0, prefix.size(), prefix) == 0, who, ": the exported model's header has '",
                        printable(line), "' where its '", field, "' field belongs");
        const std::string value = line.substr(prefix.size());
        if (prefix == "plugin=") {
            header.plugin = value;
        } else if (prefix == "device=") {
            header.device = value;
        } else if (prefix == "plugin-api=") {
            try {
                size_t used = 0;
                header.plugin_api_version = static_cast<uint32_t>(std::stoul(value, &used));
                OPENVINO_ASSERT(used == value.size(), "");
            } catch (const std::exception&) {
                OPENVINO_THROW(who, ": the exported model's header has plugin API version '", printable(value),
                               "', not a number");
            }
        } else {
            header.devmux_version = value;
        }
    }
    return header;
}

uint64_t read_size(std::istream& stream, const std::string& who, const char* what) {
    std::string line;
    OPENVINO_ASSERT(read_short_line(stream, line), who, ": the exported model stream ends before the size of its ",
                    what);
    try {
        size_t used = 0;
        const unsigned long long value = std::stoull(line, &used);
        if (used == line.size() && !line.empty() && line[0] != '-')
            return value;
    } catch (const std::exception&) {
    }
    OPENVINO_THROW(who, ": the exported model stream has '", printable(line), "' where the size of its ", what,
                   " belongs");
}

}  // namespace

std::optional<ExportHeader> peek_export_header(std::istream& stream, const std::string& who) {
    const std::istream::pos_type start = stream.tellg();
    OPENVINO_ASSERT(start != std::istream::pos_type(-1), who,
                    ": the model stream cannot be rewound, so its export header cannot be read ahead");
    std::string magic;
    std::optional<ExportHeader> header;
    if (read_short_line(stream, magic) && magic == export_magic)
        header = read_fields(stream, who);
    stream.clear();
    stream.seekg(start);
    OPENVINO_ASSERT(stream.good(), who, ": the model stream cannot be rewound after reading its export header");
    return header;
}

void check_export_header(const ExportHeader& header, const std::string& plugin, const std::string& who) {
    OPENVINO_ASSERT(plugin.empty() || header.plugin == plugin, who, ": the model was exported by plugin '",
                    header.plugin, "' (device '", header.device, "'); only plugin '", header.plugin,
                    "' can import it, not plugin '", plugin, "'");
    OPENVINO_ASSERT(header.plugin_api_version == plugin_api_version, who, ": the model exported by plugin '",
                    header.plugin, "' was written with plugin API version ", header.plugin_api_version,
                    "; this runtime has plugin API version ", plugin_api_version);
    OPENVINO_ASSERT(header.devmux_version == this_devmux_version(), who, ": the model exported by plugin '",
                    header.plugin, "' was written by devmux ", header.devmux_version, "; this is devmux ",
                    this_devmux_version(), " (export again with this version)");
}

ExportWriter::ExportWriter(std::ostream& stream, const std::string& plugin, const std::string& device)
    : m_stream(stream), m_plugin(plugin) {
    OPENVINO_ASSERT(!plugin.empty() && plugin.find('\n') == std::string::npos && device.find('\n') == std::string::npos,
                    "An exported model's plugin and device names must be one line each (plugin '", plugin, "')");
    m_stream << export_magic << "\nplugin=" << plugin << "\ndevice=" << device << "\nplugin-api="
             << plugin_api_version << "\ndevmux=" << this_devmux_version() << '\n';
}

void ExportWriter::write_string(const std::string& bytes) {
    m_stream << bytes.size() << '\n';
    m_stream.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

void ExportWriter::write_properties(const ov::AnyMap& properties) {
    m_stream << properties.size() << '\n';
    for (const auto& [key, value] : properties) {
        ov::Any copy = value;
        write_string(key);
        write_string(copy.as<std::string>());
    }
}

void ExportWriter::write_model(const ov::Model& model) { kit::write_model(model, m_stream); }

void ExportWriter::finish() {
    m_stream.flush();
    OPENVINO_ASSERT(m_stream.good(), m_plugin, ": failed to write the exported model to the stream");
}

ExportReader::ExportReader(std::istream& stream, const std::string& plugin, const std::string& who)
    : m_stream(stream), m_who(who) {
    std::string magic;
    const bool read = read_short_line(stream, magic);
    OPENVINO_ASSERT(read && magic == export_magic, who,
                    ": the stream is not a model exported by a devmux plugin (it starts with '", printable(magic),
                    "', expected the '", export_magic, "' header)");
    m_header = read_fields(stream, who);
    check_export_header(m_header, plugin, who);
}

std::string ExportReader::read_string(const char* what) {
    const uint64_t size = read_size(m_stream, m_who, what);
    std::string bytes(static_cast<size_t>(size), '\0');
    m_stream.read(&bytes[0], static_cast<std::streamsize>(size));
    OPENVINO_ASSERT(static_cast<uint64_t>(m_stream.gcount()) == size, m_who, ": the exported model stream ends inside its ",
                    what, " (", m_stream.gcount(), " of ", size, " bytes)");
    return bytes;
}

ov::AnyMap ExportReader::read_properties() {
    ov::AnyMap properties;
    const uint64_t count = read_size(m_stream, m_who, "property count");
    for (uint64_t i = 0; i < count; ++i) {
        std::string key = read_string("property name");
        properties[key] = read_string("property value");
    }
    return properties;
}

std::shared_ptr<ov::Model> ExportReader::read_model() {
    return kit::read_model(m_stream, "model exported by plugin '" + m_header.plugin + "'");
}

}  // namespace kit
}  // namespace devmux
