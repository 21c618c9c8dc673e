// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v6 {

/// @brief out[i][j][k] = data[i][indices[i][j][k]][k] for axis 1 (and likewise for any axis): indices has
/// the rank of data and gives, element by element, the position along the axis to take.
class GatherElements : public Op {
public:
    OPENVINO_OP("GatherElements", "opset6", Op);

    GatherElements() = default;
    /// @param data The tensor to take elements from
    /// @param indices Integer tensor of data's rank; values in [-data.shape[axis], data.shape[axis])
    /// @param axis The axis the indices point along (negative counts from the end)
    GatherElements(const Output<Node>& data, const Output<Node>& indices, const int64_t axis);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    int64_t get_axis() const { return m_axis; }
    void set_axis(int64_t axis) { m_axis = axis; }

private:
    int64_t m_axis = 0;
};

}  // namespace v6
}  // namespace op
}  // namespace ov
