// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Greedy CTC decoding (CTCGreedyDecoder-1).
///
/// Data `[T, N, C]` (class scores per time step; the last class, C - 1, is the blank), sequence mask `[T, N]`
/// (1 while the sequence runs, then 0). Output `[N, T, 1, 1]` of the data's type: per batch item the decoded
/// class indices (the best class per step, blanks dropped, with ctc_merge_repeated consecutive repeats merged),
/// then -1 to the end.
class CTCGreedyDecoder : public Op {
public:
    OPENVINO_OP("CTCGreedyDecoder", "opset1", Op);

    CTCGreedyDecoder() = default;
    /// @param input       Data `[T, N, C]`.
    /// @param seq_len     Sequence mask `[T, N]`.
    /// @param ctc_merge_repeated Whether consecutive equal classes are emitted once (IR "ctc_merge_repeated").
    CTCGreedyDecoder(const Output<Node>& input, const Output<Node>& seq_len, const bool ctc_merge_repeated);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    bool get_ctc_merge_repeated() const { return m_ctc_merge_repeated; }
    void set_ctc_merge_repeated(bool ctc_merge_repeated) { m_ctc_merge_repeated = ctc_merge_repeated; }

private:
    bool m_ctc_merge_repeated = true;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
