// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Element-wise ceiling: the smallest integer not below x. Integers are unchanged.
class Ceiling : public util::UnaryElementwiseArithmetic {
public:
    OPENVINO_OP("Ceiling", "opset1", util::UnaryElementwiseArithmetic);

    Ceiling() = default;
    /// @param arg The input.
    explicit Ceiling(const Output<Node>& arg);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
