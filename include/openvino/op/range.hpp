// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v4 {

/// @brief The 1-D sequence start, start + step, ... up to but not including stop (numpy's arange), of
/// element type output_type. Its length is max(ceil((stop - start) / step), 0); for an integer output_type
/// start, stop and step are truncated towards zero first.
class Range : public Op {
public:
    OPENVINO_OP("Range", "opset4", Op);
    Range() = default;
    /// @brief start, stop and step are numeric scalars of any types.
    Range(const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step, element::Type output_type);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    void set_output_type(element::Type output_type) { m_output_type = output_type; }
    const element::Type& get_output_type() const { return m_output_type; }
    using Node::set_output_type;

private:
    element::Type m_output_type;
};

}  // namespace v4

namespace v0 {

/// @brief The 1-D sequence start, start + step, ... up to but not including stop, of the inputs' element
/// type (all three inputs have one element type).
class Range : public Op {
public:
    OPENVINO_OP("Range", "opset1", Op);
    Range() = default;
    /// @brief start, stop and step are scalars of one numeric element type.
    Range(const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
};

}  // namespace v0
}  // namespace op
}  // namespace ov
