// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/convolution.hpp"
#include "openvino/op/util/convolution_base.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Grouped convolution (GroupConvolution-1).
///
/// Data `[N, GROUPS * C_IN, D1, ... Df]`, filters `[GROUPS, C_OUT, C_IN, F1, ... Ff]`, output
/// `[N, GROUPS * C_OUT, R1, ... Rf]`: each group of input channels is convolved with its own filters.
class GroupConvolution : public util::ConvolutionFwdPropBase {
public:
    OPENVINO_OP("GroupConvolution", "opset1", util::ConvolutionFwdPropBase);

    GroupConvolution() = default;
    GroupConvolution(const Output<Node>& data_batch, const Output<Node>& filters, const Strides& strides,
                     const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                     const PadType& auto_pad = PadType::EXPLICIT);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};


/// @brief Grouped transposed convolution (GroupConvolutionBackpropData-1).
///
/// Data `[N, GROUPS * C_IN, X1, ... Xf]`, filters `[GROUPS, C_IN, C_OUT, K1, ... Kf]`, optional output_shape,
/// output `[N, GROUPS * C_OUT, Y1, ... Yf]`: each group is a ConvolutionBackpropData of its own channels.
class GroupConvolutionBackpropData : public util::ConvolutionBackPropBase {
public:
    OPENVINO_OP("GroupConvolutionBackpropData", "opset1", util::ConvolutionBackPropBase);

    GroupConvolutionBackpropData() = default;
    GroupConvolutionBackpropData(const Output<Node>& data, const Output<Node>& filters,
                                 const Output<Node>& output_shape, const Strides& strides,
                                 const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                                 const Strides& dilations, const PadType& auto_pad = PadType::EXPLICIT,
                                 const CoordinateDiff& output_padding = {});
    GroupConvolutionBackpropData(const Output<Node>& data, const Output<Node>& filters, const Strides& strides,
                                 const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                                 const Strides& dilations, const PadType& auto_pad = PadType::EXPLICIT,
                                 const CoordinateDiff& output_padding = {});

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    /// @brief The spatial output shape (see ConvolutionBackpropData::get_output_shape).
    const PartialShape get_output_shape() const;
    /// @brief Replaces (or adds) the output_shape input by a constant.
    void set_output_shape(const Shape& output_shape);
};

}  // namespace v1
}  // namespace op
}  // namespace ov
