// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <memory>

#include "openvino/core/type/element_type.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v8 {

/// @brief Matrix NMS (SOLOv2, PaddlePaddle matrix_nms): per image and class (but background_class), the boxes
/// above score_threshold, best nms_top_k first, each have their score decayed by the worst of
/// decay(IoU with a better box, that box's own largest IoU with a better one) (linear: (1 - iou) / (1 - max);
/// gaussian: exp((max^2 - iou^2) * gaussian_sigma)) and stay when it is at least post_threshold; per image
/// the best keep_top_k; rows ordered as MulticlassNms. Outputs of dynamic length: selected_outputs [S, 6]
/// (class, decayed score, x1, y1, x2, y2), selected_indices [S, 1] and selected_num [N].
class MatrixNms : public Op {
public:
    OPENVINO_OP("MatrixNms", "opset8", Op);

    enum class DecayFunction { GAUSSIAN, LINEAR };
    enum class SortResultType { CLASSID, SCORE, NONE };

    struct Attributes {
        SortResultType sort_result_type = SortResultType::NONE;
        bool sort_result_across_batch = false;
        ov::element::Type output_type = ov::element::i64;
        float score_threshold = 0.0f;
        int nms_top_k = -1;
        int keep_top_k = -1;
        int background_class = -1;
        DecayFunction decay_function = DecayFunction::LINEAR;
        float gaussian_sigma = 2.0f;
        float post_threshold = 0.0f;
        bool normalized = true;
    };

    MatrixNms() = default;
    MatrixNms(const Output<Node>& boxes, const Output<Node>& scores, const Attributes& attrs);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const Attributes& get_attrs() const { return m_attrs; }
    void set_attrs(Attributes attrs) { m_attrs = std::move(attrs); }

private:
    Attributes m_attrs;
};

std::ostream& operator<<(std::ostream& s, const MatrixNms::DecayFunction& type);
std::istream& operator>>(std::istream& s, MatrixNms::DecayFunction& type);
std::ostream& operator<<(std::ostream& s, const MatrixNms::SortResultType& type);
std::istream& operator>>(std::istream& s, MatrixNms::SortResultType& type);

}  // namespace v8
}  // namespace op
}  // namespace ov
