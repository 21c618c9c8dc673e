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

/// @brief Moves blocks of the batch axis into the spatial axes, then crops them.
///
/// Inputs: data [N, D1, ...], block_shape, crops_begin and crops_end (1-D integer, one entry per data axis;
/// block_shape[0] must be 1). Output: [N / prod(block_shape), D1 * block_shape[1] - crops_begin[1] -
/// crops_end[1], ...].
class BatchToSpace : public Op {
public:
    OPENVINO_OP("BatchToSpace", "opset2", Op);
    BatchToSpace() = default;
    BatchToSpace(const Output<Node>& data, const Output<Node>& block_shape, const Output<Node>& crops_begin,
                 const Output<Node>& crops_end);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
};

}  // namespace v1
}  // namespace op
}  // namespace ov
