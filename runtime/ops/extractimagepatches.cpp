// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/extractimagepatches.hpp"

#include <cstring>
#include <vector>

#include "openvino/core/attribute_visitor.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v3 {
namespace {

// Output extent and leading padding along one spatial axis.
struct AxisPlan {
    int64_t out;
    int64_t pad_begin;
};

AxisPlan plan_axis(int64_t in, int64_t size, int64_t stride, int64_t rate, PadType pad) {
    const int64_t effective = (size - 1) * rate + 1;
    if (pad == PadType::VALID)
        return {in >= effective ? (in - effective) / stride + 1 : 0, 0};
    // SAME_*: every origin inside the input, padded with zeros; the odd padding unit goes at the end
    // (same_upper) or at the beginning (same_lower).
    const int64_t out = (in + stride - 1) / stride;
    const int64_t total = std::max<int64_t>(0, (out - 1) * stride + effective - in);
    return {out, pad == PadType::SAME_UPPER ? total / 2 : total - total / 2};
}

}  // namespace

ExtractImagePatches::ExtractImagePatches(const Output<Node>& image, const Shape& sizes, const Strides& strides,
                                         const Shape& rates, const PadType& auto_pad)
    : Op({image}),
      m_patch_sizes(sizes),
      m_patch_movement_strides(strides),
      m_patch_selection_rates(rates),
      m_padding(auto_pad) {
    constructor_validate_and_infer_types();
}

bool ExtractImagePatches::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("sizes", m_patch_sizes);
    visitor.on_attribute("strides", m_patch_movement_strides);
    visitor.on_attribute("rates", m_patch_selection_rates);
    visitor.on_attribute("auto_pad", m_padding);
    return true;
}

void ExtractImagePatches::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 1, "expects 1 input (image), got ", get_input_size());
    DEVMUX_NODE_CHECK(*this, m_patch_sizes.size() == 2, "sizes must hold 2 values, got ", m_patch_sizes.size());
    DEVMUX_NODE_CHECK(*this, m_patch_movement_strides.size() == 2, "strides must hold 2 values, got ",
                      m_patch_movement_strides.size());
    DEVMUX_NODE_CHECK(*this, m_patch_selection_rates.size() == 2, "rates must hold 2 values, got ",
                      m_patch_selection_rates.size());
    for (size_t i = 0; i < 2; ++i)
        DEVMUX_NODE_CHECK(*this, m_patch_sizes[i] > 0 && m_patch_movement_strides[i] > 0 && m_patch_selection_rates[i] > 0,
                          "sizes, strides and rates must be positive");
    DEVMUX_NODE_CHECK(*this,
                      m_padding == PadType::VALID || m_padding == PadType::SAME_UPPER || m_padding == PadType::SAME_LOWER,
                      "auto_pad must be valid, same_upper or same_lower, got ", m_padding);
    const auto& image = get_input_partial_shape(0);
    DEVMUX_NODE_CHECK(*this, !image.rank_is_static() || image.size() == 4, "image must have rank 4, got ", image);
    if (!image.rank_is_static()) {
        set_output_type(0, get_input_element_type(0), PartialShape(std::vector<Dimension>(4)));
        return;
    }
    std::vector<Dimension> dims{image[0]};
    const int64_t patch = static_cast<int64_t>(m_patch_sizes[0] * m_patch_sizes[1]);
    dims.push_back(image[1].is_static() ? Dimension(image[1].get_length() * patch) : Dimension::dynamic());
    for (size_t i = 0; i < 2; ++i) {
        const auto& in = image[2 + i];
        dims.push_back(in.is_static() ? Dimension(plan_axis(in.get_length(), static_cast<int64_t>(m_patch_sizes[i]),
                                                            static_cast<int64_t>(m_patch_movement_strides[i]),
                                                            static_cast<int64_t>(m_patch_selection_rates[i]), m_padding)
                                                      .out)
                                      : Dimension::dynamic());
    }
    set_output_type(0, get_input_element_type(0), PartialShape(dims));
}

std::shared_ptr<Node> ExtractImagePatches::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 1, "clone expects 1 input, got ", new_args.size());
    return std::make_shared<ExtractImagePatches>(new_args[0], m_patch_sizes, m_patch_movement_strides,
                                                 m_patch_selection_rates, m_padding);
}

bool ExtractImagePatches::has_evaluate() const {
    return get_input_size() == 1 && get_input_element_type(0).is_static();
}

bool ExtractImagePatches::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 1);
    const Shape& shape = inputs[0].get_shape();
    DEVMUX_NODE_CHECK(*this, shape.size() == 4, "image must have rank 4, got ", shape);
    const size_t n = shape[0], c = shape[1];
    const auto h = static_cast<int64_t>(shape[2]), w = static_cast<int64_t>(shape[3]);
    const auto size_r = static_cast<int64_t>(m_patch_sizes[0]), size_c = static_cast<int64_t>(m_patch_sizes[1]);
    const auto rate_r = static_cast<int64_t>(m_patch_selection_rates[0]);
    const auto rate_c = static_cast<int64_t>(m_patch_selection_rates[1]);
    const auto stride_r = static_cast<int64_t>(m_patch_movement_strides[0]);
    const auto stride_c = static_cast<int64_t>(m_patch_movement_strides[1]);
    const AxisPlan rows = plan_axis(h, size_r, stride_r, rate_r, m_padding);
    const AxisPlan cols = plan_axis(w, size_c, stride_c, rate_c, m_padding);
    const auto& type = inputs[0].get_element_type();
    const size_t depth = c * static_cast<size_t>(size_r * size_c);
    Tensor& out = devmux::ref::prepare_output(
        outputs, 0, type, Shape{n, depth, static_cast<size_t>(rows.out), static_cast<size_t>(cols.out)});
    const size_t elem = type.size();
    const auto* src = static_cast<const char*>(inputs[0].data());
    auto* dst = static_cast<char*>(out.data());
    const size_t out_plane = static_cast<size_t>(rows.out * cols.out);
    for (size_t b = 0; b < n; ++b)
        for (int64_t kr = 0; kr < size_r; ++kr)
            for (int64_t kc = 0; kc < size_c; ++kc)
                for (size_t ch = 0; ch < c; ++ch) {
                    const size_t out_channel = static_cast<size_t>(kr * size_c + kc) * c + ch;
                    char* plane = dst + ((b * depth + out_channel) * out_plane) * elem;
                    for (int64_t orow = 0; orow < rows.out; ++orow)
                        for (int64_t ocol = 0; ocol < cols.out; ++ocol) {
                            const int64_t y = orow * stride_r - rows.pad_begin + kr * rate_r;
                            const int64_t x = ocol * stride_c - cols.pad_begin + kc * rate_c;
                            char* target = plane + static_cast<size_t>(orow * cols.out + ocol) * elem;
                            if (y < 0 || y >= h || x < 0 || x >= w)
                                std::memset(target, 0, elem);  // padding
                            else
                                std::memcpy(target,
                                            src + (((b * c + ch) * static_cast<size_t>(h) + static_cast<size_t>(y)) *
                                                       static_cast<size_t>(w) +
                                                   static_cast<size_t>(x)) *
                                                      elem,
                                            elem);
                        }
                }
    return true;
}

}  // namespace v3
}  // namespace op
}  // namespace ov
