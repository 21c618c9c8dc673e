// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v6 {

/// @brief Region proposals for one image (Detectron). Inputs: im_info [3] (height, width, scale), anchors
/// [H * W * A, 4], deltas [4A, H, W] and scores [A, H, W]. Each anchor is moved by its deltas (sizes with the
/// pixel "+1", log sizes capped at log(1000 / 16)) and clipped to the image; a box narrower or lower than
/// min_size scores 0; the best pre_nms_count go through NMS (IoU above nms_threshold suppresses) and the first
/// post_nms_count are the outputs rois [post_nms_count, 4] and scores [post_nms_count], zero-filled.
class ExperimentalDetectronGenerateProposalsSingleImage : public Op {
public:
    OPENVINO_OP("ExperimentalDetectronGenerateProposalsSingleImage", "opset6", Op);

    struct Attributes {
        float min_size;
        float nms_threshold;
        int64_t post_nms_count;
        int64_t pre_nms_count;
    };

    ExperimentalDetectronGenerateProposalsSingleImage() = default;
    ExperimentalDetectronGenerateProposalsSingleImage(const Output<Node>& im_info, const Output<Node>& anchors,
                                                      const Output<Node>& deltas, const Output<Node>& scores,
                                                      const Attributes& attrs);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const Attributes& get_attrs() const { return m_attrs; }
    void set_attrs(Attributes attrs) { m_attrs = attrs; }

private:
    Attributes m_attrs{0.0f, 0.0f, 0, 0};
};

}  // namespace v6
}  // namespace op
}  // namespace ov
