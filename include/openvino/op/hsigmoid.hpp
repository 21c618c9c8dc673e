// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v5 {

/// @brief Element-wise hard sigmoid min(max(x + 3, 0), 6) / 6. Evaluates real types.
class HSigmoid : public util::UnaryElementwiseArithmetic {
public:
    OPENVINO_OP("HSigmoid", "opset5", util::UnaryElementwiseArithmetic);

    HSigmoid() = default;
    /// @param arg The input.
    explicit HSigmoid(const Output<Node>& arg);

    /// @brief As the base class, and requires a real element type.
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v5
}  // namespace op
}  // namespace ov
