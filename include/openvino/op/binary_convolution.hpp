// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "openvino/op/util/convolution_base.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Convolution of binary data with binary filters (BinaryConvolution-1).
///
/// Data `[N, C_IN, D1, ... Df]` and filters `[C_OUT, C_IN, K1, ... Kf]` hold 0/1 values (0 meaning -1 in
/// xnor-popcount mode; devmux reads a value above zero as 1 and stores filters in any numeric type, as it has
/// no u1 element type). Each output is 2 * P - B, P the number of window positions where data and filter
/// agree and B the window size; padded positions hold pad_value.
class BinaryConvolution : public util::ConvolutionFwdPropBase {
public:
    OPENVINO_OP("BinaryConvolution", "opset1", util::ConvolutionFwdPropBase);

    enum class BinaryConvolutionMode {
        /// @brief XNOR of the bit streams, then popcount.
        XNOR_POPCOUNT
    };

    BinaryConvolution() = default;
    BinaryConvolution(const Output<Node>& data, const Output<Node>& kernel, const Strides& strides,
                      const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                      BinaryConvolutionMode mode, float pad_value, const PadType& auto_pad = PadType::EXPLICIT);
    /// @param mode "xnor-popcount".
    BinaryConvolution(const Output<Node>& data, const Output<Node>& kernel, const Strides& strides,
                      const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                      const std::string& mode, float pad_value, const PadType& auto_pad = PadType::EXPLICIT);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const BinaryConvolutionMode& get_mode() const { return m_mode; }
    void set_mode(const BinaryConvolutionMode& mode) { m_mode = mode; }
    float get_pad_value() const { return m_pad_value; }
    void set_pad_value(float pad_value) { m_pad_value = pad_value; }

private:
    BinaryConvolutionMode m_mode = BinaryConvolutionMode::XNOR_POPCOUNT;
    float m_pad_value = 0.0f;
};

std::ostream& operator<<(std::ostream& os, BinaryConvolution::BinaryConvolutionMode mode);
std::istream& operator>>(std::istream& is, BinaryConvolution::BinaryConvolutionMode& mode);

}  // namespace v1
}  // namespace op
}  // namespace ov
