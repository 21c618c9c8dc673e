// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <ostream>

#include "openvino/core/axis_set.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {

/// @brief How NormalizeL2 combines eps with the sum of squares: added, or taken as a lower bound.
/// IR text: "add", "max".
enum class EpsMode { ADD, MAX };

std::ostream& operator<<(std::ostream& os, EpsMode mode);
std::istream& operator>>(std::istream& is, EpsMode& mode);

namespace v0 {

/// @brief Divides the input by its L2 norm over some axes (NormalizeL2-1):
/// x / sqrt(sum(x^2) + eps) or x / sqrt(max(sum(x^2), eps)).
class NormalizeL2 : public Op {
public:
    OPENVINO_OP("NormalizeL2", "opset1", Op);

    NormalizeL2() = default;
    /// @param axes     1-D (or scalar) integer constant of the axes the norm is taken over.
    /// @param eps      IR "eps".
    /// @param eps_mode IR "eps_mode".
    NormalizeL2(const Output<Node>& data, const Output<Node>& axes, float eps, EpsMode eps_mode);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    float get_eps() const { return m_eps; }
    EpsMode get_eps_mode() const { return m_eps_mode; }
    /// @brief The normalised axes (empty while the axes input is not known).
    AxisSet get_reduction_axes() const;

private:
    float m_eps = 0.0f;
    EpsMode m_eps_mode = EpsMode::ADD;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
