// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v5 {

/// @brief Logarithm of the softmax along one axis (LogSoftmax-5): x - max - log(sum(exp(x - max))).
class LogSoftmax : public Op {
public:
    OPENVINO_OP("LogSoftmax", "opset5", Op);

    LogSoftmax() = default;
    /// @param axis The axis to normalise over, in [-rank, rank) (IR "axis").
    LogSoftmax(const Output<Node>& arg, const int64_t axis);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    int64_t get_axis() const { return m_axis; }
    void set_axis(const int64_t axis) { m_axis = axis; }

private:
    int64_t m_axis = 1;
};

}  // namespace v5
}  // namespace op
}  // namespace ov
