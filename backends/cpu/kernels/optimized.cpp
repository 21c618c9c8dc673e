// SPDX-License-Identifier: Apache-2.0
#include "kernels/optimized.hpp"

namespace devmux {
namespace cpu {

std::shared_ptr<const Kernel> make_optimized_kernel(const std::shared_ptr<ov::Node>& node) {
    if (auto kernel = make_convolution_kernel(node))
        return kernel;
    if (auto kernel = make_matmul_kernel(node))
        return kernel;
    if (auto kernel = make_binary_kernel(node))
        return kernel;
    if (auto kernel = make_max_pool_kernel(node))
        return kernel;
    if (auto kernel = make_unary_kernel(node))
        return kernel;
    if (auto kernel = make_concat_kernel(node))
        return kernel;
    if (auto kernel = make_reduce_kernel(node))
        return kernel;
    return make_softmax_kernel(node);
}

}  // namespace cpu
}  // namespace devmux
