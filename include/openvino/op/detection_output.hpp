// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace util {

/// @brief What DetectionOutput v0 and v8 share: decoding SSD box predictions against priors, per-class
/// non-maximum suppression and the [1, 1, N, 7] detection list (image, label, score, xmin, ymin, xmax, ymax;
/// the first unused row has image -1).
class DetectionOutputBase : public Op {
public:
    OPENVINO_OP("DetectionOutputBase", "util", Op);
    struct AttributesBase {
        int background_label_id = 0;
        int top_k = -1;
        bool variance_encoded_in_target = false;
        std::vector<int> keep_top_k;
        std::string code_type = "caffe.PriorBoxParameter.CORNER";
        bool share_location = true;
        float nms_threshold = 0.0f;
        float confidence_threshold = 0.0f;
        bool clip_after_nms = false;
        bool clip_before_nms = false;
        bool decrease_label_id = false;
        bool normalized = false;
        size_t input_height = 1;
        size_t input_width = 1;
        float objectness_score = 0.0f;
    };

    DetectionOutputBase() = default;
    bool has_evaluate() const override { return true; }

protected:
    explicit DetectionOutputBase(const OutputVector& args) : Op(args) {}
    void visit_base(AttributeVisitor& visitor, AttributesBase& attrs);
    /// @brief Checks the inputs and sets the output shape; num_classes <= 0 means "from the shapes".
    void infer_output(const AttributesBase& attrs, int64_t num_classes);
    bool evaluate_detections(TensorVector& outputs, const TensorVector& inputs, const AttributesBase& attrs,
                             int64_t num_classes) const;
};

}  // namespace util

namespace v0 {
/// @brief SSD post-processing. Inputs: box_logits [N, L*P*4], class_preds [N, P*C], proposals
/// [N or 1, 1 or 2, P*4 (normalized) or P*5].
class DetectionOutput : public util::DetectionOutputBase {
public:
    OPENVINO_OP("DetectionOutput", "opset1", util::DetectionOutputBase);
    struct Attributes : public AttributesBase {
        int num_classes = 0;
    };

    DetectionOutput() = default;
    DetectionOutput(const Output<Node>& box_logits, const Output<Node>& class_preds, const Output<Node>& proposals,
                    const Attributes& attrs);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    const Attributes& get_attrs() const { return m_attrs; }

private:
    Attributes m_attrs;
};
}  // namespace v0

namespace v8 {
/// @brief DetectionOutput without num_classes: it follows from the class_preds shape.
class DetectionOutput : public util::DetectionOutputBase {
public:
    OPENVINO_OP("DetectionOutput", "opset8", util::DetectionOutputBase);
    using Attributes = AttributesBase;

    DetectionOutput() = default;
    DetectionOutput(const Output<Node>& box_logits, const Output<Node>& class_preds, const Output<Node>& proposals,
                    const Attributes& attrs);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    const Attributes& get_attrs() const { return m_attrs; }

private:
    Attributes m_attrs;
};
}  // namespace v8
}  // namespace op
}  // namespace ov
