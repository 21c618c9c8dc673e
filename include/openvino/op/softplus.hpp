// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v4 {

/// @brief Element-wise SoftPlus ln(1 + e^x) (x itself where e^x would overflow). Evaluates real types.
class SoftPlus : public util::UnaryElementwiseArithmetic {
public:
    OPENVINO_OP("SoftPlus", "opset4", util::UnaryElementwiseArithmetic);

    SoftPlus() = default;
    /// @param arg The input.
    explicit SoftPlus(const Output<Node>& arg);

    /// @brief As the base class, and requires a real element type.
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v4
}  // namespace op
}  // namespace ov
