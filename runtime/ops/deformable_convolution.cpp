// SPDX-License-Identifier: Apache-2.0
// DeformableConvolution-1 and -8: one shape inference and one reference kernel (v1 is v8 without a mask
// and without bilinear_interpolation_pad).
#include "openvino/op/deformable_convolution.hpp"

#include <cmath>

#include "ops/convolution_common.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace util {

bool DeformableConvolutionBase::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("strides", m_strides);
    visitor.on_attribute("dilations", m_dilations);
    visitor.on_attribute("pads_begin", m_pads_begin);
    visitor.on_attribute("pads_end", m_pads_end);
    visitor.on_attribute("auto_pad", m_auto_pad);
    visitor.on_attribute("group", m_group);
    visitor.on_attribute("deformable_group", m_deformable_group);
    return true;
}

}  // namespace util

namespace {

using devmux::ops::WindowResult;
using devmux::ops::WindowSpec;

struct DeformShape {
    PartialShape output;
    WindowSpec spec;
    WindowResult window;
};

void check_rank4(const Node& op, const PartialShape& shape, const char* what) {
    DEVMUX_NODE_CHECK(op, shape.rank().compatible(4), what, " must have rank 4, got shape ", shape);
}

// Checks that dimension `actual` can equal `expected` (either may be dynamic).
void check_offsets_mask_dim(const Node& op, const Dimension& actual, const Dimension& expected, const char* what,
               const PartialShape& shape) {
    DEVMUX_NODE_CHECK(op, actual.compatible(expected), what, " is ", actual, ", expected ", expected, " (shape ", shape,
                      ")");
}

DeformShape infer_deformable(const util::DeformableConvolutionBase& op, const PartialShape& data,
                             const PartialShape& offsets, const PartialShape& filters, const PartialShape* mask) {
    DEVMUX_NODE_CHECK(op, op.get_group() >= 1, "group must be positive, got ", op.get_group());
    DEVMUX_NODE_CHECK(op, op.get_deformable_group() >= 1, "deformable_group must be positive, got ",
                      op.get_deformable_group());
    check_rank4(op, data, "data batch");
    check_rank4(op, offsets, "offsets");
    check_rank4(op, filters, "filters");
    if (mask)
        check_rank4(op, *mask, "mask");
    const int64_t group = op.get_group();
    const int64_t dgroup = op.get_deformable_group();

    const Dimension batch = data.rank_is_static() ? data[0] : Dimension::dynamic();
    const Dimension in_channels = data.rank_is_static() ? data[1] : Dimension::dynamic();
    if (in_channels.is_static()) {
        DEVMUX_NODE_CHECK(op, in_channels.get_length() % group == 0, "data batch channel count ", in_channels,
                          " is not a multiple of group (", group, ")");
        DEVMUX_NODE_CHECK(op, in_channels.get_length() % dgroup == 0, "data batch channel count ", in_channels,
                          " is not a multiple of deformable_group (", dgroup, ")");
    }
    Dimension out_channels = Dimension::dynamic();
    Dimension kh = Dimension::dynamic(), kw = Dimension::dynamic();
    if (filters.rank_is_static()) {
        out_channels = filters[0];
        kh = filters[2];
        kw = filters[3];
        if (in_channels.is_static() && filters[1].is_static())
            DEVMUX_NODE_CHECK(op, filters[1].get_length() * group == in_channels.get_length(),
                              "filters input channel count (", filters[1], ") times group (", group,
                              ") is not the data batch channel count (", in_channels, ")");
        if (out_channels.is_static())
            DEVMUX_NODE_CHECK(op, out_channels.get_length() % group == 0, "filters output channel count ", out_channels,
                              " is not a multiple of group (", group, ")");
    }
    const bool taps_known = kh.is_static() && kw.is_static();
    const int64_t taps = taps_known ? kh.get_length() * kw.get_length() : -1;
    if (offsets.rank_is_static()) {
        check_offsets_mask_dim(op, offsets[0], batch, "offsets batch", offsets);
        if (taps_known)
            check_offsets_mask_dim(op, offsets[1], Dimension(2 * dgroup * taps),
                      "offsets channel count (2 * deformable_group * KH * KW)", offsets);
        else if (offsets[1].is_static())
            DEVMUX_NODE_CHECK(op, offsets[1].get_length() % (2 * dgroup) == 0, "offsets channel count ", offsets[1],
                              " is not a multiple of 2 * deformable_group (", 2 * dgroup, ")");
    }
    if (mask && mask->rank_is_static()) {
        check_offsets_mask_dim(op, (*mask)[0], batch, "mask batch", *mask);
        if (taps_known)
            check_offsets_mask_dim(op, (*mask)[1], Dimension(dgroup * taps),
                                   "mask channel count (deformable_group * KH * KW)", *mask);
    }

    DeformShape result;
    WindowSpec& spec = result.spec;
    spec.kernel = {kh.is_static() ? kh.get_length() : -1, kw.is_static() ? kw.get_length() : -1};
    devmux::ops::set_window_attributes(spec, op, 2);
    std::vector<Dimension> spatial(2, Dimension::dynamic());
    if (data.rank_is_static())
        spatial = {data[2], data[3]};
    result.window = devmux::ops::infer_window(op, spatial, spec);

    std::vector<Dimension> out{batch, out_channels, result.window.output[0], result.window.output[1]};
    // The offsets (and mask) carry the output's spatial size too: they must agree with it and fill it in.
    auto merge_from = [&](const PartialShape& other, const char* what) {
        if (!other.rank_is_static())
            return;
        for (size_t i = 0; i < 2; ++i) {
            Dimension merged;
            DEVMUX_NODE_CHECK(op, Dimension::merge(merged, out[2 + i], other[2 + i]), what, " spatial shape ", other,
                              " does not match the output spatial size ", out[2 + i]);
            out[2 + i] = merged;
        }
        Dimension merged_batch;
        if (Dimension::merge(merged_batch, out[0], other[0]))
            out[0] = merged_batch;
    };
    merge_from(offsets, "offsets");
    if (mask)
        merge_from(*mask, "mask");
    result.output = PartialShape(out);
    return result;
}

element::Type merge_types(const Node& op) {
    element::Type merged = op.get_input_element_type(0);
    for (size_t i = 1; i < op.get_input_size(); ++i)
        DEVMUX_NODE_CHECK(op, element::Type::merge(merged, merged, op.get_input_element_type(i)),
                          "input element types do not match: input ", i, " is ", op.get_input_element_type(i),
                          ", data batch is ", op.get_input_element_type(0));
    DEVMUX_NODE_CHECK(op, merged.is_dynamic() || merged.is_real(), "element type must be floating point, got ", merged);
    return merged;
}

void validate_deformable(util::DeformableConvolutionBase& op, bool has_mask) {
    const auto type = merge_types(op);
    const PartialShape mask = has_mask ? op.get_input_partial_shape(3) : PartialShape{};
    const auto shape = infer_deformable(op, op.get_input_partial_shape(0), op.get_input_partial_shape(1),
                                        op.get_input_partial_shape(2), has_mask ? &mask : nullptr);
    op.set_strides(Strides(shape.spec.strides.begin(), shape.spec.strides.end()));
    op.set_dilations(Strides(shape.spec.dilations.begin(), shape.spec.dilations.end()));
    if (op.get_auto_pad() != PadType::EXPLICIT && shape.window.pads_known) {
        op.set_pads_begin(CoordinateDiff(shape.window.pads_begin.begin(), shape.window.pads_begin.end()));
        op.set_pads_end(CoordinateDiff(shape.window.pads_end.begin(), shape.window.pads_end.end()));
    }
    op.set_output_type(0, type, shape.output);
}

// The value of a [H, W] plane at fractional (y, x). With pad_with_zeros (bilinear_interpolation_pad) the
// plane is surrounded by zeros, so points up to one pixel outside still blend with the border; without it
// a point must lie inside [0, H) x [0, W) and its neighbours are clamped to the plane.
double sample_plane(const double* plane, int64_t height, int64_t width, double y, double x, bool pad_with_zeros) {
    if (pad_with_zeros) {
        if (!(y > -1.0 && y < static_cast<double>(height) && x > -1.0 && x < static_cast<double>(width)))
            return 0.0;
    } else if (!(y >= 0.0 && y < static_cast<double>(height) && x >= 0.0 && x < static_cast<double>(width))) {
        return 0.0;
    }
    const auto y0 = static_cast<int64_t>(std::floor(y));
    const auto x0 = static_cast<int64_t>(std::floor(x));
    const int64_t y1 = pad_with_zeros ? y0 + 1 : std::min<int64_t>(y0 + 1, height - 1);
    const int64_t x1 = pad_with_zeros ? x0 + 1 : std::min<int64_t>(x0 + 1, width - 1);
    const double dy = y - static_cast<double>(y0);
    const double dx = x - static_cast<double>(x0);
    auto at = [&](int64_t yy, int64_t xx) {
        return (yy >= 0 && yy < height && xx >= 0 && xx < width) ? plane[yy * width + xx] : 0.0;
    };
    return (1 - dy) * (1 - dx) * at(y0, x0) + (1 - dy) * dx * at(y0, x1) + dy * (1 - dx) * at(y1, x0) +
           dy * dx * at(y1, x1);
}

bool evaluate_deformable(const util::DeformableConvolutionBase& op, bool pad_with_zeros, TensorVector& outputs,
                         const TensorVector& inputs) {
    const size_t expected = op.get_input_size();
    DEVMUX_NODE_CHECK(op, inputs.size() == expected, "evaluate() expects ", expected, " inputs, got ", inputs.size());
    const bool has_mask = inputs.size() == 4;
    const auto type = inputs[0].get_element_type();
    DEVMUX_NODE_CHECK(op, type.is_real(), "element type must be floating point, got ", type);
    const PartialShape mask_shape = has_mask ? PartialShape(inputs[3].get_shape()) : PartialShape{};
    const auto shape = infer_deformable(op, PartialShape(inputs[0].get_shape()), PartialShape(inputs[1].get_shape()),
                                        PartialShape(inputs[2].get_shape()), has_mask ? &mask_shape : nullptr);
    DEVMUX_NODE_CHECK(op, shape.output.is_static(), "cannot infer a static output shape from the inputs");
    const Shape out_shape = shape.output.to_shape();
    const Shape& ds = inputs[0].get_shape();
    const Shape& fs = inputs[2].get_shape();
    const int64_t batch = static_cast<int64_t>(ds[0]), channels = static_cast<int64_t>(ds[1]);
    const int64_t height = static_cast<int64_t>(ds[2]), width = static_cast<int64_t>(ds[3]);
    const int64_t out_channels = static_cast<int64_t>(fs[0]), group_in = static_cast<int64_t>(fs[1]);
    const int64_t kh = static_cast<int64_t>(fs[2]), kw = static_cast<int64_t>(fs[3]);
    const int64_t oh = static_cast<int64_t>(out_shape[2]), ow = static_cast<int64_t>(out_shape[3]);
    const int64_t group = op.get_group(), dgroup = op.get_deformable_group();
    const int64_t group_out = out_channels / group;
    const int64_t channels_per_dgroup = channels / dgroup;
    const int64_t taps = kh * kw;
    const auto& stride = shape.spec.strides;
    const auto& dilation = shape.spec.dilations;
    const auto& pad = shape.window.pads_begin;

    devmux::ref::InputBuffer<double> data(inputs[0]);
    devmux::ref::InputBuffer<double> offsets(inputs[1]);
    devmux::ref::InputBuffer<double> filters(inputs[2]);
    std::unique_ptr<devmux::ref::InputBuffer<double>> mask;
    if (has_mask)
        mask.reset(new devmux::ref::InputBuffer<double>(inputs[3]));
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    devmux::ref::OutputBuffer<double> result(out);
    const int64_t out_plane = oh * ow;
    for (int64_t n = 0; n < batch; ++n)
        for (int64_t oc = 0; oc < out_channels; ++oc) {
            const int64_t g = oc / group_out;
            double* dst = result.data() + (n * out_channels + oc) * out_plane;
            for (int64_t y = 0; y < oh; ++y)
                for (int64_t x = 0; x < ow; ++x) {
                    double sum = 0.0;
                    for (int64_t ic = 0; ic < group_in; ++ic) {
                        const int64_t c = g * group_in + ic;
                        const int64_t dg = c / channels_per_dgroup;
                        const double* plane = data.data() + (n * channels + c) * height * width;
                        const double* weights = filters.data() + (oc * group_in + ic) * taps;
                        for (int64_t i = 0; i < kh; ++i)
                            for (int64_t j = 0; j < kw; ++j) {
                                const int64_t tap = i * kw + j;
                                const int64_t off_channel = (n * dgroup + dg) * 2 * taps + 2 * tap;
                                const double dy = offsets.data()[(off_channel * oh + y) * ow + x];
                                const double dx = offsets.data()[((off_channel + 1) * oh + y) * ow + x];
                                const double sy = static_cast<double>(y * stride[0] - pad[0] + i * dilation[0]) + dy;
                                const double sx = static_cast<double>(x * stride[1] - pad[1] + j * dilation[1]) + dx;
                                double v = sample_plane(plane, height, width, sy, sx, pad_with_zeros);
                                if (mask)
                                    v *= mask->data()[(((n * dgroup + dg) * taps + tap) * oh + y) * ow + x];
                                sum += v * weights[tap];
                            }
                    }
                    dst[y * ow + x] = sum;
                }
        }
    result.commit();
    return true;
}

}  // namespace

namespace v1 {

DeformableConvolution::DeformableConvolution(const Output<Node>& arg, const Output<Node>& offsets,
                                             const Output<Node>& filters, const Strides& strides,
                                             const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                                             const Strides& dilations, const PadType& auto_pad, const int64_t group,
                                             const int64_t deformable_group)
    : DeformableConvolutionBase({arg, offsets, filters}, strides, pads_begin, pads_end, dilations, auto_pad, group,
                                deformable_group) {
    constructor_validate_and_infer_types();
}

void DeformableConvolution::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 3, "expects 3 inputs (data batch, offsets, filters), got ",
                      get_input_size());
    validate_deformable(*this, false);
}

std::shared_ptr<Node> DeformableConvolution::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3, "clone expects 3 inputs, got ", new_args.size());
    return std::make_shared<DeformableConvolution>(new_args[0], new_args[1], new_args[2], m_strides, m_pads_begin,
                                                   m_pads_end, m_dilations, m_auto_pad, m_group, m_deformable_group);
}

bool DeformableConvolution::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_deformable(*this, false, outputs, inputs);
}

bool DeformableConvolution::has_evaluate() const { return get_input_element_type(0).is_real(); }

}  // namespace v1

namespace v8 {

DeformableConvolution::DeformableConvolution(const Output<Node>& arg, const Output<Node>& offsets,
                                             const Output<Node>& filters, const Output<Node>& mask,
                                             const Strides& strides, const CoordinateDiff& pads_begin,
                                             const CoordinateDiff& pads_end, const Strides& dilations,
                                             const PadType& auto_pad, const int64_t group,
                                             const int64_t deformable_group, const bool bilinear_interpolation_pad)
    : DeformableConvolutionBase({arg, offsets, filters, mask}, strides, pads_begin, pads_end, dilations, auto_pad,
                                group, deformable_group),
      m_bilinear_interpolation_pad(bilinear_interpolation_pad) {
    constructor_validate_and_infer_types();
}

DeformableConvolution::DeformableConvolution(const Output<Node>& arg, const Output<Node>& offsets,
                                             const Output<Node>& filters, const Strides& strides,
                                             const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                                             const Strides& dilations, const PadType& auto_pad, const int64_t group,
                                             const int64_t deformable_group, const bool bilinear_interpolation_pad)
    : DeformableConvolutionBase({arg, offsets, filters}, strides, pads_begin, pads_end, dilations, auto_pad, group,
                                deformable_group),
      m_bilinear_interpolation_pad(bilinear_interpolation_pad) {
    constructor_validate_and_infer_types();
}

bool DeformableConvolution::visit_attributes(AttributeVisitor& visitor) {
    DeformableConvolutionBase::visit_attributes(visitor);
    visitor.on_attribute("bilinear_interpolation_pad", m_bilinear_interpolation_pad);
    return true;
}

void DeformableConvolution::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 3 || get_input_size() == 4,
                      "expects 3 or 4 inputs (data batch, offsets, filters[, mask]), got ", get_input_size());
    validate_deformable(*this, get_input_size() == 4);
}

std::shared_ptr<Node> DeformableConvolution::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 3 || new_args.size() == 4, "clone expects 3 or 4 inputs, got ",
                      new_args.size());
    if (new_args.size() == 4)
        return std::make_shared<DeformableConvolution>(new_args[0], new_args[1], new_args[2], new_args[3], m_strides,
                                                       m_pads_begin, m_pads_end, m_dilations, m_auto_pad, m_group,
                                                       m_deformable_group, m_bilinear_interpolation_pad);
    return std::make_shared<DeformableConvolution>(new_args[0], new_args[1], new_args[2], m_strides, m_pads_begin,
                                                   m_pads_end, m_dilations, m_auto_pad, m_group, m_deformable_group,
                                                   m_bilinear_interpolation_pad);
}

bool DeformableConvolution::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_deformable(*this, m_bilinear_interpolation_pad, outputs, inputs);
}

bool DeformableConvolution::has_evaluate() const { return get_input_element_type(0).is_real(); }

}  // namespace v8
}  // namespace op
}  // namespace ov
