// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>

#include "openvino/core/shape.hpp"
#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Fast R-CNN region-of-interest pooling. Inputs: feature maps [N, C, H, W] and rois [R, 5] (batch
/// index, x1, y1, x2, y2). Output [R, C, pooled_h, pooled_w]: method "max" takes the maximum of each bin of
/// the ROI scaled by spatial_scale; "bilinear" samples the maps at a pooled_h x pooled_w grid over the ROI
/// given in normalized [0, 1] coordinates.
class ROIPooling : public Op {
public:
    OPENVINO_OP("ROIPooling", "opset2", Op);

    ROIPooling() = default;
    ROIPooling(const Output<Node>& input, const Output<Node>& coords, const Shape& output_size,
               const float spatial_scale, const std::string& method = "max");

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const Shape& get_output_roi() const { return m_output_size; }
    void set_output_roi(Shape output_size) { m_output_size = std::move(output_size); }
    float get_spatial_scale() const { return m_spatial_scale; }
    void set_spatial_scale(float scale) { m_spatial_scale = scale; }
    const std::string& get_method() const { return m_method; }
    void set_method(std::string method_name) { m_method = std::move(method_name); }

private:
    Shape m_output_size{0, 0};
    float m_spatial_scale = 0.0f;
    std::string m_method = "max";
};

}  // namespace v0
}  // namespace op
}  // namespace ov
