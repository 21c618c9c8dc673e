// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base of EmbeddingBagOffsetsSum: bags of rows of an embedding table, each bag a run of indices
/// starting at its offset, reduced to one row per bag.
class EmbeddingBagOffsetsBase : public Op {
public:
    OPENVINO_OP("EmbeddingBagOffsetsBase", "util", Op);
    static constexpr int EMB_TABLE = 0;
    static constexpr int INDICES = 1;
    static constexpr int OFFSETS = 2;
    static constexpr int DEFAULT_INDEX = 3;
    static constexpr int PER_SAMPLE_WEIGHTS = 4;

    EmbeddingBagOffsetsBase() = default;
    /// @param emb_table          [num_emb, emb_dim1, ...]: the rows
    /// @param indices            1-D integer indices of the rows of all bags, bag after bag
    /// @param offsets            1-D: where each bag starts in indices
    /// @param default_index      Integer scalar: the row an empty bag takes (zeros when absent or negative)
    /// @param per_sample_weights 1-D weights of indices' length (weighted sum)
    EmbeddingBagOffsetsBase(const Output<Node>& emb_table, const Output<Node>& indices, const Output<Node>& offsets,
                            const Output<Node>& default_index, const Output<Node>& per_sample_weights);
    EmbeddingBagOffsetsBase(const Output<Node>& emb_table, const Output<Node>& indices, const Output<Node>& offsets,
                            const Output<Node>& default_index);
    EmbeddingBagOffsetsBase(const Output<Node>& emb_table, const Output<Node>& indices, const Output<Node>& offsets);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor&) override { return true; }
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace util
}  // namespace op
}  // namespace ov
