// SPDX-License-Identifier: Apache-2.0
#pragma once

// OpenVINO IR v11 writer: any ov::Model to .xml + .bin that ir::read_model reads back to the same graph
// (ops and versions, attributes, friendly names, tensor names, rt_info as strings, constants, order of
// Parameters and Results, sinks and variables).

#include <ostream>
#include <string>

#include "openvino/core/model.hpp"

namespace devmux {
namespace ir {

// Writes xml_path and bin_path (when empty: the .xml path with a .bin extension). Throws ov::Exception
// naming the file that cannot be written or the op that cannot be serialized.
void write_model(const ov::Model& model, const std::string& xml_path, const std::string& bin_path);

// Writes the IR text to xml and the constants' bytes to bin (offsets in the text count from the first
// byte written to bin).
void write_model_to_streams(const ov::Model& model, std::ostream& xml, std::ostream& bin);

}  // namespace ir
}  // namespace devmux
