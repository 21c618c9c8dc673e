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
namespace v7 {

/// @brief Shifts elements cyclically along axes: output[(i + shift) mod d] = data[i] on each rolled axis.
///
/// shift and axes are integer scalars or 1-D; one scalar shift applies to every axis, an axis named twice
/// rolls by the sum of its shifts.
class Roll : public Op {
public:
    OPENVINO_OP("Roll", "opset7", Op);
    Roll() = default;
    Roll(const Output<Node>& data, const Output<Node>& shift, const Output<Node>& axes);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
};

}  // namespace v7
}  // namespace op
}  // namespace ov
