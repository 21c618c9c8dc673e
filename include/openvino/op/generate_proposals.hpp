// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>

#include "openvino/core/type/element_type.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v9 {

/// @brief Region proposals from given anchors, per image of a batch. Inputs: im_info [N, 3 or 4] (height,
/// width, scale or scale_h, scale_w), anchors [H, W, A, 4], deltas [N, 4A, H, W] and scores [N, A, H, W].
/// Each anchor is moved by its deltas (log sizes capped at log(1000 / 16)), clipped to the image, dropped
/// below min_size * scale, the best pre_nms_count go through NMS (nms_threshold, adaptive with nms_eta < 1)
/// and at most post_nms_count stay. Outputs of dynamic length: rois [R, 4], their scores [R] and roi_num [N]
/// (roi_num_type), the count of each image's rows. normalized = false counts box sizes with the "+1" of
/// pixel coordinates.
class GenerateProposals : public Op {
public:
    OPENVINO_OP("GenerateProposals", "opset9", Op);

    struct Attributes {
        float min_size;
        float nms_threshold;
        int64_t pre_nms_count;
        int64_t post_nms_count;
        bool normalized = true;
        float nms_eta = 1.0f;
    };

    GenerateProposals() = default;
    GenerateProposals(const Output<Node>& im_info, const Output<Node>& anchors, const Output<Node>& deltas,
                      const Output<Node>& scores, const Attributes& attrs,
                      const element::Type& roi_num_type = element::i64);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const Attributes& get_attrs() const { return m_attrs; }
    void set_attrs(Attributes attrs) { m_attrs = attrs; }
    const element::Type& get_roi_num_type() const { return m_roi_num_type; }
    void set_roi_num_type(const element::Type& type) { m_roi_num_type = type; }

private:
    Attributes m_attrs{0.0f, 0.0f, 0, 0, true, 1.0f};
    element::Type m_roi_num_type = element::i64;
};

}  // namespace v9
}  // namespace op
}  // namespace ov
