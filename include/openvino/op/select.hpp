// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"
#include "openvino/op/util/attr_types.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Element-wise choice: arg1 where the boolean arg0 is true, arg2 elsewhere.
///
/// Shapes: numpy broadcasting of all three inputs (auto_broadcast="numpy"); equal shapes ("none"); or
/// ("pdpd") arg2 broadcast to arg1's shape, then arg0 to that.
class Select : public Op {
public:
    OPENVINO_OP("Select", "opset1", Op);

    Select() : m_auto_broadcast(AutoBroadcastType::NUMPY) {}
    /// @param arg0 The boolean condition.
    /// @param arg1 The values taken where the condition holds.
    /// @param arg2 The values taken elsewhere, of arg1's element type.
    /// @param auto_broadcast Broadcasting rule (numpy by default).
    Select(const Output<Node>& arg0, const Output<Node>& arg1, const Output<Node>& arg2,
           const AutoBroadcastSpec& auto_broadcast = AutoBroadcastSpec(AutoBroadcastType::NUMPY));

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const AutoBroadcastSpec& get_auto_broadcast() const { return m_auto_broadcast; }
    void set_auto_broadcast(const AutoBroadcastSpec& auto_broadcast) { m_auto_broadcast = auto_broadcast; }
    /// @brief Alias of get_auto_broadcast().
    const AutoBroadcastSpec& get_autob() const { return m_auto_broadcast; }

private:
    AutoBroadcastSpec m_auto_broadcast;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
