// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <ostream>

#include "openvino/op/util/unary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {

/// @brief How Gelu computes the Gaussian CDF. IR text: "ERF" (exact), "TANH" (the tanh approximation); read
/// case-insensitively.
enum class GeluApproximationMode { TANH, ERF };

std::ostream& operator<<(std::ostream& os, GeluApproximationMode mode);
std::istream& operator>>(std::istream& is, GeluApproximationMode& mode);

namespace v0 {

/// @brief Element-wise Gaussian error linear unit x * (1 + erf(x / sqrt(2))) / 2. Evaluates real types.
class Gelu : public util::UnaryElementwiseArithmetic {
public:
    OPENVINO_OP("Gelu", "opset2", util::UnaryElementwiseArithmetic);

    Gelu() = default;
    /// @param data The input.
    explicit Gelu(const Output<Node>& data);

    /// @brief As the base class, and requires a real element type.
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0

namespace v7 {

/// @brief Element-wise Gaussian error linear unit, exact (erf) or with the tanh approximation
/// x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3))) / 2. Evaluates real types.
class Gelu : public util::UnaryElementwiseArithmetic {
public:
    OPENVINO_OP("Gelu", "opset7", util::UnaryElementwiseArithmetic);

    Gelu() = default;
    /// @param data The input.
    /// @param mode The approximation (IR attribute "approximation_mode").
    explicit Gelu(const Output<Node>& data, GeluApproximationMode mode = GeluApproximationMode::ERF);

    /// @brief As the base class, and requires a real element type.
    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    GeluApproximationMode get_approximation_mode() const { return m_approximation_mode; }
    void set_approximation_mode(GeluApproximationMode mode) { m_approximation_mode = mode; }

private:
    GeluApproximationMode m_approximation_mode = GeluApproximationMode::ERF;
};

}  // namespace v7
}  // namespace op
}  // namespace ov
