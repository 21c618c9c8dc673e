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
namespace v3 {

/// @brief The coordinates of the non-zero elements: output [rank, count], column k holding the coordinates
/// of the k-th non-zero element in row-major order. count depends on the data, so the output shape is
/// dynamic.
class NonZero : public Op {
public:
    OPENVINO_OP("NonZero", "opset3", Op);
    NonZero() = default;
    explicit NonZero(const Output<Node>& arg);
    /// @brief output_type: "i64" or "i32".
    NonZero(const Output<Node>& arg, const std::string& output_type);
    NonZero(const Output<Node>& arg, const element::Type& output_type);

    element::Type get_output_type() const { return m_output_type; }
    void set_output_type(element::Type output_type) { m_output_type = output_type; }
    using Node::set_output_type;

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

protected:
    element::Type m_output_type = element::i64;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
