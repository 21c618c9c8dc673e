// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/binary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Element-wise quotient arg0 / arg1. For integer types the quotient is rounded towards minus
/// infinity when pythondiv is true (Python's //, the default) and towards zero otherwise; integer
/// division by zero raises ov::Exception at evaluation.
class Divide : public util::BinaryElementwiseArithmetic {
public:
    OPENVINO_OP("Divide", "opset1", util::BinaryElementwiseArithmetic);

    Divide() : util::BinaryElementwiseArithmetic(AutoBroadcastType::NUMPY) {}
    /// @param arg0 Dividend.
    /// @param arg1 Divisor, of the same element type.
    /// @param pythondiv Floor division for integer types (IR attribute "m_pythondiv").
    /// @param auto_broadcast Broadcasting rule (numpy by default).
    Divide(const Output<Node>& arg0, const Output<Node>& arg1, bool pythondiv,
           const AutoBroadcastSpec& auto_broadcast = AutoBroadcastSpec(AutoBroadcastType::NUMPY));
    /// @brief Divide with pythondiv = true.
    Divide(const Output<Node>& arg0, const Output<Node>& arg1,
           const AutoBroadcastSpec& auto_broadcast = AutoBroadcastSpec(AutoBroadcastType::NUMPY));

    bool visit_attributes(AttributeVisitor& visitor) override;
    bool is_pythondiv() const { return m_pythondiv; }
    void set_is_pythondiv(bool pythondiv) { m_pythondiv = pythondiv; }

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

private:
    bool m_pythondiv = true;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
