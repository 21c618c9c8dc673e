// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "openvino/core/model.hpp"

namespace devmux {
namespace cpu {

/// The graph the CPU plugin executes: a clone of `model` computing in f32 wherever the model says f16
/// or bf16 (Constants decompressed once here, Converts to f16 retargeted to f32, f16 Parameters
/// retyped; the plan converts at the boundaries), with identity Converts removed and constants folded.
/// The user's model is not modified.
std::shared_ptr<ov::Model> prepare_model(const ov::Model& model);

/// Whether the plan has a kernel for this node (a reference evaluate(), an optimised kernel, or one of
/// the structural ops it handles itself: Parameter, Constant, Result, ReadValue, Assign).
bool has_kernel(const std::shared_ptr<ov::Node>& node);

/// "<type>-<opset>" as OpenVINO prints an op type, for messages.
std::string describe_type(const ov::Node& node);

/// Throws ov::Exception naming the model and the first input, then the first op, with a dynamic shape,
/// and the first op the plan cannot run. `model` is prepare_model's result; `source` the user's model.
void check_compilable(const ov::Model& source, const ov::Model& model);

}  // namespace cpu
}  // namespace devmux
