// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/binary_elementwise_logical.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Element-wise logical exclusive or.
class LogicalXor : public util::BinaryElementwiseLogical {
public:
    OPENVINO_OP("LogicalXor", "opset1", util::BinaryElementwiseLogical);

    LogicalXor() : util::BinaryElementwiseLogical(AutoBroadcastType::NUMPY) {}
    /// @param arg0 First input.
    /// @param arg1 Second input, of the same element type.
    /// @param auto_broadcast Broadcasting rule (numpy by default).
    LogicalXor(const Output<Node>& arg0, const Output<Node>& arg1,
               const AutoBroadcastSpec& auto_broadcast = AutoBroadcastSpec(AutoBroadcastType::NUMPY));

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
