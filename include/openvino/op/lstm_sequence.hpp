// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "openvino/op/lstm_cell.hpp"
#include "openvino/op/util/rnn_cell_base.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief LSTM over a sequence, opset1 form: LSTMCell-1 steps (peepholes, weights_format, input_forget).
///
/// Inputs: X [batch, seq_length, input_size], initial_hidden_state and initial_cell_state
/// [batch, num_directions, hidden_size], sequence_lengths [batch] (integer), W [num_directions, 4*hidden_size,
/// input_size], R [num_directions, 4*hidden_size, hidden_size], B [num_directions, 4*hidden_size], P
/// [num_directions, 3*hidden_size] (zeros when left out). Outputs: Y [batch, num_directions, seq_length,
/// hidden_size] (zeros past a batch's length), Ho and Co [batch, num_directions, hidden_size] (the states at
/// each batch's length).
class LSTMSequence : public util::RNNCellBase {
public:
    OPENVINO_OP("LSTMSequence", "opset1", util::RNNCellBase);

    using direction = RecurrentSequenceDirection;

    LSTMSequence();
    LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                 const Output<Node>& initial_cell_state, const Output<Node>& sequence_lengths, const Output<Node>& W,
                 const Output<Node>& R, const Output<Node>& B, const Output<Node>& P, const std::int64_t hidden_size,
                 const direction lstm_direction, LSTMWeightsFormat weights_format = LSTMWeightsFormat::IFCO,
                 const std::vector<float> activations_alpha = {}, const std::vector<float> activations_beta = {},
                 const std::vector<std::string> activations = {"sigmoid", "tanh", "tanh"},
                 const float clip_threshold = 0, const bool input_forget = false);
    LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                 const Output<Node>& initial_cell_state, const Output<Node>& sequence_lengths, const Output<Node>& W,
                 const Output<Node>& R, const Output<Node>& B, const std::int64_t hidden_size,
                 const direction lstm_direction, LSTMWeightsFormat weights_format = LSTMWeightsFormat::IFCO,
                 const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
                 const std::vector<std::string>& activations = {"sigmoid", "tanh", "tanh"},
                 const float clip_threshold = 0, const bool input_forget = false);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    float get_clip_threshold() const { return m_clip; }
    direction get_direction() const { return m_direction; }
    void set_direction(direction value) { m_direction = value; }
    bool get_input_forget() const { return m_input_forget; }
    void set_input_forget(bool input_forget) { m_input_forget = input_forget; }
    LSTMWeightsFormat get_weights_format() const { return m_weights_format; }
    void set_weights_format(LSTMWeightsFormat format) { m_weights_format = format; }

private:
    direction m_direction = direction::FORWARD;
    bool m_input_forget = false;
    LSTMWeightsFormat m_weights_format = LSTMWeightsFormat::FICO;
};

}  // namespace v0

namespace v5 {

/// @brief LSTM over a sequence: LSTMCell-4 steps (gate order f, i, c, o), forward, reverse or both ways.
///
/// Inputs: X [batch, seq_length, input_size], initial_hidden_state and initial_cell_state
/// [batch, num_directions, hidden_size], sequence_lengths [batch] (integer), W [num_directions, 4*hidden_size,
/// input_size], R [num_directions, 4*hidden_size, hidden_size], B [num_directions, 4*hidden_size]. Outputs: Y
/// [batch, num_directions, seq_length, hidden_size] (zeros past a batch's length), Ho and Co
/// [batch, num_directions, hidden_size] (the states at each batch's length). The reverse direction walks each
/// batch's first sequence_lengths[b] steps from the last to the first.
class LSTMSequence : public util::RNNCellBase {
public:
    OPENVINO_OP("LSTMSequence", "opset5", util::RNNCellBase);

    using direction = RecurrentSequenceDirection;

    LSTMSequence();
    LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                 const Output<Node>& initial_cell_state, const Output<Node>& sequence_lengths, const Output<Node>& W,
                 const Output<Node>& R, const Output<Node>& B, const std::int64_t hidden_size,
                 const direction lstm_direction, const std::vector<float>& activations_alpha = {},
                 const std::vector<float>& activations_beta = {},
                 const std::vector<std::string>& activations = {"sigmoid", "tanh", "tanh"}, const float clip = 0.f);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    direction get_direction() const { return m_direction; }
    void set_direction(direction value) { m_direction = value; }

private:
    direction m_direction = direction::FORWARD;
};

}  // namespace v5
}  // namespace op
}  // namespace ov
