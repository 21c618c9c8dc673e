// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Gives a tensor a new shape with the same number of elements; the data is not reordered.
class Reshape : public Op {
public:
    OPENVINO_OP("Reshape", "opset1", Op);
    Reshape() = default;
    /// @brief Reshapes arg to the 1-D integer tensor shape_pattern. One entry may be -1 (inferred from the
    /// element count); with special_zero a 0 copies the input dimension at the same index.
    Reshape(const Output<Node>& arg, const Output<Node>& shape_pattern, bool special_zero);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    bool get_special_zero() const { return m_special_zero; }
    void set_special_zero(bool special_zero) { m_special_zero = special_zero; }

protected:
    bool m_special_zero = false;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
