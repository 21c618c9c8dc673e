// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Element-wise conversion of data to the element type of like (whose values are not read), with
/// Convert's rules.
class ConvertLike : public Op {
public:
    OPENVINO_OP("ConvertLike", "opset1", Op);

    ConvertLike() = default;
    /// @param data The values to convert.
    /// @param like The tensor whose element type the output takes.
    ConvertLike(const Output<Node>& data, const Output<Node>& like);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
