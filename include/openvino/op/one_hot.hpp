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
namespace v1 {

/// @brief One-hot encoding: a new axis of extent depth holding on_value at the index and off_value elsewhere.
///
/// Indices outside [0, depth) give a row of off_value. The output element type is on_value's.
class OneHot : public Op {
public:
    OPENVINO_OP("OneHot", "opset1", Op);
    OneHot() = default;
    /// @brief depth, on_value and off_value are scalars; axis (may be negative) is where the new axis goes.
    OneHot(const Output<Node>& indices, const Output<Node>& depth, const Output<Node>& on_value,
           const Output<Node>& off_value, int64_t axis);

    const int64_t& get_axis() const { return m_axis; }
    void set_axis(int64_t axis) { m_axis = axis; }

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

protected:
    int64_t m_axis = -1;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
