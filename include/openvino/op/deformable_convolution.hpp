// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/deformable_convolution_base.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief 2-D convolution whose taps are displaced by learned offsets and read by bilinear interpolation
/// (DeformableConvolution-1).
///
/// Inputs: data `[N, C_IN, H, W]`, offsets `[N, deformable_group * 2 * KH * KW, OH, OW]` (per tap a y then
/// an x displacement), filters `[C_OUT, C_IN / group, KH, KW]`. Output `[N, C_OUT, OH, OW]`.
class DeformableConvolution : public util::DeformableConvolutionBase {
public:
    OPENVINO_OP("DeformableConvolution", "opset1", util::DeformableConvolutionBase);

    DeformableConvolution() = default;
    DeformableConvolution(const Output<Node>& arg, const Output<Node>& offsets, const Output<Node>& filters,
                          const Strides& strides, const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                          const Strides& dilations, const PadType& auto_pad = PadType::EXPLICIT,
                          const int64_t group = 1, const int64_t deformable_group = 1);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v1

namespace v8 {

/// @brief DeformableConvolution-8: DeformableConvolution-1 plus an optional modulation mask
/// `[N, deformable_group * KH * KW, OH, OW]` that scales each sampled value, and the
/// bilinear_interpolation_pad option (samples up to one pixel outside the input blend with zeros).
class DeformableConvolution : public util::DeformableConvolutionBase {
public:
    OPENVINO_OP("DeformableConvolution", "opset8", util::DeformableConvolutionBase);

    DeformableConvolution() = default;
    DeformableConvolution(const Output<Node>& arg, const Output<Node>& offsets, const Output<Node>& filters,
                          const Output<Node>& mask, const Strides& strides, const CoordinateDiff& pads_begin,
                          const CoordinateDiff& pads_end, const Strides& dilations,
                          const PadType& auto_pad = PadType::EXPLICIT, const int64_t group = 1,
                          const int64_t deformable_group = 1, const bool bilinear_interpolation_pad = false);
    DeformableConvolution(const Output<Node>& arg, const Output<Node>& offsets, const Output<Node>& filters,
                          const Strides& strides, const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                          const Strides& dilations, const PadType& auto_pad = PadType::EXPLICIT,
                          const int64_t group = 1, const int64_t deformable_group = 1,
                          const bool bilinear_interpolation_pad = false);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    bool get_bilinear_interpolation_pad() const { return m_bilinear_interpolation_pad; }
    void set_bilinear_interpolation_pad(const bool bilinear_interpolation_pad) {
        m_bilinear_interpolation_pad = bilinear_interpolation_pad;
    }

private:
    bool m_bilinear_interpolation_pad = false;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
