// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v6 {

/// @brief Feature-pyramid ROI align (Detectron's FPN). Inputs: rois [R, 4] (x0, y0, x1, y1 in image pixels),
/// then L feature maps [1, C, H_l, W_l], finest first. Each ROI goes to level floor(2 + log2(sqrt(area) / 224))
/// clamped to [0, L - 1] and is pooled there (average ROI align, spatial scale 1 / pyramid_scales[level],
/// corners shifted by -0.5 when aligned). Outputs: [R, C, output_size, output_size] and the rois [R, 4].
class ExperimentalDetectronROIFeatureExtractor : public Op {
public:
    OPENVINO_OP("ExperimentalDetectronROIFeatureExtractor", "opset6", Op);

    struct Attributes {
        int64_t output_size;
        int64_t sampling_ratio;
        std::vector<int64_t> pyramid_scales;
        bool aligned;
    };

    ExperimentalDetectronROIFeatureExtractor() = default;
    ExperimentalDetectronROIFeatureExtractor(const OutputVector& args, const Attributes& attributes);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const Attributes& get_attrs() const { return m_attrs; }
    void set_attrs(Attributes attrs) { m_attrs = std::move(attrs); }

private:
    Attributes m_attrs{0, 0, {}, false};
};

}  // namespace v6
}  // namespace op
}  // namespace ov
