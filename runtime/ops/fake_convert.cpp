// SPDX-License-Identifier: Apache-2.0
// FakeConvert-13: scale (and shift) the data, round it to the grid of an 8-bit float type, and undo the
// scaling. Rounding works on the value itself (in double): the grid step at a value is 2^(e - m) for its
// binary exponent e (at least the smallest normal exponent, which gives the subnormals) and m mantissa bits,
// and ties go to the even neighbour.
#include "openvino/op/fake_convert.hpp"

#include <cmath>
#include <limits>

#include "ops/nn_shape.hpp"
#include "ops/reference/typed_buffer.hpp"

namespace ov {
namespace op {
namespace v13 {

namespace {

struct F8Format {
    int mantissa_bits;
    int min_exponent;  // of the smallest normal number
    double max_value;
    bool saturate;  // overflow to +-max_value (no infinity) instead of infinity
};

bool known_destination(const std::string& t) { return t == "f8e4m3" || t == "f8e5m2"; }

F8Format format_of(const std::string& t) {
    if (t == "f8e4m3")
        return {3, -6, 448.0, true};
    return {2, -14, 57344.0, false};
}

double round_to_f8(double x, const F8Format& f) {
    if (std::isnan(x) || x == 0.0)
        return x;
    const double a = std::fabs(x);
    if (std::isinf(x))
        return f.saturate ? std::copysign(f.max_value, x) : x;
    const int e = std::max(static_cast<int>(std::floor(std::log2(a))), f.min_exponent);
    const double step = std::ldexp(1.0, e - f.mantissa_bits);
    double r = std::nearbyint(a / step) * step;
    if (r > f.max_value)
        r = f.saturate ? f.max_value : std::numeric_limits<double>::infinity();
    return std::copysign(r, x);
}

// Index into a numpy-broadcast operand of shape `small` for the flat index of `big` (axes aligned at the end).
size_t broadcast_index(size_t flat, const Shape& big, const Shape& small) {
    size_t rest = flat, index = 0, stride = 1;
    for (size_t i = 0; i < big.size() && i < small.size(); ++i) {
        const size_t coord = rest % big[big.size() - 1 - i];
        rest /= big[big.size() - 1 - i];
        const size_t extent = small[small.size() - 1 - i];
        if (extent != 1)
            index += coord * stride;
        stride *= extent;
    }
    return index;
}

// v rounded to the element type `type` (what computing in that type gives).
double in_type(double v, const element::Type& type) {
    if (type == element::f16)
        return static_cast<float>(float16(static_cast<float>(v)));
    if (type == element::bf16)
        return static_cast<float>(bfloat16(static_cast<float>(v)));
    return static_cast<float>(v);
}

void check_broadcast(const Node& op, const PartialShape& data, const PartialShape& other, const char* what) {
    if (!data.rank_is_static() || !other.rank_is_static())
        return;
    DEVMUX_NODE_CHECK(op, other.size() <= data.size(), what, " shape ", other, " has more axes than data ", data);
    for (size_t i = 0; i < other.size(); ++i) {
        const auto& d = other[other.size() - 1 - i];
        const auto& t = data[data.size() - 1 - i];
        DEVMUX_NODE_CHECK(op, d.compatible(1) || d.compatible(t), what, " shape ", other,
                          " does not broadcast to data shape ", data);
    }
}

}  // namespace

FakeConvert::FakeConvert(const ov::Output<ov::Node>& data, const ov::Output<ov::Node>& scale,
                         std::string destination_type)
    : Op({data, scale}), m_destination_type(std::move(destination_type)) {
    constructor_validate_and_infer_types();
}

FakeConvert::FakeConvert(const ov::Output<ov::Node>& data, const ov::Output<ov::Node>& scale,
                         const ov::Output<ov::Node>& shift, std::string destination_type)
    : Op({data, scale, shift}), m_destination_type(std::move(destination_type)) {
    constructor_validate_and_infer_types();
}

void FakeConvert::validate_and_infer_types() {
    DEVMUX_NODE_CHECK(*this, get_input_size() == 2 || get_input_size() == 3,
                      "expects 2 or 3 inputs (data, scale[, shift]), got ", get_input_size());
    DEVMUX_NODE_CHECK(*this, known_destination(m_destination_type), "destination_type '", m_destination_type,
                      "' is not f8e4m3 or f8e5m2");
    element::Type type = get_input_element_type(0);
    DEVMUX_NODE_CHECK(*this, type.is_dynamic() || type == element::f32 || type == element::f16 || type == element::bf16,
                      "data must be f32, f16 or bf16, got ", type);
    for (size_t i = 1; i < get_input_size(); ++i) {
        const char* what = i == 1 ? "scale" : "shift";
        DEVMUX_NODE_CHECK(*this, element::Type::merge(type, type, get_input_element_type(i)), what, " element type ",
                          get_input_element_type(i), " differs from data's ", get_input_element_type(0));
        check_broadcast(*this, get_input_partial_shape(0), get_input_partial_shape(i), what);
    }
    set_output_type(0, type, get_input_partial_shape(0));
}

bool FakeConvert::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("destination_type", m_destination_type);
    return true;
}

std::shared_ptr<Node> FakeConvert::clone_with_new_inputs(const OutputVector& new_args) const {
    DEVMUX_NODE_CHECK(*this, new_args.size() == 2 || new_args.size() == 3, "clone expects 2 or 3 inputs, got ",
                      new_args.size());
    if (new_args.size() == 3)
        return std::make_shared<FakeConvert>(new_args[0], new_args[1], new_args[2], m_destination_type);
    return std::make_shared<FakeConvert>(new_args[0], new_args[1], m_destination_type);
}

bool FakeConvert::has_evaluate() const {
    const auto& t = get_input_element_type(0);
    return known_destination(m_destination_type) && (t == element::f32 || t == element::f16 || t == element::bf16);
}

bool FakeConvert::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    DEVMUX_NODE_CHECK(*this, inputs.size() == 2 || inputs.size() == 3, "evaluate() expects 2 or 3 inputs, got ",
                      inputs.size());
    const auto type = inputs[0].get_element_type();
    DEVMUX_NODE_CHECK(*this, type.is_real(), "data must be floating point, got ", type);
    const Shape& ds = inputs[0].get_shape();
    for (size_t i = 1; i < inputs.size(); ++i)
        check_broadcast(*this, PartialShape(ds), PartialShape(inputs[i].get_shape()), i == 1 ? "scale" : "shift");
    const F8Format format = format_of(m_destination_type);
    devmux::ref::InputBuffer<double> data(inputs[0]);
    devmux::ref::InputBuffer<double> scale(inputs[1]);
    std::unique_ptr<devmux::ref::InputBuffer<double>> shift;
    if (inputs.size() == 3)
        shift.reset(new devmux::ref::InputBuffer<double>(inputs[2]));
    Tensor& out = devmux::ref::prepare_output(outputs, 0, type, ds);
    devmux::ref::OutputBuffer<double> result(out);
    const size_t count = shape_size(ds);
    const Shape& ss = inputs[1].get_shape();
    const Shape hs = shift ? inputs[2].get_shape() : Shape{};
    for (size_t i = 0; i < count; ++i) {
        const double s = scale.data()[broadcast_index(i, ds, ss)];
        const double h = shift ? shift->data()[broadcast_index(i, ds, hs)] : 0.0;
        // The scaled value is rounded to the data type first, as computing in that type would.
        const double scaled = in_type(data.data()[i] * s - h, type);
        result.data()[i] = (round_to_f8(scaled, format) + h) / s;
    }
    result.commit();
    return true;
}

}  // namespace v13
}  // namespace op
}  // namespace ov
