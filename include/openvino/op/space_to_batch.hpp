// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Pads the spatial axes, then moves blocks of them into the batch axis (the inverse of BatchToSpace).
///
/// Inputs: data [N, D1, ...], block_shape, pads_begin and pads_end (1-D integer, one entry per data axis;
/// block_shape[0] must be 1). Output: [N * prod(block_shape), (D1 + pads_begin[1] + pads_end[1]) /
/// block_shape[1], ...]; padded extents must be divisible by the block.
class SpaceToBatch : public Op {
public:
    OPENVINO_OP("SpaceToBatch", "opset2", Op);
    SpaceToBatch() = default;
    SpaceToBatch(const Output<Node>& data, const Output<Node>& block_shape, const Output<Node>& pads_begin,
                 const Output<Node>& pads_end);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
};

}  // namespace v1
}  // namespace op
}  // namespace ov
