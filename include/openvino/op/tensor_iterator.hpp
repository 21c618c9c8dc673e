// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/op/util/sub_graph_base.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Runs its body once per slice of its sliced inputs (their slice counts must agree), carrying
/// merged values from one iteration to the next.
class TensorIterator : public util::SubGraphOp {
public:
    OPENVINO_OP("TensorIterator", "opset1", util::SubGraphOp);

    TensorIterator() = default;
    /// @param values The op's inputs; bodies are wired with set_sliced_input and friends.
    explicit TensorIterator(const OutputVector& values);

    std::shared_ptr<Model> get_body() const { return m_bodies.at(0); }
    void set_body(const std::shared_ptr<Model>& body) { set_function(body); }

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override;
};

}  // namespace v0
}  // namespace op
}  // namespace ov
