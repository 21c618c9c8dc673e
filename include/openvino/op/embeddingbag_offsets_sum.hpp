// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/util/embeddingbag_offsets_base.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief Sums (optionally weighted) of bags of embedding rows, the bags given by offsets into one index
/// list (EmbeddingBagOffsetsSum-3).
class EmbeddingBagOffsetsSum : public util::EmbeddingBagOffsetsBase {
public:
    OPENVINO_OP("EmbeddingBagOffsetsSum", "opset3", util::EmbeddingBagOffsetsBase);

    EmbeddingBagOffsetsSum() = default;
    /// @param emb_table          [num_emb, emb_dim1, ...]: the rows
    /// @param indices            1-D integer indices of the rows of all bags, bag after bag
    /// @param offsets            1-D: where each bag starts in indices
    /// @param default_index      Integer scalar: the row an empty bag takes (zeros when absent or negative)
    /// @param per_sample_weights 1-D weights of indices' length
    EmbeddingBagOffsetsSum(const Output<Node>& emb_table, const Output<Node>& indices, const Output<Node>& offsets,
                           const Output<Node>& default_index, const Output<Node>& per_sample_weights);
    EmbeddingBagOffsetsSum(const Output<Node>& emb_table, const Output<Node>& indices, const Output<Node>& offsets,
                           const Output<Node>& default_index);
    EmbeddingBagOffsetsSum(const Output<Node>& emb_table, const Output<Node>& indices, const Output<Node>& offsets);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
