// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/util/shape_of_base.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief The shape of its input as a 1-D tensor of i32 or i64.
class ShapeOf : public util::ShapeOfBase {
public:
    OPENVINO_OP("ShapeOf", "opset3", util::ShapeOfBase);
    ShapeOf() = default;
    /// @param output_type i64 (default) or i32
    ShapeOf(const Output<Node>& arg, const element::Type output_type = element::i64);

    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    void validate_and_infer_types() override;

    element::Type get_output_type() const { return m_output_type; }
    void set_output_type(element::Type output_type) { m_output_type = output_type; }
    // Node::set_output_type(i, type, shape) stays visible beside the setter above.
    using Node::set_output_type;

    bool has_evaluate() const override { return true; }
    bool evaluate(TensorVector& output_values, const TensorVector& input_values) const override;
    /// @brief Folds to a Constant when the input shape is static, whatever produces the input.
    bool constant_fold(OutputVector& output_values, const OutputVector& input_values) override;

private:
    element::Type m_output_type = element::i64;
};

}  // namespace v3

namespace v0 {

/// @brief The shape of its input as a 1-D i64 tensor.
class ShapeOf : public util::ShapeOfBase {
public:
    OPENVINO_OP("ShapeOf", "opset1", util::ShapeOfBase);
    ShapeOf() = default;
    explicit ShapeOf(const Output<Node>& arg);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    void validate_and_infer_types() override;

    bool has_evaluate() const override { return true; }
    bool evaluate(TensorVector& output_values, const TensorVector& input_values) const override;
    /// @brief Folds to a Constant when the input shape is static, whatever produces the input.
    bool constant_fold(OutputVector& output_values, const OutputVector& input_values) override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
