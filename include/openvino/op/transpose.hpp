// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Permutes the axes of a tensor: output axis i is input axis order[i].
class Transpose : public Op {
public:
    OPENVINO_OP("Transpose", "opset1", Op);
    Transpose() = default;
    /// @brief input_order: 1-D integer permutation of [0, rank); an empty one reverses the axes.
    Transpose(const Output<Node>& arg, const Output<Node>& input_order);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    /// @brief Inputs indexes and count.
    enum Ins : size_t { ARG, ORDER, IN_COUNT };
    /// @brief Outputs indexes and count.
    enum Outs : size_t { ARG_T, OUT_COUNT };
};

}  // namespace v1
}  // namespace op
}  // namespace ov
