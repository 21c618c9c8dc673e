// SPDX-License-Identifier: Apache-2.0
#pragma once

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

}  // namespace v1
}  // namespace op
}  // namespace ov
