// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v13 {

/// @brief softmax(query * key^T * scale + bias) * value over the last two axes.
///
/// Inputs: query [N, ..., L, E], key [N, ..., S, E], value [N, ..., S, Ev] (leading axes broadcast as numpy
/// does), optional attention_mask broadcastable to [N, ..., L, S] (boolean: false masks a position out; real:
/// added to the scores), optional scale (a scalar; 1/sqrt(E) when left out). With causal (IR attribute
/// "causal") the mask is ignored and every key position s > l is masked out for query position l.
/// Output: [N, ..., L, Ev].
class ScaledDotProductAttention : public Op {
public:
    OPENVINO_OP("ScaledDotProductAttention", "opset13", Op);

    ScaledDotProductAttention() = default;
    /// @param inputs query, key, value and optionally attention_mask and scale.
    /// @param causal Whether to apply the causal mask instead of attention_mask.
    ScaledDotProductAttention(const OutputVector& inputs, bool causal);
    ScaledDotProductAttention(const Output<Node>& query, const Output<Node>& key, const Output<Node>& value,
                              const Output<Node>& attn_mask, const Output<Node>& scale, bool causal);
    ScaledDotProductAttention(const Output<Node>& query, const Output<Node>& key, const Output<Node>& value,
                              const Output<Node>& attn_mask, bool causal);
    ScaledDotProductAttention(const Output<Node>& query, const Output<Node>& key, const Output<Node>& value,
                              bool causal);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    bool get_causal() const { return m_causal; }
    void set_causal(bool causal) { m_causal = causal; }

private:
    bool m_causal = false;
};

}  // namespace v13
}  // namespace op
}  // namespace ov
