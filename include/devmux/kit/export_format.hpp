// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>

#include "openvino/core/any.hpp"
#include "openvino/core/model.hpp"

namespace devmux {
namespace kit {

/// @brief First line of every exported compiled model, whichever plugin wrote it.
constexpr const char* export_magic = "DEVMUX-EXPORT";

/// @brief The layout of what follows the header. Version 2 added the payload's size and checksum
/// (a `payload=<bytes> crc32c=<8 hex digits>` line after the header); version 1 had neither.
constexpr uint32_t export_format_version = 2;

/// @brief The header in front of every plugin's export payload.
struct ExportHeader {
    std::string plugin;           ///< the plugin that wrote the payload ("CPU", "HETERO"): only it reads it
    std::string device;           ///< the device name it was registered under when exporting ("CPU", "GPU.1")
    uint32_t plugin_api_version;  ///< devmux::plugin_api_version of the writer
    std::string devmux_version;   ///< ov::get_openvino_version().buildNumber of the writer's runtime
    uint32_t format_version;      ///< export_format_version of the writer
};

/// @brief CRC-32C (Castagnoli polynomial, reflected, as in iSCSI and ext4) of `size` bytes, continuing
/// from `crc` (the value returned for the bytes before them; 0 to start). It detects every error burst
/// up to 32 bits long, so every single changed byte of an export or a cache file.
uint32_t crc32c(const void* data, size_t size, uint32_t crc = 0);

/// @brief Reads the header at the stream's position and puts the stream back where it was, so the
/// Core and the proxy can choose the importer without consuming anything.
/// @return nothing when the stream does not start with export_magic.
/// @throws ov::Exception naming `who` when the stream cannot be rewound, or the header is malformed.
std::optional<ExportHeader> peek_export_header(std::istream& stream, const std::string& who);

/// @brief Checks a header against this runtime: the plugin API version, the devmux version and the
/// export format version must be this runtime's; when `plugin` is not empty it must be the header's plugin.
/// @throws ov::Exception naming `who`, the field that differs, what the stream has and what was expected.
void check_export_header(const ExportHeader& header, const std::string& plugin, const std::string& who);

/// @brief Collects the payload a plugin adds through the write_* calls; finish() writes the header, the
/// payload's size and CRC-32C (over the header and the payload), then the payload.
/// Payload items are size-prefixed, so any bytes (and nested exports of other plugins) fit.
class ExportWriter {
public:
    /// @param plugin the writing plugin's own name (the one its ExportReader checks)
    /// @param device the device name the plugin is registered under (IPlugin::get_device_name())
    ExportWriter(std::ostream& stream, const std::string& plugin, const std::string& device);
    /// @brief Writes the export as finish() would when finish() was not called, unless an exception is
    /// leaving the scope (then nothing is written: a half-built payload is never exported).
    ~ExportWriter();
    ExportWriter(const ExportWriter&) = delete;
    ExportWriter& operator=(const ExportWriter&) = delete;

    void write_string(const std::string& bytes);
    /// @brief Each value is stored as its string form (ov::Any::as<std::string>()).
    void write_properties(const ov::AnyMap& properties);
    void write_model(const ov::Model& model);
    /// @brief The payload stream, for payload parts a plugin frames itself (covered by the checksum).
    std::ostream& stream() { return m_payload; }
    /// @brief Writes the export to the stream given at construction.
    /// @throws ov::Exception naming the plugin when the stream has failed.
    void finish();

private:
    void write_out();

    std::ostream& m_stream;
    std::string m_plugin;
    std::string m_device;
    std::ostringstream m_payload;
    bool m_finished = false;
    int m_uncaught_at_start;
};

/// @brief Reads and checks the header (check_export_header), reads the whole payload and checks its size and
/// checksum, then gives the payload back in the order it was written. The stream is left just after the
/// payload.
class ExportReader {
public:
    /// @param plugin the importing plugin's own name, as its ExportWriter writes it
    /// @param who names the importer in error messages (e.g. "CPU", "MOCK device 'M'")
    /// @throws ov::Exception naming `who` when the header is not this runtime's and the plugin's, when the
    /// stream ends before the payload's last byte (truncated), or when the checksum differs (corrupted).
    ExportReader(std::istream& stream, const std::string& plugin, const std::string& who);

    const ExportHeader& header() const { return m_header; }
    /// @param what names the item in the error raised when the stream ends early or is malformed
    std::string read_string(const char* what);
    /// @brief Values come back as strings; a property table converts them on set().
    ov::AnyMap read_properties();
    std::shared_ptr<ov::Model> read_model();
    /// @brief The checked payload, for parts a plugin framed itself through ExportWriter::stream().
    std::istream& stream() { return m_payload; }

private:
    std::istringstream m_payload;
    uint64_t m_payload_size = 0;
    std::string m_who;
    ExportHeader m_header;
};

/// @brief Writes a cache entry under ov::cache_dir (a program binary, a pipeline cache) with its size and
/// CRC-32C in front, through a temporary file and a rename, so a reader sees the old or the new file,
/// never half of one.
/// @throws ov::Exception naming `who` and the file when it cannot be written.
void write_cache_file(const std::string& path, const std::string& bytes, const std::string& who);

/// @brief Reads a cache entry written by write_cache_file.
/// @return the entry's bytes; nothing when the file is missing, or is not such an entry, is truncated or
/// fails its checksum: then `why_not` (when given) says which, and the caller builds the entry again and
/// rewrites it, so a corrupted cache is never used.
std::optional<std::string> read_cache_file(const std::string& path, std::string* why_not = nullptr);

}  // namespace kit
}  // namespace devmux
