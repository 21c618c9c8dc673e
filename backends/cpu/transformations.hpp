// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "devmux/kit/op_support.hpp"
#include "openvino/core/model.hpp"

namespace devmux {
namespace cpu {

/// True when this CPU has native bf16 arithmetic that oneDNN uses (AVX512-BF16 or AMX).
bool has_native_bf16();

/// The precision capabilities of ov::device::capabilities: FP32, and BF16 where has_native_bf16().
std::vector<std::string> capabilities();

/// The graph the CPU plugin executes: a clone of `model` prepared by the kit passes with the CPU's choices:
/// values in f32 (f16 and bf16 Constants decompressed once, Converts to f16 retargeted to f32, f16
/// Parameters retyped; the plan converts at the boundaries; with a bf16 inference precision the oneDNN
/// convolutions compute in bf16 inside their steps), identity ops removed and constants folded. The
/// user's model is not modified.
std::shared_ptr<ov::Model> prepare_model(const ov::Model& model);

/// What the CPU runs: the statement of its kernel table (kernels/table.inc): an entry's kernel where its check
/// takes the op, else the op's reference evaluate(), and the structural ops the plan handles itself
/// (Parameter, Constant, Result, ReadValue, Assign), with static element types (shapes may be dynamic: such a
/// model runs every op's evaluate() at each inference). Both query_model and compile_model
/// (check_compilable) decide from it, and the planner asks the same table for each op's kernel.
const kit::OpSupport& op_support();

/// "<type>-<opset>" as OpenVINO prints an op type, for messages.
std::string describe_type(const ov::Node& node);

/// Throws ov::Exception naming the model and the first input, then the first op, that op_support() refuses
/// (no kernel, a dynamic element type). `model` is prepare_model's result; `source` the user's model.
void check_compilable(const ov::Model& source, const ov::Model& model);

}  // namespace cpu
}  // namespace devmux
