// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Takes start:stop:step slices along chosen axes, as Python / numpy slicing does.
///
/// Inputs: data, start, stop, step (1-D integer, one entry per sliced axis) and optionally axes (1-D
/// integer, unique, negative counting from the end; default 0, 1, ...). Negative start / stop count from
/// the end of the axis, out-of-range values are clamped, a negative step walks backwards; step 0 is an
/// error.
class Slice : public Op {
public:
    OPENVINO_OP("Slice", "opset8", Op);
    Slice() = default;
    /// @brief Slices the first start.size() axes.
    Slice(const Output<Node>& data, const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step);
    /// @brief Slices the given axes.
    Slice(const Output<Node>& data, const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step,
          const Output<Node>& axes);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
};

}  // namespace v8
}  // namespace op
}  // namespace ov
