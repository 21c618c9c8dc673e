// SPDX-License-Identifier: Apache-2.0
// Interpolate-1. Its resampling is Interpolate-4's with fixed choices (the attributes of v1 predate v4's
// coordinate and rounding options), so evaluate() maps the attributes the way OpenVINO's v1-to-v4 conversion
// does and runs a v4 node on the tensors:
//   nearest -> nearest with the "simple" rounding, linear -> linear_onnx (rank < 5) or linear (rank 5),
//   cubic -> cubic (coefficient -0.75);
//   align_corners -> the align_corners coordinate transform; otherwise half_pixel for a linear resize without
//   paddings that is not the 4-D image case (axes {2, 3}), asymmetric for everything else.
// "area" has no reference here (has_evaluate() says so).
#include <algorithm>

#include "openvino/op/constant.hpp"
#include "openvino/op/interpolate.hpp"
#include "openvino/op/parameter.hpp"
#include "ops/nn_shape.hpp"
#include "ops/reference/elementwise.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v0 {

namespace {

bool known_mode(const std::string& mode) {
    return mode == "nearest" || mode == "linear" || mode == "cubic" || mode == "area";
}

bool all_zero(const std::vector<size_t>& v) {
    return std::all_of(v.begin(), v.end(), [](size_t x) { return x == 0; });
}

v4::Interpolate::InterpolateAttrs to_v4_attrs(const Interpolate::Attributes& attrs, size_t rank) {
    using V4 = v4::Interpolate;
    V4::InterpolateAttrs out;
    if (attrs.mode == "nearest")
        out.mode = V4::InterpolateMode::NEAREST;
    else if (attrs.mode == "linear")
        out.mode = rank < 5 ? V4::InterpolateMode::LINEAR_ONNX : V4::InterpolateMode::LINEAR;
    else
        out.mode = V4::InterpolateMode::CUBIC;
    out.shape_calculation_mode = V4::ShapeCalcMode::SIZES;
    out.nearest_mode = V4::NearestMode::SIMPLE;
    const bool image_axes = rank == 4 && attrs.axes == AxisSet{2, 3};
    if (attrs.align_corners)
        out.coordinate_transformation_mode = V4::CoordinateTransformMode::ALIGN_CORNERS;
    else if (attrs.mode == "linear" && all_zero(attrs.pads_begin) && all_zero(attrs.pads_end) && !image_axes)
        out.coordinate_transformation_mode = V4::CoordinateTransformMode::HALF_PIXEL;
    else
        out.coordinate_transformation_mode = V4::CoordinateTransformMode::ASYMMETRIC;
    out.antialias = attrs.antialias;
    out.pads_begin = attrs.pads_begin;
    out.pads_end = attrs.pads_end;
    out.cube_coeff = -0.75;
    return out;
}

}  // namespace

Interpolate::Interpolate(const Output<Node>& image, const Output<Node>& output_shape, const Attributes& attrs)
    : Op({image, output_shape}), m_attrs(attrs) {
    constructor_validate_and_infer_types();
}

void Interpolate::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2, "expects 2 inputs (data, target_spatial_shape), got ",
                      get_input_size());
    DEVMUX_NODE_CHECK(*this, known_mode(m_attrs.mode), "mode '", m_attrs.mode,
                      "' is not one of nearest, linear, cubic, area");
    devmux::ref::check_integral_input(*this, 1, "target_spatial_shape");
    const auto& target = get_input_partial_shape(1);
    DEVMUX_NODE_CHECK(*this, target.rank().compatible(1), "target_spatial_shape must be 1-D, got shape ", target);
    if (target.rank_is_static() && target[0].is_static())
        DEVMUX_NODE_CHECK(*this, static_cast<size_t>(target[0].get_length()) == m_attrs.axes.size(),
                          "target_spatial_shape has ", target[0], " entries for ", m_attrs.axes.size(), " axes");

    const auto& in = get_input_partial_shape(0);
    if (!in.rank_is_static()) {
        set_output_type(0, get_input_element_type(0), PartialShape::dynamic());
        return;
    }
    const size_t rank = in.size();
    for (auto axis : m_attrs.axes)
        DEVMUX_NODE_CHECK(*this, axis < rank, "axes entry ", axis, " is out of range for rank ", rank);
    DEVMUX_NODE_CHECK(*this, m_attrs.pads_begin.size() <= rank && m_attrs.pads_end.size() <= rank,
                      "pads_begin/pads_end have more entries than the data has axes (", rank, ")");
    std::vector<Dimension> dims(rank);
    for (size_t i = 0; i < rank; ++i) {
        const int64_t pad = static_cast<int64_t>((i < m_attrs.pads_begin.size() ? m_attrs.pads_begin[i] : 0) +
                                                 (i < m_attrs.pads_end.size() ? m_attrs.pads_end[i] : 0));
        dims[i] = in[i].is_static() ? Dimension(in[i].get_length() + pad) : in[i];
    }
    const auto sizes = devmux::ref::constant_input(*this, 1);
    const auto values = sizes ? sizes->cast_vector<int64_t>() : std::vector<int64_t>{};
    if (sizes)
        DEVMUX_NODE_CHECK(*this, values.size() == m_attrs.axes.size(), "target_spatial_shape has ", values.size(),
                          " entries for ", m_attrs.axes.size(), " axes");
    size_t k = 0;
    for (auto axis : m_attrs.axes) {
        if (sizes)
            DEVMUX_NODE_CHECK(*this, values[k] >= 0, "target_spatial_shape entry ", values[k], " is negative");
        dims[axis] = sizes ? Dimension(values[k]) : Dimension::dynamic();
        ++k;
    }
    set_output_type(0, get_input_element_type(0), PartialShape(dims));
}

bool Interpolate::visit_attributes(AttributeVisitor& visitor) {
    // The IR spells axes as a list; AxisSet keeps them sorted and unique.
    std::vector<int64_t> axes(m_attrs.axes.begin(), m_attrs.axes.end());
    visitor.on_attribute("axes", axes);
    m_attrs.axes.clear();
    for (auto a : axes) {
        OPENVINO_ASSERT(a >= 0, devmux::ref::describe(*this), ": axes entry ", a, " is negative");
        m_attrs.axes.insert(static_cast<size_t>(a));
    }
    visitor.on_attribute("mode", m_attrs.mode);
    visitor.on_attribute("align_corners", m_attrs.align_corners);
    visitor.on_attribute("antialias", m_attrs.antialias);
    visitor.on_attribute("pads_begin", m_attrs.pads_begin);
    visitor.on_attribute("pads_end", m_attrs.pads_end);
    return true;
}

std::shared_ptr<Node> Interpolate::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2, "clone expects 2 inputs, got ", new_args.size());
    return std::make_shared<Interpolate>(new_args[0], new_args[1], m_attrs);
}

bool Interpolate::has_evaluate() const { return known_mode(m_attrs.mode) && m_attrs.mode != "area"; }

bool Interpolate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    devmux::ref::check_evaluate_args(*this, inputs, 2);
    DEVMUX_NODE_CHECK(*this, m_attrs.mode != "area", "mode 'area' has no reference implementation in devmux");
    const Tensor& data = inputs[0];
    const auto sizes = devmux::ref::tensor_to_i64(inputs[1]);
    DEVMUX_NODE_CHECK(*this, sizes.size() == m_attrs.axes.size(), "target_spatial_shape has ", sizes.size(),
                      " entries for ", m_attrs.axes.size(), " axes");
    const size_t rank = data.get_shape().size();
    std::vector<int64_t> axes;
    for (auto axis : m_attrs.axes) {
        DEVMUX_NODE_CHECK(*this, axis < rank, "axes entry ", axis, " is out of range for rank ", rank);
        axes.push_back(static_cast<int64_t>(axis));
    }
    for (auto s : sizes)
        DEVMUX_NODE_CHECK(*this, s >= 0, "target_spatial_shape entry ", s, " is negative");
    // As OpenVINO's conversion: target size over the unpadded input size (v4 in sizes mode maps coordinates from
    // the sizes themselves).
    std::vector<float> scales;
    for (size_t k = 0; k < axes.size(); ++k) {
        const size_t in = data.get_shape()[static_cast<size_t>(axes[k])];
        scales.push_back(in ? static_cast<float>(sizes[k]) / static_cast<float>(in) : 1.0f);
    }
    auto image = std::make_shared<v0::Parameter>(data.get_element_type(), data.get_shape());
    auto resize = std::make_shared<v4::Interpolate>(
        image, v0::Constant::create(element::i64, Shape{sizes.size()}, sizes),
        v0::Constant::create(element::f32, Shape{scales.size()}, scales),
        v0::Constant::create(element::i64, Shape{axes.size()}, axes), to_v4_attrs(m_attrs, rank));
    resize->set_friendly_name(get_friendly_name());
    Tensor sizes_tensor(element::i64, Shape{sizes.size()});
    std::copy(sizes.begin(), sizes.end(), sizes_tensor.data<int64_t>());
    Tensor scales_tensor(element::f32, Shape{scales.size()});
    std::copy(scales.begin(), scales.end(), scales_tensor.data<float>());
    Tensor axes_tensor(element::i64, Shape{axes.size()});
    std::copy(axes.begin(), axes.end(), axes_tensor.data<int64_t>());
    return resize->evaluate(outputs, TensorVector{data, sizes_tensor, scales_tensor, axes_tensor});
}

}  // namespace v0
}  // namespace op
}  // namespace ov
