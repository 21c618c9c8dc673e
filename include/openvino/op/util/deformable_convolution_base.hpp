// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

#include "openvino/op/util/convolution_base.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief What DeformableConvolution-1 and -8 share: the convolution attributes plus the number of
/// filter groups and of deformable (offset) groups.
class DeformableConvolutionBase : public ConvolutionBase {
public:
    OPENVINO_OP("DeformableConvolutionBase", "util", ConvolutionBase);

    DeformableConvolutionBase() = default;
    /// @param group            Number of groups the input and output channels are split into.
    /// @param deformable_group Number of groups the input channels are split into, each with its own offsets.
    DeformableConvolutionBase(const OutputVector& arguments, const Strides& strides, const CoordinateDiff& pads_begin,
                              const CoordinateDiff& pads_end, const Strides& dilations,
                              const PadType& auto_pad = PadType::EXPLICIT, int64_t group = 1,
                              int64_t deformable_group = 1)
        : ConvolutionBase(arguments, strides, pads_begin, pads_end, dilations, auto_pad),
          m_group(group),
          m_deformable_group(deformable_group) {}

    bool visit_attributes(AttributeVisitor& visitor) override;

    int64_t get_group() const { return m_group; }
    void set_group(int64_t group) { m_group = group; }
    int64_t get_deformable_group() const { return m_deformable_group; }
    void set_deformable_group(int64_t deformable_group) { m_deformable_group = deformable_group; }

protected:
    int64_t m_group = 1;
    int64_t m_deformable_group = 1;
};

}  // namespace util
}  // namespace op
}  // namespace ov
