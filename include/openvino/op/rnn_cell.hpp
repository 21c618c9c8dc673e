// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "openvino/op/util/rnn_cell_base.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief One step of a plain recurrent cell: Ho = f(X*W^T + H*R^T + B).
///
/// Inputs: X [batch, input_size], initial_hidden_state [batch, hidden_size], W [hidden_size, input_size],
/// R [hidden_size, hidden_size], B [hidden_size] (zeros when left out). Output: Ho [batch, hidden_size].
class RNNCell : public util::RNNCellBase {
public:
    OPENVINO_OP("RNNCell", "opset1", util::RNNCellBase);

    RNNCell();
    RNNCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
            const Output<Node>& R, std::size_t hidden_size,
            const std::vector<std::string>& activations = std::vector<std::string>{"tanh"},
            const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
            float clip = 0.f);
    RNNCell(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& W,
            const Output<Node>& R, const Output<Node>& B, std::size_t hidden_size,
            const std::vector<std::string>& activations = std::vector<std::string>{"tanh"},
            const std::vector<float>& activations_alpha = {}, const std::vector<float>& activations_beta = {},
            float clip = 0.f);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
