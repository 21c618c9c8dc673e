// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v10 {

/// @brief Element-wise test for an infinite value of a real input; boolean output. The attributes choose
/// which infinities count.
class IsInf : public Op {
public:
    OPENVINO_OP("IsInf", "opset10", Op);

    /// @brief Which infinities the op detects (IR attributes "detect_negative" and "detect_positive").
    struct Attributes {
        bool detect_negative = true;
        bool detect_positive = true;

        Attributes() = default;
        Attributes(bool negative, bool positive) : detect_negative(negative), detect_positive(positive) {}
    };

    IsInf() = default;
    /// @param data The input; both infinities are detected.
    explicit IsInf(const Output<Node>& data);
    /// @param data The input.
    /// @param attributes Which infinities are detected.
    IsInf(const Output<Node>& data, const Attributes& attributes);

    void validate_and_infer_types() override;
    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;

    const Attributes& get_attributes() const { return m_attributes; }
    void set_attributes(const Attributes& attributes) { m_attributes = attributes; }

private:
    Attributes m_attributes;
};

}  // namespace v10
}  // namespace op
}  // namespace ov
