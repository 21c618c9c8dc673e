// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Softmax along one axis: exp(x - max) / sum(exp(x - max)). Real element types only.
class Softmax : public Op {
public:
    OPENVINO_OP("Softmax", "opset1", Op);

    Softmax() = default;
    /// @param arg The input.
    /// @param axis The axis to normalise over, in [0, rank) (IR attribute "axis").
    Softmax(const Output<Node>& arg, const size_t axis = 1);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    size_t get_axis() const { return m_axis; }
    void set_axis(const size_t axis) { m_axis = axis; }

private:
    size_t m_axis = 1;
};

}  // namespace v1

namespace v8 {

/// @brief Softmax along one axis, which may be negative (counted from the end).
class Softmax : public Op {
public:
    OPENVINO_OP("Softmax", "opset8", Op);

    Softmax() = default;
    /// @param arg The input.
    /// @param axis The axis to normalise over, in [-rank, rank) (IR attribute "axis").
    Softmax(const Output<Node>& arg, const int64_t axis = 1);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const int64_t& get_axis() const { return m_axis; }
    void set_axis(const int64_t& axis) { m_axis = axis; }

private:
    int64_t m_axis = 1;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
