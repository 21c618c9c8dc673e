// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v12 {

/// @brief Group normalisation (GroupNormalization-12): the channels of data `[N, C, ...]` are split into
/// num_groups groups; each group of each batch item is normalised by its own mean and variance, then scaled
/// and shifted per channel: scale[c] * (x - mean) / sqrt(variance + epsilon) + bias[c].
class GroupNormalization : public Op {
public:
    OPENVINO_OP("GroupNormalization", "opset12", Op);

    GroupNormalization() = default;
    /// @param scale      `[C]`.
    /// @param bias       `[C]`.
    /// @param num_groups Number of channel groups; divides C (IR "num_groups").
    /// @param epsilon    Added to the variance (IR "epsilon").
    GroupNormalization(const Output<Node>& data, const Output<Node>& scale, const Output<Node>& bias,
                       int64_t num_groups, double epsilon);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    int64_t get_num_groups() const { return m_num_groups; }
    void set_num_groups(int64_t num_groups) { m_num_groups = num_groups; }
    double get_epsilon() const { return m_epsilon; }
    void set_epsilon(double epsilon) { m_epsilon = epsilon; }

private:
    int64_t m_num_groups = 0;
    double m_epsilon = 0;
};

}  // namespace v12
}  // namespace op
}  // namespace ov
