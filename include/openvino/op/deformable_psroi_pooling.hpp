// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v1 {

/// @brief Deformable position-sensitive ROI pooling (Deformable ConvNets). Inputs: data [N, output_dim *
/// group_size^2, H, W], rois [R, 5] (batch, x1, y1, x2, y2) and optionally offsets [R, 2 * classes, part_size,
/// part_size]. Output [R, output_dim, group_size, group_size]: each bin, shifted by trans_std times its part's
/// offset (in ROI sizes), averages spatial_bins_x * spatial_bins_y bilinear samples of its channel. devmux
/// evaluates mode "bilinear_deformable".
class DeformablePSROIPooling : public Op {
public:
    OPENVINO_OP("DeformablePSROIPooling", "opset1", Op);

    DeformablePSROIPooling() = default;
    DeformablePSROIPooling(const Output<Node>& input, const Output<Node>& coords, const Output<Node>& offsets,
                           const int64_t output_dim, const float spatial_scale, const int64_t group_size = 1,
                           const std::string mode = "bilinear_deformable", int64_t spatial_bins_x = 1,
                           int64_t spatial_bins_y = 1, float trans_std = 1, int64_t part_size = 1);
    DeformablePSROIPooling(const Output<Node>& input, const Output<Node>& coords, const int64_t output_dim,
                           const float spatial_scale, const int64_t group_size = 1,
                           const std::string mode = "bilinear_deformable", int64_t spatial_bins_x = 1,
                           int64_t spatial_bins_y = 1, float trans_std = 1, int64_t part_size = 1);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    int64_t get_output_dim() const { return m_output_dim; }
    void set_output_dim(int64_t output_dim) { m_output_dim = output_dim; }
    int64_t get_group_size() const { return m_group_size; }
    void set_group_size(int64_t group_size) { m_group_size = group_size; }
    float get_spatial_scale() const { return m_spatial_scale; }
    const std::string& get_mode() const { return m_mode; }
    int64_t get_spatial_bins_x() const { return m_spatial_bins_x; }
    int64_t get_spatial_bins_y() const { return m_spatial_bins_y; }
    float get_trans_std() const { return m_trans_std; }
    int64_t get_part_size() const { return m_part_size; }

private:
    int64_t m_output_dim = 0;
    float m_spatial_scale = 0.0f;
    int64_t m_group_size = 1;
    std::string m_mode = "bilinear_deformable";
    int64_t m_spatial_bins_x = 1;
    int64_t m_spatial_bins_y = 1;
    float m_trans_std = 1.0f;
    int64_t m_part_size = 1;
};

}  // namespace v1
}  // namespace op
}  // namespace ov
