// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "openvino/op/util/rnn_cell_base.hpp"

namespace ov {
namespace op {
namespace v5 {

/// @brief A plain recurrent cell over a sequence: Ht = f(Xt*W^T + Ht-1*R^T + B), forward, reverse or both ways.
///
/// Inputs: X [batch, seq_length, input_size], initial_hidden_state [batch, num_directions, hidden_size],
/// sequence_lengths [batch] (integer), W [num_directions, hidden_size, input_size], R [num_directions,
/// hidden_size, hidden_size], B [num_directions, hidden_size]. Outputs: Y [batch, num_directions, seq_length,
/// hidden_size] (zeros past a batch's length) and Ho [batch, num_directions, hidden_size].
class RNNSequence : public util::RNNCellBase {
public:
    OPENVINO_OP("RNNSequence", "opset5", util::RNNCellBase);

    RNNSequence();
    RNNSequence(const Output<Node>& X, const Output<Node>& H_t, const Output<Node>& sequence_lengths,
                const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, size_t hidden_size,
                op::RecurrentSequenceDirection direction,
                const std::vector<std::string>& activations = std::vector<std::string>{"tanh"},
                const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
                float clip = 0.f);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    op::RecurrentSequenceDirection get_direction() const { return m_direction; }
    void set_direction(op::RecurrentSequenceDirection direction) { m_direction = direction; }

private:
    op::RecurrentSequenceDirection m_direction = op::RecurrentSequenceDirection::FORWARD;
};

}  // namespace v5
}  // namespace op
}  // namespace ov
