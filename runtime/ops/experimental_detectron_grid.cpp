// SPDX-License-Identifier: Apache-2.0
// ExperimentalDetectronTopKROIs-6 and ExperimentalDetectronPriorGridGenerator-6: the two data-movement
// helpers of the Mask R-CNN pipeline, computed in float (double for f64).
#include <algorithm>
#include <numeric>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "openvino/op/experimental_detectron_prior_grid_generator.hpp"
#include "openvino/op/experimental_detectron_topkrois.hpp"
#include "ops/detect_common.hpp"
#include "ops/reference/element_dispatch.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v6 {

using devmux::detect::dim;

ExperimentalDetectronTopKROIs::ExperimentalDetectronTopKROIs(const Output<Node>& input_rois,
                                                             const Output<Node>& rois_probs, size_t max_rois)
    : Op({input_rois, rois_probs}), m_max_rois(max_rois) {
    constructor_validate_and_infer_types();
}

bool ExperimentalDetectronTopKROIs::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("max_rois", m_max_rois);
    return true;
}

void ExperimentalDetectronTopKROIs::validate_and_infer_types() {
    using namespace devmux::detect;
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (input_rois, rois_probs), got ", get_input_size());
    check_real_input(*this, 0, "input_rois");
    check_real_input(*this, 1, "rois_probs");
    check_rank(*this, 0, 2, "input_rois");
    check_rank(*this, 1, 1, "rois_probs");
    check_dim(*this, 0, 1, 4, "input_rois' second dimension");
    merged(*this, dim(get_input_partial_shape(0), 0), dim(get_input_partial_shape(1), 0),
           "the ROI counts of input_rois and rois_probs");
    set_output_type(0, get_input_element_type(0), PartialShape{static_cast<int64_t>(m_max_rois), 4});
}

std::shared_ptr<Node> ExperimentalDetectronTopKROIs::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "expects 2 inputs, got ", new_args.size());
    return std::make_shared<ExperimentalDetectronTopKROIs>(new_args[0], new_args[1], m_max_rois);
}

bool ExperimentalDetectronTopKROIs::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2, "evaluate() expects 2 inputs, got ", inputs.size());
    const Shape& rois_shape = inputs[0].get_shape();
    DEVMUX_NODE_CHECK(*this, rois_shape.size() == 2 && rois_shape[1] == 4 && inputs[1].get_size() == rois_shape[0],
                      "input_rois ", rois_shape, " and rois_probs ", inputs[1].get_shape(), " do not fit [N, 4] and [N]");
    const size_t n = rois_shape[0];
    auto& output = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), Shape{m_max_rois, 4});
    const bool known = devmux::ref::dispatch_real(inputs[0].get_element_type(), [&](auto tag) {
        using C = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<C> rois(inputs[0]);
        devmux::ref::InputBuffer<C> probs(inputs[1]);
        devmux::ref::OutputBuffer<C> out(output);
        std::vector<size_t> order(n);
        std::iota(order.begin(), order.end(), size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return probs.data()[a] > probs.data()[b]; });
        C* y = out.data();
        std::fill(y, y + m_max_rois * 4, C(0));
        for (size_t i = 0; i < std::min(n, m_max_rois); ++i)
            std::copy(rois.data() + order[i] * 4, rois.data() + order[i] * 4 + 4, y + i * 4);
        out.commit();
    });
    DEVMUX_NODE_CHECK(*this, known, "cannot evaluate element type ", inputs[0].get_element_type());
    return true;
}

ExperimentalDetectronPriorGridGenerator::ExperimentalDetectronPriorGridGenerator(const Output<Node>& priors,
                                                                                 const Output<Node>& feature_map,
                                                                                 const Output<Node>& im_data,
                                                                                 const Attributes& attrs)
    : Op({priors, feature_map, im_data}), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

bool ExperimentalDetectronPriorGridGenerator::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("flatten", m_attrs.flatten);
    visitor.on_attribute("h", m_attrs.h);
    visitor.on_attribute("w", m_attrs.w);
    visitor.on_attribute("stride_x", m_attrs.stride_x);
    visitor.on_attribute("stride_y", m_attrs.stride_y);
    return true;
}

void ExperimentalDetectronPriorGridGenerator::validate_and_infer_types() {
    using namespace devmux::detect;
    DEVMUX_NODE_CHECK(*this, get_input_size() == 3, "expects 3 inputs (priors, feature_map, im_data), got ",
                      get_input_size());
    DEVMUX_NODE_CHECK(*this, m_attrs.h >= 0 && m_attrs.w >= 0, "h and w must not be negative, got ", m_attrs.h, " and ",
                      m_attrs.w);
    DEVMUX_NODE_CHECK(*this, m_attrs.stride_x >= 0 && m_attrs.stride_y >= 0, "stride_x and stride_y must not be negative");
    check_real_input(*this, 0, "priors");
    check_rank(*this, 0, 2, "priors");
    check_rank(*this, 1, 4, "feature_map");
    check_rank(*this, 2, 4, "im_data");
    check_dim(*this, 0, 1, 4, "priors' second dimension");
    const Dimension priors = dim(get_input_partial_shape(0), 0);
    const Dimension h = m_attrs.h ? Dimension(m_attrs.h) : dim(get_input_partial_shape(1), 2);
    const Dimension w = m_attrs.w ? Dimension(m_attrs.w) : dim(get_input_partial_shape(1), 3);
    const auto& type = get_input_element_type(0);
    if (m_attrs.flatten)
        set_output_type(0, type, PartialShape{mul(mul(h, w), priors), 4});
    else
        set_output_type(0, type, PartialShape{h, w, priors, 4});
}

std::shared_ptr<Node> ExperimentalDetectronPriorGridGenerator::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3, "expects 3 inputs, got ", new_args.size());
    return std::make_shared<ExperimentalDetectronPriorGridGenerator>(new_args[0], new_args[1], new_args[2], m_attrs);
}

bool ExperimentalDetectronPriorGridGenerator::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 3, "evaluate() expects 3 inputs, got ", inputs.size());
    const Shape& priors_shape = inputs[0].get_shape();
    const Shape& map_shape = inputs[1].get_shape();
    const Shape& image_shape = inputs[2].get_shape();
    DEVMUX_NODE_CHECK(*this, priors_shape.size() == 2 && priors_shape[1] == 4 && map_shape.size() == 4 &&
                                 image_shape.size() == 4,
                      "priors ", priors_shape, ", feature_map ", map_shape, " and im_data ", image_shape,
                      " do not fit [P, 4], [N, C, H, W] and [N, 3, H, W]");
    const size_t P = priors_shape[0];
    const size_t H = m_attrs.h ? static_cast<size_t>(m_attrs.h) : map_shape[2];
    const size_t W = m_attrs.w ? static_cast<size_t>(m_attrs.w) : map_shape[3];
    DEVMUX_NODE_CHECK(*this, H > 0 && W > 0, "the grid must not be empty");
    const Shape out_shape = m_attrs.flatten ? Shape{H * W * P, 4} : Shape{H, W, P, 4};
    auto& output = devmux::ref::prepare_output(outputs, 0, inputs[0].get_element_type(), out_shape);
    const bool known = devmux::ref::dispatch_real(inputs[0].get_element_type(), [&](auto tag) {
        using C = typename decltype(tag)::compute;
        devmux::ref::InputBuffer<C> priors(inputs[0]);
        devmux::ref::OutputBuffer<C> out(output);
        const C step_x = m_attrs.stride_x ? static_cast<C>(m_attrs.stride_x)
                                          : static_cast<C>(image_shape[3]) / static_cast<C>(W);
        const C step_y = m_attrs.stride_y ? static_cast<C>(m_attrs.stride_y)
                                          : static_cast<C>(image_shape[2]) / static_cast<C>(H);
        C* y = out.data();
        for (size_t h = 0; h < H; ++h)
            for (size_t w = 0; w < W; ++w) {
                const C shift_x = (static_cast<C>(w) + C(0.5)) * step_x;
                const C shift_y = (static_cast<C>(h) + C(0.5)) * step_y;
                for (size_t p = 0; p < P; ++p, y += 4) {
                    const C* prior = priors.data() + p * 4;
                    y[0] = prior[0] + shift_x;
                    y[1] = prior[1] + shift_y;
                    y[2] = prior[2] + shift_x;
                    y[3] = prior[3] + shift_y;
                }
            }
        out.commit();
    });
    DEVMUX_NODE_CHECK(*this, known, "cannot evaluate element type ", inputs[0].get_element_type());
    return true;
}

}  // namespace v6
}  // namespace op
}  // namespace ov
