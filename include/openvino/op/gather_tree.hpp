// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Rebuilds the full beam-search sequences from the per-step ids and parent beams, walking back
/// from the last step of each batch entry (GatherTree-1).
class GatherTree : public Op {
public:
    OPENVINO_OP("GatherTree", "opset1", Op);

    GatherTree() = default;
    /// @param step_ids        [MAX_TIME, BATCH_SIZE, BEAM_WIDTH]: the id chosen at each step
    /// @param parent_idx      [MAX_TIME, BATCH_SIZE, BEAM_WIDTH]: the beam each step came from
    /// @param max_seq_len     [BATCH_SIZE]: the sequence length of each batch entry
    /// @param end_token       Scalar: the id written after the end of a sequence
    GatherTree(const Output<Node>& step_ids, const Output<Node>& parent_idx, const Output<Node>& max_seq_len,
               const Output<Node>& end_token);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
