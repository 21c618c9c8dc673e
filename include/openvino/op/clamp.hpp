// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Clips every element to [min, max]. For integer types min is rounded up and max down to
/// integers first (as OpenVINO does), so that the bounds are representable.
class Clamp : public Op {
public:
    OPENVINO_OP("Clamp", "opset1", Op);

    Clamp() = default;
    /// @param data The input.
    /// @param min Lower bound (IR attribute "min").
    /// @param max Upper bound (IR attribute "max"); must not be below min.
    Clamp(const Output<Node>& data, const double min, const double max);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    double get_min() const { return m_min; }
    double get_max() const { return m_max; }
    void set_min(const double& x) { m_min = x; }
    void set_max(const double& x) { m_max = x; }

private:
    double m_min = 0.0;
    double m_max = 0.0;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
