// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v3 {

/// @brief Mask R-CNN ROI align. Inputs: feature maps [N, C, H, W], rois [R, 4] (x1, y1, x2, y2, scaled by
/// spatial_scale) and batch_indices [R] (integer). Output [R, C, pooled_h, pooled_w]: each bin averages
/// ("avg") or takes the maximum of ("max") sampling_ratio^2 bilinear samples (sampling_ratio 0: ceil of the
/// bin size per axis). "max" takes the largest bilinear sample, at least 0 (as OpenVINO's reference).
class ROIAlign : public Op {
public:
    enum class PoolingMode { AVG, MAX };

    OPENVINO_OP("ROIAlign", "opset3", Op);

    ROIAlign() = default;
    ROIAlign(const Output<Node>& input, const Output<Node>& rois, const Output<Node>& batch_indices,
             const int pooled_h, const int pooled_w, const int sampling_ratio, const float spatial_scale,
             const std::string& mode);
    ROIAlign(const Output<Node>& input, const Output<Node>& rois, const Output<Node>& batch_indices,
             const int pooled_h, const int pooled_w, const int sampling_ratio, const float spatial_scale,
             const PoolingMode mode);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    int get_pooled_h() const { return m_pooled_h; }
    void set_pooled_h(const int h) { m_pooled_h = h; }
    int get_pooled_w() const { return m_pooled_w; }
    void set_pooled_w(const int w) { m_pooled_w = w; }
    int get_sampling_ratio() const { return m_sampling_ratio; }
    void set_sampling_ratio(const int ratio) { m_sampling_ratio = ratio; }
    float get_spatial_scale() const { return m_spatial_scale; }
    void set_spatial_scale(const float scale) { m_spatial_scale = scale; }
    PoolingMode get_mode() const { return m_mode; }
    void set_mode(const PoolingMode mode) { m_mode = mode; }

private:
    int m_pooled_h = 0;
    int m_pooled_w = 0;
    int m_sampling_ratio = 0;
    float m_spatial_scale = 0.0f;
    PoolingMode m_mode = PoolingMode::AVG;
};

std::ostream& operator<<(std::ostream& s, const ROIAlign::PoolingMode& mode);
std::istream& operator>>(std::istream& s, ROIAlign::PoolingMode& mode);

}  // namespace v3

namespace v9 {

/// @brief ROIAlign-3 with aligned_mode: "asymmetric" (as v3), "half_pixel_for_nn" (ROI corners shifted by
/// -0.5 after scaling) or "half_pixel" (x -> (x + 0.5) * spatial_scale - 0.5); the two half-pixel modes keep
/// ROIs smaller than one pixel instead of growing them to 1.
class ROIAlign : public Op {
public:
    enum class PoolingMode { AVG, MAX };
    enum class AlignedMode { ASYMMETRIC, HALF_PIXEL_FOR_NN, HALF_PIXEL };

    OPENVINO_OP("ROIAlign", "opset9", Op);

    ROIAlign() = default;
    ROIAlign(const Output<Node>& input, const Output<Node>& rois, const Output<Node>& batch_indices,
             const int pooled_h, const int pooled_w, const int sampling_ratio, const float spatial_scale,
             const PoolingMode mode, const AlignedMode aligned_mode = AlignedMode::ASYMMETRIC);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    int get_pooled_h() const { return m_pooled_h; }
    void set_pooled_h(const int h) { m_pooled_h = h; }
    int get_pooled_w() const { return m_pooled_w; }
    void set_pooled_w(const int w) { m_pooled_w = w; }
    int get_sampling_ratio() const { return m_sampling_ratio; }
    void set_sampling_ratio(const int ratio) { m_sampling_ratio = ratio; }
    float get_spatial_scale() const { return m_spatial_scale; }
    void set_spatial_scale(const float scale) { m_spatial_scale = scale; }
    PoolingMode get_mode() const { return m_mode; }
    void set_mode(const PoolingMode mode) { m_mode = mode; }
    AlignedMode get_aligned_mode() const { return m_aligned_mode; }
    void set_aligned_mode(AlignedMode mode) { m_aligned_mode = mode; }

private:
    int m_pooled_h = 0;
    int m_pooled_w = 0;
    int m_sampling_ratio = 0;
    float m_spatial_scale = 0.0f;
    PoolingMode m_mode = PoolingMode::AVG;
    AlignedMode m_aligned_mode = AlignedMode::ASYMMETRIC;
};

std::ostream& operator<<(std::ostream& s, const ROIAlign::PoolingMode& mode);
std::istream& operator>>(std::istream& s, ROIAlign::PoolingMode& mode);
std::ostream& operator<<(std::ostream& s, const ROIAlign::AlignedMode& mode);
std::istream& operator>>(std::istream& s, ROIAlign::AlignedMode& mode);

}  // namespace v9
}  // namespace op
}  // namespace ov
