// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief For each element of data, the index of the bucket it falls in, given ascending bucket boundaries
/// (Bucketize-3).
class Bucketize : public Op {
public:
    OPENVINO_OP("Bucketize", "opset3", Op);

    Bucketize() = default;
    /// @param data             The values to place
    /// @param buckets          1-D ascending boundaries
    /// @param output_type      i32 or i64: the type of the bucket indices
    /// @param with_right_bound A boundary belongs to the bucket on its left (true) or on its right (false)
    Bucketize(const Output<Node>& data, const Output<Node>& buckets, const element::Type output_type = element::i64,
              const bool with_right_bound = true);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    element::Type get_output_type() const { return m_output_type; }
    using Node::set_output_type;
    void set_output_type(element::Type output_type) { m_output_type = output_type; }
    bool get_with_right_bound() const { return m_with_right_bound; }
    void set_with_right_bound(bool with_right_bound) { m_with_right_bound = with_right_bound; }

private:
    element::Type m_output_type = element::i64;
    bool m_with_right_bound = true;
};

}  // namespace v3
}  // namespace op
}  // namespace ov
