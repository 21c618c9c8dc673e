// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief Sums (optionally weighted) of embedding rows grouped by segment id (EmbeddingSegmentsSum-3).
class EmbeddingSegmentsSum : public Op {
public:
    OPENVINO_OP("EmbeddingSegmentsSum", "opset3", Op);
    static constexpr int EMB_TABLE = 0;
    static constexpr int INDICES = 1;
    static constexpr int SEGMENT_IDS = 2;
    static constexpr int NUM_SEGMENTS = 3;
    static constexpr int DEFAULT_INDEX = 4;
    static constexpr int PER_SAMPLE_WEIGHTS = 5;

    EmbeddingSegmentsSum() = default;
    /// @param emb_table          [num_emb, emb_dim1, ...]: the rows
    /// @param indices            1-D integer row indices
    /// @param segment_ids        1-D, indices' length: the output row each index adds to (sorted)
    /// @param num_segments       Integer scalar: the number of output rows
    /// @param default_index      Integer scalar: the row an empty segment takes (zeros when absent or negative)
    /// @param per_sample_weights 1-D weights of indices' length
    EmbeddingSegmentsSum(const Output<Node>& emb_table, const Output<Node>& indices, const Output<Node>& segment_ids,
                         const Output<Node>& num_segments, const Output<Node>& default_index,
                         const Output<Node>& per_sample_weights);
    EmbeddingSegmentsSum(const Output<Node>& emb_table, const Output<Node>& indices, const Output<Node>& segment_ids,
                         const Output<Node>& num_segments, const Output<Node>& default_index);
    EmbeddingSegmentsSum(const Output<Node>& emb_table, const Output<Node>& indices, const Output<Node>& segment_ids,
                         const Output<Node>& num_segments);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor&) override { return true; }
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
