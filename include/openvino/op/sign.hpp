// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Element-wise sign: -1, 0 or 1 (NaN stays NaN).
class Sign : public util::UnaryElementwiseArithmetic {
public:
    OPENVINO_OP("Sign", "opset1", util::UnaryElementwiseArithmetic);

    Sign() = default;
    /// @param arg The input.
    explicit Sign(const Output<Node>& arg);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
