// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Element-wise absolute value |x|. Evaluates real and integer types.
class Abs : public util::UnaryElementwiseArithmetic {
public:
    OPENVINO_OP("Abs", "opset1", util::UnaryElementwiseArithmetic);

    Abs() = default;
    /// @param arg The input.
    explicit Abs(const Output<Node>& arg);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
