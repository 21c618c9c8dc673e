// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v10 {

/// @brief The unique elements (or, along an axis, the unique slices) of a tensor, with the index of each
/// one's first occurrence, the position of every input element among the unique ones, and the counts
/// (Unique-10).
class Unique : public Op {
public:
    OPENVINO_OP("Unique", "opset10", Op);

    Unique() = default;
    /// @param data               The tensor, flattened
    /// @param sorted             Unique values in ascending order (true) or in order of first occurrence
    /// @param index_element_type i32 or i64: the type of outputs 1 and 2
    /// @param count_element_type i32 or i64: the type of output 3
    Unique(const Output<Node>& data, const bool sorted = true, const element::Type& index_element_type = element::i64,
           const element::Type& count_element_type = element::i64);
    /// @param axis Integer scalar: unique slices along this axis (negative counts from the end)
    Unique(const Output<Node>& data, const Output<Node>& axis, const bool sorted = true,
           const element::Type& index_element_type = element::i64,
           const element::Type& count_element_type = element::i64);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    bool get_sorted() const { return m_sorted; }
    void set_sorted(const bool sorted) { m_sorted = sorted; }
    element::Type get_index_element_type() const { return m_index_element_type; }
    void set_index_element_type(const element::Type& type) { m_index_element_type = type; }
    element::Type get_count_element_type() const { return m_count_element_type; }
    void set_count_element_type(const element::Type& type) { m_count_element_type = type; }

private:
    bool m_sorted = true;
    element::Type m_index_element_type = element::i64;
    element::Type m_count_element_type = element::i64;
};

}  // namespace v10
}  // namespace op
}  // namespace ov
