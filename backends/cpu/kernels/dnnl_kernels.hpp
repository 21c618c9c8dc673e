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

/// The channel block of oneDNN's vector layouts on this CPU: 16 with AVX-512, 8 with AVX2, 0 below
/// (then no value is kept blocked).
int dnnl_channel_block();

/// The channel-blocked layout (nChw16c or nChw8c, by dnnl_channel_block()) of a 4-D shape.
dnnl::memory::desc dnnl_channel_blocked_layout(const ov::Shape& shape,
                                               dnnl::memory::data_type type = dnnl::memory::data_type::f32);

/// True when oneDNN runs bf16 convolutions natively on this CPU (AVX512-BF16 or AMX).
bool dnnl_native_bf16();

/// True for a 2-D MaxPool-1 / MaxPool-8 (indices unused, no dilation) on f32 with static shapes.
bool dnnl_max_pool_supported(const std::shared_ptr<ov::Node>& node);

/// A MaxPool of dnnl_max_pool_supported on oneDNN, its result in the layout of its input: `input_layout`
/// (null: plain NCHW; else NHWC or channel-blocked). Taken only where oneDNN has a JIT implementation (its
/// reference one is slower than the hand-written kernel); null otherwise.
std::shared_ptr<const kit::OpKernel> make_dnnl_max_pool_kernel(const std::shared_ptr<ov::Node>& node, int threads,
                                                               const dnnl::memory::desc* input_layout = nullptr);

/// The same layout as `layout` (NCHW, NHWC, nChw16c or nChw8c) over other dimensions; a zero desc for any
/// other layout.
dnnl::memory::desc dnnl_same_layout(const dnnl::memory::desc& layout, const ov::Shape& shape);

/// True when make_dnnl_convolution_kernel takes `node`: an f32 1-D, 2-D or 3-D Convolution-1, GroupConvolution-1 or
/// kit FusedConvolution with static shapes, Constant filters and a per-channel bias and slope.
bool dnnl_convolution_supported(const std::shared_ptr<ov::Node>& node);

/// True when such a convolution can write its result in any layout: no per-channel PRelu (which runs, and
/// then the addend, over the plain result).
bool dnnl_convolution_writes_any_layout(const std::shared_ptr<ov::Node>& node);

/// The oneDNN kernel of a convolution of dnnl_convolution_supported, primitives created for `threads`
/// threads; null where oneDNN has no implementation for it.
/// Layout propagation: `input_layout` is the data input's layout in the plan's buffer (null: plain NCHW);
/// `output_layout` the layout the result must have there (null: plain NCHW, or see `chosen_layout`).
/// With `chosen_layout` (every reader is a oneDNN convolution's data input) the result may instead stay
/// in the layout oneDNN picks where that takes the plain bytes; `chosen_layout` then receives it (a zero
/// desc where the result is plain).
/// `bf16`: the data and filters are converted to bf16 and the primitive computes in bf16 (f32 result).
/// `addend_layout`: a FusedConvolution's addend's layout in the plan's buffer (null: plain NCHW).
std::shared_ptr<const kit::OpKernel> make_dnnl_convolution_kernel(const std::shared_ptr<ov::Node>& node, int threads,
                                                                  const dnnl::memory::desc* input_layout = nullptr,
                                                                  const dnnl::memory::desc* output_layout = nullptr,
                                                                  dnnl::memory::desc* chosen_layout = nullptr,
                                                                  bool bf16 = false,
                                                                  const dnnl::memory::desc* addend_layout = nullptr);

}  // namespace cpu
}  // namespace devmux
