// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/interpolate.hpp"

#include <algorithm>
#include <cmath>
#include <istream>
#include <string>

#include "openvino/op/constant.hpp"
#include "devmux/kit/interpolate_mapping.hpp"
#include "ops/reference/shape_util.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace util {

namespace {

template <typename Enum>
struct Named {
    Enum value;
    const char* name;
};

using Base = InterpolateBase;
const Named<Base::InterpolateMode> mode_names[] = {{Base::InterpolateMode::NEAREST, "nearest"},
                                                   {Base::InterpolateMode::LINEAR, "linear"},
                                                   {Base::InterpolateMode::LINEAR_ONNX, "linear_onnx"},
                                                   {Base::InterpolateMode::CUBIC, "cubic"},
                                                   {Base::InterpolateMode::BILINEAR_PILLOW, "bilinear_pillow"},
                                                   {Base::InterpolateMode::BICUBIC_PILLOW, "bicubic_pillow"}};
const Named<Base::ShapeCalcMode> calc_names[] = {{Base::ShapeCalcMode::SIZES, "sizes"},
                                                 {Base::ShapeCalcMode::SCALES, "scales"}};
const Named<Base::CoordinateTransformMode> transform_names[] = {
    {Base::CoordinateTransformMode::HALF_PIXEL, "half_pixel"},
    {Base::CoordinateTransformMode::PYTORCH_HALF_PIXEL, "pytorch_half_pixel"},
    {Base::CoordinateTransformMode::ASYMMETRIC, "asymmetric"},
    {Base::CoordinateTransformMode::TF_HALF_PIXEL_FOR_NN, "tf_half_pixel_for_nn"},
    {Base::CoordinateTransformMode::ALIGN_CORNERS, "align_corners"}};
const Named<Base::NearestMode> nearest_names[] = {{Base::NearestMode::ROUND_PREFER_FLOOR, "round_prefer_floor"},
                                                  {Base::NearestMode::ROUND_PREFER_CEIL, "round_prefer_ceil"},
                                                  {Base::NearestMode::FLOOR, "floor"},
                                                  {Base::NearestMode::CEIL, "ceil"},
                                                  {Base::NearestMode::SIMPLE, "simple"}};

template <typename Enum, size_t N>
std::ostream& write_named(std::ostream& os, Enum v, const Named<Enum> (&names)[N]) {
    for (const auto& n : names)
        if (n.value == v)
            return os << n.name;
    return os << static_cast<int>(v);
}

template <typename Enum, size_t N>
std::istream& read_named(std::istream& is, Enum& v, const Named<Enum> (&names)[N], const char* what) {
    std::string text;
    is >> text;
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const auto& n : names)
        if (text == n.name) {
            v = n.value;
            return is;
        }
    OPENVINO_THROW("'", text, "' is not a valid Interpolate ", what);
}

// One output coordinate of one axis: the input indices it reads and their weights.
struct Tap {
    size_t index;
    double weight;
};

size_t clamp_index(int64_t i, size_t len) {
    return static_cast<size_t>(std::min<int64_t>(std::max<int64_t>(i, 0), static_cast<int64_t>(len) - 1));
}

std::vector<std::vector<Tap>> axis_taps(const Base::InterpolateAttrs& attrs, size_t in_len, size_t out_len,
                                        double scale) {
    std::vector<std::vector<Tap>> taps(out_len);
    for (size_t o = 0; o < out_len; ++o) {
        const double x = devmux::kit::interpolate_input_coordinate(attrs.coordinate_transformation_mode,
                                                                   static_cast<double>(o), scale, in_len, out_len);
        auto& t = taps[o];
        switch (attrs.mode) {
        case Base::InterpolateMode::NEAREST:
            t.push_back(
                {clamp_index(devmux::kit::interpolate_nearest_index(attrs.nearest_mode, x, scale), in_len), 1.0});
            break;
        case Base::InterpolateMode::LINEAR_ONNX: {
            const double xc = std::min(std::max(x, 0.0), static_cast<double>(in_len - 1));
            const auto i0 = static_cast<size_t>(std::floor(xc));
            const size_t i1 = std::min(i0 + 1, in_len - 1);
            const double w = xc - static_cast<double>(i0);
            t.push_back({i0, 1.0 - w});
            t.push_back({i1, w});
            break;
        }
        case Base::InterpolateMode::LINEAR: {
            // A triangle filter, widened by 1/scale when antialiasing a downscale.
            const double a = attrs.antialias && scale < 1.0 ? scale : 1.0;
            const double support = 1.0 / a;
            double sum = 0.0;
            for (int64_t i = static_cast<int64_t>(std::ceil(x - support)); i <= static_cast<int64_t>(std::floor(x + support));
                 ++i) {
                if (i < 0 || i >= static_cast<int64_t>(in_len))
                    continue;
                const double w = std::max(0.0, 1.0 - std::fabs(x - static_cast<double>(i)) * a);
                if (w > 0.0) {
                    t.push_back({static_cast<size_t>(i), w});
                    sum += w;
                }
            }
            if (sum == 0.0) {
                t.assign(1, {clamp_index(static_cast<int64_t>(std::floor(x + 0.5)), in_len), 1.0});
            } else {
                for (auto& tap : t)
                    tap.weight /= sum;
            }
            break;
        }
        case Base::InterpolateMode::CUBIC: {
            const double a = attrs.cube_coeff;
            const double fl = std::floor(x);
            const double s = x - fl;
            const double w[4] = {((a * (s + 1) - 5 * a) * (s + 1) + 8 * a) * (s + 1) - 4 * a,
                                 ((a + 2) * s - (a + 3)) * s * s + 1,
                                 ((a + 2) * (1 - s) - (a + 3)) * (1 - s) * (1 - s) + 1,
                                 ((a * (2 - s) - 5 * a) * (2 - s) + 8 * a) * (2 - s) - 4 * a};
            for (int k = 0; k < 4; ++k)
                t.push_back({clamp_index(static_cast<int64_t>(fl) - 1 + k, in_len), w[k]});
            break;
        }
        default:
            OPENVINO_THROW("Interpolate mode ", attrs.mode, " has no reference implementation in devmux");
        }
    }
    return taps;
}

}  // namespace

std::ostream& operator<<(std::ostream& os, InterpolateBase::InterpolateMode v) { return write_named(os, v, mode_names); }
std::istream& operator>>(std::istream& is, InterpolateBase::InterpolateMode& v) {
    return read_named(is, v, mode_names, "mode");
}
std::ostream& operator<<(std::ostream& os, InterpolateBase::ShapeCalcMode v) { return write_named(os, v, calc_names); }
std::istream& operator>>(std::istream& is, InterpolateBase::ShapeCalcMode& v) {
    return read_named(is, v, calc_names, "shape_calculation_mode");
}
std::ostream& operator<<(std::ostream& os, InterpolateBase::CoordinateTransformMode v) {
    return write_named(os, v, transform_names);
}
std::istream& operator>>(std::istream& is, InterpolateBase::CoordinateTransformMode& v) {
    return read_named(is, v, transform_names, "coordinate_transformation_mode");
}
std::ostream& operator<<(std::ostream& os, InterpolateBase::NearestMode v) { return write_named(os, v, nearest_names); }
std::istream& operator>>(std::istream& is, InterpolateBase::NearestMode& v) {
    return read_named(is, v, nearest_names, "nearest_mode");
}

InterpolateBase::InterpolateBase(const OutputVector& args, const InterpolateAttrs& attrs)
    : Op(args), m_attrs(attrs) {}

bool InterpolateBase::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("mode", m_attrs.mode);
    visitor.on_attribute("shape_calculation_mode", m_attrs.shape_calculation_mode);
    visitor.on_attribute("coordinate_transformation_mode", m_attrs.coordinate_transformation_mode);
    visitor.on_attribute("nearest_mode", m_attrs.nearest_mode);
    visitor.on_attribute("antialias", m_attrs.antialias);
    visitor.on_attribute("pads_begin", m_attrs.pads_begin);
    visitor.on_attribute("pads_end", m_attrs.pads_end);
    visitor.on_attribute("cube_coeff", m_attrs.cube_coeff);
    return true;
}

void InterpolateBase::infer_output(const std::vector<int64_t>* sizes, const std::vector<double>* scales,
                                   const std::vector<int64_t>* axes) {
    const auto name = devmux::ref::describe(*this);
    const auto& type = get_input_element_type(0);
    const auto& in = get_input_partial_shape(0);
    if (!in.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const auto rank = static_cast<int64_t>(in.size());
    OPENVINO_ASSERT(m_attrs.pads_begin.size() <= in.size() && m_attrs.pads_end.size() <= in.size(), name,
                    ": pads have more entries than the data has axes (", rank, ")");
    std::vector<Dimension> dims(in.size());
    for (size_t i = 0; i < in.size(); ++i) {
        const int64_t pad = static_cast<int64_t>((i < m_attrs.pads_begin.size() ? m_attrs.pads_begin[i] : 0) +
                                                 (i < m_attrs.pads_end.size() ? m_attrs.pads_end[i] : 0));
        dims[i] = in[i].is_static() ? Dimension(in[i].get_length() + pad) : in[i];
    }
    std::vector<int64_t> axis_list;
    if (axes) {
        for (auto a : *axes)
            axis_list.push_back(devmux::ref::normalize_axis(*this, a, rank, "axes entry"));
    } else {
        for (int64_t a = 0; a < rank; ++a)
            axis_list.push_back(a);
    }
    const bool by_sizes = m_attrs.shape_calculation_mode == ShapeCalcMode::SIZES;
    if (by_sizes && sizes)
        OPENVINO_ASSERT(sizes->size() == axis_list.size(), name, ": sizes has ", sizes->size(), " entries for ",
                        axis_list.size(), " axes");
    if (!by_sizes && scales)
        OPENVINO_ASSERT(scales->size() == axis_list.size(), name, ": scales has ", scales->size(), " entries for ",
                        axis_list.size(), " axes");
    for (size_t k = 0; k < axis_list.size(); ++k) {
        auto& d = dims[static_cast<size_t>(axis_list[k])];
        if (by_sizes) {
            d = sizes ? Dimension((*sizes)[k]) : Dimension::dynamic();
        } else if (scales && d.is_static()) {
            d = Dimension(static_cast<int64_t>(std::floor(static_cast<double>(d.get_length()) * (*scales)[k] + 1e-5)));
        } else {
            d = Dimension::dynamic();
        }
    }
    set_output_type(0, type, PartialShape(dims));
}

bool InterpolateBase::evaluate_resize(TensorVector& outputs, const Tensor& data, const std::vector<int64_t>& sizes,
                                      const std::vector<double>& scales, const std::vector<int64_t>& axes_in) const {
    const auto name = devmux::ref::describe(*this);
    const Shape& in_shape = data.get_shape();
    const auto rank = static_cast<int64_t>(in_shape.size());
    std::vector<int64_t> axes;
    if (axes_in.empty()) {
        for (int64_t a = 0; a < rank; ++a)
            axes.push_back(a);
    } else {
        for (auto a : axes_in)
            axes.push_back(devmux::ref::normalize_axis(*this, a, rank, "axes entry"));
    }
    const bool by_sizes = m_attrs.shape_calculation_mode == ShapeCalcMode::SIZES;
    OPENVINO_ASSERT(by_sizes ? sizes.size() == axes.size() : scales.size() == axes.size(), name, ": got ",
                    by_sizes ? sizes.size() : scales.size(), by_sizes ? " sizes" : " scales", " for ", axes.size(),
                    " axes");

    // Pad with zeros first; the resampling then works on the padded tensor.
    Shape shape(in_shape.size());
    for (size_t i = 0; i < in_shape.size(); ++i)
        shape[i] = in_shape[i] + (i < m_attrs.pads_begin.size() ? m_attrs.pads_begin[i] : 0) +
                   (i < m_attrs.pads_end.size() ? m_attrs.pads_end[i] : 0);
    std::vector<double> cur(shape_size(shape), 0.0);
    {
        devmux::ref::InputBuffer<double> in(data);
        const size_t count = shape_size(in_shape);
        const auto in_strides = row_major_strides(in_shape);
        const auto out_strides = row_major_strides(shape);
        for (size_t n = 0; n < count; ++n) {
            size_t rest = n, offset = 0;
            for (size_t d = 0; d < in_shape.size(); ++d) {
                const size_t c = rest / in_strides[d];
                rest %= in_strides[d];
                offset += (c + (d < m_attrs.pads_begin.size() ? m_attrs.pads_begin[d] : 0)) * out_strides[d];
            }
            cur[offset] = in.data()[n];
        }
    }

    for (size_t k = 0; k < axes.size(); ++k) {
        const auto axis = static_cast<size_t>(axes[k]);
        const size_t in_len = shape[axis];
        size_t out_len;
        double scale;
        if (by_sizes) {
            OPENVINO_ASSERT(sizes[k] >= 0, name, ": negative size ", sizes[k]);
            out_len = static_cast<size_t>(sizes[k]);
            scale = in_len ? static_cast<double>(out_len) / static_cast<double>(in_len) : 1.0;
        } else {
            scale = scales[k];
            OPENVINO_ASSERT(scale > 0.0, name, ": scale ", scale, " must be positive");
            out_len = static_cast<size_t>(std::floor(static_cast<double>(in_len) * scale + 1e-5));
        }
        if (out_len == in_len && scale == 1.0)
            continue;
        OPENVINO_ASSERT(in_len > 0 || out_len == 0, name, ": cannot resize an empty axis ", axis, " to ", out_len);
        const auto taps = axis_taps(m_attrs, in_len, out_len, scale);
        const size_t outer = shape_size(Shape(shape.begin(), shape.begin() + axis));
        const size_t inner = shape_size(Shape(shape.begin() + axis + 1, shape.end()));
        std::vector<double> next(outer * out_len * inner, 0.0);
        for (size_t o = 0; o < outer; ++o)
            for (size_t j = 0; j < out_len; ++j)
                for (const auto& tap : taps[j]) {
                    const double* src = &cur[(o * in_len + tap.index) * inner];
                    double* dst = &next[(o * out_len + j) * inner];
                    for (size_t i = 0; i < inner; ++i)
                        dst[i] += tap.weight * src[i];
                }
        shape[axis] = out_len;
        cur.swap(next);
    }

    const auto& type = data.get_element_type();
    if (!type.is_real())
        for (auto& v : cur)
            v = std::round(v);
    auto& out = devmux::ref::prepare_output(outputs, 0, type, shape);
    devmux::ref::OutputBuffer<double> buffer(out);
    std::copy(cur.begin(), cur.end(), buffer.data());
    buffer.commit();
    return true;
}

}  // namespace util

namespace {
std::vector<int64_t> constant_i64(const Node& node, size_t i, bool* known) {
    if (auto c = devmux::ref::constant_input(node, i)) {
        *known = true;
        return c->cast_vector<int64_t>();
    }
    *known = false;
    return {};
}
std::vector<double> constant_f64(const Node& node, size_t i, bool* known) {
    if (auto c = devmux::ref::constant_input(node, i)) {
        *known = true;
        return c->cast_vector<double>();
    }
    *known = false;
    return {};
}
std::vector<double> tensor_f64(const Tensor& t) {
    devmux::ref::InputBuffer<double> in(t);
    return std::vector<double>(in.data(), in.data() + t.get_size());
}
}  // namespace

namespace v4 {

Interpolate::Interpolate(const Output<Node>& image, const Output<Node>& output_shape, const Output<Node>& scales,
                         const Output<Node>& axes, const InterpolateAttrs& attrs)
    : InterpolateBase({image, output_shape, scales, axes}, attrs) {
    constructor_validate_and_infer_types();
}

Interpolate::Interpolate(const Output<Node>& image, const Output<Node>& output_shape, const Output<Node>& scales,
                         const InterpolateAttrs& attrs)
    : InterpolateBase({image, output_shape, scales}, attrs) {
    constructor_validate_and_infer_types();
}

void Interpolate::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 3 || get_input_size() == 4, name,
                    ": expects 3 or 4 inputs (data, sizes, scales[, axes]), got ", get_input_size());
    devmux::ref::check_integral_input(*this, 1, "sizes");
    if (get_input_size() == 4)
        devmux::ref::check_integral_input(*this, 3, "axes");
    bool sizes_known = false, scales_known = false, axes_known = false;
    const auto sizes = constant_i64(*this, 1, &sizes_known);
    const auto scales = constant_f64(*this, 2, &scales_known);
    const auto axes = get_input_size() == 4 ? constant_i64(*this, 3, &axes_known) : std::vector<int64_t>{};
    if (get_input_size() == 4 && !axes_known) {
        const auto& in = get_input_partial_shape(0);
        set_output_type(0, get_input_element_type(0),
                        in.rank_is_static() ? PartialShape(std::vector<Dimension>(in.size())) : PartialShape::dynamic());
        return;
    }
    infer_output(sizes_known ? &sizes : nullptr, scales_known ? &scales : nullptr,
                 get_input_size() == 4 ? &axes : nullptr);
}

std::shared_ptr<Node> Interpolate::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 3 || new_args.size() == 4, devmux::ref::describe(*this),
                    ": expects 3 or 4 inputs, got ", new_args.size());
    if (new_args.size() == 4)
        return std::make_shared<Interpolate>(new_args[0], new_args[1], new_args[2], new_args[3], m_attrs);
    return std::make_shared<Interpolate>(new_args[0], new_args[1], new_args[2], m_attrs);
}

bool Interpolate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 3 || inputs.size() == 4, devmux::ref::describe(*this),
                    ": evaluate() expects 3 or 4 inputs, got ", inputs.size());
    const auto axes = inputs.size() == 4 ? devmux::ref::tensor_to_i64(inputs[3]) : std::vector<int64_t>{};
    const auto sizes = devmux::ref::tensor_to_i64(inputs[1]);
    const auto scales = tensor_f64(inputs[2]);
    // v4 gives sizes and scales for the resized axes; with no axes input they cover every axis.
    return evaluate_resize(outputs, inputs[0], sizes, scales, axes);
}

}  // namespace v4

namespace v11 {

Interpolate::Interpolate(const Output<Node>& image, const Output<Node>& scales_or_sizes, const Output<Node>& axes,
                         const InterpolateAttrs& attrs)
    : InterpolateBase({image, scales_or_sizes, axes}, attrs) {
    constructor_validate_and_infer_types();
}

Interpolate::Interpolate(const Output<Node>& image, const Output<Node>& scales_or_sizes, const InterpolateAttrs& attrs)
    : InterpolateBase({image, scales_or_sizes}, attrs) {
    constructor_validate_and_infer_types();
}

void Interpolate::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 2 || get_input_size() == 3, name,
                    ": expects 2 or 3 inputs (data, scales_or_sizes[, axes]), got ", get_input_size());
    const bool by_sizes = m_attrs.shape_calculation_mode == ShapeCalcMode::SIZES;
    if (by_sizes)
        devmux::ref::check_integral_input(*this, 1, "sizes");
    else
        OPENVINO_ASSERT(!get_input_element_type(1).is_static() || get_input_element_type(1).is_real(), name,
                        ": scales must be floating point in scales mode, got ", get_input_element_type(1));
    if (get_input_size() == 3)
        devmux::ref::check_integral_input(*this, 2, "axes");
    bool values_known = false, axes_known = false;
    std::vector<int64_t> sizes;
    std::vector<double> scales;
    if (by_sizes)
        sizes = constant_i64(*this, 1, &values_known);
    else
        scales = constant_f64(*this, 1, &values_known);
    const auto axes = get_input_size() == 3 ? constant_i64(*this, 2, &axes_known) : std::vector<int64_t>{};
    if (get_input_size() == 3 && !axes_known) {
        const auto& in = get_input_partial_shape(0);
        set_output_type(0, get_input_element_type(0),
                        in.rank_is_static() ? PartialShape(std::vector<Dimension>(in.size())) : PartialShape::dynamic());
        return;
    }
    infer_output(by_sizes && values_known ? &sizes : nullptr, !by_sizes && values_known ? &scales : nullptr,
                 get_input_size() == 3 ? &axes : nullptr);
}

std::shared_ptr<Node> Interpolate::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2 || new_args.size() == 3, devmux::ref::describe(*this),
                    ": expects 2 or 3 inputs, got ", new_args.size());
    if (new_args.size() == 3)
        return std::make_shared<Interpolate>(new_args[0], new_args[1], new_args[2], m_attrs);
    return std::make_shared<Interpolate>(new_args[0], new_args[1], m_attrs);
}

bool Interpolate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    OPENVINO_ASSERT(inputs.size() == 2 || inputs.size() == 3, devmux::ref::describe(*this),
                    ": evaluate() expects 2 or 3 inputs, got ", inputs.size());
    const auto axes = inputs.size() == 3 ? devmux::ref::tensor_to_i64(inputs[2]) : std::vector<int64_t>{};
    if (m_attrs.shape_calculation_mode == ShapeCalcMode::SIZES)
        return evaluate_resize(outputs, inputs[0], devmux::ref::tensor_to_i64(inputs[1]), {}, axes);
    return evaluate_resize(outputs, inputs[0], {}, tensor_f64(inputs[1]), axes);
}

}  // namespace v11
}  // namespace op
}  // namespace ov

