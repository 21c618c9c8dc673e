// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "openvino/core/model.hpp"
#include "openvino/pass/serialize.hpp"

namespace ov {

/// @brief Writes the model as IR: xml_path and bin_path (empty: xml_path with a ".bin" extension).
///
/// Weights keep their element types. Throws ov::Exception naming the file that cannot be written.
/// @param model The model; not modified.
/// @param xml_path File of the IR text.
/// @param bin_path File of the weights.
/// @param version IR version; devmux writes version 11 (IR_V10 is refused).
void serialize(const std::shared_ptr<const ov::Model>& model,
               const std::string& xml_path,
               const std::string& bin_path = "",
               ov::pass::Serialize::Version version = ov::pass::Serialize::Version::UNSPECIFIED);

/// @brief Saves the model as IR v11: output_model (.xml) and the .bin beside it.
///
/// With compress_to_fp16, every f32 Constant is stored as an f16 Constant followed by a Convert back to
/// f32 (the "decompression" Convert), so the weights file is about half the size and the saved model
/// computes in f32 on the rounded weights. Constants are kept f32 where a value is beyond f16's range
/// or where a consumer's output shape depends on the constant's value. The caller's model is not
/// modified. Throws ov::Exception naming the file that cannot be written.
/// @param model The model to save.
/// @param output_model Path of the .xml file.
/// @param compress_to_fp16 Whether to store f32 weights as f16.
void save_model(const std::shared_ptr<const ov::Model>& model,
                const std::string& output_model,
                bool compress_to_fp16 = true);

}  // namespace ov
