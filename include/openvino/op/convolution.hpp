// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/convolution_backprop_base.hpp"
#include "openvino/op/util/convolution_base.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Batched convolution with strides, paddings and dilations (Convolution-1).
///
/// Data `[N, C_IN, D1, ... Df]` (f = 1, 2 or 3), filters `[C_OUT, C_IN, F1, ... Ff]`, output
/// `[N, C_OUT, R1, ... Rf]`.
class Convolution : public util::ConvolutionFwdPropBase {
public:
    OPENVINO_OP("Convolution", "opset1", util::ConvolutionFwdPropBase);

    Convolution() = default;
    Convolution(const Output<Node>& data_batch, const Output<Node>& filters, const Strides& strides,
                const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                const PadType& auto_pad = PadType::EXPLICIT);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};


/// @brief Transposed convolution, the gradient of Convolution with respect to its data
/// (ConvolutionBackpropData-1).
///
/// Data `[N, C_IN, X1, ... Xf]`, filters `[C_IN, C_OUT, K1, ... Kf]`, optional output_shape (the f spatial
/// output sizes), output `[N, C_OUT, Y1, ... Yf]` with, unless output_shape is given,
/// `Yi = stride_i * (Xi - 1) + (Ki - 1) * dilation_i + 1 - pads_begin_i - pads_end_i + output_padding_i`.
class ConvolutionBackpropData : public util::ConvolutionBackPropBase {
public:
    OPENVINO_OP("ConvolutionBackpropData", "opset1", util::ConvolutionBackPropBase);

    ConvolutionBackpropData() = default;
    /// @param output_shape 1-D integer tensor of the spatial output sizes; with auto_pad SAME_UPPER/SAME_LOWER
    ///                     the paddings are derived from it.
    ConvolutionBackpropData(const Output<Node>& data, const Output<Node>& filters, const Output<Node>& output_shape,
                            const Strides& strides, const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                            const Strides& dilations, const PadType& auto_pad = PadType::EXPLICIT,
                            const CoordinateDiff& output_padding = {});
    ConvolutionBackpropData(const Output<Node>& data, const Output<Node>& filters, const Strides& strides,
                            const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                            const PadType& auto_pad = PadType::EXPLICIT, const CoordinateDiff& output_padding = {});

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    /// @brief The spatial output shape: the output_shape input's value when known, else what shape inference
    /// gave (dynamic where unknown).
    const PartialShape get_output_shape() const;
    /// @brief Replaces (or adds) the output_shape input by a constant.
    void set_output_shape(const Shape& output_shape);
};

}  // namespace v1
}  // namespace op
}  // namespace ov
