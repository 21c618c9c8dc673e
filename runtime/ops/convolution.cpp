// SPDX-License-Identifier: Apache-2.0
// Convolution-1 and GroupConvolution-1: one shape inference and one reference kernel (a convolution is a
// grouped convolution with one group).
#include "openvino/op/convolution.hpp"

#include "openvino/op/group_conv.hpp"
#include "ops/convolution_common.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/convolution.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/planned_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace {
using devmux::ops::ConvShape;
using devmux::ops::merge_conv_types;
using devmux::ops::visit_convolution_attributes;
using devmux::ops::WindowSpec;

// Filters are [C_OUT, C_IN, k...] for a convolution and [GROUPS, C_OUT, C_IN, k...] for a grouped one.
ConvShape infer_convolution(const util::ConvolutionBase& op, const PartialShape& data, const PartialShape& filters,
                            bool grouped) {
    const size_t lead = grouped ? 3 : 2;  // filter axes before the kernel axes
    devmux::ops::check_conv_ranks(op, data, filters, grouped, "C_OUT, C_IN");

    int64_t n = -1;
    if (data.rank_is_static())
        n = static_cast<int64_t>(data.size()) - 2;
    else if (filters.rank_is_static())
        n = static_cast<int64_t>(filters.size() - lead);
    else if (!op.get_strides().empty())
        n = static_cast<int64_t>(op.get_strides().size());

    ConvShape result;
    if (n < 0) {
        result.output = PartialShape::dynamic();
        return result;
    }
    const size_t ns = static_cast<size_t>(n);

    Dimension in_channels = data.rank_is_static() ? data[1] : Dimension::dynamic();
    Dimension out_channels = Dimension::dynamic();
    if (filters.rank_is_static()) {
        if (grouped) {
            const Dimension& groups = filters[0];
            const Dimension& group_out = filters[1];
            const Dimension& group_in = filters[2];
            if (groups.is_static() && group_in.is_static() && in_channels.is_static())
                DEVMUX_NODE_CHECK(op, in_channels.get_length() == groups.get_length() * group_in.get_length(),
                                  "data batch channel count (", in_channels, ") is not groups (", groups,
                                  ") times the filter input channel count (", group_in, "); data ", data,
                                  ", filters ", filters);
            if (groups.is_static() && group_out.is_static())
                out_channels = Dimension(groups.get_length() * group_out.get_length());
        } else {
            DEVMUX_NODE_CHECK(op, in_channels.compatible(filters[1]), "data batch channel count (", in_channels,
                              ") does not match the filter input channel count (", filters[1], "); data ", data,
                              ", filters ", filters);
            out_channels = filters[0];
        }
    }

    WindowSpec& spec = result.spec;
    for (size_t i = 0; i < ns; ++i) {
        const bool known = filters.rank_is_static() && filters[lead + i].is_static();
        spec.kernel.push_back(known ? filters[lead + i].get_length() : -1);
    }
    devmux::ops::finish_conv_shape(result, op, data, out_channels, ns);
    return result;
}

void validate_convolution(util::ConvolutionBase& op, bool grouped) {
    DEVMUX_NODE_CHECK(op, op.get_input_size() == 2, "expects 2 inputs (data batch, filters), got ",
                      op.get_input_size());
    const auto type = merge_conv_types(op, op.get_input_element_type(0), op.get_input_element_type(1));
    const auto shape =
        infer_convolution(op, op.get_input_partial_shape(0), op.get_input_partial_shape(1), grouped);
    if (!shape.spec.strides.empty()) {
        // As in OpenVINO, defaulted attributes are filled in and auto paddings become the paddings in effect.
        op.set_strides(Strides(shape.spec.strides.begin(), shape.spec.strides.end()));
        op.set_dilations(Strides(shape.spec.dilations.begin(), shape.spec.dilations.end()));
        if (op.get_auto_pad() == PadType::EXPLICIT || shape.window.pads_known) {
            const auto& begin = op.get_auto_pad() == PadType::EXPLICIT ? shape.spec.pads_begin : shape.window.pads_begin;
            const auto& end = op.get_auto_pad() == PadType::EXPLICIT ? shape.spec.pads_end : shape.window.pads_end;
            op.set_pads_begin(CoordinateDiff(begin.begin(), begin.end()));
            op.set_pads_end(CoordinateDiff(end.begin(), end.end()));
        }
    }
    op.set_output_type(0, type, shape.output);
}

template <typename C>
void run_convolution(const Tensor& data, const Tensor& filters, Tensor& out, size_t groups, size_t in_channels,
                     size_t out_channels, const devmux::ref::Window3D& window) {
    devmux::ref::InputBuffer<C> d(data);
    devmux::ref::InputBuffer<C> f(filters);
    devmux::ref::OutputBuffer<C> o(out);
    devmux::ref::group_convolution(d.data(), f.data(), o.data(), data.get_shape()[0], groups, in_channels,
                                         out_channels, window);
    o.commit();
}

// The axes of a shape from `from` on, read in place (make_window3d takes any indexable sequence).
struct TailView {
    const Shape& shape;
    size_t from;
    size_t size() const { return shape.size() - from; }
    size_t operator[](size_t i) const { return shape[from + i]; }
};

bool evaluate_convolution(const util::ConvolutionBase& op, bool grouped, TensorVector& outputs,
                          const TensorVector& inputs) {
    devmux::ref::check_evaluate_args(op, inputs, 2);
    const Tensor& data = inputs[0];
    const Tensor& filters = inputs[1];
    const auto type = merge_conv_types(op, data.get_element_type(), filters.get_element_type());
    if (!devmux::ops::is_float_type(type))
        return false;
    const Shape& ds = data.get_shape();
    const Shape& fs = filters.get_shape();
    const size_t groups = grouped ? fs[0] : 1;
    const size_t in_channels = grouped ? fs[2] : fs[1];
    const size_t out_channels = grouped ? fs[1] : fs[0];
    devmux::ref::Window3D window;
    if (const Shape* planned = devmux::ref::planned_output_shape(op, outputs, inputs)) {
        // As an execution plan calls it: the shapes are the validated ones, whose strides, dilations and
        // paddings in effect validate_and_infer_types stored on the op.
        Tensor& out = devmux::ref::prepare_output(outputs, 0, type, *planned);
        window = devmux::ref::make_window3d(TailView{ds, 2}, TailView{out.get_shape(), 2},
                                            TailView{fs, grouped ? size_t{3} : size_t{2}}, op.get_strides(),
                                            op.get_dilations(), op.get_pads_begin());
    } else {
        const auto shape = infer_convolution(op, PartialShape(ds), PartialShape(fs), grouped);
        const Shape out_shape = shape.output.to_shape();
        devmux::ref::prepare_output(outputs, 0, type, out_shape);
        window = devmux::ref::make_window3d(std::vector<size_t>(ds.begin() + 2, ds.end()),
                                            std::vector<size_t>(out_shape.begin() + 2, out_shape.end()),
                                            shape.spec.kernel, shape.spec.strides, shape.spec.dilations,
                                            shape.window.pads_begin);
    }
    Tensor& out = outputs[0];
    if (type == element::f64)
        run_convolution<double>(data, filters, out, groups, in_channels, out_channels, window);
    else
        run_convolution<float>(data, filters, out, groups, in_channels, out_channels, window);
    return true;
}

}  // namespace

namespace v1 {

Convolution::Convolution(const Output<Node>& data_batch, const Output<Node>& filters, const Strides& strides,
                         const CoordinateDiff& pads_begin, const CoordinateDiff& pads_end, const Strides& dilations,
                         const PadType& auto_pad)
    : ConvolutionFwdPropBase({data_batch, filters}, strides, pads_begin, pads_end, dilations, auto_pad) {
    constructor_validate_and_infer_types();
}

void Convolution::validate_and_infer_types() { validate_convolution(*this, false); }

bool Convolution::visit_attributes(AttributeVisitor& visitor) { return visit_convolution_attributes(*this, visitor); }

std::shared_ptr<Node> Convolution::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<Convolution>(new_args[0], new_args[1], m_strides, m_pads_begin, m_pads_end, m_dilations,
                                         m_auto_pad);
}

bool Convolution::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_convolution(*this, false, outputs, inputs);
}

bool Convolution::has_evaluate() const { return devmux::ops::is_float_type(get_input_element_type(0)); }

GroupConvolution::GroupConvolution(const Output<Node>& data_batch, const Output<Node>& filters,
                                   const Strides& strides, const CoordinateDiff& pads_begin,
                                   const CoordinateDiff& pads_end, const Strides& dilations, const PadType& auto_pad)
    : ConvolutionFwdPropBase({data_batch, filters}, strides, pads_begin, pads_end, dilations, auto_pad) {
    constructor_validate_and_infer_types();
}

void GroupConvolution::validate_and_infer_types() { validate_convolution(*this, true); }

bool GroupConvolution::visit_attributes(AttributeVisitor& visitor) {
    return visit_convolution_attributes(*this, visitor);
}

std::shared_ptr<Node> GroupConvolution::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<GroupConvolution>(new_args[0], new_args[1], m_strides, m_pads_begin, m_pads_end,
                                              m_dilations, m_auto_pad);
}

bool GroupConvolution::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    return evaluate_convolution(*this, true, outputs, inputs);
}

bool GroupConvolution::has_evaluate() const { return devmux::ops::is_float_type(get_input_element_type(0)); }

}  // namespace v1
}  // namespace op
}  // namespace ov

