// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "openvino/op/util/rnn_cell_base.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief One GRU step (gate order z, r, h in W, R and B).
///
/// Inputs: X [batch, input_size], initial_hidden_state [batch, hidden_size], W [3*hidden_size, input_size],
/// R [3*hidden_size, hidden_size], B [3*hidden_size], or [4*hidden_size] with linear_before_reset (the last
/// two blocks being the input and the recurrence bias of h); zeros when left out. Output: Ho [batch, hidden_size].
///   z = f(X*Wz^T + H*Rz^T + Bz),  r = f(X*Wr^T + H*Rr^T + Br)
///   h = g(X*Wh^T + (r (.) H)*Rh^T + Bh)            (linear_before_reset false)
///   h = g(X*Wh^T + WBh + r (.) (H*Rh^T + RBh))      (linear_before_reset true)
///   Ho = (1 - z) (.) h + z (.) H
class GRUCell : public util::RNNCellBase {
public:
    OPENVINO_OP("GRUCell", "opset3", util::RNNCellBase);

    GRUCell();
    GRUCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
            const Output<Node>& R, std::size_t hidden_size);
    GRUCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
            const Output<Node>& R, std::size_t hidden_size, const std::vector<std::string>& activations,
            const std::vector<float>& activations_alpha, const std::vector<float>& activations_beta, float clip,
            bool linear_before_reset);
    GRUCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
            const Output<Node>& R, const Output<Node>& B, std::size_t hidden_size,
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

private:
    bool m_linear_before_reset = false;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
