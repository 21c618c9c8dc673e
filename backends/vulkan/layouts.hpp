// SPDX-License-Identifier: Apache-2.0
// VULKAN's c4 layout ([C/4][H][W] texels of 4 channels, one image; layouts.cpp), for the kernel provider.
#pragma once

#include <string>

#include "devmux/kit/layout_propagation.hpp"
#include "kernels.hpp"

namespace devmux {
namespace vulkan {

// conv_texel.comp: INPUT_C4, OUTPUT_C4, OUTPUT_C4_QUADS
constexpr uint32_t c4_input_bit = 256, c4_output_bit = 512, c4_quads_bit = 1024;
extern const char* const c4_layout;

/// The conv_texel dispatch of a plan, or null.
const Dispatch* texel_convolution(const NodePlan& plan);

/// The values VULKAN keeps in layout c4, decided for the whole model before it is planned: the kit's layout
/// propagation (kit::propagate_layouts) with VULKAN's rules (see layouts.cpp).
kit::LayoutMap c4_layouts(const ov::Model& model, const Device& device);

/// Rewrites `node`'s device_plan for the c4 values (c4_layouts()) it writes or reads: pool_c4 for a c4
/// pool, conv_texel's c4 input and output bits.
void apply_c4_layouts(NodePlan& plan, const ov::Node& node, const kit::LayoutMap& layouts);

/// The kernel provider's layout_of and concatenates_like_plain for those values.
std::string c4_layout_of(const kit::LayoutMap& layouts, const ov::Node& node, size_t index);
bool c4_concatenates_like_plain(const std::string& layout, size_t axis);

}  // namespace vulkan
}  // namespace devmux
