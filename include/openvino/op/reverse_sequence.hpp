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
namespace v0 {

/// @brief Reverses the first seq_lengths[b] elements along seq_axis, for every index b of batch_axis.
class ReverseSequence : public Op {
public:
    OPENVINO_OP("ReverseSequence", "opset1", Op);
    ReverseSequence() = default;
    /// @brief seq_lengths is 1-D with one length per batch entry; axes may be negative.
    ReverseSequence(const Output<Node>& arg, const Output<Node>& seq_lengths, int64_t batch_axis = 0,
                    int64_t seq_axis = 1);

    /// @brief The batch axis, normalised when the data rank is known.
    size_t get_batch_axis() const { return m_normalized_batch_axis; }
    int64_t get_origin_batch_axis() const { return m_batch_axis; }
    void set_batch_axis(int64_t batch_axis) { m_batch_axis = batch_axis; }
    /// @brief The sequence axis, normalised when the data rank is known.
    size_t get_sequence_axis() const { return m_normalized_seq_axis; }
    int64_t get_origin_sequence_axis() const { return m_seq_axis; }
    void set_sequence_axis(int64_t sequence_axis) { m_seq_axis = sequence_axis; }

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

private:
    int64_t m_batch_axis = 0;
    int64_t m_seq_axis = 1;
    size_t m_normalized_batch_axis = 0;
    size_t m_normalized_seq_axis = 1;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
