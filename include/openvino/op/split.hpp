// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Splits a tensor into num_splits equal parts along an axis given by a scalar input.
class Split : public Op {
public:
    OPENVINO_OP("Split", "opset1", Op);
    Split() = default;
    /// @brief Splits data along the axis held by the scalar integer tensor axis (negative counts from the end).
    Split(const Output<Node>& data, const Output<Node>& axis, const size_t num_splits);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    size_t get_num_splits() const { return m_num_splits; }
    void set_num_splits(const size_t num_splits) { m_num_splits = num_splits; }

protected:
    size_t m_num_splits = 0;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
