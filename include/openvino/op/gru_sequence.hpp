// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "openvino/op/util/rnn_cell_base.hpp"

namespace ov {
namespace op {
namespace v5 {

/// @brief GRU over a sequence: GRUCell-3 steps (gate order z, r, h), forward, reverse or both ways.
///
/// Inputs: X [batch, seq_length, input_size], initial_hidden_state [batch, num_directions, hidden_size],
/// sequence_lengths [batch] (integer), W [num_directions, 3*hidden_size, input_size], R [num_directions,
/// 3*hidden_size, hidden_size], B [num_directions, 3*hidden_size] ([num_directions, 4*hidden_size] with
/// linear_before_reset). Outputs: Y [batch, num_directions, seq_length, hidden_size] (zeros past a batch's
/// length) and Ho [batch, num_directions, hidden_size] (the state at each batch's length).
class GRUSequence : public util::RNNCellBase {
public:
    OPENVINO_OP("GRUSequence", "opset5", util::RNNCellBase);

    GRUSequence();
    GRUSequence(const Output<Node>& X, const Output<Node>& H_t, const Output<Node>& sequence_lengths,
                const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, size_t hidden_size,
                op::RecurrentSequenceDirection direction,
                const std::vector<std::string>& activations = std::vector<std::string>{"sigmoid", "tanh"},
                const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
                float clip = 0.f, bool linear_before_reset = false);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    bool get_linear_before_reset() const { return m_linear_before_reset; }
    void set_linear_before_reset(bool linear_before_reset) { m_linear_before_reset = linear_before_reset; }
    op::RecurrentSequenceDirection get_direction() const { return m_direction; }
    void set_direction(op::RecurrentSequenceDirection direction) { m_direction = direction; }

private:
    op::RecurrentSequenceDirection m_direction = op::RecurrentSequenceDirection::FORWARD;
    bool m_linear_before_reset = false;
};

}  // namespace v5
}  // namespace op
}  // namespace ov
