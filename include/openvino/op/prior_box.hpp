// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <vector>

#include "openvino/op/op.hpp"

namespace ov {
namespace op {
namespace v0 {

/// @brief SSD prior (anchor) boxes for a feature map. Inputs: output_size [2] (feature map H, W) and
/// image_size [2] (image H, W), both integer. Output: [2, 4 * H * W * priors] f32, the normalized boxes
/// (xmin, ymin, xmax, ymax) then their variances. Folded to a Constant when both inputs are constant.
/// devmux implements scale_all_sizes = true without density, fixed_size or fixed_ratio.
class PriorBox : public Op {
public:
    OPENVINO_OP("PriorBox", "opset1", Op);
    struct Attributes {
        std::vector<float> min_size;
        std::vector<float> max_size;
        std::vector<float> aspect_ratio;
        std::vector<float> density;
        std::vector<float> fixed_ratio;
        std::vector<float> fixed_size;
        bool clip = false;
        bool flip = false;
        float step = 0.0f;
        float offset = 0.0f;
        std::vector<float> variance;
        bool scale_all_sizes = true;
    };

    PriorBox() = default;
    PriorBox(const Output<Node>& layer_shape, const Output<Node>& image_shape, const Attributes& attrs);

    /// @brief Priors per feature-map cell for these attributes.
    static int64_t number_of_priors(const Attributes& attrs);
    /// @brief The aspect ratios used: 1, then each given one (and its inverse with flip), without repeats.
    static std::vector<float> normalized_aspect_ratio(const std::vector<float>& aspect_ratio, bool flip);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
    const Attributes& get_attrs() const { return m_attrs; }

protected:
    Attributes m_attrs;
    bool m_min_max_aspect_ratios_order = true;  // v8 attribute; v0 always uses min, max, aspect ratios
};

/// @brief Prior boxes of given widths and heights centred on each feature-map cell. Inputs and output as
/// PriorBox.
class PriorBoxClustered : public Op {
public:
    OPENVINO_OP("PriorBoxClustered", "opset1", Op);
    struct Attributes {
        std::vector<float> widths;
        std::vector<float> heights;
        bool clip = true;
        float step_widths = 0.0f;
        float step_heights = 0.0f;
        float step = 0.0f;
        float offset = 0.0f;
        std::vector<float> variances;
    };

    PriorBoxClustered() = default;
    PriorBoxClustered(const Output<Node>& layer_shape, const Output<Node>& image_shape, const Attributes& attrs);

    bool visit_attributes(AttributeVisitor& visitor) override;
    void validate_and_infer_types() override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
    bool has_evaluate() const override { return true; }
    const Attributes& get_attrs() const { return m_attrs; }

private:
    Attributes m_attrs;
};

}  // namespace v0

namespace v8 {
/// @brief PriorBox with min_max_aspect_ratios_order: true puts the min, max, then aspect-ratio boxes of a
/// size in that order (as v0); false puts the aspect-ratio boxes before the max box.
class PriorBox : public v0::PriorBox {
public:
    OPENVINO_OP("PriorBox", "opset8", v0::PriorBox);
    struct Attributes : public v0::PriorBox::Attributes {
        bool min_max_aspect_ratios_order = true;
    };

    PriorBox() = default;
    PriorBox(const Output<Node>& layer_shape, const Output<Node>& image_shape, const Attributes& attrs);

    bool visit_attributes(AttributeVisitor& visitor) override;
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& new_args) const override;
    Attributes get_attrs() const;
};
}  // namespace v8
}  // namespace op
}  // namespace ov
