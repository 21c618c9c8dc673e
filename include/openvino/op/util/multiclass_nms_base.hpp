// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>

#include "openvino/core/type/element_type.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief What MulticlassNms-8 and -9 share: attributes, shape inference and the reference kernel. Per image
/// and class (but background_class): boxes scoring above score_threshold, the best nms_top_k of them, greedy
/// NMS (IoU above iou_threshold suppresses; adaptive with nms_eta < 1); per image the best keep_top_k of all
/// classes; rows ordered by sort_result_type (score descending, or class then score; none keeps class
/// order), per image or across the batch. Outputs of dynamic length: selected_outputs [S, 6] (class, score,
/// x1, y1, x2, y2), selected_indices [S, 1] (image * boxes per image + box) and selected_num [N].
class MulticlassNmsBase : public Op {
public:
    OPENVINO_OP("MulticlassNmsBase", "util", Op);

    enum class SortResultType { CLASSID, SCORE, NONE };

    struct Attributes {
        SortResultType sort_result_type = SortResultType::NONE;
        bool sort_result_across_batch = false;
        ov::element::Type output_type = ov::element::i64;
        float iou_threshold = 0.0f;
        float score_threshold = 0.0f;
        int nms_top_k = -1;
        int keep_top_k = -1;
        int background_class = -1;
        float nms_eta = 1.0f;
        bool normalized = true;
    };

    MulticlassNmsBase() = default;

    bool visit_attributes(AttributeVisitor& visitor) override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const Attributes& get_attrs() const { return m_attrs; }
    void set_attrs(Attributes attrs) { m_attrs = std::move(attrs); }
    element::Type get_output_type() const { return m_attrs.output_type; }

protected:
    MulticlassNmsBase(const OutputVector& arguments, const Attributes& attrs);
    /// @brief Checks the inputs (2, or 3 with roisnum when allowed) and sets the three outputs.
    void infer_outputs(bool allow_rois_num);

    Attributes m_attrs;
};

std::ostream& operator<<(std::ostream& s, const MulticlassNmsBase::SortResultType& type);
std::istream& operator>>(std::istream& s, MulticlassNmsBase::SortResultType& type);

}  // namespace util
}  // namespace op
}  // namespace ov
