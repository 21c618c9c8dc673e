// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "openvino/op/util/rnn_cell_base.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief One LSTM step of opset1, with peepholes, coupled input/forget gates and a choice of gate order.
///
/// Inputs: X [batch, input_size], initial_hidden_state [batch, hidden_size], initial_cell_state
/// [batch, hidden_size], W [4*hidden_size, input_size], R [4*hidden_size, hidden_size], B [4*hidden_size]
/// (zeros when left out), P [3*hidden_size] peephole weights in the order input, output, forget (zeros when
/// left out). The gate blocks of W, R and B follow weights_format. Outputs: Ho and Co [batch, hidden_size].
///   i = f(X*Wi^T + H*Ri^T + Bi + Pi (.) C),  f = f(X*Wf^T + H*Rf^T + Bf + Pf (.) C)
///   c = g(X*Wc^T + H*Rc^T + Bc),  Co = f (.) C + i (.) c
///   o = f(X*Wo^T + H*Ro^T + Bo + Po (.) Co),  Ho = o (.) h(Co)
/// With input_forget the forget gate is coupled to the input gate: f = 1 - i.
class LSTMCell : public util::RNNCellBase {
public:
    OPENVINO_OP("LSTMCell", "opset1", util::RNNCellBase);

    LSTMCell();
    LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& initial_cell_state,
             const Output<Node>& W, const Output<Node>& R, std::size_t hidden_size,
             LSTMWeightsFormat weights_format = LSTMWeightsFormat::IFCO,
             const std::vector<std::string>& activations = std::vector<std::string>{"sigmoid", "tanh", "tanh"},
             const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
             float clip = 0.f, bool input_forget = false);
    LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& initial_cell_state,
             const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, std::size_t hidden_size,
             LSTMWeightsFormat weights_format = LSTMWeightsFormat::IFCO,
             const std::vector<std::string>& activations = std::vector<std::string>{"sigmoid", "tanh", "tanh"},
             const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
             float clip = 0.f, bool input_forget = false);
    LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& initial_cell_state,
             const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, const Output<Node>& P,
             std::size_t hidden_size, LSTMWeightsFormat weights_format = LSTMWeightsFormat::IFCO,
             const std::vector<std::string>& activations = std::vector<std::string>{"sigmoid", "tanh", "tanh"},
             const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
             float clip = 0.f, bool input_forget = false);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    bool get_input_forget() const { return m_input_forget; }
    void set_input_forget(bool input_forget) { m_input_forget = input_forget; }
    LSTMWeightsFormat get_weights_format() const { return m_weights_format; }
    void set_weights_format(LSTMWeightsFormat format) { m_weights_format = format; }

private:
    bool m_input_forget = false;
    // IR files of opset1 store the gates in OpenVINO's order: the attribute's default when it is absent.
    LSTMWeightsFormat m_weights_format = LSTMWeightsFormat::FICO;
};

}  // namespace v0

namespace v4 {

/// @brief One LSTM step (gate order f, i, c, o in W, R and B).
///
/// Inputs: X [batch, input_size], initial_hidden_state [batch, hidden_size], initial_cell_state
/// [batch, hidden_size], W [4*hidden_size, input_size], R [4*hidden_size, hidden_size], B [4*hidden_size]
/// (zeros when left out). Outputs: Ho and Co [batch, hidden_size].
///   i = f(X*Wi^T + H*Ri^T + Bi),  f = f(X*Wf^T + H*Rf^T + Bf),  c = g(X*Wc^T + H*Rc^T + Bc)
///   o = f(X*Wo^T + H*Ro^T + Bo),  Co = f (.) C + i (.) c,  Ho = o (.) h(Co)
class LSTMCell : public util::RNNCellBase {
public:
    OPENVINO_OP("LSTMCell", "opset4", util::RNNCellBase);

    LSTMCell();
    LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& initial_cell_state,
             const Output<Node>& W, const Output<Node>& R, std::size_t hidden_size,
             const std::vector<std::string>& activations = std::vector<std::string>{"sigmoid", "tanh", "tanh"},
             const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
             float clip = 0.f);
    LSTMCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& initial_cell_state,
             const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, std::size_t hidden_size,
             const std::vector<std::string>& activations = std::vector<std::string>{"sigmoid", "tanh", "tanh"},
             const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
             float clip = 0.f);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v4
}  // namespace op
}  // namespace ov
