// SPDX-License-Identifier: Apache-2.0
#include "devmux/kit/export_format.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>

#include "devmux/kit/model_io.hpp"
#include "devmux/plugin/iplugin.hpp"
#include "openvino/core/except.hpp"
#include "openvino/core/version.hpp"

namespace devmux {
namespace kit {
namespace {

// Header lines are short; a longer one means the stream is something else (binary data, XML).
constexpr size_t max_header_line = 256;
const char* const header_fields[] = {"plugin", "device", "plugin-api", "devmux", "format"};
// Payloads are read in pieces of this size, so a size in a corrupted header allocates no more than the
// stream really holds (plus one piece).
constexpr size_t read_piece = size_t(1) << 20;
constexpr const char* cache_magic = "DEVMUX-CACHE";

std::string this_devmux_version() { return ov::get_openvino_version().buildNumber; }

// Slice-by-8 tables of the reflected Castagnoli polynomial 0x82F63B78.
struct Crc32cTables {
    uint32_t table[8][256];
    Crc32cTables() {
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t crc = i;
            for (int bit = 0; bit < 8; ++bit)
                crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1u)));
            table[0][i] = crc;
        }
        for (uint32_t i = 0; i < 256; ++i)
            for (int t = 1; t < 8; ++t)
                table[t][i] = (table[t - 1][i] >> 8) ^ table[0][table[t - 1][i] & 0xff];
    }
};

const Crc32cTables& crc_tables() {
    static const Crc32cTables tables;
    return tables;
}

std::string hex8(uint32_t value) {
    char text[9];
    std::snprintf(text, sizeof(text), "%08x", value);
    return text;
}

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

// A decimal number as the writers print it: digits only, no sign, no leading zero. Anything else
// (including a number some byte turned into another spelling of the same value) is refused.
std::optional<uint64_t> canonical_number(const std::string& text) {
    if (text.empty() || text.size() > 19 || (text.size() > 1 && text[0] == '0'))
        return std::nullopt;
    uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + static_cast<uint64_t>(c - '0');
    }
    return value;
}

// Reads the header after the magic line; `who` names the reader in errors. The lines as read are
// appended to `raw` (the checksum covers them).
ExportHeader read_fields(std::istream& stream, const std::string& who, std::string* raw = nullptr) {
    ExportHeader header{};
    for (const char* field : header_fields) {
        std::string line;
        const bool got_line = read_short_line(stream, line);
        const std::string prefix = std::string(field) + "=";
        if (prefix == "format=" && (!got_line || line.compare(0, prefix.size(), prefix) != 0)) {
            // Export format 1 had no 'format' field (and no checksum). What follows is not read: the header
            // check refuses format 1 after naming any plugin or version mismatch, which say more.
            header.format_version = 1;
            break;
        }
        OPENVINO_ASSERT(got_line, who, ": the exported model's header ends before its '", field,
                        "' field (the stream is truncated)");
        OPENVINO_ASSERT(line.compare(0, prefix.size(), prefix) == 0, who, ": the exported model's header has '",
                        printable(line), "' where its '", field, "' field belongs");
        if (raw)
            raw->append(line).push_back('\n');
        const std::string value = line.substr(prefix.size());
        if (prefix == "plugin=") {
            header.plugin = value;
        } else if (prefix == "device=") {
            header.device = value;
        } else if (prefix == "plugin-api=" || prefix == "format=") {
            const auto number = canonical_number(value);
            OPENVINO_ASSERT(number && *number <= UINT32_MAX, who, ": the exported model's header has ",
                            prefix == "format=" ? "export format version '" : "plugin API version '",
                            printable(value), "', not a number");
            (prefix == "format=" ? header.format_version : header.plugin_api_version) = static_cast<uint32_t>(*number);
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
    const auto value = canonical_number(line);
    OPENVINO_ASSERT(value, who, ": the exported model stream has '", printable(line), "' where the size of its ",
                    what, " belongs");
    return *value;
}

// Reads up to `size` bytes, piece by piece; fewer come back when the stream ends first.
std::string read_bytes(std::istream& stream, uint64_t size) {
    std::string bytes;
    while (bytes.size() < size && stream) {
        const size_t piece = static_cast<size_t>(std::min<uint64_t>(read_piece, size - bytes.size()));
        const size_t before = bytes.size();
        bytes.resize(before + piece);
        stream.read(&bytes[before], static_cast<std::streamsize>(piece));
        bytes.resize(before + static_cast<size_t>(stream.gcount()));
    }
    return bytes;
}

}  // namespace

uint32_t crc32c(const void* data, size_t size, uint32_t crc) {
    const auto& t = crc_tables().table;
    const auto* p = static_cast<const unsigned char*>(data);
    crc = ~crc;
    for (; size >= 8; size -= 8, p += 8) {
        // Byte by byte, so the result is the same on every byte order.
        const uint32_t low = crc ^ (uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24);
        crc = t[7][low & 0xff] ^ t[6][(low >> 8) & 0xff] ^ t[5][(low >> 16) & 0xff] ^ t[4][low >> 24] ^ t[3][p[4]] ^
              t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]];
    }
    for (; size > 0; --size, ++p)
        crc = (crc >> 8) ^ t[0][(crc ^ *p) & 0xff];
    return ~crc;
}

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
    OPENVINO_ASSERT(header.format_version != 1, who, ": the model exported by plugin '", header.plugin,
                    "' has no 'format' field after its 'devmux' field: it is in export format 1 (no checksum), or its "
                    "header is truncated or corrupted; this runtime reads export format ", export_format_version,
                    " only (export it again)");
    OPENVINO_ASSERT(header.format_version == export_format_version, who, ": the model exported by plugin '",
                    header.plugin, "' is in export format ", header.format_version, "; this runtime reads export format ",
                    export_format_version, " only (export it again)");
}

ExportWriter::ExportWriter(std::ostream& stream, const std::string& plugin, const std::string& device)
    : m_stream(stream), m_plugin(plugin), m_device(device), m_uncaught_at_start(std::uncaught_exceptions()) {
    OPENVINO_ASSERT(!plugin.empty() && plugin.find('\n') == std::string::npos && device.find('\n') == std::string::npos,
                    "An exported model's plugin and device names must be one line each (plugin '", plugin, "')");
}

ExportWriter::~ExportWriter() {
    if (m_finished || std::uncaught_exceptions() > m_uncaught_at_start)
        return;
    try {
        write_out();
    } catch (...) {
        // A destructor cannot report it; the reader refuses whatever incomplete export the stream holds.
    }
}

void ExportWriter::write_string(const std::string& bytes) {
    m_payload << bytes.size() << '\n';
    m_payload.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

void ExportWriter::write_properties(const ov::AnyMap& properties) {
    m_payload << properties.size() << '\n';
    for (const auto& [key, value] : properties) {
        ov::Any copy = value;
        write_string(key);
        write_string(copy.as<std::string>());
    }
}

void ExportWriter::write_model(const ov::Model& model) { kit::write_model(model, m_payload); }

void ExportWriter::write_out() {
    m_finished = true;
    std::ostringstream header;
    header << export_magic << "\nplugin=" << m_plugin << "\ndevice=" << m_device << "\nplugin-api="
           << plugin_api_version << "\ndevmux=" << this_devmux_version() << "\nformat=" << export_format_version
           << '\n';
    const std::string head = header.str();
    const std::string payload = m_payload.str();
    const uint32_t crc = crc32c(payload.data(), payload.size(), crc32c(head.data(), head.size()));
    m_stream << head << "payload=" << payload.size() << " crc32c=" << hex8(crc) << '\n';
    m_stream.write(payload.data(), static_cast<std::streamsize>(payload.size()));
    m_stream.flush();
}

void ExportWriter::finish() {
    OPENVINO_ASSERT(!m_finished, m_plugin, ": the exported model was already written");
    write_out();
    OPENVINO_ASSERT(m_stream.good(), m_plugin, ": failed to write the exported model to the stream");
}

ExportReader::ExportReader(std::istream& stream, const std::string& plugin, const std::string& who) : m_who(who) {
    std::string magic;
    const bool read = read_short_line(stream, magic);
    OPENVINO_ASSERT(read && magic == export_magic, who,
                    ": the stream is not a model exported by a devmux plugin (it starts with '", printable(magic),
                    "', expected the '", export_magic, "' header)");
    std::string raw = magic + '\n';
    m_header = read_fields(stream, who, &raw);
    check_export_header(m_header, plugin, who);

    const std::string from = "the model exported by plugin '" + m_header.plugin + "' (device '" + m_header.device + "')";
    std::string line;
    OPENVINO_ASSERT(read_short_line(stream, line), who, ": ", from,
                    " ends before its payload size and checksum (the stream is truncated)");
    const std::string size_prefix = "payload=", crc_prefix = " crc32c=";
    const size_t space = line.find(' ');
    std::optional<uint64_t> size;
    if (line.compare(0, size_prefix.size(), size_prefix) == 0 && space != std::string::npos)
        size = canonical_number(line.substr(size_prefix.size(), space - size_prefix.size()));
    const std::string stored_crc = space == std::string::npos ? std::string() : line.substr(space);
    OPENVINO_ASSERT(size && stored_crc.size() == crc_prefix.size() + 8 &&
                        stored_crc.compare(0, crc_prefix.size(), crc_prefix) == 0,
                    who, ": ", from, " is corrupted: it has '", printable(line),
                    "' where 'payload=<bytes> crc32c=<8 hex digits>' belongs");
    const std::string payload = read_bytes(stream, *size);
    OPENVINO_ASSERT(payload.size() == *size, who, ": ", from, " is truncated: the stream ends after ", payload.size(),
                    " of its ", *size, " payload bytes");
    const std::string crc = hex8(crc32c(payload.data(), payload.size(), crc32c(raw.data(), raw.size())));
    OPENVINO_ASSERT(stored_crc.substr(crc_prefix.size()) == crc, who, ": ", from,
                    " is corrupted: its header and payload have CRC-32C ", crc, ", but it was written with ",
                    printable(stored_crc.substr(crc_prefix.size())), " (", *size, " payload bytes); export it again");
    m_payload.str(payload);
    m_payload_size = payload.size();
}

std::string ExportReader::read_string(const char* what) {
    const uint64_t size = read_size(m_payload, m_who, what);
    const auto at = m_payload.tellg();
    const uint64_t left = at == std::istream::pos_type(-1) ? 0 : m_payload_size - static_cast<uint64_t>(at);
    OPENVINO_ASSERT(size <= left, m_who, ": the exported model's ", what, " is ", size, " bytes, but only ", left,
                    " bytes of its payload are left");
    std::string bytes(static_cast<size_t>(size), '\0');
    m_payload.read(&bytes[0], static_cast<std::streamsize>(size));
    OPENVINO_ASSERT(static_cast<uint64_t>(m_payload.gcount()) == size, m_who,
                    ": the exported model stream ends inside its ", what, " (", m_payload.gcount(), " of ", size,
                    " bytes)");
    return bytes;
}

ov::AnyMap ExportReader::read_properties() {
    ov::AnyMap properties;
    const uint64_t count = read_size(m_payload, m_who, "property count");
    for (uint64_t i = 0; i < count; ++i) {
        std::string key = read_string("property name");
        properties[key] = read_string("property value");
    }
    return properties;
}

std::shared_ptr<ov::Model> ExportReader::read_model() {
    return kit::read_model(m_payload, "model exported by plugin '" + m_header.plugin + "'");
}

void write_cache_file(const std::string& path, const std::string& bytes, const std::string& who) {
    static std::atomic<uint64_t> writes{0};
    const std::filesystem::path file(path);
    std::error_code error;
    if (file.has_parent_path())
        std::filesystem::create_directories(file.parent_path(), error);
    const std::string partial =
        path + ".part" + std::to_string(::getpid()) + "_" + std::to_string(writes.fetch_add(1));
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        out << cache_magic << "\nbytes=" << bytes.size() << " crc32c=" << hex8(crc32c(bytes.data(), bytes.size()))
            << '\n';
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out.good()) {
            std::filesystem::remove(partial, error);
            OPENVINO_THROW(who, ": cannot write the cache file '", partial, "'");
        }
    }
    std::filesystem::rename(partial, file, error);
    if (error) {
        std::error_code ignored;
        std::filesystem::remove(partial, ignored);
        OPENVINO_THROW(who, ": cannot move the cache file to '", path, "': ", error.message());
    }
}

std::optional<std::string> read_cache_file(const std::string& path, std::string* why_not) {
    const auto refuse = [&](const std::string& why) -> std::optional<std::string> {
        if (why_not)
            *why_not = "cache file '" + path + "' " + why;
        return std::nullopt;
    };
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return refuse("is missing");
    std::string magic, line;
    if (!read_short_line(in, magic) || magic != cache_magic || !read_short_line(in, line))
        return refuse("is not a devmux cache entry (no '" + std::string(cache_magic) + "' header)");
    const std::string size_prefix = "bytes=", crc_prefix = " crc32c=";
    const size_t space = line.find(' ');
    std::optional<uint64_t> size;
    if (line.compare(0, size_prefix.size(), size_prefix) == 0 && space != std::string::npos)
        size = canonical_number(line.substr(size_prefix.size(), space - size_prefix.size()));
    const std::string stored = space == std::string::npos ? std::string() : line.substr(space);
    if (!size || stored.size() != crc_prefix.size() + 8 || stored.compare(0, crc_prefix.size(), crc_prefix) != 0)
        return refuse("is corrupted (its size and checksum line is '" + printable(line) + "')");
    std::string bytes = read_bytes(in, *size);
    if (bytes.size() != *size)
        return refuse("is truncated (" + std::to_string(bytes.size()) + " of its " + std::to_string(*size) + " bytes)");
    if (in.peek() != std::char_traits<char>::eof())
        return refuse("is corrupted (it has more than the " + std::to_string(*size) + " bytes its header names)");
    const std::string crc = hex8(crc32c(bytes.data(), bytes.size()));
    if (stored.substr(crc_prefix.size()) != crc)
        return refuse("is corrupted (its bytes have CRC-32C " + crc + ", it was written with " +
                      printable(stored.substr(crc_prefix.size())) + ")");
    return bytes;
}

}  // namespace kit
}  // namespace devmux
