// SPDX-License-Identifier: Apache-2.0
#pragma once

// Conventions shared by the IR reader and writer: the legacy layer type names, port precision names,
// the tensor-name list syntax and the default .bin path.

#include <string>
#include <unordered_set>
#include <vector>

#include "openvino/core/type/element_type.hpp"

namespace devmux {
namespace ir {

// The op class type name for an IR layer type ("Const" -> "Constant"); other names pass through.
const std::string& class_type_from_ir(const std::string& ir_type);
// The layer type OpenVINO's serializer writes for an op class type name ("Constant" -> "Const").
const std::string& ir_type_from_class(const std::string& class_type);

// "FP32", "I64", "BOOL", ... for a port's precision attribute.
std::string precision_name(const ov::element::Type& type);

// Splits a port's names="a,b\,c" attribute: ',' separates names and "\," is a comma inside a name.
std::vector<std::string> split_tensor_names(const std::string& text);
// The inverse of split_tensor_names: names sorted, commas inside names escaped.
std::string join_tensor_names(const std::unordered_set<std::string>& names);

// The weights path OpenVINO assumes for an IR: "model.xml" -> "model.bin", other names get ".bin" appended.
std::string default_bin_path(const std::string& xml_path);

}  // namespace ir
}  // namespace devmux
