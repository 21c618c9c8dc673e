// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Cumulative sum along an axis (CumSum-3), optionally exclusive (each element leaves itself out)
/// and/or reversed (summing from the end).
class CumSum : public Op {
public:
    OPENVINO_OP("CumSum", "opset3", Op);

    CumSum() = default;
    /// @param arg       The tensor to sum
    /// @param axis      Integer scalar: the axis (negative counts from the end)
    /// @param exclusive Each output leaves its own element out (the first is 0)
    /// @param reverse   Sum from the end of the axis
    CumSum(const Output<Node>& arg, const Output<Node>& axis, const bool exclusive = false, const bool reverse = false);
    /// @brief Sums along axis 0.
    CumSum(const Output<Node>& arg, const bool exclusive = false, const bool reverse = false);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    bool is_exclusive() const { return m_exclusive; }
    bool is_reverse() const { return m_reverse; }
    void set_exclusive(bool exclusive) { m_exclusive = exclusive; }
    void set_reverse(bool reverse) { m_reverse = reverse; }

private:
    bool m_exclusive = false;
    bool m_reverse = false;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
