// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>

#include "openvino/core/shape.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief YOLO v2 reorganisation (darknet's "reorg"): [N, C, H, W] to [N, C * stride^2, H / stride,
/// W / stride], moving each stride x stride block of every channel into channels.
class ReorgYolo : public Op {
public:
    OPENVINO_OP("ReorgYolo", "opset2", Op);

    ReorgYolo() = default;
    /// @param strides the stride, given twice (both spatial axes use the same one)
    ReorgYolo(const Output<Node>& input, const Strides& strides);
    ReorgYolo(const Output<Node>& input, const size_t stride);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    Strides get_strides() const { return m_strides; }
    void set_strides(const size_t stride) { m_strides = Strides{stride, stride}; }

private:
    Strides m_strides;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
