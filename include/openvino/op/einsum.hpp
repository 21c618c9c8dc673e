// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <vector>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v7 {

/// @brief Einstein summation over any number of inputs, described by an equation such as "ij,jk->ik".
///
/// Labels are letters; "..." stands for broadcast (numpy rules) leading or inner axes. A label repeated in
/// one input takes its diagonal; labels missing from the output are summed over. Without "->" the output is
/// the ellipsis followed by the labels that occur once, in alphabetical order. All inputs share one numeric
/// element type.
class Einsum : public Op {
public:
    OPENVINO_OP("Einsum", "opset7", Op);

    Einsum() = default;
    /// @param inputs The operands.
    /// @param equation The equation (IR attribute "equation"); spaces are ignored.
    Einsum(const OutputVector& inputs, const std::string& equation);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const std::string& get_equation() const { return m_equation; }
    void set_equation(std::string equation);

    /// @brief Splits an equation into its input subscripts and its output subscript (derived when the
    /// equation has no "->"); throws on a malformed equation.
    static void parse_equation(const std::string& equation, std::vector<std::string>& input_subscripts,
                               std::string& output_subscript);
    /// @brief The labels of one subscript: each letter, and "..." as one label.
    static std::vector<std::string> extract_labels(const std::string& subscript);

private:
    std::string m_equation;
};

}  // namespace v7
}  // namespace op
}  // namespace ov
