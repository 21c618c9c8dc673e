// SPDX-License-Identifier: Apache-2.0
#include "openvino/op/split.hpp"

#include <cstring>

#include "ops/reference/shape_util.hpp"

namespace ov {
namespace op {
namespace v1 {

Split::Split(const Output<Node>& data, const Output<Node>& axis, const size_t num_splits)
    : Op({data, axis}), m_num_splits(num_splits) {
    constructor_validate_and_infer_types();
}

bool Split::visit_attributes(AttributeVisitor& visitor) {
    visitor.on_attribute("num_splits", m_num_splits);
    return true;
}

void Split::validate_and_infer_types() {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(get_input_size() == 2, name, ": expects 2 inputs (data, axis), got ", get_input_size());
    OPENVINO_ASSERT(m_num_splits > 0, name, ": num_splits must be positive");
    devmux::ref::check_integral_input(*this, 1, "axis");
    const auto& axis_shape = get_input_partial_shape(1);
    OPENVINO_ASSERT(!axis_shape.rank_is_static() || axis_shape.size() == 0 ||
                        (axis_shape.size() == 1 && axis_shape.compatible(PartialShape{1})),
                    name, ": axis input must be a scalar, got shape ", axis_shape);

    const auto& type = get_input_element_type(0);
    const auto& data_shape = get_input_partial_shape(0);
    PartialShape out_shape = PartialShape::dynamic();
    if (data_shape.rank_is_static()) {
        OPENVINO_ASSERT(data_shape.size() > 0, name, ": cannot split a scalar");
        std::vector<Dimension> dims(data_shape.begin(), data_shape.end());
        const auto axis_const = devmux::ref::constant_input(*this, 1);
        if (axis_const) {
            const auto values = axis_const->cast_vector<int64_t>();
            OPENVINO_ASSERT(values.size() == 1, name, ": axis input must hold one value, got ", values.size());
            const auto axis = static_cast<size_t>(
                devmux::ref::normalize_axis(*this, values[0], static_cast<int64_t>(data_shape.size())));
            if (dims[axis].is_static()) {
                const auto length = dims[axis].get_length();
                OPENVINO_ASSERT(length % static_cast<int64_t>(m_num_splits) == 0, name, ": dimension ", axis,
                                " of shape ", data_shape, " (", length, ") is not divisible by num_splits ",
                                m_num_splits);
                dims[axis] = Dimension(length / static_cast<int64_t>(m_num_splits));
            } else {
                dims[axis] = Dimension::dynamic();
            }
        } else {
            // Which axis is split is unknown until run time; only the rank is certain.
            for (auto& d : dims)
                d = Dimension::dynamic();
        }
        out_shape = PartialShape(dims);
    }
    set_output_size(m_num_splits);
    for (size_t i = 0; i < m_num_splits; ++i)
        set_output_type(i, type, out_shape);
}

std::shared_ptr<Node> Split::clone_with_new_inputs(const OutputVector& new_args) const {
    OPENVINO_ASSERT(new_args.size() == 2, devmux::ref::describe(*this), ": expects 2 inputs, got ", new_args.size());
    return std::make_shared<Split>(new_args.at(0), new_args.at(1), m_num_splits);
}

bool Split::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
    const auto name = devmux::ref::describe(*this);
    OPENVINO_ASSERT(inputs.size() == 2, name, ": evaluate() expects 2 inputs, got ", inputs.size());
    const auto axis_values = devmux::ref::tensor_to_i64(inputs[1]);
    OPENVINO_ASSERT(axis_values.size() == 1, name, ": axis input must hold one value");
    const Shape& in_shape = inputs[0].get_shape();
    const auto axis =
        static_cast<size_t>(devmux::ref::normalize_axis(*this, axis_values[0], static_cast<int64_t>(in_shape.size())));
    OPENVINO_ASSERT(in_shape[axis] % m_num_splits == 0, name, ": dimension ", axis, " of shape ", in_shape,
                    " is not divisible by num_splits ", m_num_splits);
    Shape out_shape = in_shape;
    out_shape[axis] /= m_num_splits;

    const auto& type = inputs[0].get_element_type();
    const size_t outer = devmux::ref::product(in_shape, 0, axis);
    const size_t chunk = devmux::ref::product(out_shape, axis, out_shape.size()) * type.size();
    const auto* src = static_cast<const char*>(inputs[0].data());
    for (size_t s = 0; s < m_num_splits; ++s) {
        auto& out = devmux::ref::prepare_output(outputs, s, type, out_shape);
        auto* dst = static_cast<char*>(out.data());
        for (size_t o = 0; o < outer && chunk != 0; ++o)
            std::memcpy(dst + o * chunk, src + (o * m_num_splits + s) * chunk, chunk);
    }
    return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ov

