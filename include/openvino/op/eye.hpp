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
namespace v9 {

/// @brief A matrix (or batch of matrices) of zeros with ones on a diagonal.
///
/// Inputs: num_rows, num_columns, diagonal_index (integer scalars; index 0 is the main diagonal, positive
/// above it, negative below) and optionally batch_shape (1-D integer). Output: batch_shape + [num_rows,
/// num_columns] of element type out_type.
class Eye : public Op {
public:
    OPENVINO_OP("Eye", "opset9", Op);
    Eye() = default;
    Eye(const Output<Node>& num_rows, const Output<Node>& num_columns, const Output<Node>& diagonal_index,
        const Output<Node>& batch_shape, const ov::element::Type& out_type);
    Eye(const Output<Node>& num_rows, const Output<Node>& num_columns, const Output<Node>& diagonal_index,
        const ov::element::Type& out_type);

    const ov::element::Type& get_out_type() const { return m_output_type; }
    void set_out_type(ov::element::Type output_type) { m_output_type = output_type; }

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

protected:
    ov::element::Type m_output_type;
};

}  // namespace v9
}  // namespace op
}  // namespace ov
