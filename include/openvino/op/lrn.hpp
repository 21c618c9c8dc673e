// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/core/axis_set.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Local response normalisation (LRN-1):
/// x / (bias + alpha / size^len(axes) * sum of x^2 over a window of `size` around x along the axes)^beta.
class LRN : public Op {
public:
    OPENVINO_OP("LRN", "opset1", Op);

    LRN() = default;
    /// Normalises across channels (axis 1).
    LRN(const Output<Node>& arg, double alpha, double beta, double bias, size_t size);
    /// @param axes 1-D integer constant of the axes the window spans.
    LRN(const Output<Node>& arg, const Output<Node>& axes, double alpha, double beta, double bias, size_t size);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    double get_alpha() const { return m_alpha; }
    void set_alpha(double alpha) { m_alpha = alpha; }
    double get_beta() const { return m_beta; }
    void set_beta(double beta) { m_beta = beta; }
    double get_bias() const { return m_bias; }
    void set_bias(double bias) { m_bias = bias; }
    size_t get_nsize() const { return m_size; }
    void set_nsize(size_t size) { m_size = size; }
    /// @brief The window's axes (empty while the axes input is not known).
    AxisSet get_reduction_axes() const;

private:
    double m_alpha = 0;
    double m_beta = 0;
    double m_bias = 0;
    size_t m_size = 0;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
