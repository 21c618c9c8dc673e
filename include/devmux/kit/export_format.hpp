// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "openvino/core/any.hpp"
#include "openvino/core/model.hpp"

namespace devmux {
namespace kit {

/// @brief First line of every exported compiled model, whichever plugin wrote it.
constexpr const char* export_magic = "DEVMUX-EXPORT";

/// @brief The header in front of every plugin's export payload.
struct ExportHeader {
    std::string plugin;           ///< the plugin that wrote the payload ("CPU", "HETERO"): only it reads it
    std::string device;           ///< the device name it was registered under when exporting ("CPU", "GPU.1")
    uint32_t plugin_api_version;  ///< devmux::plugin_api_version of the writer
    std::string devmux_version;   ///< ov::get_openvino_version().buildNumber of the writer's runtime
};

/// @brief Reads the header at the stream's position and puts the stream back where it was, so the
/// Core and the proxy can choose the importer without consuming anything.
/// @return nothing when the stream does not start with export_magic.
/// @throws ov::Exception naming `who` when the stream cannot be rewound, or the header is malformed.
std::optional<ExportHeader> peek_export_header(std::istream& stream, const std::string& who);

/// @brief Checks a header against this runtime: the plugin API version and the devmux version must be
/// this runtime's; when `plugin` is not empty it must be the header's plugin.
/// @throws ov::Exception naming `who`, the field that differs, what the stream has and what was expected.
void check_export_header(const ExportHeader& header, const std::string& plugin, const std::string& who);

/// @brief Writes the header, then the payload a plugin adds through the write_* calls.
/// Payload items are size-prefixed, so any bytes (and nested exports of other plugins) fit.
class ExportWriter {
public:
    /// @param plugin the writing plugin's own name (the one its ExportReader checks)
    /// @param device the device name the plugin is registered under (IPlugin::get_device_name())
    ExportWriter(std::ostream& stream, const std::string& plugin, const std::string& device);

    void write_string(const std::string& bytes);
    /// @brief Each value is stored as its string form (ov::Any::as<std::string>()).
    void write_properties(const ov::AnyMap& properties);
    void write_model(const ov::Model& model);
    /// @brief The underlying stream, for payload parts a plugin frames itself.
    std::ostream& stream() { return m_stream; }
    /// @throws ov::Exception naming the plugin when the stream has failed.
    void finish();

private:
    std::ostream& m_stream;
    std::string m_plugin;
};

/// @brief Reads and checks the header (check_export_header), then the payload in the order it was written.
class ExportReader {
public:
    /// @param plugin the importing plugin's own name, as its ExportWriter writes it
    /// @param who names the importer in error messages (e.g. "CPU", "MOCK device 'M'")
    ExportReader(std::istream& stream, const std::string& plugin, const std::string& who);

    const ExportHeader& header() const { return m_header; }
    /// @param what names the item in the error raised when the stream ends early or is malformed
    std::string read_string(const char* what);
    /// @brief Values come back as strings; a property table converts them on set().
    ov::AnyMap read_properties();
    std::shared_ptr<ov::Model> read_model();
    std::istream& stream() { return m_stream; }

private:
    std::istream& m_stream;
    std::string m_who;
    ExportHeader m_header;
};

}  // namespace kit
}  // namespace devmux
