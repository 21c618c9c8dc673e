// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/util/embeddingbag_packed_base.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief Sums (optionally weighted) of equal-sized bags of embedding rows (EmbeddingBagPackedSum-3).
class EmbeddingBagPackedSum : public util::EmbeddingBagPackedBase {
public:
    OPENVINO_OP("EmbeddingBagPackedSum", "opset3", util::EmbeddingBagPackedBase);

    EmbeddingBagPackedSum() = default;
    /// @param emb_table          [num_emb, emb_dim1, ...]: the rows
    /// @param indices            [batch, indices_per_bag] integer row indices
    /// @param per_sample_weights weights of indices' shape
    EmbeddingBagPackedSum(const Output<Node>& emb_table, const Output<Node>& indices,
                          const Output<Node>& per_sample_weights);
    EmbeddingBagPackedSum(const Output<Node>& emb_table, const Output<Node>& indices);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
