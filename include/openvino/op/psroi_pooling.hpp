// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief Position-sensitive ROI pooling (R-FCN). Inputs: feature maps [N, C, H, W] and rois [R, 5]
/// (batch index, x1, y1, x2, y2). Output [R, output_dim, group_size, group_size]; mode "average" averages
/// bin (i, j) of output channel c over input channel (c * group_size + i) * group_size + j, so C must be
/// output_dim * group_size^2; mode "bilinear" averages spatial_bins_x * spatial_bins_y bilinear samples, one
/// per input channel group, so C must be output_dim * spatial_bins_x * spatial_bins_y.
class PSROIPooling : public Op {
public:
    OPENVINO_OP("PSROIPooling", "opset1", Op);

    PSROIPooling() = default;
    PSROIPooling(const Output<Node>& input, const Output<Node>& coords, const size_t output_dim,
                 const size_t group_size, const float spatial_scale, int spatial_bins_x, int spatial_bins_y,
                 const std::string& mode);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    size_t get_output_dim() const { return m_output_dim; }
    void set_output_dim(size_t output_dim) { m_output_dim = output_dim; }
    size_t get_group_size() const { return m_group_size; }
    void set_group_size(size_t group_size) { m_group_size = group_size; }
    float get_spatial_scale() const { return m_spatial_scale; }
    void set_spatial_scale(float scale) { m_spatial_scale = scale; }
    int get_spatial_bins_x() const { return m_spatial_bins_x; }
    void set_spatial_bins_x(int x) { m_spatial_bins_x = x; }
    int get_spatial_bins_y() const { return m_spatial_bins_y; }
    void set_spatial_bins_y(int y) { m_spatial_bins_y = y; }
    const std::string& get_mode() const { return m_mode; }
    void set_mode(std::string mode) { m_mode = std::move(mode); }

private:
    size_t m_output_dim = 0;
    size_t m_group_size = 0;
    float m_spatial_scale = 0.0f;
    int m_spatial_bins_x = 1;
    int m_spatial_bins_y = 1;
    std::string m_mode = "average";
};

}  // namespace v0
}  // namespace op
}  // namespace ov
