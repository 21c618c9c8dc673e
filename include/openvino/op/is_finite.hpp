// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v10 {

/// @brief Element-wise test for a finite value (neither infinite nor NaN) of a real input; boolean output.
class IsFinite : public Op {
public:
    OPENVINO_OP("IsFinite", "opset10", Op);

    IsFinite() = default;
    /// @param arg The input.
    explicit IsFinite(const Output<Node>& arg);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v10
}  // namespace op
}  // namespace ov
