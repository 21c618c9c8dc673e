// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>

#include "openvino/core/type/element_type.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Greedy non-maximum suppression per batch and class. Inputs: boxes [B, N, 4], scores [B, C, N],
/// and optionally max_output_boxes_per_class (default 0), iou_threshold and score_threshold (default 0)
/// scalars. Output: selected_indices [min(N, max_output_boxes_per_class * C), 3] i64 rows (batch, class,
/// box; OpenVINO's row count for v1 and v3), unused rows filled with -1.
class NonMaxSuppression : public Op {
public:
    enum class BoxEncodingType { CORNER, CENTER };

    OPENVINO_OP("NonMaxSuppression", "opset1", Op);

    NonMaxSuppression() = default;
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                      const Output<Node>& score_threshold, const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true);
    /// @brief The last 3 inputs take their defaults (0, 0, 0) as Constants.
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    BoxEncodingType get_box_encoding() const { return m_box_encoding; }
    void set_box_encoding(const BoxEncodingType box_encoding) { m_box_encoding = box_encoding; }
    bool get_sort_result_descending() const { return m_sort_result_descending; }
    void set_sort_result_descending(const bool sort_result_descending) {
        m_sort_result_descending = sort_result_descending;
    }
    /// @brief max_output_boxes_per_class when it is known before run time, else 0.
    int64_t max_boxes_output_from_input() const;

protected:
    BoxEncodingType m_box_encoding = BoxEncodingType::CORNER;
    bool m_sort_result_descending = true;
};

std::ostream& operator<<(std::ostream& s, const NonMaxSuppression::BoxEncodingType& type);
std::istream& operator>>(std::istream& s, NonMaxSuppression::BoxEncodingType& type);

}  // namespace v1

namespace v3 {

/// @brief NonMaxSuppression-1 with the index type as an attribute (output_type, i64 or i32).
class NonMaxSuppression : public Op {
public:
    enum class BoxEncodingType { CORNER, CENTER };

    OPENVINO_OP("NonMaxSuppression", "opset3", Op);

    NonMaxSuppression() = default;
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                      const Output<Node>& score_threshold, const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    BoxEncodingType get_box_encoding() const { return m_box_encoding; }
    void set_box_encoding(const BoxEncodingType box_encoding) { m_box_encoding = box_encoding; }
    bool get_sort_result_descending() const { return m_sort_result_descending; }
    void set_sort_result_descending(const bool sort_result_descending) {
        m_sort_result_descending = sort_result_descending;
    }
    element::Type get_output_type() const { return m_output_type; }
    void set_output_type(const element::Type& output_type) { m_output_type = output_type; }
    using Node::set_output_type;
    /// @brief max_output_boxes_per_class when it is known before run time, else 0.
    int64_t max_boxes_output_from_input() const;

protected:
    /// @brief Whether the row count is min(N, max) * B * C (v4) or min(N, max * C) (v3, as OpenVINO's v3).
    virtual bool rows_count_batches() const { return false; }

    BoxEncodingType m_box_encoding = BoxEncodingType::CORNER;
    bool m_sort_result_descending = true;
    ov::element::Type m_output_type = ov::element::i64;
};

std::ostream& operator<<(std::ostream& s, const NonMaxSuppression::BoxEncodingType& type);
std::istream& operator>>(std::istream& s, NonMaxSuppression::BoxEncodingType& type);

}  // namespace v3

namespace v4 {

/// @brief NonMaxSuppression-3 whose output has min(N, max_output_boxes_per_class) * B * C rows (every batch
/// counted).
class NonMaxSuppression : public op::v3::NonMaxSuppression {
public:
    OPENVINO_OP("NonMaxSuppression", "opset4", op::v3::NonMaxSuppression);

    NonMaxSuppression() = default;
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                      const Output<Node>& score_threshold, const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);

    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;

protected:
    bool rows_count_batches() const override { return true; }
};

}  // namespace v4

namespace v5 {

/// @brief NonMaxSuppression with Soft-NMS (optional 6th input soft_nms_sigma) and three outputs of dynamic
/// length: selected_indices [S, 3] (output_type), selected_scores [S, 3] f32 (batch, class, score) and
/// valid_outputs [1] (S). Inputs 3 to 6 are optional (defaults 0).
class NonMaxSuppression : public Op {
public:
    enum class BoxEncodingType { CORNER, CENTER };

    OPENVINO_OP("NonMaxSuppression", "opset5", Op);

    NonMaxSuppression() = default;
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                      const Output<Node>& score_threshold, const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                      const Output<Node>& score_threshold, const Output<Node>& soft_nms_sigma,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    BoxEncodingType get_box_encoding() const { return m_box_encoding; }
    void set_box_encoding(const BoxEncodingType box_encoding) { m_box_encoding = box_encoding; }
    bool get_sort_result_descending() const { return m_sort_result_descending; }
    void set_sort_result_descending(const bool sort_result_descending) {
        m_sort_result_descending = sort_result_descending;
    }
    element::Type get_output_type() const { return m_output_type; }
    void set_output_type(const element::Type& output_type) { m_output_type = output_type; }
    using Node::set_output_type;

    /// @brief The optional inputs' values when known before run time, else their defaults (0).
    int64_t max_boxes_output_from_input() const;
    float iou_threshold_from_input() const;
    float score_threshold_from_input() const;
    float soft_nms_sigma_from_input() const;
    /// @brief True when soft_nms_sigma is absent or a known 0 (plain NMS).
    bool is_soft_nms_sigma_constant_and_default() const;

protected:
    BoxEncodingType m_box_encoding = BoxEncodingType::CORNER;
    bool m_sort_result_descending = true;
    ov::element::Type m_output_type = ov::element::i64;
};

std::ostream& operator<<(std::ostream& s, const NonMaxSuppression::BoxEncodingType& type);
std::istream& operator>>(std::istream& s, NonMaxSuppression::BoxEncodingType& type);

}  // namespace v5

namespace v9 {

/// @brief NonMaxSuppression-5 as opset9 has it (same inputs, attributes and outputs).
class NonMaxSuppression : public Op {
public:
    enum class BoxEncodingType { CORNER, CENTER };

    OPENVINO_OP("NonMaxSuppression", "opset9", Op);

    NonMaxSuppression() = default;
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                      const Output<Node>& score_threshold, const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);
    NonMaxSuppression(const Output<Node>& boxes, const Output<Node>& scores,
                      const Output<Node>& max_output_boxes_per_class, const Output<Node>& iou_threshold,
                      const Output<Node>& score_threshold, const Output<Node>& soft_nms_sigma,
                      const BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                      const bool sort_result_descending = true,
                      const ov::element::Type& output_type = ov::element::i64);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    BoxEncodingType get_box_encoding() const { return m_box_encoding; }
    void set_box_encoding(const BoxEncodingType box_encoding) { m_box_encoding = box_encoding; }
    bool get_sort_result_descending() const { return m_sort_result_descending; }
    void set_sort_result_descending(const bool sort_result_descending) {
        m_sort_result_descending = sort_result_descending;
    }
    element::Type get_output_type() const { return m_output_type; }
    void set_output_type(const element::Type& output_type) { m_output_type = output_type; }
    using Node::set_output_type;

    /// @brief The optional inputs' values when known before run time, else their defaults (0).
    int64_t max_boxes_output_from_input() const;
    float iou_threshold_from_input() const;
    float score_threshold_from_input() const;
    float soft_nms_sigma_from_input() const;
    /// @brief True when soft_nms_sigma is absent or a known 0 (plain NMS).
    bool is_soft_nms_sigma_constant_and_default() const;

protected:
    BoxEncodingType m_box_encoding = BoxEncodingType::CORNER;
    bool m_sort_result_descending = true;
    ov::element::Type m_output_type = ov::element::i64;
};

std::ostream& operator<<(std::ostream& s, const NonMaxSuppression::BoxEncodingType& type);
std::istream& operator>>(std::istream& s, NonMaxSuppression::BoxEncodingType& type);

}  // namespace v9
}  // namespace op
}  // namespace ov
