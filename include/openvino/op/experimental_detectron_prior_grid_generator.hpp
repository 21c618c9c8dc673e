// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v6 {

/// @brief Prior boxes repeated over a feature map's grid. Inputs: priors [P, 4] (x0, y0, x1, y1),
/// feature_map [N, C, H, W] and im_data [N, 3, H_img, W_img] (only their shapes matter). Each cell (y, x) adds
/// ((x + 0.5) * stride_x, (y + 0.5) * stride_y) to every prior. Grid size h x w (0: the feature map's H, W);
/// strides 0: image size / grid size. Output [h * w * P, 4] with flatten, else [h, w, P, 4].
class ExperimentalDetectronPriorGridGenerator : public Op {
public:
    OPENVINO_OP("ExperimentalDetectronPriorGridGenerator", "opset6", Op);

    struct Attributes {
        bool flatten;
        int64_t h;
        int64_t w;
        float stride_x;
        float stride_y;
    };

    ExperimentalDetectronPriorGridGenerator() = default;
    ExperimentalDetectronPriorGridGenerator(const Output<Node>& priors, const Output<Node>& feature_map,
                                            const Output<Node>& im_data, const Attributes& attrs);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }

    const Attributes& get_attrs() const { return m_attrs; }
    void set_attrs(Attributes attrs) { m_attrs = attrs; }

private:
    Attributes m_attrs{true, 0, 0, 0.0f, 0.0f};
};

}  // namespace v6
}  // namespace op
}  // namespace ov
