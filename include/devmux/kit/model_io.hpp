// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "openvino/core/model.hpp"

namespace devmux {
namespace kit {

/// @brief Writes a model to a stream as OpenVINO IR v11 (the XML text, then the weights), each part
/// prefixed with its size, so that read_model() reads back exactly these bytes and no more.
/// Plugins use it for the model part of an export payload.
/// @throws ov::Exception naming the op that cannot be serialized, or when the stream fails.
void write_model(const ov::Model& model, std::ostream& stream);

/// @brief Reads a model written by write_model() from the stream's current position.
/// @param origin names the stream in error messages (e.g. "model exported by the CPU plugin").
/// @throws ov::Exception naming `origin` when the stream is truncated or the IR is invalid.
std::shared_ptr<ov::Model> read_model(std::istream& stream, const std::string& origin);

/// @brief Reads an OpenVINO IR (v10, v11) from files exactly as written: unlike ov::Core::read_model, no
/// IR v10 conventions are applied. `bin_path` empty: the .xml path with a .bin extension.
/// @throws ov::Exception naming the file and, where there is one, the layer at fault.
std::shared_ptr<ov::Model> read_ir(const std::string& xml_path, const std::string& bin_path = {});

/// @brief Writes a model as IR v11 files that read_ir reads back to the same graph.
/// `bin_path` empty: the .xml path with a .bin extension.
void write_ir(const ov::Model& model, const std::string& xml_path, const std::string& bin_path = {});

/// @brief Writes a model as IR v11: the XML text to `xml`, the weights to `bin` (offsets count from the
/// first byte written to `bin`).
void write_ir(const ov::Model& model, std::ostream& xml, std::ostream& bin);

/// @brief The op type names (ov::Node::get_type_name()) the runtime can create from IR, sorted, each once.
std::vector<std::string> known_op_types();

}  // namespace kit
}  // namespace devmux
