// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"
#include "openvino/op/util/attr_types.hpp"
#include "openvino/op/util/broadcast_base.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief Replicates a tensor to a target shape.
///
/// Modes: NUMPY (right-aligned; each input extent is 1 or the target's), EXPLICIT (input axis i goes to
/// output axis axes_mapping[i]), BIDIRECTIONAL (the output is the numpy broadcast of the input shape and
/// target_shape, so the target may also stretch from 1) and PDPD (input axes start at the spec's axis, -1
/// meaning right-aligned).
class Broadcast : public Op {
public:
    OPENVINO_OP("Broadcast", "opset3", Op);
    Broadcast() = default;
    /// @brief EXPLICIT broadcast (or another mode that ignores axes_mapping).
    Broadcast(const Output<Node>& arg, const Output<Node>& target_shape, const Output<Node>& axes_mapping,
              const BroadcastModeSpec& broadcast_spec = BroadcastType::EXPLICIT);
    /// @brief Broadcast without axes_mapping (NUMPY, BIDIRECTIONAL or PDPD).
    Broadcast(const Output<Node>& arg, const Output<Node>& target_shape,
              const BroadcastModeSpec& broadcast_spec = BroadcastType::NUMPY);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const BroadcastModeSpec& get_broadcast_spec() const { return m_mode; }
    void set_broadcast_spec(const BroadcastModeSpec& broadcast_spec) { m_mode = broadcast_spec; }

private:
    BroadcastModeSpec m_mode{BroadcastType::NUMPY};
};

}  // namespace v3

namespace v1 {

/// @brief Replicates a tensor to a target shape: NUMPY, EXPLICIT (with axes_mapping) or PDPD broadcasting.
class Broadcast : public Op {
public:
    OPENVINO_OP("Broadcast", "opset1", Op);
    Broadcast() = default;
    /// @brief EXPLICIT broadcast with axes_mapping (the default spec, NONE, means EXPLICIT).
    Broadcast(const Output<Node>& arg, const Output<Node>& target_shape, const Output<Node>& axes_mapping,
              const AutoBroadcastSpec& broadcast_spec = AutoBroadcastSpec());
    /// @brief NUMPY (or PDPD) broadcast without axes_mapping.
    Broadcast(const Output<Node>& arg, const Output<Node>& target_shape,
              const AutoBroadcastSpec& broadcast_spec = AutoBroadcastSpec(AutoBroadcastType::NUMPY));

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const AutoBroadcastSpec& get_broadcast_spec() const { return m_broadcast_spec; }
    void set_broadcast_spec(const AutoBroadcastSpec& broadcast_spec) { m_broadcast_spec = broadcast_spec; }

private:
    AutoBroadcastSpec m_broadcast_spec{AutoBroadcastType::NUMPY};
};

}  // namespace v1
}  // namespace op
}  // namespace ov
