// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <istream>
#include <ostream>

#include "openvino/core/axis_set.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {

/// @brief Where MVN-6 adds eps: to the variance under the square root, or to the standard deviation.
/// IR text: "inside_sqrt", "outside_sqrt".
enum class MVNEpsMode { INSIDE_SQRT, OUTSIDE_SQRT };

std::ostream& operator<<(std::ostream& os, MVNEpsMode mode);
std::istream& operator>>(std::istream& is, MVNEpsMode& mode);

namespace v0 {

/// @brief Mean-variance normalisation (MVN-1): subtracts the mean over the channel and spatial axes (or the
/// spatial axes only) and, with normalize_variance, divides by sqrt(variance + eps).
///
/// IR attributes: "eps", "across_channels", "normalize_variance" and "reduction_axes" (the axes in effect; when
/// present they win over across_channels).
class MVN : public Op {
public:
    OPENVINO_OP("MVN", "opset2", Op);

    MVN() = default;
    /// @param across_channels    Whether the channel axis 1 is reduced too (IR "across_channels").
    /// @param normalize_variance Whether to divide by the standard deviation (IR "normalize_variance").
    /// @param eps                Added to the variance (IR "eps").
    MVN(const Output<Node>& data, bool across_channels = true, bool normalize_variance = true, double eps = 1e-9);
    /// @param reduction_axes The axes to compute mean and variance over.
    MVN(const Output<Node>& data, AxisSet reduction_axes, bool normalize_variance = true, double eps = 1e-9);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    double get_eps() const { return m_eps; }
    void set_eps(double eps) { m_eps = eps; }
    bool get_across_channels() const { return m_across_channels; }
    void set_across_channels(bool across_channels) { m_across_channels = across_channels; }
    bool get_normalize_variance() const { return m_normalize_variance; }
    void set_normalize_variance(bool normalize_variance) { m_normalize_variance = normalize_variance; }
    AxisSet get_reduction_axes() const { return m_reduction_axes; }
    void set_reduction_axes(AxisSet axes) { m_reduction_axes = std::move(axes); }

private:
    double m_eps = 1e-9;
    bool m_across_channels = true;
    bool m_normalize_variance = true;
    AxisSet m_reduction_axes;
};

}  // namespace v0

namespace v6 {

/// @brief Mean-variance normalisation over the axes given by an input (MVN-6).
class MVN : public Op {
public:
    OPENVINO_OP("MVN", "opset6", Op);

    MVN() = default;
    /// @param reduction_axes     1-D integer tensor of the axes to normalise over (negative counts from the end).
    /// @param normalize_variance Whether to divide by the standard deviation (IR "normalize_variance").
    /// @param eps                Added inside or outside the square root (IR "eps").
    /// @param eps_mode           Where eps is added (IR "eps_mode").
    MVN(const Output<Node>& data, const Output<Node>& reduction_axes, bool normalize_variance, float eps,
        MVNEpsMode eps_mode);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    float get_eps() const { return m_eps; }
    void set_eps(float eps) { m_eps = eps; }
    bool get_normalize_variance() const { return m_normalize_variance; }
    void set_normalize_variance(bool normalize_variance) { m_normalize_variance = normalize_variance; }
    MVNEpsMode get_eps_mode() const { return m_eps_mode; }
    void set_eps_mode(MVNEpsMode eps_mode) { m_eps_mode = eps_mode; }

private:
    bool m_normalize_variance = true;
    float m_eps = 0.0f;
    MVNEpsMode m_eps_mode = MVNEpsMode::INSIDE_SQRT;
};

}  // namespace v6
}  // namespace op
}  // namespace ov
