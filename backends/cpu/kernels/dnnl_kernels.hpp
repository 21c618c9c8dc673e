// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <oneapi/dnnl/dnnl.hpp>
#include <utility>
#include <vector>

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

/// Bytes of per-request scratch for a primitive's scratchpad, rounded up to cache lines.
size_t dnnl_scratch_bytes(const dnnl::memory::desc& scratchpad);

/// Runs a primitive through the C API over an argument array made once: the C++ wrapper would build a
/// vector per call. Throws ov::Exception when oneDNN fails.
void dnnl_execute(const dnnl::primitive& primitive, const std::vector<dnnl_exec_arg_t>& args);

/// The threads one oneDNN step runs on: the request's team, or 1 for a step with less work than
/// `min_parallel_work` (waking the team and meeting at its barrier costs more than it saves, most of all
/// on a loaded machine).
inline int dnnl_step_threads(size_t work, size_t min_parallel_work, int team) {
    return work < min_parallel_work ? 1 : team;
}

/// One primitive bound to one request's memory objects, run on `threads` threads.
class DnnlBoundPrimitive final : public kit::BoundOp {
public:
    DnnlBoundPrimitive(const dnnl::primitive& primitive, std::vector<std::pair<int, dnnl::memory>> args, int threads);
    void execute(kit::ExecContext&) override {
        DnnlThreads scope(m_threads);
        dnnl_execute(m_primitive, m_args);
    }

private:
    const dnnl::primitive& m_primitive;
    int m_threads;
    std::vector<dnnl::memory> m_memories;  // owns what m_args points to
    std::vector<dnnl_exec_arg_t> m_args;
};

/// f32 2-D MaxPool-1 / MaxPool-8 (indices unused, no dilation) where oneDNN has a JIT implementation.
std::shared_ptr<const kit::OpKernel> make_dnnl_max_pool_kernel(const std::shared_ptr<ov::Node>& node, int threads);

/// f32 2-D Convolution-1, GroupConvolution-1 or kit FusedConvolution with Constant filters, on oneDNN
/// primitives created for `threads` threads; null where oneDNN has no implementation or the fused bias or
/// slope is not per channel.
/// Layout propagation: `input_layout` is the data input's layout in memory when a oneDNN producer kept it
/// blocked (null: plain NCHW). With `may_keep_blocked` (every consumer of the result is a oneDNN
/// convolution's data input) the result stays in the primitive's layout where that takes the plain bytes;
/// `output_layout` then receives it (a zero desc where the result is plain).
std::shared_ptr<const kit::OpKernel> make_dnnl_convolution_kernel(const std::shared_ptr<ov::Node>& node, int threads,
                                                                  const dnnl::memory::desc* input_layout = nullptr,
                                                                  bool may_keep_blocked = false,
                                                                  dnnl::memory::desc* output_layout = nullptr);

}  // namespace cpu
}  // namespace devmux
