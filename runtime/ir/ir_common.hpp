// SPDX-License-Identifier: Apache-2.0
#pragma once

// Conventions shared by the IR reader and writer: the legacy layer type names, port precision names,
// the tensor-name list syntax and the default .bin path.

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "openvino/core/partial_shape.hpp"
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

// The most bytes one tensor may need: a 48-bit address space. Nothing larger can ever be allocated.
constexpr uint64_t max_tensor_bytes = uint64_t(1) << 48;

// Why no machine could hold a tensor of `type` and `shape` (its static dims multiply past 2^64 elements,
// or its bytes exceed max_tensor_bytes; dynamic dims count as 1), or "" when one could. The model readers
// (IR and ONNX) refuse such tensors when a model is read, before any compile plans memory for them.
std::string why_too_large(const ov::element::Type& type, const ov::PartialShape& shape);

}  // namespace ir
}  // namespace devmux
