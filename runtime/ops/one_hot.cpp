// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/one_hot.hpp"

#include <cstring>

#include "ops/data_movement_util.hpp"
#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v1 {

namespace {

int64_t depth_value(const Node& node, const std::vector<int64_t>& values) {
    const auto name = devmux::ref::describe(node);
    OPENVINO_ASSERT(values.size() == 1, name, ": depth must hold one value, got ", values.size());
    OPENVINO_ASSERT(values[0] >= 0, name, ": depth is ", values[0], "; it must be non-negative");
    return values[0];
}

}  // namespace

OneHot::OneHot(const Output<Node>& indices, const Output<Node>& depth, const Output<Node>& on_value,
               const Output<Node>& off_value, int64_t axis)
    : Op({indices, depth, on_value, off_value}), m_axis(axis) {
    constructor_validate_and_infer_types();
}

bool OneHot::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("axis", m_axis);
    return true;
}

void OneHot::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 4, name, ": expects 4 inputs (indices, depth, on_value, off_value), got ",
                    get_input_size());
    devmux::ref::check_integral_input(*this, 0, "indices");
    devmux::ref::check_integral_input(*this, 1, "depth");
    devmux::ref::check_scalar_input(*this, 1, "depth");
    devmux::ref::check_scalar_input(*this, 2, "on_value");
    devmux::ref::check_scalar_input(*this, 3, "off_value");
    const auto& on_type = get_input_element_type(2);
    const auto& off_type = get_input_element_type(3);
    OPENVINO_ASSERT(on_type.is_dynamic() || off_type.is_dynamic() || on_type == off_type, name,
                    ": on_value and off_value must have one element type, got ", on_type, " and ", off_type);
    const auto& type = on_type.is_dynamic() ? off_type : on_type;
    const auto& indices = get_input_partial_shape(0);
    if (!indices.rank_is_static()) {
        set_output_type(0, type, PartialShape::dynamic());
        return;
    }
    const auto rank = static_cast<int64_t>(indices.size()) + 1;
    const auto axis = static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, rank));
    const auto depth = devmux::ref::known_i64(*this, 1);
    std::vector<Dimension> dims(indices.begin(), indices.end());
    dims.insert(dims.begin() + static_cast<std::ptrdiff_t>(axis),
                depth ? Dimension(depth_value(*this, *depth)) : Dimension::dynamic());
    set_output_type(0, type, PartialShape(dims));
}

std::shared_ptr<Node> OneHot::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 4, devmux::ref::describe(*this), ": expects 4 inputs, got ", new_args.size());
    return std::make_shared<OneHot>(new_args[0], new_args[1], new_args[2], new_args[3], m_axis);
}

bool OneHot::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 4, name, ": evaluate() expects 4 inputs, got ", inputs.size());
    const Shape& in_shape = inputs[0].get_shape();
    const auto depth = static_cast<size_t>(depth_value(*this, devmux::ref::tensor_to_i64(inputs[1])));
    const auto axis =
        static_cast<size_t>(devmux::ref::normalize_axis(*this, m_axis, static_cast<int64_t>(in_shape.size()) + 1));
    const auto& type = inputs[2].get_element_type();
    OPENVINO_ASSERT(inputs[3].get_element_type() == type && inputs[2].get_size() == 1 && inputs[3].get_size() == 1,
                    name, ": on_value and off_value must be single values of one element type");
    Shape out_shape = in_shape;
    out_shape.insert(out_shape.begin() + static_cast<std::ptrdiff_t>(axis), depth);
    auto& out = devmux::ref::prepare_output(outputs, 0, type, out_shape);
    const auto indices = devmux::ref::tensor_to_i64(inputs[0]);
    // Indices as [outer, inner] around the new axis: output [outer, depth, inner].
    const size_t inner = devmux::ref::product(in_shape, axis, in_shape.size());
    const size_t elem = type.size();
    auto* dst = static_cast<char*>(out.data());
    const auto* on = static_cast<const char*>(inputs[2].data());
    const auto* off = static_cast<const char*>(inputs[3].data());
    for (size_t i = 0; i < out.get_size(); ++i)
        std::memcpy(dst + i * elem, off, elem);
    for (size_t i = 0; i < indices.size(); ++i) {
        const int64_t index = indices[i];
        if (index < 0 || static_cast<size_t>(index) >= depth)
            continue;  // out of range: the whole row stays off_value
        const size_t o = i / inner, r = i % inner;
        std::memcpy(dst + ((o * depth + static_cast<size_t>(index)) * inner + r) * elem, on, elem);
    }
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov
