// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "kernels/kernel.hpp"

namespace devmux {
namespace cpu {

/// f32 Convolution-1 / GroupConvolution-1 with 1 or 2 spatial axes and static shapes; null otherwise.
std::shared_ptr<const Kernel> make_convolution_kernel(const std::shared_ptr<ov::Node>& node);

/// f32 MatMul-1 with static shapes; a Constant right-hand side is repacked once, here. Null otherwise.
std::shared_ptr<const Kernel> make_matmul_kernel(const std::shared_ptr<ov::Node>& node);

/// f32 Add/Subtract/Multiply/Divide/Maximum/Minimum with equal shapes or a one-block numpy broadcast.
std::shared_ptr<const Kernel> make_binary_kernel(const std::shared_ptr<ov::Node>& node);

/// f32 MaxPool-1 / MaxPool-8 (indices unused) over 2-D NCHW data.
std::shared_ptr<const Kernel> make_max_pool_kernel(const std::shared_ptr<ov::Node>& node);

/// f32 Relu, Sigmoid, Tanh, Exp, Sqrt and Clamp.
std::shared_ptr<const Kernel> make_unary_kernel(const std::shared_ptr<ov::Node>& node);

/// Concat of any element type with static shapes.
std::shared_ptr<const Kernel> make_concat_kernel(const std::shared_ptr<ov::Node>& node);

/// f32 ReduceMean / ReduceSum / ReduceMax / ReduceProd over one contiguous run of constant axes.
std::shared_ptr<const Kernel> make_reduce_kernel(const std::shared_ptr<ov::Node>& node);

/// f32 Softmax-1 / Softmax-8.
std::shared_ptr<const Kernel> make_softmax_kernel(const std::shared_ptr<ov::Node>& node);

}  // namespace cpu
}  // namespace devmux
