// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/binary_elementwise_bitwise.hpp"

namespace ov {
namespace op {
namespace v13 {

/// @brief Element-wise bitwise or (logical or on booleans).
class BitwiseOr : public util::BinaryElementwiseBitwise {
public:
    OPENVINO_OP("BitwiseOr", "opset13", util::BinaryElementwiseBitwise);

    BitwiseOr() : util::BinaryElementwiseBitwise(AutoBroadcastType::NUMPY) {}
    /// @param arg0 First input.
    /// @param arg1 Second input, of the same element type.
    /// @param auto_broadcast Broadcasting rule (numpy by default).
    BitwiseOr(const Output<Node>& arg0, const Output<Node>& arg1,
              const AutoBroadcastSpec& auto_broadcast = AutoBroadcastSpec(AutoBroadcastType::NUMPY));

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v13
}  // namespace op
}  // namespace ov
