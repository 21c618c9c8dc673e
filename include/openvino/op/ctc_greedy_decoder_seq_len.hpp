// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v6 {

/// @brief Greedy CTC decoding with sequence lengths (CTCGreedyDecoderSeqLen-6).
///
/// Data `[N, T, C]`, sequence lengths `[N]` (integers, at most T), optional blank index (scalar or `[1]`,
/// default C - 1). Outputs: the decoded classes `[N, T]` (classes_index_type; -1 after the decoded ones) and the
/// decoded lengths `[N]` (sequence_length_type).
class CTCGreedyDecoderSeqLen : public Op {
public:
    OPENVINO_OP("CTCGreedyDecoderSeqLen", "opset6", Op);

    CTCGreedyDecoderSeqLen() = default;
    CTCGreedyDecoderSeqLen(const Output<Node>& input, const Output<Node>& seq_len, const bool merge_repeated = true,
                           const element::Type& classes_index_type = element::i32,
                           const element::Type& sequence_length_type = element::i32);
    CTCGreedyDecoderSeqLen(const Output<Node>& input, const Output<Node>& seq_len, const Output<Node>& blank_index,
                           const bool merge_repeated = true, const element::Type& classes_index_type = element::i32,
                           const element::Type& sequence_length_type = element::i32);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    bool get_merge_repeated() const { return m_merge_repeated; }
    void set_merge_repeated(bool merge_repeated) { m_merge_repeated = merge_repeated; }
    const element::Type& get_classes_index_type() const { return m_classes_index_type; }
    void set_classes_index_type(const element::Type& type) { m_classes_index_type = type; }
    const element::Type& get_sequence_length_type() const { return m_sequence_length_type; }
    void set_sequence_length_type(const element::Type& type) { m_sequence_length_type = type; }

private:
    bool m_merge_repeated = true;
    element::Type m_classes_index_type = element::i32;
    element::Type m_sequence_length_type = element::i32;
};

}  // namespace v6
}  // namespace op
}  // namespace ov
