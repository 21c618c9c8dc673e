// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief Element-wise inverse hyperbolic cosine. Integer inputs give the rounded result.
class Acosh : public util::UnaryElementwiseArithmetic {
public:
    OPENVINO_OP("Acosh", "opset4", util::UnaryElementwiseArithmetic);

    Acosh() = default;
    /// @param arg The input.
    explicit Acosh(const Output<Node>& arg);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
