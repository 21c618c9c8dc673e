// SPDX-License-Identifier: Apache-2.0
// BinaryConvolution-1 (xnor-popcount): a convolution in the {-1, +1} domain. A data, filter or pad value above
// zero is the bit 1 (+1), any other the bit 0 (-1); agreeing bits add 1 and disagreeing ones subtract 1, which
// is the specification's 2 * popcount(XNOR) - B.
#include "openvino/op/binary_convolution.hpp"

#include <string>

#include "ops/convolution_common.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v1 {

namespace {
using devmux::ops::ConvShape;

BinaryConvolution::BinaryConvolutionMode binary_convolution_mode_from_string(const std::string& text) {
    OPENVINO_ASSERT(text == "xnor-popcount", "BinaryConvolution: mode '", text,
                    "' is not supported (only xnor-popcount)");
    return BinaryConvolution::BinaryConvolutionMode::XNOR_POPCOUNT;
}

ConvShape infer_binary(const BinaryConvolution& op, const PartialShape& data, const PartialShape& filters) {
    devmux::ops::check_nn_data_rank(op, data, "data batch");
    if (data.rank_is_static() && filters.rank_is_static())
        DEVMUX_NODE_CHECK(op, filters.size() == data.size(), "data batch shape ", data, " and filters shape ", filters,
                          " must have the same rank");
    int64_t n = -1;
    if (data.rank_is_static())
        n = static_cast<int64_t>(data.size()) - 2;
    else if (filters.rank_is_static())
        n = static_cast<int64_t>(filters.size()) - 2;
    else if (!op.get_strides().empty())
        n = static_cast<int64_t>(op.get_strides().size());
    ConvShape result;
    if (n < 1) {
        result.output = PartialShape::dynamic();
        return result;
    }
    const size_t ns = static_cast<size_t>(n);
    const Dimension in_channels = data.rank_is_static() ? data[1] : Dimension::dynamic();
    Dimension out_channels = Dimension::dynamic();
    if (filters.rank_is_static()) {
        DEVMUX_NODE_CHECK(op, in_channels.compatible(filters[1]), "data batch channel count (", in_channels,
                          ") does not match the filter input channel count (", filters[1], ")");
        out_channels = filters[0];
    }
    auto& spec = result.spec;
    for (size_t i = 0; i < ns; ++i)
        spec.kernel.push_back(filters.rank_is_static() && filters[2 + i].is_static() ? filters[2 + i].get_length()
                                                                                     : -1);
    devmux::ops::finish_conv_shape(result, op, data, out_channels, ns);
    return result;
}

}  // namespace

std::ostream& operator<<(std::ostream& os, BinaryConvolution::BinaryConvolutionMode) { return os << "xnor-popcount"; }

std::istream& operator>>(std::istream& is, BinaryConvolution::BinaryConvolutionMode& mode) {
    std::string text;
    is >> text;
    mode = binary_convolution_mode_from_string(text);
    return is;
}

BinaryConvolution::BinaryConvolution(const Output<Node>& data, const Output<Node>& kernel, const Strides& strides,
                                     const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                                     const Strides& dilations, BinaryConvolutionMode mode, float pad_value,
                                     const PadType& auto_pad)
    : ConvolutionFwdPropBase({data, kernel}, strides, pads_begin, pads_end, dilations, auto_pad),
      m_mode(mode),
      m_pad_value(pad_value) {
    constructor_validate_and_infer_types();
}

BinaryConvolution::BinaryConvolution(const Output<Node>& data, const Output<Node>& kernel, const Strides& strides,
                                     const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end,
                                     const Strides& dilations, const std::string& mode, float pad_value,
                                     const PadType& auto_pad)
    : BinaryConvolution(data, kernel, strides, pads_begin, pads_end, dilations,
                        binary_convolution_mode_from_string(mode), pad_value, auto_pad) {}

void BinaryConvolution::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (data batch, filters), got ", get_input_size());
    const auto& type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, type.is_dynamic() || type.is_real(), "data batch must be floating point, got ", type);
    const auto shape = infer_binary(*this, get_input_partial_shape(0), get_input_partial_shape(1));
    if (!shape.spec.strides.empty()) {
        m_strides = Strides(shape.spec.strides.begin(), shape.spec.strides.end());
        m_dilations = Strides(shape.spec.dilations.begin(), shape.spec.dilations.end());
        if (m_auto_pad != PadType::EXPLICIT && shape.window.pads_known) {
            m_pads_begin = CoordinateDiff(shape.window.pads_begin.begin(), shape.window.pads_begin.end());
            m_pads_end = CoordinateDiff(shape.window.pads_end.begin(), shape.window.pads_end.end());
        }
    }
    set_output_type(0, type, shape.output);
}

bool BinaryConvolution::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("strides", m_strides);
    visitor.on_attribute("pads_begin", m_pads_begin);
    visitor.on_attribute("pads_end", m_pads_end);
    visitor.on_attribute("dilations", m_dilations);
    visitor.on_attribute("mode", m_mode);
    visitor.on_attribute("pad_value", m_pad_value);
    visitor.on_attribute("auto_pad", m_auto_pad);
    return true;
}

std::shared_ptr<Node> BinaryConvolution::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<BinaryConvolution>(new_args[0], new_args[1], m_strides, m_pads_begin, m_pads_end,
                                               m_dilations, m_mode, m_pad_value, m_auto_pad);
}

bool BinaryConvolution::has_evaluate() const { return get_input_element_type(0).is_real(); }

bool BinaryConvolution::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2, "evaluate() expects 2 inputs, got ", inputs.size());
    const auto type = inputs[0].get_element_type();
    DEVMUX_NODE_CHECK(*this, type.is_real(), "data batch must be floating point, got ", type);
    const Shape& ds = inputs[0].get_shape();
    const Shape& fs = inputs[1].get_shape();
    const auto shape = infer_binary(*this, PartialShape(ds), PartialShape(fs));
    DEVMUX_NODE_CHECK(*this, shape.output.is_static(), "cannot infer a static output shape");
    const Shape out_shape = shape.output.to_shape();
    const size_t ns = ds.size() - 2;
    devmux::ref::InputBuffer<double> data(inputs[0]);
    devmux::ref::InputBuffer<double> filters(inputs[1]);
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    devmux::ref::OutputBuffer<double> result(out);
    const int pad_sign = m_pad_value > 0.0f ? 1 : -1;
    const Shape in_spatial(ds.begin() + 2, ds.end()), out_spatial(out_shape.begin() + 2, out_shape.end()),
        kernel(fs.begin() + 2, fs.end());
    const size_t in_vol = shape_size(in_spatial), out_vol = shape_size(out_spatial), k_vol = shape_size(kernel);
    const size_t batch = ds[0], c_in = ds[1], c_out = fs[0];
    std::vector<size_t> oc_coord(ns), k_coord(ns);
    for (size_t n = 0; n < batch; ++n)
        for (size_t oc = 0; oc < c_out; ++oc)
            for (size_t o = 0; o < out_vol; ++o) {
                // Output coordinate of o.
                for (size_t i = ns, rest = o; i-- > 0;) {
                    oc_coord[i] = rest % out_spatial[i];
                    rest /= out_spatial[i];
                }
                int64_t sum = 0;
                for (size_t k = 0; k < k_vol; ++k) {
                    for (size_t i = ns, rest = k; i-- > 0;) {
                        k_coord[i] = rest % kernel[i];
                        rest /= kernel[i];
                    }
                    bool inside = true;
                    size_t offset = 0;
                    for (size_t i = 0; i < ns; ++i) {
                        const int64_t pos = static_cast<int64_t>(oc_coord[i]) * shape.spec.strides[i] -
                                            shape.window.pads_begin[i] +
                                            static_cast<int64_t>(k_coord[i]) * shape.spec.dilations[i];
                        inside = inside && pos >= 0 && pos < static_cast<int64_t>(in_spatial[i]);
                        offset = offset * in_spatial[i] + static_cast<size_t>(inside ? pos : 0);
                    }
                    for (size_t ic = 0; ic < c_in; ++ic) {
                        const int x =
                            inside ? (data.data()[(n * c_in + ic) * in_vol + offset] > 0.0 ? 1 : -1) : pad_sign;
                        const int w = filters.data()[(oc * c_in + ic) * k_vol + k] > 0.0 ? 1 : -1;
                        sum += x * w;
                    }
                }
                result.data()[(n * c_out + oc) * out_vol + o] = static_cast<double>(sum);
            }
    result.commit();
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov
