// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Concatenates its inputs along one axis (negative axes count from the end).
class Concat : public Op {
public:
    OPENVINO_OP("Concat", "opset1", Op);
    Concat() = default;
    /// @brief Concatenates args along axis.
    Concat(const OutputVector& args, int64_t axis);
    /// @brief Concatenates output 0 of each node along axis.
    Concat(const NodeVector& args, int64_t axis);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    /// @brief The axis normalised to [0, rank) by the last shape inference (-1 before it).
    int64_t get_concatenation_axis() const { return m_concat_axis; }
    void set_concatenation_axis(int64_t concatenation_axis) { m_concat_axis = concatenation_axis; }
    /// @brief The axis as given (may be negative).
    int64_t get_axis() const { return m_axis; }
    void set_axis(int64_t axis) { m_axis = axis; }

protected:
    int64_t m_axis = 0;
    int64_t m_concat_axis = -1;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
