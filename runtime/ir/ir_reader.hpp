// SPDX-License-Identifier: Apache-2.0
#pragma once

// OpenVINO IR (v10, v11) reader. Pure functions from files or memory to an ov::Model; every fault in the
// input becomes an ov::Exception naming the file and, where there is one, the layer (id, name, type).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/model.hpp"

namespace devmux {
namespace ir {

// Reads xml_path and its weights (bin_path, or when empty the .xml path with a .bin extension).
// A weights file given explicitly must exist; the implied one is needed only when a Const uses it.
std::shared_ptr<ov::Model> read_model(const std::string& xml_path, const std::string& bin_path);

// Reads an IR from text; weights may be null when no Const needs them. Constants share (do not copy)
// the weights buffer, except data it holds misaligned for its element type, which is copied.
// origin_for_messages names the model in error messages (usually its path).
std::shared_ptr<ov::Model> read_model_from_memory(const std::string& xml_text,
                                                  std::shared_ptr<const std::vector<uint8_t>> weights,
                                                  const std::string& origin_for_messages);

}  // namespace ir
}  // namespace devmux
