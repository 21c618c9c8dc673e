// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cl_device.hpp"
#include "devmux/kit/execution_plan.hpp"
#include "devmux/kit/op_support.hpp"

namespace devmux {
namespace opencl {

/// The memory space of a device's buffers in the plan (host memory is kit::host_memory).
constexpr kit::MemorySpace device_memory = 1;

/// What a request hands its bound steps at run time (kit::ExecContext::backend).
struct RequestQueue {
    cl_command_queue queue = nullptr;
    bool profiling = false;
};

/// The Constants the kernels of one compiled model read, uploaded once at compile time and shared by its
/// requests; found by the host address the plan gives the Constant's value. Read-only after compile.
struct ConstantPool {
    std::string model;  // named when an upload fails
    std::map<const void*, Mem> buffers;
};

/// The f32 graph the OPENCL plugin plans (ops/table.cpp): the user's model cloned, inference precision applied
/// (f32), identity ops removed, constants folded, convolutions fused with their bias, activation and addend.
std::shared_ptr<ov::Model> prepare_model(const ov::Model& model);

/// The statement of what the OPENCL kernels run: the kernel table's (ops/table.inc, one entry per kernel,
/// defined in ops/<family>.cpp); query_model and compile_model both decide from it.
const kit::OpSupport& op_support();

/// The planner's kernel provider: one OpenCL kernel per op, made by the table entry op_support() accepted for
/// it, weights uploaded into `constants` as kernels are made.
std::unique_ptr<kit::KernelProvider> make_kernel_provider(const std::shared_ptr<DeviceContext>& device,
                                                          cl_program program,
                                                          const std::shared_ptr<ConstantPool>& constants);

}  // namespace opencl
}  // namespace devmux
