// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v9 {

/// @brief Element-wise SoftSign x / (1 + |x|). Evaluates real types.
class SoftSign : public util::UnaryElementwiseArithmetic {
public:
    OPENVINO_OP("SoftSign", "opset9", util::UnaryElementwiseArithmetic);

    SoftSign() = default;
    /// @param arg The input.
    explicit SoftSign(const Output<Node>& arg);

    /// @brief As the base class, and requires a real element type.
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v9
}  // namespace op
}  // namespace ov
