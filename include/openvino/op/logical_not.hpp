// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Element-wise logical negation. A boolean input is the usual case; another type gives 1 for 0 and 0
/// otherwise, in that type.
class LogicalNot : public Op {
public:
    OPENVINO_OP("LogicalNot", "opset1", Op);

    LogicalNot() = default;
    /// @param arg The input.
    explicit LogicalNot(const Output<Node>& arg);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
