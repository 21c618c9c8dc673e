// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "openvino/core/model.hpp"
#include "openvino/core/type/element_type.hpp"

/// @file
/// @brief Graph passes every backend may run at compile time (never on the infer path). Each edits the
/// model in place, so nobody else may read or compile it meanwhile: run them on a clone.

namespace devmux {
namespace kit {

/// @brief Replaces by Constants every node whose inputs are all Constants and that has a reference evaluate()
/// (Parameters, ReadValue, Assign and Results excepted), and every ShapeOf of a statically shaped input,
/// so that shape subgraphs (ShapeOf -> Gather -> Concat -> Reshape) collapse. Folding runs in topological
/// order, so chains fold in one call. Each new Constant keeps the friendly name of the node it replaces
/// (with ".<i>" appended for nodes of several outputs), its rt_info and its output tensor names.
/// Nodes whose evaluate() declines or throws are left in place: the error will surface when the model
/// runs, where it can name the inputs.
/// @return The number of nodes replaced.
size_t fold_constants(ov::Model& model);

/// @brief Removes ops that return their input unchanged: a Convert to the type its input already has, and a
/// Reshape, Squeeze or Unsqueeze whose static output shape equals its static input shape. Their consumers
/// read the op's input instead; the op's output tensor names move to that input's tensor, so lookups
/// by name still find the value. An op that feeds a Result straight from a Parameter is kept (the model
/// output must stay a value of its own).
/// @return The number of ops removed.
size_t remove_identity_ops(ov::Model& model);

/// @brief Puts `replacement` in the place of `original` (single-output nodes): same friendly name,
/// rt_info and output tensor names; every consumer of `original` reads `replacement`.
void replace_keeping_identity(const std::shared_ptr<ov::Node>& original, const std::shared_ptr<ov::Node>& replacement);

/// @brief The precision a backend computes in, chosen once at compile time from its capabilities
/// (`ov::device::capabilities`: FP32, FP16, BF16) and the user's `ov::hint::inference_precision`
/// (ov::element::undefined when not given):
/// - a hint of f16 or bf16 is honoured when the device has that capability, otherwise f32 is used
///   (as OpenVINO's CPU plugin does on processors without the arithmetic);
/// - f32, and no hint, give f32 when the device has FP32 (or lists no precision at all), else its
///   first listed precision of FP16 and BF16.
/// Throws ov::Exception naming `device` and the hint when the hint is not f32, f16 or bf16.
ov::element::Type choose_inference_precision(const std::string& device, const std::vector<std::string>& capabilities,
                                             const ov::element::Type& hint);

/// @brief Retypes every floating value of a type in `from` to `to`: Constants are converted once here
/// (weights are never converted per inference), Converts to a type of `from` convert to `to`, Parameters
/// and variables of such a type take `to` (the backend converts the user's tensors at the boundary).
/// Variables are replaced by copies: a clone shares its Variable objects with the user's model.
/// @return The number of nodes changed.
size_t convert_precision(ov::Model& model, const std::vector<ov::element::Type>& from, const ov::element::Type& to);

/// @brief Converts `count` values between f32, f16 and bf16 (rounding to nearest even); throws
/// ov::Exception for other types.
void convert_floats(const void* source, const ov::element::Type& from, void* destination, const ov::element::Type& to,
                    size_t count);

/// @brief Applies the precision chosen by choose_inference_precision:
/// - f32: f16 and bf16 become f32 (weights decompressed once);
/// - f16: f16 weights are kept as they are and nothing else changes;
/// - bf16: f32 and f16 become bf16.
/// @return The number of nodes changed.
size_t apply_inference_precision(ov::Model& model, const ov::element::Type& precision);

}  // namespace kit
}  // namespace devmux
