// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <oneapi/dnnl/dnnl.hpp>

#include "kernels/kernel.hpp"

namespace devmux {
namespace cpu {

/// Sets the calling thread's OpenMP team size (oneDNN's threads) for the scope, then restores it. oneDNN
/// sizes its work split when a primitive is created, so primitives are created under the team size of the
/// requests that run them.
class DnnlThreads {
public:
    explicit DnnlThreads(int threads);
    ~DnnlThreads();
    DnnlThreads(const DnnlThreads&) = delete;
    DnnlThreads& operator=(const DnnlThreads&) = delete;

private:
    int m_previous;
};

/// The process's oneDNN CPU engine.
const dnnl::engine& dnnl_engine();

/// The calling thread's oneDNN stream (a CPU stream runs primitives in the calling thread).
dnnl::stream& dnnl_stream();

/// f32 2-D Convolution-1, GroupConvolution-1 or kit FusedConvolution with Constant filters, on oneDNN
/// primitives created for `threads` threads; null where oneDNN has no implementation or the fused bias or
/// slope is not per channel.
std::shared_ptr<const kit::OpKernel> make_dnnl_convolution_kernel(const std::shared_ptr<ov::Node>& node, int threads);

}  // namespace cpu
}  // namespace devmux
