// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v13 {

/// @brief Draws class indices from the multinomial distributions given by rows of probabilities
/// (Multinomial-13).
///
/// Inputs: probs `[batch_size, class_size]` (or `[class_size]`), floating point; num_samples, an integer scalar
/// or one-element tensor. Output `[batch_size, num_samples]` (`[num_samples]`) of convert_type. The uniform
/// numbers come from RandomUniform-8's generator with the same seeds, in probs' element type.
class Multinomial : public Op {
public:
    OPENVINO_OP("Multinomial", "opset13", Op);

    Multinomial() = default;
    Multinomial(const Output<Node>& input, const Output<Node>& num_samples, const ov::element::Type_t convert_type,
                const bool with_replacement, const bool log_probs, const uint64_t global_seed = 0,
                const uint64_t op_seed = 0);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
    /// @brief Random samples must not be folded into constants.
    bool constant_fold(OutputVector& output_values, const OutputVector& inputs_values) override;

    ov::element::Type_t get_convert_type() const { return m_convert_type; }
    bool get_with_replacement() const { return m_with_replacement; }
    bool get_log_probs() const { return m_log_probs; }
    uint64_t get_global_seed() const { return m_global_seed; }
    uint64_t get_op_seed() const { return m_op_seed; }
    void set_convert_type(const ov::element::Type_t convert_type) { m_convert_type = convert_type; }
    void set_with_replacement(const bool with_replacement) { m_with_replacement = with_replacement; }
    void set_log_probs(const bool log_probs) { m_log_probs = log_probs; }
    void set_global_seed(const uint64_t global_seed) { m_global_seed = global_seed; }
    void set_op_seed(const uint64_t op_seed) { m_op_seed = op_seed; }

private:
    ov::element::Type_t m_convert_type = ov::element::Type_t::i64;
    bool m_with_replacement = false;
    bool m_log_probs = false;
    uint64_t m_global_seed = 0;
    uint64_t m_op_seed = 0;
};

}  // namespace v13
}  // namespace op
}  // namespace ov
