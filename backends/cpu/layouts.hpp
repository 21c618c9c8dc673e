// SPDX-License-Identifier: Apache-2.0
#pragma once

// Which values the CPU keeps in a oneDNN layout (built with oneDNN only): its rules for the kit's layout
// propagation pass.

#include <memory>
#include <oneapi/dnnl/dnnl.hpp>

#include "devmux/kit/execution_plan.hpp"
#include "devmux/kit/layout_propagation.hpp"

namespace devmux {
namespace cpu {

// The layout tags of values the CPU keeps in a oneDNN layout. Channel-blocked: nChw16c (AVX-512) or
// nChw8c (AVX2), by dnnl_channel_block(); each value holds whole channel blocks, so Concats of them on
// channels stay in place. Chosen: the layout oneDNN picks for the producing convolution (kept by the
// MaxPools and element-wise ops after it), for any channel count, only where it has no padding. Either way a
// value takes exactly the bytes of its shape.
constexpr const char* dnnl_blocked16_layout = "dnnl_nChw16c";
constexpr const char* dnnl_blocked8_layout = "dnnl_nChw8c";
constexpr const char* dnnl_chosen_layout = "dnnl_chosen";

// The payload of a value in a oneDNN layout: how it lies in the plan's buffer.
struct DnnlLayout final : kit::LayoutPayload {
    dnnl::memory::desc desc;
    // A convolution keeping oneDNN's pick: oneDNN tells which layout it picks only once the kernel is
    // made, so the pass made it (kernel_for returns it). `kernel_made` with a null kernel: oneDNN had none.
    bool kernel_made = false;
    std::shared_ptr<const kit::OpKernel> kernel;
};

// True when the CPU runs `node` as a oneDNN convolution: a kit FusedConvolution, or a convolution with
// enough multiply-adds to pay for oneDNN's per-call cost, that oneDNN takes.
bool dnnl_convolution_candidate(const ov::Node& node);

// The oneDNN layout of the value `node` reads at `input` in the plan's buffer (as `layouts` decided); null
// where it is plain, or where there is no such input or no map.
inline const dnnl::memory::desc* dnnl_input_layout(const kit::LayoutMap* layouts, const ov::Node& node, size_t input) {
    if (!layouts || input >= node.get_input_size())
        return nullptr;
    const kit::Layout& layout = layouts->of_input(node, input);
    const auto* dnnl_layout = layout.plain() ? nullptr : layout.payload_as<DnnlLayout>();
    return dnnl_layout ? &dnnl_layout->desc : nullptr;
}

// The layout of every value of a prepared model (see the rules in layouts.cpp), decided once before it is
// planned. `threads` and `bf16` as for build_plan: convolutions keeping oneDNN's layout are made here.
kit::LayoutMap plan_dnnl_layouts(const ov::Model& model, int threads, bool bf16);

}  // namespace cpu
}  // namespace devmux
