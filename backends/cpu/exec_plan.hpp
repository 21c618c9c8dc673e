// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <vector>

#include "devmux/kit/execution_plan.hpp"
#include "openvino/core/model.hpp"

namespace devmux {
namespace cpu {

/// Plans a prepared model (see prepare_model) on the kit's planner with the CPU's kernels: an optimised
/// kernel where one applies, else the op's reference evaluate(). The user-facing element types of the
/// inputs and outputs may differ from the prepared model's (f16 ports of an f32 plan); the plan converts.
/// `threads`: one request's team size (oneDNN primitives are created for it). `bf16`: oneDNN convolutions
/// compute in bf16 (ov::hint::inference_precision bf16, on a CPU with native bf16).
std::shared_ptr<const kit::ExecutionPlan> build_plan(const std::shared_ptr<ov::Model>& model,
                                                     const std::vector<ov::element::Type>& input_types,
                                                     const std::vector<ov::element::Type>& output_types,
                                                     size_t threads = 1, bool bf16 = false);

}  // namespace cpu
}  // namespace devmux
