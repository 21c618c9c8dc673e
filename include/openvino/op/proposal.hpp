// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Faster R-CNN region proposals. Inputs: class_probs [N, 2A, H, W] (background then foreground score
/// of each of the A anchors), bbox_deltas [N, 4A, H, W] (dx, dy, dw, dh per anchor) and image_shape [3] or [4]
/// (image height, width, scale, or scale_h and scale_w). Output [N * post_nms_topn, 5]: per image, the rows
/// (image index, x1, y1, x2, y2) that survive the minimum size, pre_nms_topn and NMS; when fewer survive, the
/// row after the last has image index -1 and the rest are 0.
class Proposal : public Op {
public:
    OPENVINO_OP("Proposal", "opset1", Op);

    struct Attributes {
        size_t base_size;
        size_t pre_nms_topn;
        size_t post_nms_topn;
        float nms_thresh = 0.0f;
        size_t feat_stride = 1;
        size_t min_size = 1;
        std::vector<float> ratio;
        std::vector<float> scale;
        bool clip_before_nms = true;
        bool clip_after_nms = false;
        bool normalize = false;
        float box_size_scale = 1.0f;
        float box_coordinate_scale = 1.0f;
        std::string framework;
        bool infer_probs = false;
    };

    Proposal() = default;
    Proposal(const Output<Node>& class_probs, const Output<Node>& bbox_deltas, const Output<Node>& image_shape,
             const Attributes& attrs);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const Attributes& get_attrs() const { return m_attrs; }
    void set_attrs(Attributes attrs) { m_attrs = std::move(attrs); }

protected:
    /// @brief Shape checks of both versions; returns the box rows' shape.
    PartialShape infer_rows();

    Attributes m_attrs{};
};

}  // namespace v0

namespace v4 {

/// @brief Proposal-1 with a second output: the score of each output row [N * post_nms_topn].
class Proposal : public op::v0::Proposal {
public:
    OPENVINO_OP("Proposal", "opset4", op::v0::Proposal);

    Proposal() = default;
    Proposal(const Output<Node>& class_probs, const Output<Node>& bbox_deltas, const Output<Node>& image_shape,
             const Attributes& attrs);

    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
};

}  // namespace v4
}  // namespace op
}  // namespace ov
