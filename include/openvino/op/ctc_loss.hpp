// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v4 {

/// @brief Connectionist Temporal Classification loss (CTCLoss-4).
///
/// Logits `[N, T, C]` (unnormalised; softmax over C per step), logit lengths `[N]`, labels `[N, T]`, label
/// lengths `[N]`, optional blank index (scalar, default C - 1). Output `[N]`: the negative log-likelihood of
/// each target given the logits, summed over every alignment.
class CTCLoss : public Op {
public:
    OPENVINO_OP("CTCLoss", "opset4", Op);

    CTCLoss() = default;
    /// @param preprocess_collapse_repeated Merge consecutive equal labels of the target first.
    /// @param ctc_merge_repeated           Whether an alignment's consecutive equal classes count once.
    /// @param unique                       Keep only the first occurrence of each label of the target.
    CTCLoss(const Output<Node>& logits, const Output<Node>& logit_length, const Output<Node>& labels,
            const Output<Node>& label_length, const bool preprocess_collapse_repeated = false,
            const bool ctc_merge_repeated = true, const bool unique = false);
    CTCLoss(const Output<Node>& logits, const Output<Node>& logit_length, const Output<Node>& labels,
            const Output<Node>& label_length, const Output<Node>& blank_index,
            const bool preprocess_collapse_repeated = false, const bool ctc_merge_repeated = true,
            const bool unique = false);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    bool get_preprocess_collapse_repeated() const { return m_preprocess_collapse_repeated; }
    bool get_ctc_merge_repeated() const { return m_ctc_merge_repeated; }
    bool get_unique() const { return m_unique; }

private:
    bool m_preprocess_collapse_repeated = false;
    bool m_ctc_merge_repeated = true;
    bool m_unique = false;
};

}  // namespace v4
}  // namespace op
}  // namespace ov
