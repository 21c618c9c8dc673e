// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief Base of EmbeddingBagPackedSum: bags of equal size, one row of indices per bag, each reduced to
/// one row of the embedding table's rows.
class EmbeddingBagPackedBase : public Op {
public:
    OPENVINO_OP("EmbeddingBagPackedBase", "util", Op);
    static constexpr int EMB_TABLE = 0;
    static constexpr int INDICES = 1;
    static constexpr int PER_SAMPLE_WEIGHTS = 2;

    EmbeddingBagPackedBase() = default;
    /// @param emb_table          [num_emb, emb_dim1, ...]: the rows
    /// @param indices            [batch, indices_per_bag] integer row indices
    /// @param per_sample_weights weights of indices' shape (weighted sum)
    EmbeddingBagPackedBase(const Output<Node>& emb_table, const Output<Node>& indices,
                           const Output<Node>& per_sample_weights);
    EmbeddingBagPackedBase(const Output<Node>& emb_table, const Output<Node>& indices);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor&) override { return true; }
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace util
}  // namespace op
}  // namespace ov
