// SPDX-License-Identifier: Apache-2.0
// The convolution family (ops/convolution.cpp), as the kernels and the c4 layouts (layouts.cpp) use it.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels.hpp"

namespace devmux {
namespace vulkan {

// The convolutions' operand modes (parameter 16, conv_epilogue.glsl): a 2-bit field per operand at these
// bit offsets (1 one value, 2 one per channel, 3 one per element), and bit 13 for the residual form,
// FusedConvolution::addend_first(). Bits 8-10 are conv_texel's layouts (c4_input_bit and the next two).
constexpr uint32_t bias_field = 0, slope_field = 2, addend_field = 4, scale_field = 6, shift_field = 11;
constexpr uint32_t residual_bit = 8192;

inline uint32_t operand_field(uint32_t modes, uint32_t field) { return (modes >> field) & 3u; }

// An operand of one value per element is indexed as the plain layout: such an output cannot be c4.
inline bool has_per_element_operand(uint32_t modes) {
    for (uint32_t field : {bias_field, slope_field, addend_field, scale_field, shift_field})
        if (operand_field(modes, field) == 3u)
            return true;
    return false;
}

// Filters [K, C/groups, KH, KW] regrouped for conv_block: per block of `block` output channels of a group
// and per (input channel, kh, kw), the block's weights side by side, zeros past the group's last channel.
std::vector<float> pack_filters(const std::vector<float>& filters, size_t out_channels, size_t groups, size_t block);
// Filters [K, C/groups, KH, KW] for conv_texel: per block of 16 output channels of a group and per (kh, kw,
// quad of input channels), 16 vec4 texels, texel 4 * ci + j holding output channels 4j..4j+3 of the block for
// input channel ci of the quad; zeros past the group's last output or input channel.
std::vector<float> pack_texel_filters(const std::vector<float>& filters, size_t out_channels, size_t groups,
                                      size_t kh_size, size_t kw_size);
// Turns a conv_block plan into pack_c4 + conv_texel where the device reads vec4 texel buffers large enough
// and every group's input channels come in quads (one group: any count, the last quad padded with zeros);
// false (the plan unchanged) otherwise.
bool use_texel_convolution(NodePlan& plan, const Device& device, const ov::Node& node);

}  // namespace vulkan
}  // namespace devmux
