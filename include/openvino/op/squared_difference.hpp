// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/binary_elementwise_arithmetic.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Element-wise (arg0 - arg1)^2.
class SquaredDifference : public util::BinaryElementwiseArithmetic {
public:
    OPENVINO_OP("SquaredDifference", "opset1", util::BinaryElementwiseArithmetic);

    SquaredDifference() : util::BinaryElementwiseArithmetic(AutoBroadcastType::NUMPY) {}
    /// @param arg0 First input.
    /// @param arg1 Second input, of the same element type.
    /// @param auto_broadcast Broadcasting rule (numpy by default).
    SquaredDifference(const Output<Node>& arg0, const Output<Node>& arg1,
                      const AutoBroadcastSpec& auto_broadcast = AutoBroadcastSpec(AutoBroadcastType::NUMPY));

    /// @brief As the base class, and also accepts auto_broadcast="pdpd".
    void validate_and_infer_types() override;
    /// @brief As the base class; a rule read as "pdpd" aligns at the end (axis -1), as in OpenVINO.
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
