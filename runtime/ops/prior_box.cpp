// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/prior_box.hpp"

#include <algorithm>
#include <cmath>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace {

// Feature-map height and width from the output_size input when it is a Constant (else -1, -1).
std::pair<int64_t, int64_t> constant_hw(const Node& node) {
    if (auto c = devmux::ref::constant_input(node, 0)) {
        const auto v = c->cast_vector<int64_t>();
        OPENVINO_ASSERT(v.size() == 2, devmux::ref::describe(node), ": output_size needs 2 values (H, W), got ",
                        v.size());
        return {v[0], v[1]};
    }
    return {-1, -1};
}

void check_prior_box_inputs(const Node& node) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(node.get_input_size() == 2, name, ": expects 2 inputs (output_size, image_size), got ",
                    node.get_input_size());
    devmux::ref::check_integral_input(node, 0, "output_size");
    devmux::ref::check_integral_input(node, 1, "image_size");
}

void set_prior_output(Node& node, int64_t priors_per_cell) {
    const auto hw = constant_hw(node);
    const Dimension length = hw.first >= 0 ? Dimension(4 * hw.first * hw.second * priors_per_cell) : Dimension::dynamic();
    node.set_output_type(0, element::f32, PartialShape{2, length});
}

float clip01(float v) { return std::min(std::max(v, 0.0f), 1.0f); }

// Writes boxes then, a whole box count later, their variances.
struct PriorWriter {
    float* out;
    size_t total;  // 4 * number of boxes
    std::vector<float> variance;
    bool clip;
    size_t next = 0;

    void add(float xmin, float ymin, float xmax, float ymax) {
        const float box[4] = {xmin, ymin, xmax, ymax};
        for (int j = 0; j < 4; ++j) {
            out[next + j] = clip ? clip01(box[j]) : box[j];
            out[total + next + j] = variance.size() == 1 ? variance[0] : variance[j];
        }
        next += 4;
    }
};

std::vector<float> checked_variance(const Node& node, const std::vector<float>& variance) {
    OPENVINO_ASSERT(variance.empty() || variance.size() == 1 || variance.size() == 4, devmux::ref::describe(node),
                    ": variance needs 0, 1 or 4 values, got ", variance.size());
    return variance.empty() ? std::vector<float>{0.1f} : variance;
}

}  // namespace

namespace v0 {

PriorBox::PriorBox(const Output<Node>& layer_shape, const Output<Node>& image_shape, const Attributes& attrs)
    : Op({layer_shape, image_shape}), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

std::vector<float> PriorBox::normalized_aspect_ratio(const std::vector<float>& aspect_ratio, bool flip) {
    std::vector<float> ratios{1.0f};
    auto add = [&](float r) {
        for (float existing : ratios)
            if (std::fabs(existing - r) < 1e-6f)
                return;
        ratios.push_back(r);
    };
    for (float r : aspect_ratio) {
        add(r);
        if (flip)
            add(1.0f / r);
    }
    return ratios;
}

int64_t PriorBox::number_of_priors(const Attributes& attrs) {
    const auto ratios = normalized_aspect_ratio(attrs.aspect_ratio, attrs.flip);
    return static_cast<int64_t>(ratios.size() * attrs.min_size.size() + attrs.max_size.size());
}

bool PriorBox::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("min_size", m_attrs.min_size);
    visitor.on_attribute("max_size", m_attrs.max_size);
    visitor.on_attribute("aspect_ratio", m_attrs.aspect_ratio);
    visitor.on_attribute("density", m_attrs.density);
    visitor.on_attribute("fixed_ratio", m_attrs.fixed_ratio);
    visitor.on_attribute("fixed_size", m_attrs.fixed_size);
    visitor.on_attribute("clip", m_attrs.clip);
    visitor.on_attribute("flip", m_attrs.flip);
    visitor.on_attribute("step", m_attrs.step);
    visitor.on_attribute("offset", m_attrs.offset);
    visitor.on_attribute("variance", m_attrs.variance);
    visitor.on_attribute("scale_all_sizes", m_attrs.scale_all_sizes);
    return true;
}

void PriorBox::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    check_prior_box_inputs(*this);
    OPENVINO_ASSERT(m_attrs.scale_all_sizes && m_attrs.density.empty() && m_attrs.fixed_size.empty() &&
                        m_attrs.fixed_ratio.empty(),
                    name, ": devmux implements PriorBox with scale_all_sizes and without density, fixed_size or fixed_ratio");
    OPENVINO_ASSERT(!m_attrs.min_size.empty(), name, ": min_size needs at least one value");
    OPENVINO_ASSERT(m_attrs.max_size.empty() || m_attrs.max_size.size() == m_attrs.min_size.size(), name,
                    ": max_size needs one value per min_size (", m_attrs.min_size.size(), "), got ",
                    m_attrs.max_size.size());
    checked_variance(*this, m_attrs.variance);
    set_prior_output(*this, number_of_priors(m_attrs));
}

std::shared_ptr<Node> PriorBox::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<PriorBox>(new_args[0], new_args[1], m_attrs);
}

bool PriorBox::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 2, devmux::ref::describe(*this), ": evaluate() expects 2 inputs");
    const auto layer = devmux::ref::tensor_to_i64(inputs[0]);
    const auto image = devmux::ref::tensor_to_i64(inputs[1]);
    OPENVINO_ASSERT(layer.size() == 2 && image.size() == 2, devmux::ref::describe(*this),
                    ": output_size and image_size need 2 values each");
    const int64_t H = layer[0], W = layer[1];
    const float img_h = static_cast<float>(image[0]), img_w = static_cast<float>(image[1]);
    const auto ratios = normalized_aspect_ratio(m_attrs.aspect_ratio, m_attrs.flip);
    const size_t boxes = static_cast<size_t>(H * W * number_of_priors(m_attrs));
    auto& out = devmux::ref::prepare_output(outputs, 0, element::f32, Shape{2, 4 * boxes});
    PriorWriter writer{out.data<float>(), 4 * boxes, checked_variance(*this, m_attrs.variance), m_attrs.clip};
    const float step_x = m_attrs.step > 0 ? m_attrs.step : img_w / static_cast<float>(W);
    const float step_y = m_attrs.step > 0 ? m_attrs.step : img_h / static_cast<float>(H);
    for (int64_t h = 0; h < H; ++h) {
        for (int64_t w = 0; w < W; ++w) {
            const float cx = (static_cast<float>(w) + m_attrs.offset) * step_x;
            const float cy = (static_cast<float>(h) + m_attrs.offset) * step_y;
            auto add = [&](float bw, float bh) {
                writer.add((cx - bw / 2) / img_w, (cy - bh / 2) / img_h, (cx + bw / 2) / img_w, (cy + bh / 2) / img_h);
            };
            for (size_t i = 0; i < m_attrs.min_size.size(); ++i) {
                const float min_size = m_attrs.min_size[i];
                auto add_max = [&] {
                    if (i < m_attrs.max_size.size()) {
                        const float s = std::sqrt(min_size * m_attrs.max_size[i]);
                        add(s, s);
                    }
                };
                auto add_ratios = [&] {
                    for (float r : ratios)
                        if (std::fabs(r - 1.0f) >= 1e-6f)
                            add(min_size * std::sqrt(r), min_size / std::sqrt(r));
                };
                add(min_size, min_size);
                if (m_min_max_aspect_ratios_order) {
                    add_max();
                    add_ratios();
                } else {
                    add_ratios();
                    add_max();
                }
            }
        }
    }
    return true;
}

PriorBoxClustered::PriorBoxClustered(const Output<Node>& layer_shape, const Output<Node>& image_shape,
                                     const Attributes& attrs)
    : Op({layer_shape, image_shape}), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

bool PriorBoxClustered::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("width", m_attrs.widths);
    visitor.on_attribute("height", m_attrs.heights);
    visitor.on_attribute("clip", m_attrs.clip);
    visitor.on_attribute("step_w", m_attrs.step_widths);
    visitor.on_attribute("step_h", m_attrs.step_heights);
    visitor.on_attribute("step", m_attrs.step);
    visitor.on_attribute("offset", m_attrs.offset);
    visitor.on_attribute("variance", m_attrs.variances);
    return true;
}

void PriorBoxClustered::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    check_prior_box_inputs(*this);
    OPENVINO_ASSERT(m_attrs.widths.size() == m_attrs.heights.size(), name, ": width has ", m_attrs.widths.size(),
                    " values but height has ", m_attrs.heights.size());
    checked_variance(*this, m_attrs.variances);
    set_prior_output(*this, static_cast<int64_t>(m_attrs.widths.size()));
}

std::shared_ptr<Node> PriorBoxClustered::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<PriorBoxClustered>(new_args[0], new_args[1], m_attrs);
}

bool PriorBoxClustered::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 2, devmux::ref::describe(*this), ": evaluate() expects 2 inputs");
    const auto layer = devmux::ref::tensor_to_i64(inputs[0]);
    const auto image = devmux::ref::tensor_to_i64(inputs[1]);
    OPENVINO_ASSERT(layer.size() == 2 && image.size() == 2, devmux::ref::describe(*this),
                    ": output_size and image_size need 2 values each");
    const int64_t H = layer[0], W = layer[1];
    const float img_h = static_cast<float>(image[0]), img_w = static_cast<float>(image[1]);
    const size_t boxes = static_cast<size_t>(H * W) * m_attrs.widths.size();
    auto& out = devmux::ref::prepare_output(outputs, 0, element::f32, Shape{2, 4 * boxes});
    PriorWriter writer{out.data<float>(), 4 * boxes, checked_variance(*this, m_attrs.variances), m_attrs.clip};
    float step_w = m_attrs.step_widths > 0 ? m_attrs.step_widths : m_attrs.step;
    float step_h = m_attrs.step_heights > 0 ? m_attrs.step_heights : m_attrs.step;
    if (step_w <= 0 && step_h <= 0) {
        step_w = img_w / static_cast<float>(W);
        step_h = img_h / static_cast<float>(H);
    }
    for (int64_t h = 0; h < H; ++h)
        for (int64_t w = 0; w < W; ++w) {
            const float cx = (static_cast<float>(w) + m_attrs.offset) * step_w;
            const float cy = (static_cast<float>(h) + m_attrs.offset) * step_h;
            for (size_t s = 0; s < m_attrs.widths.size(); ++s) {
                const float bw = m_attrs.widths[s], bh = m_attrs.heights[s];
                writer.add((cx - bw / 2) / img_w, (cy - bh / 2) / img_h, (cx + bw / 2) / img_w, (cy + bh / 2) / img_h);
            }
        }
    return true;
}

}  // namespace v0

namespace v8 {

PriorBox::PriorBox(const Output<Node>& layer_shape, const Output<Node>& image_shape, const Attributes& attrs)
    : v0::PriorBox(layer_shape, image_shape, attrs) {
    m_min_max_aspect_ratios_order = attrs.min_max_aspect_ratios_order;
}

bool PriorBox::visit_attributes(AttributeVisitor& visitor) {
    v0::PriorBox::visit_attributes(visitor);
    visitor.on_attribute("min_max_aspect_ratios_order", m_min_max_aspect_ratios_order);
    return true;
}

std::shared_ptr<Node> PriorBox::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<PriorBox>(new_args[0], new_args[1], get_attrs());
}

PriorBox::Attributes PriorBox::get_attrs() const {
    Attributes a;
    static_cast<v0::PriorBox::Attributes&>(a) = m_attrs;
    a.min_max_aspect_ratios_order = m_min_max_aspect_ratios_order;
    return a;
}

}  // namespace v8
}  // namespace op
}  // namespace ov

