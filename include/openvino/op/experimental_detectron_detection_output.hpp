// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v6 {

/// @brief Mask R-CNN detection head post-processing (Detectron). Inputs: rois [R, 4], deltas [R, 4C]
/// (per class dx, dy, dw, dh, divided by deltas_weights), scores [R, C] and im_info [1, 3]. Per class but
/// the background 0: each ROI refined by its class's deltas (class 1's with class_agnostic_box_regression;
/// pixel sizes with "+1", log sizes capped at max_delta_log_wh, clipped to the image), the ROIs scoring above
/// score_threshold through NMS (IoU above nms_threshold suppresses), at most post_nms_count per class; if
/// more than max_detections_per_image remain, the best of them. Outputs, zero-filled to
/// max_detections_per_image rows: boxes [D, 4], classes [D] (i32) and scores [D].
class ExperimentalDetectronDetectionOutput : public Op {
public:
    OPENVINO_OP("ExperimentalDetectronDetectionOutput", "opset6", Op);

    struct Attributes {
        float score_threshold;
        float nms_threshold;
        float max_delta_log_wh;
        int64_t num_classes;
        int64_t post_nms_count;
        size_t max_detections_per_image;
        bool class_agnostic_box_regression;
        std::vector<float> deltas_weights;
    };

    ExperimentalDetectronDetectionOutput() = default;
    ExperimentalDetectronDetectionOutput(const Output<Node>& input_rois, const Output<Node>& input_deltas,
                                         const Output<Node>& input_scores, const Output<Node>& input_im_info,
                                         const Attributes& attrs);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const Attributes& get_attrs() const { return m_attrs; }
    void set_attrs(Attributes attrs) { m_attrs = std::move(attrs); }

private:
    Attributes m_attrs{0.0f, 0.0f, 0.0f, 0, 0, 0, false, {}};
};

}  // namespace v6
}  // namespace op
}  // namespace ov
