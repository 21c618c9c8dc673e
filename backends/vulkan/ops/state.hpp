// SPDX-License-Identifier: Apache-2.0
// The variables' kernels (ops/state.cpp), which the kernel provider gives the kit.
#pragma once

#include <memory>

#include "kernels.hpp"

namespace devmux {
namespace vulkan {

/// ReadValue of `variable`: its value, else its initial value (step input 0, when `has_init`), else zeros.
std::shared_ptr<const kit::OpKernel> make_read_value_kernel(std::shared_ptr<Device> device, size_t variable,
                                                            bool has_init, bool half);
/// Assign of `variable`: step input 0 becomes its value after the fence.
std::shared_ptr<const kit::OpKernel> make_assign_kernel(size_t variable);

}  // namespace vulkan
}  // namespace devmux
