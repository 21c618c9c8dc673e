// SPDX-License-Identifier: Apache-2.0
// ConvolutionBackpropData-1 and GroupConvolutionBackpropData-1 (transposed convolutions): one shape inference
// and one reference kernel; the plain op is the grouped one with one group.
//
// Each input element scatters into the output: out[n, oc, x * stride + k * dilation - pad_begin] +=
// data[n, ic, x] * w[ic, oc, k]; positions outside [0, output size) are dropped. pads_end and output_padding
// only decide the output size.
#include <algorithm>

#include "openvino/op/constant.hpp"
#include "openvino/op/convolution.hpp"
#include "openvino/op/group_conv.hpp"
#include "ops/convolution_common.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/convolution.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {
using devmux::ops::merge_conv_types;
using devmux::ops::visit_convolution_attributes;

struct BackpropShape {
    PartialShape output;
    // Per spatial axis; empty when the number of spatial axes is unknown.
    std::vector<int64_t> kernel, strides, dilations, pads_begin, pads_end, output_padding;
    bool pads_known = true;
};

std::string join(const std::vector<int64_t>& v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i)
        out += (i ? "," : "") + std::to_string(v[i]);
    return out + "]";
}

// The optional output_shape input: whether it is there, its values when known before run time, and its
// length when known (-1 otherwise).
struct OutputShapeInput {
    bool present = false;
    bool known = false;
    std::vector<int64_t> values;
    int64_t length = -1;
};

// Filters are [C_IN, C_OUT, k...] for the plain op and [GROUPS, C_IN, C_OUT, k...] for the grouped one.
BackpropShape infer_backprop(const util::ConvolutionBackPropBase& op, const PartialShape& data,
                             const PartialShape& filters, const OutputShapeInput& out_shape, bool grouped) {
    const size_t lead = grouped ? 3 : 2;
    devmux::ops::check_conv_ranks(op, data, filters, grouped, "C_IN, C_OUT");

    int64_t n = -1;
    if (data.rank_is_static())
        n = static_cast<int64_t>(data.size()) - 2;
    else if (filters.rank_is_static())
        n = static_cast<int64_t>(filters.size() - lead);
    else if (out_shape.length >= 0)
        n = out_shape.length;
    else if (!op.get_strides().empty())
        n = static_cast<int64_t>(op.get_strides().size());
    if (out_shape.present && out_shape.length >= 0 && n >= 0)
        DEVMUX_NODE_CHECK(op, out_shape.length == n, "output_shape has ", out_shape.length,
                          " values, expected one per spatial axis (", n, ")");

    BackpropShape result;
    if (n < 0) {
        result.output = PartialShape::dynamic();
        result.pads_known = false;
        return result;
    }
    const size_t ns = static_cast<size_t>(n);

    const Dimension in_channels = data.rank_is_static() ? data[1] : Dimension::dynamic();
    Dimension out_channels = Dimension::dynamic();
    if (filters.rank_is_static()) {
        if (grouped) {
            const Dimension& groups = filters[0];
            const Dimension& group_in = filters[1];
            if (groups.is_static() && group_in.is_static() && in_channels.is_static())
                DEVMUX_NODE_CHECK(op, in_channels.get_length() == groups.get_length() * group_in.get_length(),
                                  "data batch channel count (", in_channels, ") is not groups (", groups,
                                  ") times the filter input channel count (", group_in, "); data ", data,
                                  ", filters ", filters);
            if (groups.is_static() && filters[2].is_static())
                out_channels = Dimension(groups.get_length() * filters[2].get_length());
        } else {
            DEVMUX_NODE_CHECK(op, in_channels.compatible(filters[0]), "data batch channel count (", in_channels,
                              ") does not match the filter input channel count (", filters[0], "); data ", data,
                              ", filters ", filters);
            out_channels = filters[1];
        }
    }

    for (size_t i = 0; i < ns; ++i) {
        const bool known = filters.rank_is_static() && filters[lead + i].is_static();
        result.kernel.push_back(known ? filters[lead + i].get_length() : -1);
    }
    result.strides = devmux::ops::attribute_or(op.get_strides(), ns, 1);
    result.dilations = devmux::ops::attribute_or(op.get_dilations(), ns, 1);
    result.pads_begin = devmux::ops::attribute_or(op.get_pads_begin(), ns, 0);
    result.pads_end = devmux::ops::attribute_or(op.get_pads_end(), ns, 0);
    result.output_padding = devmux::ops::attribute_or(op.get_output_padding(), ns, 0);
    const auto check_size = [&](const std::vector<int64_t>& values, const char* name) {
        DEVMUX_NODE_CHECK(op, values.size() == ns, name, " ", join(values), " has ", values.size(),
                          " values, expected one per spatial axis (", ns, ")");
    };
    check_size(result.strides, "strides");
    check_size(result.dilations, "dilations");
    check_size(result.output_padding, "output_padding");
    const PadType auto_pad = op.get_auto_pad();
    const bool same = auto_pad == PadType::SAME_UPPER || auto_pad == PadType::SAME_LOWER;
    if (auto_pad == PadType::EXPLICIT) {
        check_size(result.pads_begin, "pads_begin");
        check_size(result.pads_end, "pads_end");
    } else {
        // Automatic paddings: none, unless output_shape is given with SAME_*, when they are derived below.
        result.pads_begin.assign(ns, 0);
        result.pads_end.assign(ns, 0);
    }
    if (out_shape.present && out_shape.known)
        for (int64_t v : out_shape.values)
            DEVMUX_NODE_CHECK(op, v >= 0, "output_shape ", join(out_shape.values), " has a negative value");

    std::vector<Dimension> out{data.rank_is_static() ? data[0] : Dimension::dynamic(), out_channels};
    for (size_t i = 0; i < ns; ++i) {
        DEVMUX_NODE_CHECK(op, result.strides[i] > 0, "strides ", join(result.strides), " must be positive");
        DEVMUX_NODE_CHECK(op, result.dilations[i] > 0, "dilations ", join(result.dilations), " must be positive");
        DEVMUX_NODE_CHECK(op, result.output_padding[i] >= 0, "output_padding ", join(result.output_padding),
                          " must not be negative");
        const int64_t kernel = result.kernel[i];
        DEVMUX_NODE_CHECK(op, kernel != 0, "filters shape ", filters, " has an empty kernel axis");
        const Dimension in = data.rank_is_static() ? data[2 + i] : Dimension::dynamic();
        const bool known = in.is_static() && kernel > 0;
        const int64_t full = known ? result.strides[i] * (in.get_length() - 1) + (kernel - 1) * result.dilations[i] +
                                         1 + result.output_padding[i]
                                   : 0;
        if (out_shape.present) {
            const bool value_known = out_shape.known;
            const int64_t value = value_known ? out_shape.values[i] : -1;
            out.push_back(value_known ? Dimension(value) : Dimension::dynamic());
            if (same) {
                if (known && value_known) {
                    const int64_t total = std::max<int64_t>(0, full - value);
                    // SAME_UPPER puts the odd unit at the beginning here: the output is cropped, not padded.
                    const int64_t half = total / 2;
                    result.pads_begin[i] = auto_pad == PadType::SAME_UPPER ? total - half : half;
                    result.pads_end[i] = total - result.pads_begin[i];
                } else {
                    result.pads_known = false;
                }
            }
            continue;
        }
        if (!known) {
            out.push_back(Dimension::dynamic());
            continue;
        }
        const int64_t size = full - result.pads_begin[i] - result.pads_end[i];
        DEVMUX_NODE_CHECK(op, size > 0, "output spatial size at axis ", i, " would be ", size, " (data ", data,
                          ", filters ", filters, ", pads_begin ", join(result.pads_begin), ", pads_end ",
                          join(result.pads_end), ")");
        out.push_back(Dimension(size));
    }
    result.output = PartialShape(out);
    return result;
}

OutputShapeInput output_shape_input(const Node& op) {
    OutputShapeInput in;
    if (op.get_input_size() < 3)
        return in;
    in.present = true;
    devmux::ref::check_integral_input(op, 2, "output_shape");
    const PartialShape& shape = op.get_input_partial_shape(2);
    if (shape.rank_is_static()) {
        DEVMUX_NODE_CHECK(op, shape.size() == 1, "output_shape must be a 1-D tensor, got shape ", shape);
        if (shape[0].is_static())
            in.length = shape[0].get_length();
    }
    if (auto value = devmux::ref::constant_input(op, 2)) {
        in.known = true;
        in.values = value->cast_vector<int64_t>();
        in.length = static_cast<int64_t>(in.values.size());
    }
    return in;
}

void validate_backprop(util::ConvolutionBackPropBase& op, bool grouped) {
    DEVMUX_NODE_CHECK(op, op.get_input_size() == 2 || op.get_input_size() == 3,
                      "expects 2 or 3 inputs (data batch, filters[, output_shape]), got ", op.get_input_size());
    const auto type = merge_conv_types(op, op.get_input_element_type(0), op.get_input_element_type(1));
    const auto shape = infer_backprop(op, op.get_input_partial_shape(0), op.get_input_partial_shape(1),
                                      output_shape_input(op), grouped);
    if (!shape.strides.empty()) {
        // As in OpenVINO, defaulted attributes are filled in and automatic paddings become those in effect.
        op.set_strides(Strides(shape.strides.begin(), shape.strides.end()));
        op.set_dilations(Strides(shape.dilations.begin(), shape.dilations.end()));
        op.set_output_padding(CoordinateDiff(shape.output_padding.begin(), shape.output_padding.end()));
        if (op.get_auto_pad() == PadType::EXPLICIT || shape.pads_known) {
            op.set_pads_begin(CoordinateDiff(shape.pads_begin.begin(), shape.pads_begin.end()));
            op.set_pads_end(CoordinateDiff(shape.pads_end.begin(), shape.pads_end.end()));
        }
    }
    op.set_output_type(0, type, shape.output);
}

bool visit_backprop_attributes(util::ConvolutionBackPropBase& op, AttributeVisitor& visitor) {
    visit_convolution_attributes(op, visitor);
    auto output_padding = op.get_output_padding();
    visitor.on_attribute("output_padding", output_padding);
    op.set_output_padding(output_padding);
    return true;
}

// Transposed grouped convolution over 3 spatial axes (1-D and 2-D ops padded with leading axes of 1).
// data [batch, groups * in_channels, in...], filters [groups, in_channels, out_channels, kernel...],
// out [batch, groups * out_channels, out...]. Window3D's `in` is the data, `out` the output.
template <typename C>
void group_convolution_backprop(const C* data, const C* filters, C* out, size_t batch, size_t groups,
                                size_t in_channels, size_t out_channels, const devmux::ref::Window3D& w) {
    const size_t in_vol = w.in_volume();
    const size_t out_vol = w.out_volume();
    const size_t k_vol = w.kernel_volume();
    const size_t in_hw = w.in[1] * w.in[2];
    const size_t out_hw = w.out[1] * w.out[2];
    for (size_t n = 0; n < batch; ++n) {
        for (size_t g = 0; g < groups; ++g) {
            for (size_t oc = 0; oc < out_channels; ++oc) {
                C* plane = out + ((n * groups + g) * out_channels + oc) * out_vol;
                std::fill(plane, plane + out_vol, C(0));
                for (size_t ic = 0; ic < in_channels; ++ic) {
                    const C* src = data + ((n * groups + g) * in_channels + ic) * in_vol;
                    const C* taps = filters + ((g * in_channels + ic) * out_channels + oc) * k_vol;
                    for (size_t kd = 0; kd < w.kernel[0]; ++kd) {
                        const int64_t off_d = static_cast<int64_t>(kd * w.dilation[0]) - w.pad_begin[0];
                        size_t xd0, xd1;  // data positions whose target x * stride + off lies in the output
                        devmux::ref::valid_outputs(off_d, w.out[0], w.in[0], w.stride[0], xd0, xd1);
                        for (size_t kh = 0; kh < w.kernel[1]; ++kh) {
                            const int64_t off_h = static_cast<int64_t>(kh * w.dilation[1]) - w.pad_begin[1];
                            size_t xh0, xh1;
                            devmux::ref::valid_outputs(off_h, w.out[1], w.in[1], w.stride[1], xh0, xh1);
                            for (size_t kw = 0; kw < w.kernel[2]; ++kw) {
                                const int64_t off_w = static_cast<int64_t>(kw * w.dilation[2]) - w.pad_begin[2];
                                size_t xw0, xw1;
                                devmux::ref::valid_outputs(off_w, w.out[2], w.in[2], w.stride[2], xw0, xw1);
                                const C tap = taps[(kd * w.kernel[1] + kh) * w.kernel[2] + kw];
                                const size_t sw = w.stride[2];
                                for (size_t xd = xd0; xd < xd1; ++xd) {
                                    const size_t yd = static_cast<size_t>(int64_t(xd * w.stride[0]) + off_d);
                                    for (size_t xh = xh0; xh < xh1; ++xh) {
                                        const size_t yh = static_cast<size_t>(int64_t(xh * w.stride[1]) + off_h);
                                        C* dst = plane + yd * out_hw + yh * w.out[2];
                                        const C* row = src + xd * in_hw + xh * w.in[2];
                                        for (size_t xw = xw0; xw < xw1; ++xw)
                                            dst[static_cast<size_t>(int64_t(xw * sw) + off_w)] += tap * row[xw];
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

template <typename C>
void run_backprop(const Tensor& data, const Tensor& filters, Tensor& out, size_t groups, size_t in_channels,
                  size_t out_channels, const devmux::ref::Window3D& window) {
    devmux::ref::InputBuffer<C> d(data);
    devmux::ref::InputBuffer<C> f(filters);
    devmux::ref::OutputBuffer<C> o(out);
    group_convolution_backprop(d.data(), f.data(), o.data(), data.get_shape()[0], groups, in_channels, out_channels,
                               window);
    o.commit();
}

bool evaluate_backprop(const util::ConvolutionBackPropBase& op, bool grouped, TensorVector& outputs,
                       const TensorVector& inputs) {
    DEVMUX_NODE_CHECK(op, inputs.size() == op.get_input_size() && inputs.size() >= 2,
                      "evaluate expects ", op.get_input_size(), " inputs, got ", inputs.size());
    const Tensor& data = inputs[0];
    const Tensor& filters = inputs[1];
    const auto type = merge_conv_types(op, data.get_element_type(), filters.get_element_type());
    if (!devmux::ops::is_float_type(type))
        return false;
    OutputShapeInput out_shape;
    if (inputs.size() == 3) {
        out_shape.present = out_shape.known = true;
        out_shape.values = devmux::ref::tensor_to_i64(inputs[2]);
        out_shape.length = static_cast<int64_t>(out_shape.values.size());
    }
    const Shape& ds = data.get_shape();
    const Shape& fs = filters.get_shape();
    const auto shape = infer_backprop(op, PartialShape(ds), PartialShape(fs), out_shape, grouped);
    const Shape result_shape = shape.output.to_shape();
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, result_shape);
    const size_t lead = grouped ? 3 : 2;
    const size_t groups = grouped ? fs[0] : 1;
    const size_t in_channels = grouped ? fs[1] : fs[0];
    const size_t out_channels = grouped ? fs[2] : fs[1];
    const auto window = devmux::ref::make_window3d(std::vector<size_t>(ds.begin() + 2, ds.end()),
                                                   std::vector<size_t>(result_shape.begin() + 2, result_shape.end()),
                                                   std::vector<size_t>(fs.begin() + lead, fs.end()), shape.strides,
                                                   shape.dilations, shape.pads_begin);
    if (out.get_size() == 0)
        return true;
    if (type == element::f64)
        run_backprop<double>(data, filters, out, groups, in_channels, out_channels, window);
    else
        run_backprop<float>(data, filters, out, groups, in_channels, out_channels, window);
    return true;
}

PartialShape spatial_output_shape(const Node& op) {
    if (op.get_input_size() == 3) {
        if (auto value = devmux::ref::constant_input(op, 2)) {
            const auto values = value->cast_vector<int64_t>();
            return PartialShape(std::vector<Dimension>(values.begin(), values.end()));
        }
    }
    const PartialShape& out = op.get_output_partial_shape(0);
    if (out.rank_is_static() && out.size() >= 2)
        return PartialShape(std::vector<Dimension>(out.begin() + 2, out.end()));
    const PartialShape& given = op.get_input_size() == 3 ? op.get_input_partial_shape(2) : PartialShape::dynamic();
    if (given.rank_is_static() && given.size() == 1 && given[0].is_static())
        return PartialShape(std::vector<Dimension>(static_cast<size_t>(given[0].get_length()), Dimension::dynamic()));
    return PartialShape::dynamic();
}

void replace_output_shape(Node& op, const Shape& output_shape) {
    const auto type = op.get_input_size() == 3 && op.get_input_element_type(2).is_integral_number()
                          ? op.get_input_element_type(2)
                          : element::i64;
    auto value = v0::Constant::create(type, Shape{output_shape.size()},
                                      std::vector<int64_t>(output_shape.begin(), output_shape.end()));
    if (op.get_input_size() == 3)
        op.set_argument(2, value);
    else
        op.set_arguments({op.input_value(0), op.input_value(1), value});
    op.validate_and_infer_types();
}

}  // namespace

namespace v1 {

ConvolutionBackpropData::ConvolutionBackpropData(const Output<Node>& data, const Output<Node>& filters,
                                                 const Output<Node>& output_shape, const Strides& strides,
                                                 const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                                                 const Strides& dilations, const PadType& auto_pad,
                                                 const CoordinateDiff& output_padding)
    : ConvolutionBackPropBase({data, filters, output_shape}, strides, pads_begin, pads_end, dilations, auto_pad,
                              output_padding) {
    constructor_validate_and_infer_types();
}

ConvolutionBackpropData::ConvolutionBackpropData(const Output<Node>& data, const Output<Node>& filters,
                                                 const Strides& strides, const CoordinateDiff& pads_begin,
                                                 const CoordinateDiff& pads_end, const Strides& dilations,
                                                 const PadType& auto_pad, const CoordinateDiff& output_padding)
    : ConvolutionBackPropBase({data, filters}, strides, pads_begin, pads_end, dilations, auto_pad, output_padding) {
    constructor_validate_and_infer_types();
}

void ConvolutionBackpropData::validate_and_infer_types() { validate_backprop(*this, false); }

bool ConvolutionBackpropData::visit_attributes(AttributeVisitor& visitor) {
    return visit_backprop_attributes(*this, visitor);
}

std::shared_ptr<Node> ConvolutionBackpropData::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2 || new_args.size() == 3, "clone expects 2 or 3 inputs, got ",
                      new_args.size());
    if (new_args.size() == 3)
        return std::make_shared<ConvolutionBackpropData>(new_args[0], new_args[1], new_args[2], m_strides,
                                                         m_pads_begin, m_pads_end, m_dilations, m_auto_pad,
                                                         m_output_padding);
    return std::make_shared<ConvolutionBackpropData>(new_args[0], new_args[1], m_strides, m_pads_begin, m_pads_end,
                                                     m_dilations, m_auto_pad, m_output_padding);
}

bool ConvolutionBackpropData::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_backprop(*this, false, outputs, inputs);
}

bool ConvolutionBackpropData::has_evaluate() const {
    return devmux::ops::is_float_type(get_input_element_type(0));
}

const PartialShape ConvolutionBackpropData::get_output_shape() const { return spatial_output_shape(*this); }

void ConvolutionBackpropData::set_output_shape(const Shape& output_shape) { replace_output_shape(*this, output_shape); }

GroupConvolutionBackpropData::GroupConvolutionBackpropData(const Output<Node>& data, const Output<Node>& filters,
                                                           const Output<Node>& output_shape, const Strides& strides,
                                                           const CoordinateDiff& pads_begin,
                                                           const CoordinateDiff& pads_end, const Strides& dilations,
                                                           const PadType& auto_pad,
                                                           const CoordinateDiff& output_padding)
    : ConvolutionBackPropBase({data, filters, output_shape}, strides, pads_begin, pads_end, dilations, auto_pad,
                              output_padding) {
    constructor_validate_and_infer_types();
}

GroupConvolutionBackpropData::GroupConvolutionBackpropData(const Output<Node>& data, const Output<Node>& filters,
                                                           const Strides& strides, const CoordinateDiff& pads_begin,
                                                           const CoordinateDiff& pads_end, const Strides& dilations,
                                                           const PadType& auto_pad,
                                                           const CoordinateDiff& output_padding)
    : ConvolutionBackPropBase({data, filters}, strides, pads_begin, pads_end, dilations, auto_pad, output_padding) {
    constructor_validate_and_infer_types();
}

void GroupConvolutionBackpropData::validate_and_infer_types() { validate_backprop(*this, true); }

bool GroupConvolutionBackpropData::visit_attributes(AttributeVisitor& visitor) {
    return visit_backprop_attributes(*this, visitor);
}

std::shared_ptr<Node> GroupConvolutionBackpropData::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2 || new_args.size() == 3, "clone expects 2 or 3 inputs, got ",
                      new_args.size());
    if (new_args.size() == 3)
        return std::make_shared<GroupConvolutionBackpropData>(new_args[0], new_args[1], new_args[2], m_strides,
                                                              m_pads_begin, m_pads_end, m_dilations, m_auto_pad,
                                                              m_output_padding);
    return std::make_shared<GroupConvolutionBackpropData>(new_args[0], new_args[1], m_strides, m_pads_begin,
                                                          m_pads_end, m_dilations, m_auto_pad, m_output_padding);
}

bool GroupConvolutionBackpropData::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_backprop(*this, true, outputs, inputs);
}

bool GroupConvolutionBackpropData::has_evaluate() const {
    return devmux::ops::is_float_type(get_input_element_type(0));
}

const PartialShape GroupConvolutionBackpropData::get_output_shape() const { return spatial_output_shape(*this); }

void GroupConvolutionBackpropData::set_output_shape(const Shape& output_shape) {
    replace_output_shape(*this, output_shape);
}

}  // namespace v1
}  // namespace op
}  // namespace ov
