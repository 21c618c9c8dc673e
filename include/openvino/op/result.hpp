// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "openvino/core/layout.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief A model output. Its output tensor is its producer's tensor, names included.
class Result : public Op {
public:
    OPENVINO_OP("Result", "opset1", Op);
    Result() = default;
    explicit Result(const Output<Node>& arg);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
    bool constant_fold(OutputVector&, const OutputVector&) override { return false; }
    /// @brief The layout set on this output (ov::layout::get_layout of its output).
    Layout get_layout() const;
    void set_layout(const Layout& layout);
};

}  // namespace v0
}  // namespace op

using ResultVector = std::vector<std::shared_ptr<op::v0::Result>>;

}  // namespace ov
