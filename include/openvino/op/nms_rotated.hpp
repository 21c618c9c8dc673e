// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include "openvino/core/type/element_type.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v13 {

/// @brief Greedy non-maximum suppression of rotated boxes, per batch and class.
///
/// Inputs: boxes [B, N, 5] as [x_center, y_center, width, height, angle] (angle in radians), scores
/// [B, C, N], and the scalars (or 1-element tensors) max_output_boxes_per_class (integer), iou_threshold
/// and score_threshold (floating point). Outputs: selected_indices [S, 3] (output_type) rows (batch, class,
/// box), selected_scores [S, 3] rows (batch, class, score) of score_threshold's element type, and
/// valid_outputs [1] (output_type) holding S. The overlap of two boxes is the area of their intersection
/// polygon over the area of their union.
class NMSRotated : public Op {
public:
    OPENVINO_OP("NMSRotated", "opset13", Op);

    NMSRotated() = default;
    /// @brief sort_result_descending: order the selection by score across batches and classes (else per
    /// batch and class, each by score); output_type: i64 or i32, of outputs 0 and 2; clockwise: whether a
    /// positive angle turns a box clockwise (in image coordinates, y pointing down).
    NMSRotated(const Output<Node>& boxes, const Output<Node>& scores, const Output<Node>& max_output_boxes_per_class,
               const Output<Node>& iou_threshold, const Output<Node>& score_threshold,
               const bool sort_result_descending = true, const ov::element::Type& output_type = ov::element::i64,
               const bool clockwise = true);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    bool get_sort_result_descending() const { return m_sort_result_descending; }
    void set_sort_result_descending(const bool sort_result_descending) {
        m_sort_result_descending = sort_result_descending;
    }
    element::Type get_output_type_attr() const { return m_output_type; }
    void set_output_type_attr(const element::Type& output_type) { m_output_type = output_type; }
    bool get_clockwise() const { return m_clockwise; }
    void set_clockwise(const bool clockwise) { m_clockwise = clockwise; }

protected:
    bool m_sort_result_descending = true;
    ov::element::Type m_output_type = ov::element::i64;
    bool m_clockwise = true;
};

}  // namespace v13
}  // namespace op
}  // namespace ov
