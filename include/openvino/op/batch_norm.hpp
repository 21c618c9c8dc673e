// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Batch normalisation with given statistics (BatchNormInference-1):
/// gamma * (x - mean) / sqrt(variance + epsilon) + beta, per channel (axis 1).
///
/// The op's inputs are in the order (gamma, beta, data, mean, variance), as the opset1 IR has them; the
/// constructor takes the data first.
class BatchNormInference : public Op {
public:
    OPENVINO_OP("BatchNormInference", "opset1", Op);

    BatchNormInference() = default;
    BatchNormInference(const Output<Node>& input, const Output<Node>& gamma, const Output<Node>& beta,
                       const Output<Node>& mean, const Output<Node>& variance, double epsilon);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    double get_eps_value() const { return m_epsilon; }
    void set_eps_value(double epsilon) { m_epsilon = epsilon; }

private:
    double m_epsilon = 0;
};

}  // namespace v0

namespace v5 {

/// @brief Batch normalisation with given statistics (BatchNormInference-5); inputs (data, gamma, beta, mean,
/// variance).
class BatchNormInference : public Op {
public:
    OPENVINO_OP("BatchNormInference", "opset5", Op);

    BatchNormInference() = default;
    BatchNormInference(const Output<Node>& input, const Output<Node>& gamma, const Output<Node>& beta,
                       const Output<Node>& mean, const Output<Node>& variance, double epsilon);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    double get_eps_value() const { return m_epsilon; }
    void set_eps_value(double epsilon) { m_epsilon = epsilon; }

private:
    double m_epsilon = 0;
};

}  // namespace v5
}  // namespace op
}  // namespace ov
