// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <utility>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {

/// @brief Which framework's random sequence RandomUniform reproduces.
enum class PhiloxAlignment { TENSORFLOW, PYTORCH, MOCK };

std::ostream& operator<<(std::ostream& os, PhiloxAlignment alignment);
std::istream& operator>>(std::istream& is, PhiloxAlignment& alignment);

namespace v8 {

/// @brief Uniformly distributed random values in [min_val, max_val) (RandomUniform-8).
///
/// Inputs: the output shape (1-D integer), min_val and max_val (scalars or one-element tensors of out_type).
/// The values come from the 10-round Philox 4x32 generator of the specification, keyed by global_seed and
/// counted from op_seed, so equal seeds give equal values (TensorFlow alignment). When both seeds are zero
/// the seeds are drawn at random.
class RandomUniform : public Op {
public:
    OPENVINO_OP("RandomUniform", "opset8", Op);

    RandomUniform() = default;
    RandomUniform(const Output<Node>& out_shape, const Output<Node>& min_val, const Output<Node>& max_val,
                  const ov::element::Type& out_type, uint64_t global_seed = 0, uint64_t op_seed = 0,
                  PhiloxAlignment alignment = PhiloxAlignment::TENSORFLOW);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
    /// @brief Random values must not be folded into constants.
    bool constant_fold(OutputVector& output_values, const OutputVector& inputs_values) override;

    const ov::element::Type& get_out_type() const { return m_output_type; }
    void set_out_type(const ov::element::Type& output_type) { m_output_type = output_type; }
    uint64_t get_global_seed() const { return m_global_seed; }
    void set_global_seed(uint64_t seed) { m_global_seed = seed; }
    uint64_t get_op_seed() const { return m_op_seed; }
    void set_op_seed(uint64_t seed) { m_op_seed = seed; }
    PhiloxAlignment get_alignment() const { return m_alignment; }
    void set_alignment(PhiloxAlignment alignment) { m_alignment = alignment; }

private:
    ov::element::Type m_output_type;
    uint64_t m_global_seed = 0;
    uint64_t m_op_seed = 0;
    PhiloxAlignment m_alignment = PhiloxAlignment::TENSORFLOW;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
