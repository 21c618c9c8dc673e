// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <ostream>

#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v5 {

/// @brief Element-wise rounding to the nearest integer; ties go by the mode. Integers are unchanged.
class Round : public util::UnaryElementwiseArithmetic {
public:
    /// @brief How a value halfway between two integers rounds. IR text: "half_to_even", "half_away_from_zero".
    enum class RoundMode { HALF_TO_EVEN, HALF_AWAY_FROM_ZERO };

    OPENVINO_OP("Round", "opset5", util::UnaryElementwiseArithmetic);

    Round() = default;
    /// @param arg The input.
    /// @param mode The rounding of ties (IR attribute "mode").
    Round(const Output<Node>& arg, const RoundMode mode);

    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    RoundMode get_mode() const { return m_mode; }
    void set_mode(const RoundMode mode) { m_mode = mode; }

private:
    RoundMode m_mode = RoundMode::HALF_TO_EVEN;
};

std::ostream& operator<<(std::ostream& os, Round::RoundMode mode);
std::istream& operator>>(std::istream& is, Round::RoundMode& mode);

}  // namespace v5
}  // namespace op
}  // namespace ov
