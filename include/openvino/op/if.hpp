// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/multi_subgraph_base.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Runs its then-body when the condition (input 0, a boolean scalar) is true, else its else-body.
class If : public util::MultiSubGraphOp {
public:
    OPENVINO_OP("If", "opset8", util::MultiSubGraphOp);

    enum BodyIndexes { THEN_BODY_INDEX = 0, ELSE_BODY_INDEX = 1 };

    If();
    /// @param execution_condition A boolean scalar.
    explicit If(const Output<Node>& execution_condition);

    const std::shared_ptr<Model>& get_then_body() const { return m_bodies[THEN_BODY_INDEX]; }
    const std::shared_ptr<Model>& get_else_body() const { return m_bodies[ELSE_BODY_INDEX]; }
    void set_then_body(const std::shared_ptr<Model>& body) { m_bodies[THEN_BODY_INDEX] = body; }
    void set_else_body(const std::shared_ptr<Model>& body) { m_bodies[ELSE_BODY_INDEX] = body; }

    /// @brief value feeds then_parameter and else_parameter (either may be null).
    void set_input(const Output<Node>& value, const std::shared_ptr<v0::Parameter>& then_parameter,
                   const std::shared_ptr<v0::Parameter>& else_parameter);
    /// @brief A new output: then_result's value when the then-body runs, else else_result's.
    Output<Node> set_output(const std::shared_ptr<v0::Result>& then_result,
                            const std::shared_ptr<v0::Result>& else_result);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v8
}  // namespace op
}  // namespace ov
